/* A finished game's summary (the play page's #summary panel): the result in a sentence, the
   reason in the game's words, each seat by its label with its score, and a rematch button. It
   writes only textContent. */
(function (root) {
  "use strict";

  function fill(panel, view, onRematch) {
    var result = view.result;
    panel.hidden = !result;
    if (!result) return;
    var you = view.seat && view.seat !== "spectator" ? view.seat : null;
    var by = function (id) { return panel.querySelector("#" + id); };
    by("summary-result").textContent = root.GmBoard.status(view);
    var scores = result.scores || {};
    var rows = [];
    (view.seats || []).forEach(function (seat) {
      var name = seat.label || seat.name;
      var dt = document.createElement("dt");
      dt.textContent = name + (seat.name === you ? " (you)" : "") +
        (seat.kind === "ai" ? " · AI" + (seat.level ? " " + seat.level : "") : "");
      var dd = document.createElement("dd");
      var parts = [];
      if (result.winners.indexOf(seat.name) >= 0) parts.push("won");
      else if (!result.draw) parts.push("lost");
      else parts.push("draw");
      if (Object.prototype.hasOwnProperty.call(scores, seat.name)) {
        parts.push("score " + scores[seat.name]);
      }
      dd.textContent = parts.join(" · ");
      rows.push(dt, dd);
    });
    var list = by("summary-scores");
    list.replaceChildren.apply(list, rows);
    var rematch = by("summary-rematch");
    if (rematch && onRematch && !rematch._gm) {
      rematch._gm = true;
      rematch.addEventListener("click", onRematch);
    }
  }

  root.GmSummary = { fill: fill };
})(globalThis);
