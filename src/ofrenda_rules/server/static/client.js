// The browser client of the ofrenda_rules server: plain JavaScript, no build step, no other origin.
// A seat's secret travels in the page's fragment (#match=...&seat=...&secret=...), never in a URL sent to a server.
(function () {
  "use strict";
  var $ = function (id) { return document.getElementById(id); };

  function api(method, path, body, secret) {
    var headers = { "Content-Type": "application/json" };
    if (secret) { headers["Authorization"] = "Bearer " + secret; }
    return fetch(path, { method: method, headers: headers, body: body === undefined ? undefined : JSON.stringify(body) })
      .then(function (response) {
        return response.json().then(function (data) {
          if (!response.ok) { throw new Error((data.error && data.error.message) || response.statusText); }
          return data;
        });
      });
  }

  function text(element, value) { element.textContent = value; }

  function fragment() {
    var found = {};
    window.location.hash.replace(/^#/, "").split("&").forEach(function (part) {
      var pair = part.split("=");
      if (pair.length === 2) { found[decodeURIComponent(pair[0])] = decodeURIComponent(pair[1]); }
    });
    return found;
  }

  // ---- the lobby: create a match against bots or other people --------------------------------
  function lobby() {
    $("lobby").hidden = false;
    api("GET", "/games").then(function (games) {
      games.forEach(function (game) {
        var option = document.createElement("option");
        option.value = game.name; option.textContent = game.title;
        $("game").appendChild(option);
      });
      function players() {
        var game = games.filter(function (g) { return g.name === $("game").value; })[0];
        $("players").innerHTML = "";
        game.player_counts.forEach(function (count) {
          var option = document.createElement("option");
          option.value = String(count); option.textContent = String(count);
          $("players").appendChild(option);
        });
        seats(game);
      }
      function seats(game) {
        var fieldset = $("seats");
        fieldset.querySelectorAll("label").forEach(function (label) { label.remove(); });
        for (var seat = 0; seat < Number($("players").value); seat++) {
          var label = document.createElement("label");
          label.textContent = "Seat " + (seat + 1) + " ";
          var select = document.createElement("select");
          select.id = "seat-" + seat;
          ["human", "random"].concat(game.reference_bot ? ["reference"] : []).forEach(function (kind, index) {
            var option = document.createElement("option");
            option.value = kind; option.textContent = kind === "human" ? "a person" : kind + " bot";
            if (seat > 0 && index === 1) { option.selected = true; }
            select.appendChild(option);
          });
          label.appendChild(select);
          fieldset.appendChild(label);
        }
      }
      $("game").onchange = players;
      $("players").onchange = function () { seats(games.filter(function (g) { return g.name === $("game").value; })[0]); };
      players();
    }).catch(function (error) { text($("error"), error.message); });

    $("create").onsubmit = function (event) {
      event.preventDefault();
      var count = Number($("players").value), kinds = [];
      for (var seat = 0; seat < count; seat++) { kinds.push($("seat-" + seat).value); }
      var body = { game: $("game").value, config: { players: count }, seats: kinds };
      if ($("seed").value.trim() !== "") { body.seed = Number($("seed").value.trim()); }
      var clock = $("clock").value.split("-");
      if (clock[0] === "move") { body.clock = { per_move: Number(clock[1]) }; }
      if (clock[0] === "budget") { body.clock = { budget: Number(clock[1]), increment: Number(clock[2]) }; }
      body.spectators = $("spectators").value;
      if ($("delay").value.trim() !== "" && $("delay").value.trim() !== "0") {
        body.spectator_delay = Number($("delay").value.trim());
      }
      api("POST", "/matches", body).then(function (created) {
        $("created").hidden = false;
        $("links").innerHTML = "";
        Object.keys(created.secrets).forEach(function (seat) {
          var link = document.createElement("a");
          link.href = "/#match=" + encodeURIComponent(created.match) + "&seat=" + seat +
            "&secret=" + encodeURIComponent(created.secrets[seat]);
          link.textContent = "Play Seat " + (Number(seat) + 1);
          link.className = "seat-link";
          var item = document.createElement("li");
          item.appendChild(link);
          $("links").appendChild(item);
        });
      }).catch(function (error) { text($("error"), error.message); });
    };
  }

  // ---- the table: one seat's view, its moves and what happened ------------------------------------
  function table(match, seat, secret) {
    $("table").hidden = false;
    var path = "/matches/" + encodeURIComponent(match) + "/seats/" + seat;
    var current = null;
    var board = new window.OfrendaPicks.Board({
      picture: $("picture"), list: $("moves"), back: $("back"), sofar: $("sofar"),
      narration: $("narration"), log: $("events"), play: function (action) { play(action); }
    });

    function show(answer) {
      if (answer.error) { text($("problem"), answer.error.message); return; }
      current = answer;
      document.body.setAttribute("data-step", String(answer.step));
      if (answer.picture) { $("picture").innerHTML = answer.picture; }
      text($("turn"), answer.over ? "Game over" : answer.to_move === seat ? "Your move" :
        answer.to_move === -1 ? "Waiting for chance" : "Seat " + (answer.to_move + 1) + " to move");
      var result = answer.result_text || "";
      if (!result && answer.result) {
        result = answer.result.winners.length ? "Won by Seat " + answer.result.winners.map(function (w) { return w + 1; }).join(", Seat ") : "Nobody wins";
      }
      text($("result"), result);
      showClocks(answer);
      var standIns = $("stand-ins");
      standIns.innerHTML = "";
      (answer.stand_ins || []).forEach(function (standIn) {
        var item = document.createElement("li");
        item.className = "stand-in";
        item.textContent = "Step " + standIn.step + ": the server's bot moved for Seat " + (standIn.seat + 1) +
          (standIn.reason === "timeout" ? " (out of time)" : " (abandoned)");
        standIns.appendChild(item);
      });
      board.show(answer, seat); // picks on the picture, the short list of choices, the event log (picks.js)
      window.OfrendaUndo.show($("undo"), answer); // the Undo button, as the rules allow (undo.js)
    }

    // The clocks: each person's seat's time left; the running one counts down to its deadline (server time).
    var clockTimer = null;
    function showClocks(answer) {
      var list = $("clocks");
      if (clockTimer !== null) { window.clearInterval(clockTimer); clockTimer = null; }
      function draw() {
        list.innerHTML = "";
        (answer.clocks || []).forEach(function (clock) {
          var left = clock.remaining_ms;
          if (clock.deadline_ms !== null && !answer.over) { left = Math.max(clock.deadline_ms - Date.now(), 0); }
          var seconds = Math.ceil(left / 1000);
          var item = document.createElement("li");
          item.className = "clock" + (clock.deadline_ms !== null && !answer.over ? " running" : "");
          item.setAttribute("data-seat", String(clock.seat));
          item.textContent = "Seat " + (clock.seat + 1) + (clock.seat === seat ? " (you)" : "") + ": " +
            Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0");
          list.appendChild(item);
        });
      }
      draw();
      if ((answer.clocks || []).length && !answer.over) { clockTimer = window.setInterval(draw, 500); }
    }

    function refresh() {
      return api("GET", path + "?picture=1", undefined, secret).then(show)
        .catch(function (error) { text($("problem"), error.message); });
    }

    function play(action) {
      text($("problem"), "");
      api("POST", path + "/actions", { step: current.step, action: action }, secret).then(function () { return refresh(); })
        .catch(function (error) { text($("problem"), error.message); refresh(); });
    }

    window.OfrendaUndo.wire($("undo"), function () { return current ? current.step : null; }, function (body) {
      text($("problem"), "");
      api("POST", path + "/undo", body, secret).then(function () { return refresh(); })
        .catch(function (error) { text($("problem"), error.message); refresh(); });
    });

    // The push stream: every message carries seq (and prev, the seq before it). The client keeps the last
    // seq it applied; a duplicate or late message is ignored, a gap (prev is not the last seq) or a closed
    // connection reconnects with {since: last seq}, and the server sends exactly what was missed.
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    var lastSeq = null;
    var retries = 0;
    function connect() {
      var socket = new WebSocket(scheme + window.location.host + "/matches/" + encodeURIComponent(match) + "/ws");
      socket.onopen = function () {
        var hello = { seat: seat, secret: secret };
        if (lastSeq !== null) { hello.since = lastSeq; }
        socket.send(JSON.stringify(hello));
        text($("status"), "connected");
        retries = 0;
      };
      socket.onmessage = function (message) {
        var answer = JSON.parse(message.data);
        if (answer.error) { text($("problem"), answer.error.message); return; }
        if (!answer.resync && lastSeq !== null && answer.seq <= lastSeq) { return; }
        if (!answer.resync && lastSeq !== null && answer.prev !== lastSeq) { socket.close(); return; }
        lastSeq = answer.seq;
        document.body.setAttribute("data-seq", String(lastSeq));
        if (!current || answer.step !== current.step) { refresh(); }
      };
      socket.onclose = function () {
        text($("status"), "disconnected: reconnecting");
        retries += 1;
        if (retries <= 20) { window.setTimeout(connect, Math.min(500 * retries, 5000)); }
        else { text($("status"), "disconnected"); }
      };
    }
    connect();
    refresh();
  }

  // A seat link only changes the fragment, which does not load the page again: start afresh.
  window.addEventListener("hashchange", function () { window.location.reload(); });

  var found = fragment();
  if (found.match && found.seat !== undefined && found.secret) {
    table(found.match, Number(found.seat), found.secret);
  } else {
    lobby();
  }
})();
