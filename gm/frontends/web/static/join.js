/* A friend's invite: /join#<invite>. The invite goes to the server only in the body of the
   request that takes the seat (POST /games/<game_id>/join); then the play page replaces this one
   (the new seat token in its fragment), so the used invite leaves the address bar and the
   history. */
(function () {
  "use strict";
  var status = document.getElementById("join-status");
  var invite = GmApi.fragment().secret;
  var gameId = invite.split(".")[0];
  if (!/^[0-9a-f]{16}$/.test(gameId)) {
    status.textContent = "This invite link is incomplete: ask for the link again.";
    return;
  }
  GmApi.call("POST", "/games/" + gameId + "/join", { invite: invite }).then(function (answer) {
    if (answer.status !== 200) {
      status.textContent = "Could not join: " + GmApi.problemText(answer);
      return;
    }
    status.textContent = "You play " + answer.data.seat + ". Opening the game…";
    location.replace(GmApi.seatLink(answer.data.token));
  }).catch(function () {
    status.textContent = "The server cannot be reached; reload the page to try again.";
  });
})();
