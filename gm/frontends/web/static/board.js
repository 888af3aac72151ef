/* gm's board component: draws a gm view (the JSON of view_game / spectate_game, or any answer
   that carries one) into an element, with the board picture gm draws made touchable. It depends
   on nothing around it — no page, no network, no framework — so the play page, the watch page
   and the MCP App (which inlines this file) all use it:

     GmBoard.render(element, view, {
       svg: "<svg ...>",          // the picture's SVG text (board.svg), drawn inline, or
       picture: "board.svg?v=3",  // an image URL (shown as an image: nothing to touch)
       onMove: function (move) {},// the viewer's moves: touching the picture, the list, the bar
       busy: false,               // a move is on its way: touching does nothing
       textBoard: element         // where the text board goes (default: inside element)
     });

   The touch model. A seat's picture (gm/games/pictures.py) marks what can be touched with
   <rect class="ht" data-t="KEY"> (a grid of points with one <rect class="ht-grid">) and, on
   the seat's turn, carries every legal move's text (no cap) in <metadata id="gm-moves">. A
   move's words that are keys of the picture are its path (``A♠ C3 FD``: A♠ then C3; ``RK2xM3``:
   RK2 then M3); the targets a legal move's path goes through next are highlighted; once a path
   is complete the move is played, or, when several moves share it (``C3`` or ``C3 FD``), the
   bar under the picture offers them. Moves without a path (``TAKE``, ``EXCHANGE``) are buttons
   in that bar; a card can be dragged onto its target; the highlighted targets are buttons for
   the keyboard (Tab, arrows, Enter) and screen readers. Every legal move is also in a
   searchable list, folded away. The typed box of the page stays for any phrasing.

   It writes only textContent and attributes (never HTML); the SVG is parsed as XML, without
   scripts or event attributes, and its style attributes are applied through the CSSOM (which a
   strict Content Security Policy allows). The element gets data-version, data-status and
   data-game (and data-touch, the version, while its picture can be touched: not while busy); its children are p.status, div.picture, div.touch-bar, details.move-list and
   pre.text-board. */
