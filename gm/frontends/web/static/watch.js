/* The watch page, /watch/<game_id>: served as a full page (it reads without JavaScript, and
   refreshes itself then); with JavaScript it follows the game live and redraws in place. */
(function () {
  "use strict";
  var gameId = document.body.getAttribute("data-game-id");
  var board = document.getElementById("board");
  var base = "/games/" + gameId;
  var logAfter = 0;
  var shown = { seats: [] };  // the latest view: its seats name the history's entries
  var version = Number(board.getAttribute("data-version"));
  document.querySelectorAll("#history li[value]").forEach(function (li) {
    logAfter = Math.max(logAfter, Number(li.getAttribute("value")));
  });

  function seats(view) {
    var list = document.getElementById("seats");
    var items = view.seats.map(function (seat) {
      var li = document.createElement("li");
      li.setAttribute("data-seat", seat.name);
      if (seat.name === view.to_move) li.className = "to-move";
      li.textContent = (seat.label || seat.name) + " · " + (seat.kind === "ai" ? "AI (" + seat.level + ")"
        : seat.joined ? "a player" : "waiting for a player");
      return li;
    });
    list.replaceChildren.apply(list, items);
  }

  function loadLog() {
    GmApi.call("GET", base + "/history?after=" + logAfter + "&limit=200").then(function (a) {
      if (a.status !== 200) return;
      var list = document.getElementById("history");
      var none = list.querySelector("li.none");
      if (none && a.data.moves.length) none.remove();
      a.data.moves.forEach(function (entry) {
        if (entry.n <= logAfter) return;
        logAfter = entry.n;
        var li = document.createElement("li");
        li.value = entry.n;
        var who = document.createElement("b");
        who.textContent = GmBoard.label(shown, entry.seat);
        li.appendChild(who);
        li.appendChild(document.createTextNode(" " + entry.events.join(" · ")));
        list.appendChild(li);
      });
      while (list.children.length > 300) list.removeChild(list.firstChild);
      if (a.data.next_after) loadLog();
    });
  }

  function update(view) {
    if (view.version <= version) return;
    version = view.version;
    var pictures = document.body.getAttribute("data-pictures") === "1";
    GmBoard.render(board, view, { picture: pictures ? base + "/board.svg?v=" + view.version : null });
    document.getElementById("version").textContent = String(view.version);
    seats(view);
    shown = view;
    loadLog();
  }

  var live = document.getElementById("live");
  if (board.getAttribute("data-status") === "finished") return;
  live.textContent = "connecting…";
  GmFollow.follow(base, version, update, function (state) { live.textContent = state; });
})();
