// Moves as picks on the picture (ofrenda_rules.picks): a seat plays by clicking the table, one pick at a time.
// The server sends each legal action's path of picks ({label, element}); the parts of the picture a pick names
// (an SVG group with that id) are highlighted, focusable and clickable; the choices with no place on the table
// (and every choice when there are few) are a short list beside the board. A pick that is the only one possible
// is made without a click, and a move that is the only legal one is played and announced.
// Also the event log and the screen-reader narration (an ARIA live region) of what happened.
(function () {
  "use strict";

  var LIST = 12; // the most choices the list shows at a time

  function same(a, b) { return a.label === b.label && a.element === b.element; }

  function startsWith(path, prefix) {
    if (path.length < prefix.length) { return false; }
    for (var i = 0; i < prefix.length; i++) { if (!same(path[i], prefix[i])) { return false; } }
    return true;
  }

  // The picks that may follow prefix, in the order of the actions they lead to.
  function choices(paths, prefix) {
    var found = [];
    paths.forEach(function (path) {
      if (path.length > prefix.length && startsWith(path, prefix)) {
        var next = path[prefix.length];
        if (!found.some(function (pick) { return same(pick, next); })) { found.push(next); }
      }
    });
    return found;
  }

  // The index of the action whose path is exactly prefix, or -1.
  function complete(paths, prefix) {
    for (var i = 0; i < paths.length; i++) {
      if (paths[i].length === prefix.length && startsWith(paths[i], prefix)) { return i; }
    }
    return -1;
  }

  function byId(root, id) {
    var all = root.querySelectorAll("[data-pick]");
    for (var i = 0; i < all.length; i++) { if (all[i].id === id) { return all[i]; } }
    return null;
  }

  // A board: options.picture (the SVG's container), options.list, options.back, options.sofar,
  // options.narration, options.log, options.play(action).
  function Board(options) {
    this.o = options;
    this.answer = null;
    this.prefix = [];
    this.made = []; // for each pick of prefix, whether a person made it (false: it was the only one)
    this.lastStep = null;
    var board = this;
    options.back.onclick = function () { board.back(); };
  }

  Board.prototype.show = function (answer, seat) {
    var fresh = this.lastStep === null || answer.step !== this.lastStep;
    if (fresh) { this.narrate(answer); }
    this.lastStep = answer.step;
    this.answer = answer;
    if (fresh) { this.prefix = []; this.made = []; }
    var paths = answer.legal_picks || [];
    if (answer.to_move === seat && paths.length === 1) {
      this.say("Forced move, played for you: " + answer.legal_descriptions[0]);
      this.o.play(answer.legal_actions[0]);
      return;
    }
    this.render();
  };

  Board.prototype.say = function (line) {
    var item = document.createElement("li");
    item.textContent = line;
    this.o.log.appendChild(item);
    while (this.o.log.children.length > 60) { this.o.log.removeChild(this.o.log.firstChild); }
    this.o.log.scrollTop = this.o.log.scrollHeight;
    this.o.narration.textContent = line;
  };

  Board.prototype.narrate = function (answer) {
    var board = this;
    var lines = answer.events || [];
    lines.forEach(function (line) {
      var item = document.createElement("li");
      item.textContent = line;
      board.o.log.appendChild(item);
    });
    while (this.o.log.children.length > 60) { this.o.log.removeChild(this.o.log.firstChild); }
    this.o.log.scrollTop = this.o.log.scrollHeight;
    if (lines.length) { this.o.narration.textContent = lines.join(" "); }
  };

  Board.prototype.choose = function (pick) {
    this.prefix.push(pick);
    this.made.push(true);
    this.render();
  };

  Board.prototype.back = function () {
    while (this.made.length && !this.made[this.made.length - 1]) { this.prefix.pop(); this.made.pop(); }
    if (this.made.length) { this.prefix.pop(); this.made.pop(); }
    while (this.made.length && !this.made[this.made.length - 1]) { this.prefix.pop(); this.made.pop(); }
    this.render();
  };

  Board.prototype.clear = function () {
    var marked = this.o.picture.querySelectorAll(".pickable");
    for (var i = 0; i < marked.length; i++) {
      var element = marked[i];
      element.classList.remove("pickable");
      element.removeAttribute("tabindex");
      element.removeAttribute("role");
      element.removeAttribute("aria-label");
      element.onclick = null;
      element.onkeydown = null;
    }
    this.o.list.innerHTML = "";
  };

  Board.prototype.render = function () {
    var answer = this.answer;
    var paths = (answer && answer.legal_picks) || [];
    this.clear();
    var options = [];
    while (paths.length) {
      var index = complete(paths, this.prefix);
      if (index >= 0) {
        document.body.setAttribute("data-picks", "sent");
        this.o.play(answer.legal_actions[index]);
        return;
      }
      options = choices(paths, this.prefix);
      if (options.length !== 1) { break; }
      this.prefix.push(options[0]);
      this.made.push(false);
    }
    var board = this;
    var onTable = {};
    options.forEach(function (pick) {
      if (pick.element) { (onTable[pick.element] = onTable[pick.element] || []).push(pick); }
    });
    Object.keys(onTable).forEach(function (id) {
      var element = byId(board.o.picture, id);
      if (!element) { return; }
      var picks = onTable[id];
      element.classList.add("pickable");
      element.setAttribute("tabindex", "0");
      element.setAttribute("role", "button");
      element.setAttribute("aria-label", picks.map(function (pick) { return pick.label; }).join(" or "));
      var act = function (event) {
        if (event) { event.preventDefault(); event.stopPropagation(); }
        if (picks.length === 1) { board.choose(picks[0]); } else { board.list(picks, 0); }
      };
      element.onclick = act;
      element.onkeydown = function (event) { if (event.key === "Enter" || event.key === " ") { act(event); } };
    });
    this.list(options, 0);
    var labels = this.prefix.map(function (pick) { return pick.label; });
    this.o.sofar.textContent = labels.length ? "So far: " + labels.join(" > ") : "";
    this.o.back.hidden = !this.made.some(function (made) { return made; });
    document.body.setAttribute("data-picks", String(answer ? answer.step : "") + ":" + this.prefix.length +
      ":" + options.length);
  };

  // The list beside the board: the choices with no place on the table, and all of them when they are few;
  // never more than LIST at a time (a longer list comes in pages).
  Board.prototype.list = function (options, page) {
    var board = this;
    var list = this.o.list;
    list.innerHTML = "";
    var shown = options.length <= LIST ? options : options.filter(function (pick) { return !pick.element; });
    var hidden = options.length - shown.length;
    var pages = Math.max(1, Math.ceil(shown.length / LIST));
    shown.slice(page * LIST, page * LIST + LIST).forEach(function (pick) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "choice";
      button.textContent = pick.label;
      button.onclick = function () { board.choose(pick); };
      var item = document.createElement("li");
      item.appendChild(button);
      list.appendChild(item);
    });
    if (hidden) {
      var note = document.createElement("li");
      note.className = "note";
      note.textContent = "or pick one of the " + hidden + " highlighted parts of the table (Tab, then Enter)";
      list.appendChild(note);
    }
    if (pages > 1) {
      var more = document.createElement("button");
      more.type = "button";
      more.className = "page";
      more.textContent = "more choices (" + (page + 1) + " of " + pages + ")";
      more.onclick = function () { board.list(options, (page + 1) % pages); };
      var item = document.createElement("li");
      item.appendChild(more);
      list.appendChild(item);
    }
  };

  window.OfrendaPicks = { Board: Board, choices: choices, complete: complete };
})();