(function (root) {
  "use strict";

  var SVG_NS = "http://www.w3.org/2000/svg";

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

  /* ---------------------------------------------------------------- the picture */

  /* The SVG text as a node of this document: parsed as XML; no script, no event attribute,
     no link out; style attributes applied through the CSSOM. Null when it is not an SVG. */
  function importSvg(text) {
    var doc = new DOMParser().parseFromString(String(text), "image/svg+xml");
    var svg = doc.documentElement;
    if (!svg || svg.namespaceURI !== SVG_NS || svg.localName !== "svg") return null;
    if (doc.getElementsByTagName("parsererror").length) return null;
    var styles = [];
    Array.prototype.slice.call(svg.querySelectorAll("*")).concat([svg]).forEach(function (node) {
      if (node.localName === "script" || node.localName === "foreignObject") {
        node.remove();
        return;
      }
      Array.prototype.slice.call(node.attributes).forEach(function (a) {
        var name = a.name.toLowerCase();
        var value = a.value.trim().toLowerCase();
        if (name.indexOf("on") === 0) node.removeAttribute(a.name);
        else if ((name === "href" || name === "xlink:href") && value.charAt(0) !== "#") {
          node.removeAttribute(a.name);
        } else if (name === "style") {
          styles.push([node, a.value]);
          node.removeAttribute(a.name);
        }
      });
    });
    var marks = [];
    styles.forEach(function (pair, i) { pair[0].setAttribute("data-gm-style", String(i)); });
    var node = document.importNode(svg, true);
    node.querySelectorAll("[data-gm-style]").forEach(function (n) {
      marks.push(n);
    });
    marks.forEach(function (n) {
      n.style.cssText = styles[Number(n.getAttribute("data-gm-style"))][1];
      n.removeAttribute("data-gm-style");
    });
    return node;
  }

  function pictureFromUrl(url) {
    return el("img", { src: url, alt: "The board" });
  }

  /* Every legal move of the picture (its metadata), or null. */
  function movesOf(svg) {
    var meta = svg && svg.querySelector("metadata#gm-moves");
    if (!meta) return null;
    try {
      var moves = JSON.parse(meta.textContent);
      return Array.isArray(moves) ? moves.map(String) : null;
    } catch (err) {
      return null;
    }
  }

  /* The grid's points as one target each ("x,y"). */
  function cutGrids(svg) {
    svg.querySelectorAll("rect.ht-grid").forEach(function (grid) {
      var cell = Number(grid.getAttribute("data-cell"));
      var x0 = Number(grid.getAttribute("x"));
      var y0 = Number(grid.getAttribute("y"));
      var columns = (grid.getAttribute("data-columns") || "").split(",");
      var rows = (grid.getAttribute("data-rows") || "").split(",");
      rows.forEach(function (row, j) {
        columns.forEach(function (column, i) {
          var rect = document.createElementNS(SVG_NS, "rect");
          rect.setAttribute("class", "ht");
          rect.setAttribute("data-t", column + "," + row);
          rect.setAttribute("aria-label", "point " + column + "," + row);
          rect.setAttribute("x", String(x0 + i * cell));
          rect.setAttribute("y", String(y0 + j * cell));
          rect.setAttribute("width", String(cell));
          rect.setAttribute("height", String(cell));
          grid.parentNode.insertBefore(rect, grid);
        });
      });
      grid.remove();
    });
  }

  /* ---------------------------------------------------------------- moves as paths */

  /* A move's words; a Card Chess step or capture (RK2-M3, RK2xM3) is two words. */
  function words(move) {
    var out = [];
    move.split(/\s+/).forEach(function (w) {
      if (/^[A-Z]+\d[-x][A-Z]+\d$/.test(w)) out.push.apply(out, w.split(/[-x]/));
      else if (w) out.push(w);
    });
    return out;
  }

  function pathOf(move, keys) {
    return words(move).filter(function (w) { return keys[w]; });
  }

  /* What touching can do with `selected` touched so far: the moves still possible, the keys
     that come next, and the moves whose whole path is touched. */
  function options(moves, paths, selected) {
    var next = {};
    var complete = [];
    var possible = [];
    moves.forEach(function (move, i) {
      var path = paths[i];
      for (var k = 0; k < selected.length; k++) if (path[k] !== selected[k]) return;
      possible.push(move);
      if (path.length === selected.length) complete.push(move);
      else next[path[selected.length]] = true;
    });
    return { next: next, complete: complete, possible: possible };
  }

  /* ---------------------------------------------------------------- the component */

  function Touch(element, view, svg, moves, options_) {
    this.element = element;
    this.view = view;
    this.svg = svg;
    this.moves = moves;
    this.onMove = options_.onMove;
    this.busy = !!options_.busy;
    var keys = {};
    svg.querySelectorAll(".ht[data-t]").forEach(function (t) { keys[t.getAttribute("data-t")] = true; });
    this.paths = moves.map(function (m) { return pathOf(m, keys); });
    var kept = element._gmTouch;
    this.selected = kept && kept.version === view.version ? kept.selected.slice() : [];
    this.bar = el("div", { class: "touch-bar", role: "group", "aria-label": "Your move" });
    this.hint = el("p", { class: "touch-hint", "aria-live": "polite" });
    this.choices = el("div", { class: "choices" });
    this.bar.appendChild(this.hint);
    this.bar.appendChild(this.choices);
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", "The board: touch a highlighted place to move");
    this.listen();
  }

  Touch.prototype.state = function () {
    return options(this.moves, this.paths, this.selected);
  };

  Touch.prototype.touch = function (key) {
    if (this.busy) return;
    var index = this.selected.indexOf(key);
    if (index >= 0) {
      this.selected = this.selected.slice(0, index);  // touched again: undone from there
      return this.draw();
    }
    var now = this.state();
    if (now.next[key]) this.selected.push(key);
    else if (options(this.moves, this.paths, []).next[key]) this.selected = [key];
    else {
      this.hint.textContent = "No legal move goes through " + key + " now.";
      return;
    }
    var after = this.state();
    if (after.complete.length === 1 && !Object.keys(after.next).length) {
      var move = after.complete[0];
      this.selected = [];
      this.draw();
      this.onMove(move);
      return;
    }
    this.draw(true);
  };

  Touch.prototype.listen = function () {
    var self = this;
    var start = null;
    var svg = this.svg;
    var targetAt = function (node) {
      return node && node.classList && node.classList.contains("ht") ? node : null;
    };
    svg.addEventListener("click", function (event) {
      var t = targetAt(event.target);  // a drag's click lands on their common parent: none
      if (t) self.touch(t.getAttribute("data-t"));
    });
    svg.addEventListener("keydown", function (event) {
      var t = targetAt(event.target);
      if (!t) return;
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        self.touch(t.getAttribute("data-t"));
      } else if (/^Arrow/.test(event.key)) {
        var all = Array.prototype.slice.call(svg.querySelectorAll(".ht[tabindex]"));
        var at = all.indexOf(t);
        var step = event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 : -1;
        var go = all[(at + step + all.length) % all.length];
        if (go) { event.preventDefault(); go.focus(); }
      }
    });
    /* drag: a touched-down target let go over another one is both touched, in that order */
    svg.addEventListener("pointerdown", function (event) {
      var t = targetAt(event.target);
      start = t && (t.classList.contains("on") || t.classList.contains("sel")) ? t : null;
      if (start && event.pointerType !== "mouse") svg.releasePointerCapture(event.pointerId);
    });
    svg.addEventListener("pointerup", function (event) {
      var from = start;
      start = null;
      if (!from) return;
      var over = targetAt(document.elementFromPoint(event.clientX, event.clientY));
      if (!over || over === from) return;
      var first = from.getAttribute("data-t");
      if (self.selected[self.selected.length - 1] !== first) self.touch(first);
      self.touch(over.getAttribute("data-t"));
    });
  };

  Touch.prototype.button = function (text, onClick, cls) {
    var b = el("button", { type: "button", class: cls || "choice" }, text);
    if (this.busy) b.disabled = true;
    b.addEventListener("click", onClick);
    return b;
  };

  /* Highlights, focusable targets and the bar, from the selection. */
  Touch.prototype.draw = function (focusNext) {
    var self = this;
    var now = this.state();
    this.element._gmTouch = { version: this.view.version, selected: this.selected.slice() };
    var first = null;
    this.svg.querySelectorAll(".ht").forEach(function (t) {
      var key = t.getAttribute("data-t");
      var on = !self.busy && !!now.next[key];
      var sel = self.selected.indexOf(key) >= 0;
      t.classList.toggle("on", on);
      t.classList.toggle("sel", sel);
      if (on || sel) {
        var name = t.getAttribute("data-label") || t.getAttribute("aria-label") || key;
        if (!t.getAttribute("data-label")) t.setAttribute("data-label", name);
        t.setAttribute("role", "button");
        t.setAttribute("tabindex", "0");
        t.setAttribute("aria-label", (sel ? "Selected: " : "") + name);
        t.setAttribute("aria-pressed", sel ? "true" : "false");
        if (on && !first) first = t;
      } else {
        if (!t.getAttribute("data-label") && t.getAttribute("aria-label")) {
          t.setAttribute("data-label", t.getAttribute("aria-label"));
        }
        t.removeAttribute("aria-label");  // a name only on what can be touched now
        t.removeAttribute("role");
        t.removeAttribute("tabindex");
        t.removeAttribute("aria-pressed");
      }
    });
    var items = [];
    if (this.selected.length) {
      this.hint.textContent = "Selected " + this.selected.join(" → ") +
        (Object.keys(now.next).length ? ": touch a highlighted place" : "") +
        (now.complete.length ? (Object.keys(now.next).length ? ", or play:" : ": play") : ".");
      now.complete.forEach(function (move) {
        items.push(self.button(move, function () { self.play(move); }, "choice play"));
      });
      items.push(this.button("Cancel", function () { self.selected = []; self.draw(); },
        "choice cancel"));
    } else {
      var plain = now.complete;  // moves without a place to touch: TAKE, EXCHANGE, TRUMP ♥
      var places = Object.keys(now.next).length;
      this.hint.textContent = places ? "Touch a highlighted card or place" +
        (plain.length ? ", or:" : ".") : (plain.length ? "Your move:" : "");
      plain.forEach(function (move) {
        items.push(self.button(move, function () { self.play(move); }, "choice play"));
      });
    }
    this.choices.replaceChildren.apply(this.choices, items);
    if (focusNext && first && this.svg.contains(document.activeElement)) first.focus();
  };

  Touch.prototype.play = function (move) {
    if (this.busy) return;
    this.selected = [];
    this.draw();
    this.onMove(move);
  };

  /* The folded, searchable list of every legal move. */
  function moveList(moves, options_) {
    var box = el("details", { class: "move-list" });
    box.appendChild(el("summary", {}, "All " + moves.length + " legal moves (list and search)"));
    var search = el("input", { type: "search", class: "move-search", "aria-label":
      "Search the legal moves", placeholder: "Search, e.g. C3 or ♠", autocomplete: "off" });
    var list = el("ul", { class: "moves", "aria-label": "Legal moves" });
    moves.forEach(function (move) {
      var item = el("li");
      var b = el("button", { type: "button", class: "move", "data-move": move }, move);
      if (options_.busy) b.disabled = true;
      b.addEventListener("click", function () { if (!b.disabled) options_.onMove(move); });
      item.appendChild(b);
      list.appendChild(item);
    });
    var norm = function (s) { return s.toLowerCase().replace(/10/g, "x").replace(/\s+/g, " "); };
    search.addEventListener("input", function () {
      var q = norm(search.value.trim());
      list.querySelectorAll("li").forEach(function (item) {
        item.hidden = q !== "" && norm(item.textContent).indexOf(q) < 0;
      });
    });
    box.appendChild(search);
    box.appendChild(list);
    return box;
  }

  function render(element, view, options_) {
    options_ = options_ || {};
    element.setAttribute("data-version", String(view.version));
    element.setAttribute("data-status", view.status);
    element.setAttribute("data-game", view.game);
    var nodes = [el("p", { class: "status", role: "status" }, status(view))];
    var frame = el("div", { class: "picture" });
    var svg = options_.svg ? importSvg(options_.svg) : null;
    if (svg) frame.appendChild(svg);
    else if (options_.picture) frame.appendChild(pictureFromUrl(options_.picture));
    if (frame.firstChild) nodes.push(frame);
    var mine = options_.onMove && view.your_turn && view.status === "active";
    var moves = (svg && movesOf(svg)) || (mine ? view.legal_moves || [] : []);
    if (svg && mine && moves.length) {
      cutGrids(svg);
      var touch = new Touch(element, view, svg, moves, options_);
      touch.draw();
      nodes.push(touch.bar);
      if (options_.busy) element.removeAttribute("data-touch");
      else element.setAttribute("data-touch", String(view.version));
    } else {
      element._gmTouch = null;
      element.removeAttribute("data-touch");
      if (svg) svg.querySelectorAll(".ht, .ht-grid").forEach(function (t) { t.remove(); });
    }
    if (mine && moves.length) nodes.push(moveList(moves, options_));
    var text = el("pre", { class: "text-board", "aria-label": "The board as text", tabindex: "0" },
      view.board);
    if (options_.textBoard) options_.textBoard.replaceChildren(text);
    else nodes.push(text);
    element.replaceChildren.apply(element, nodes);
  }

  root.GmBoard = {
    render: render, status: status, label: label, words: words, importSvg: importSvg,
  };
})(typeof globalThis !== "undefined" ? globalThis : this);
