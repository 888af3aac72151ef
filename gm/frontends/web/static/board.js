/* gm's board: one function that draws a gm view (the JSON of view_game / spectate_game, or any
   answer that carries one) into an element. It depends on nothing around it — no page, no
   network, no framework — so the play page, the watch page and an MCP App can all use it:

     GmBoard.render(element, view, {
       picture: "board.svg?v=3",  // an image URL, or
       svg: "<svg ...>",                          // the SVG text itself (drawn as an image), or none
       onMove: function (move) { ... },           // legal moves become buttons calling it
       busy: false                                // buttons disabled while a move is on its way
     });

   It writes only textContent and attributes (never HTML), so nothing in a view can inject
   markup. The element gets data-version and data-status; its children are p.status,
   div.picture, pre.text-board and, with onMove on the viewer's turn, div.moves. */
(function (root) {
  "use strict";

  var GROUP_OVER = 12; // more legal moves than this: grouped by their first word

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      node.setAttribute(name, attrs[name]);
    });
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function seatOf(view, name) {
    var seats = view.seats || [];
    for (var i = 0; i < seats.length; i++) if (seats[i].name === name) return seats[i];
    return null;
  }

  /* A seat as the board names it ("Row 3" for row3). */
  function label(view, name) {
    var seat = seatOf(view, name);
    return seat && seat.label ? seat.label : name;
  }

  /* One sentence on where the game stands, as this viewer sees it. */
  function status(view) {
    var you = view.seat && view.seat !== "spectator" ? view.seat : null;
    var result = view.result;
    var named = function (name) { return label(view, name); };
    if (result) {
      var head;
      var winners = result.winners.map(named).join(" and ");
      if (result.draw) head = "Game over: a draw.";
      else if (you && result.winners.indexOf(you) >= 0) head = "Game over: you won.";
      else if (you) head = "Game over: " + winners + " won; you lost.";
      else head = "Game over: " + winners + " won.";
      return (head + " " + (result.reason || "")).trim();
    }
    if (view.your_turn) return "Your turn (you play " + named(you) + ").";
    if (!view.to_move) return "Nobody is to move.";
    var seat = seatOf(view, view.to_move) || {};
    var mover = named(view.to_move);
    if (seat.kind === "ai") return mover + " (the AI) is to move.";
    if (seat.joined === false) return mover + " is to move; waiting for a player to join.";
    return mover + " is to move.";
  }

  function pictureNode(options) {
    if (options.svg) {
      var url = URL.createObjectURL(new Blob([options.svg], { type: "image/svg+xml" }));
      var img = el("img", { src: url, alt: "The board" });
      img.addEventListener("load", function () { URL.revokeObjectURL(url); });
      return img;
    }
    if (options.picture) return el("img", { src: options.picture, alt: "The board" });
    return null;
  }

  function groups(moves) {
    if (moves.length <= GROUP_OVER) return [{ label: null, moves: moves }];
    var out = [];
    var index = {};
    moves.forEach(function (move) {
      var cut = move.indexOf(" ");
      var head = cut > 0 ? move.slice(0, cut) : move;
      if (!(head in index)) {
        index[head] = out.length;
        out.push({ label: head, moves: [] });
      }
      out[index[head]].moves.push(move);
    });
    return out;
  }

  function movesNode(view, options) {
    var box = el("div", { class: "moves" });
    box.appendChild(el("h2", {}, "Your legal moves"));
    groups(view.legal_moves).forEach(function (group) {
      var row = el("div", { class: "move-group" });
      if (group.label) row.appendChild(el("span", { class: "move-head" }, group.label));
      group.moves.forEach(function (move) {
        var label = move;
        if (group.label && move.length > group.label.length) {
          label = move.slice(group.label.length + 1);
        }
        var button = el("button", { type: "button", class: "move", "data-move": move, title: move },
          label);
        if (options.busy) button.disabled = true;
        button.addEventListener("click", function () {
          if (!button.disabled) options.onMove(move);
        });
        row.appendChild(button);
      });
      box.appendChild(row);
    });
    if (view.legal_moves_rule) box.appendChild(el("p", { class: "meta" }, view.legal_moves_rule));
    return box;
  }

  function render(element, view, options) {
    options = options || {};
    element.setAttribute("data-version", String(view.version));
    element.setAttribute("data-status", view.status);
    element.setAttribute("data-game", view.game);
    var nodes = [el("p", { class: "status", role: "status" }, status(view))];
    var picture = pictureNode(options);
    if (picture) {
      var frame = el("div", { class: "picture" });
      var shown = element.querySelector(".picture img");
      if (shown && options.picture && shown.getAttribute("src") !== options.picture) {
        frame.appendChild(shown); // the last picture stays until the new one has loaded
        picture.addEventListener("load", function () { shown.replaceWith(picture); });
        picture.addEventListener("error", function () { shown.replaceWith(picture); });
      } else {
        frame.appendChild(picture);
      }
      nodes.push(frame);
    }
    nodes.push(el("pre", { class: "text-board", "aria-label": "The board as text" }, view.board));
    if (options.onMove && view.your_turn && view.legal_moves && view.legal_moves.length) {
      nodes.push(movesNode(view, options));
    }
    element.replaceChildren.apply(element, nodes);
  }

  root.GmBoard = { render: render, status: status, label: label };
})(typeof globalThis !== "undefined" ? globalThis : this);
