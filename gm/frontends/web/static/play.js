/* The play page, /seat#<token>: the seat token lives in the fragment (never sent by the browser
   as part of a page's URL); this script reads it and calls the JSON API with it — the view, the
   move log, moves, /say, resign, rematch. The board is drawn by board.js. */
(function () {
  "use strict";
  var $ = function (id) { return document.getElementById(id); };
  var board = $("board");
  var frag = GmApi.fragment();
  var token = frag.secret;
  var base = "/play/" + encodeURIComponent(token);
  var view = null;
  var busy = false;
  var logAfter = 0;       // the last entry of the move log shown
  var follower = null;
  var PICTURES = document.body.getAttribute("data-pictures") === "1";
  var svg = { version: -1, text: null, loading: -1 };  // the seat's picture (board.svg) shown

  window.addEventListener("hashchange", function () { location.reload(); });

  function fail(text) {
    $("page-error").textContent = text;
    $("page-error").hidden = false;
  }

  function verdict(text, kind) {
    var node = $("verdict");
    node.textContent = text;
    node.className = "verdict" + (kind ? " " + kind : "");
  }

  /* The board: the picture of this version when it has come (its touch targets and every
     legal move), else the last one, untouchable, while the new one loads. */
  function draw() {
    var current = svg.version === view.version;
    GmBoard.render(board, view, { onMove: current ? play : null, busy: busy,
      svg: svg.text, textBoard: $("text-board") });
    $("version").textContent = String(view.version);
    $("resign").hidden = view.status !== "active";
    $("rematch").hidden = view.status !== "finished";
    GmSummary.fill($("summary"), view, rematch);
    if (view.status === "finished" && !busy) verdict("");
    showInvites();
    if (PICTURES && !current) loadPicture(view.version);
  }

  function loadPicture(version) {
    if (svg.loading === version) return;
    svg.loading = version;
    fetch(base + "/board.svg?v=" + version, { cache: "no-store", credentials: "omit",
      referrerPolicy: "no-referrer" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (text) {
        if (text === null || !view || version < svg.version) return;
        svg = { version: version, text: text, loading: -1 };
        if (version === view.version) draw();
      })
      .catch(function () { svg.loading = -1; });
  }

  /* A newer view (from an answer or the live follower): draw it, fetch the new log entries. */
  function update(next) {
    if (view && next.version < view.version) return;
    var changed = !view || next.version !== view.version;
    view = next;
    draw();
    if (follower) follower.seen(view.version);
    if (changed) loadLog();
  }

  function loadLog() {
    GmApi.call("GET", base + "/history?after=" + logAfter + "&limit=200").then(function (a) {
      if (a.status !== 200) return;
      var list = $("history");
      a.data.moves.forEach(function (entry) {
        if (entry.n <= logAfter) return;
        logAfter = entry.n;
        var item = document.createElement("li");
        item.value = entry.n;
        var who = document.createElement("b");
        var name = GmBoard.label(view, entry.seat);
        who.textContent = entry.seat === view.seat ? name + " (you)" : name;
        item.appendChild(who);
        item.appendChild(document.createTextNode(" " + entry.events.join(" · ")));
        list.appendChild(item);
      });
      list.scrollTop = list.scrollHeight;
      if (a.data.next_after) loadLog();
    });
  }

  function showInvites() {
    var open = (view.seats || []).some(function (s) { return s.kind === "human" && !s.joined; });
    var panel = $("invite-panel");
    if (!open || !frag.invites.length) { panel.hidden = true; return; }
    var waiting = view.seats.filter(function (s) { return s.kind === "human" && !s.joined; });
    $("invite-seat").textContent = waiting.map(function (s) { return s.label || s.name; }).join(" or ");
    $("invite-link").value = location.origin + "/join#" + encodeURIComponent(frag.invites[0]);
    panel.hidden = false;
  }

  /* An answer of a move or /say: its verdict in words, then its view. */
  function answered(answer, sent) {
    var data = answer.data;
    if (answer.status === 409) {
      verdict("The game moved on before that arrived; here is the new position.", "refused");
      return refresh();
    }
    if (answer.status !== 200) {
      verdict(GmApi.problemText(answer), "refused");
      return refresh();
    }
    if (data.reply) verdict(data.reply, data.legal === false ? "refused" : "");
    else if (data.legal) verdict("Played " + data.move + ".", "played");
    else {
      verdict("Not played: " + [data.reason, data.hint].filter(Boolean).join(" "), "refused");
    }
    var more = data.rules || null;
    $("say-more").hidden = !more;
    $("say-more-text").textContent = more || "";
    if (data.intent === "rematch" && data.token) {
      location.replace(GmApi.seatLink(data.token, Object.values(data.invites || {})));
      return;
    }
    if (data.version !== undefined && data.board !== undefined) update(data);
    return sent;
  }

  function setBusy(value) {
    busy = value;
    if (view) draw();
    $("say-form").querySelector("button").disabled = value;
  }

  function play(move) {
    if (busy || !view) return;
    setBusy(true);
    verdict("Playing " + move + "…");
    GmApi.call("POST", base + "/moves", { move: move, expected_version: view.version,
      idempotency_key: GmApi.requestKey() })
      .then(function (answer) { setBusy(false); answered(answer); })
      .catch(function () { setBusy(false); verdict("The server cannot be reached.", "refused"); });
  }

  function say(text) {
    setBusy(true);
    GmApi.call("POST", base + "/say", { text: text, expected_version: view.version,
      idempotency_key: GmApi.requestKey() })
      .then(function (answer) {
        setBusy(false);
        answered(answer);
        if (answer.status === 200) $("say-text").value = "";
      })
      .catch(function () { setBusy(false); verdict("The server cannot be reached.", "refused"); });
  }

  function refresh() {
    return GmApi.call("GET", base).then(function (answer) {
      if (answer.status === 200) update(answer.data);
      else fail("This seat link does not work: " + GmApi.problemText(answer));
      return answer;
    });
  }

  $("say-form").addEventListener("submit", function (event) {
    event.preventDefault();
    var text = $("say-text").value.trim();
    if (text && view && !busy) say(text);
  });

  $("invite-copy").addEventListener("click", function () {
    var link = $("invite-link");
    link.select();
    if (navigator.clipboard) navigator.clipboard.writeText(link.value).catch(function () {});
  });

  var resignArmed = null;
  $("resign").addEventListener("click", function () {
    var button = $("resign");
    if (!resignArmed) {
      button.textContent = "Really resign? Click again";
      resignArmed = setTimeout(function () { button.textContent = "Resign"; resignArmed = null; },
        4000);
      return;
    }
    clearTimeout(resignArmed);
    resignArmed = null;
    button.textContent = "Resign";
    GmApi.call("POST", base + "/resign", { idempotency_key: GmApi.requestKey() })
      .then(function (answer) {
        if (answer.status === 200) { verdict("You resigned."); update(answer.data); }
        else verdict(GmApi.problemText(answer), "refused");
      });
  });

  function rematch() {
    GmApi.call("POST", base + "/rematch").then(function (answer) {
      if (answer.status !== 200) return verdict(GmApi.problemText(answer), "refused");
      location.replace(GmApi.seatLink(answer.data.token,
        Object.values(answer.data.invites || {})));
    });
  }
  $("rematch").addEventListener("click", rematch);

  if (!/^[0-9a-f]{16}\./.test(token)) {
    fail("This page needs a seat link: /seat#<your seat token>. Start a game from the home page.");
    return;
  }
  refresh().then(function (answer) {
    if (answer.status !== 200) return;
    var you = GmBoard.label(view, view.seat);
    $("seat-name").textContent = "you play " + you + " · game " + view.game_id;
    $("game-title").textContent = view.game;
    GmApi.call("GET", "/rules/" + encodeURIComponent(view.game)).then(function (a) {
      if (a.status === 200 && a.data.title) $("game-title").textContent = a.data.title;
    });
    $("watch-link").href = "/watch/" + view.game_id;
    $("summary-watch").href = "/watch/" + view.game_id;
    document.title = view.game + " · you play " + you + " · gm";
    follower = GmFollow.follow(base, view.version, update, function (state) {
      $("live").textContent = state;
    });
  });
})();
