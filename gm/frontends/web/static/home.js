/* The home page: a game's form creates the game through the JSON API (POST /games) and sends
   the creator to the play page, the seat token in the link's fragment. */
(function () {
  "use strict";
  var error = document.getElementById("create-error");

  function start(form, opponent) {
    var body = { game: form.getAttribute("data-game"), opponent: opponent };
    var level = form.querySelector("select[name=ai_level]");
    if (opponent === "ai" && level) body.ai_level = level.value;
    form.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
    GmApi.call("POST", "/games", body).then(function (answer) {
      if (answer.status !== 201) throw new Error(GmApi.problemText(answer));
      var invites = Object.keys(answer.data.invites || {}).map(function (seat) {
        return answer.data.invites[seat];
      });
      location.assign(GmApi.seatLink(answer.data.token, invites));
    }).catch(function (err) {
      error.textContent = "Could not start the game. " + err.message;
      error.hidden = false;
      form.querySelectorAll("button").forEach(function (b) { b.disabled = false; });
    });
  }

  document.querySelectorAll("form.new-game").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var button = event.submitter;
      start(form, button ? button.getAttribute("data-opponent") : "ai");
    });
  });
})();

/* "Watch a game": only the game id goes to the server. Someone may paste a seat link; its
   secret part stays in the page (without JavaScript the server takes the id out itself). */
(function () {
  "use strict";
  var form = document.querySelector("form.watch-form");
  if (!form) return;
  form.addEventListener("submit", function (event) {
    var found = /[0-9a-f]{16}/.exec(form.querySelector("input[name=game]").value);
    if (!found) return;
    event.preventDefault();
    location.assign("/watch/" + found[0]);
  });
})();
