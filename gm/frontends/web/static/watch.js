/* The watch page, /watch/<game_id>: served as a full page (it reads without JavaScript, and
   refreshes itself then); with JavaScript it follows the game live and redraws in place with the
   board component (board.js), the spectator's picture inline. Every move is listed: the log is
   read page after page, one request at a time, and once more when the game ends. */
(function () {
  "use strict";
  var gameId = document.body.getAttribute("data-game-id");
  var board = document.getElementById("board");
  var base = "/games/" + gameId;
  var logAfter = 0;
  var loading = false;
  var again = false;
  var shown = { seats: [] };  // the latest view: its seats name the history's entries
  var version = Number(board.getAttribute("data-version"));
  var pictures = document.body.getAttribute("data-pictures") === "1";
  var svgText = null;  // the last picture drawn: kept on screen until the next one has come
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
    if (loading) { again = true; return; }
    loading = true;
    GmApi.call("GET", base + "/history?after=" + logAfter + "&limit=200").then(function (a) {
      loading = false;
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
      var count = document.getElementById("move-count");
      if (count) count.textContent = a.data.total + (a.data.total === 1 ? " move." : " moves.");
      if (a.data.next_after || again) { again = false; loadLog(); }
    }, function () { loading = false; });
  }

  function update(view) {
    if (view.version <= version) return;
    version = view.version;
    shown = view;
    if (svgText === null) {
      var inline = board.querySelector(".picture svg");
      svgText = inline ? new XMLSerializer().serializeToString(inline) : null;
    }
    GmBoard.render(board, view, { svg: svgText });
    document.getElementById("version").textContent = String(view.version);
    seats(view);
    GmSummary.fill(document.getElementById("summary"), view, null);
    loadLog();
    if (!pictures) return;
    fetch(base + "/board.svg?v=" + view.version, { cache: "no-store", credentials: "omit" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (text) {
        if (text === null || view.version !== version) return;
        svgText = text;
        GmBoard.render(board, view, { svg: text });
      });
  }

  var live = document.getElementById("live");
  if (board.getAttribute("data-status") === "finished") return;
  live.textContent = "connecting…";
  GmFollow.follow(base, version, update, function (state) {
    live.textContent = state;
    if (state === "finished") loadLog();
  });
})();
