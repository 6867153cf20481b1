// journal serve: keep the page live. The server sends the page's live part again (an
// `update` event, its id the campaign's seq) whenever it changes for this page's audience;
// after a dropped connection the browser reconnects with the last id it saw
// (Last-Event-ID) and gets what it missed. Without JavaScript a reload shows the same.
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !window.EventSource) {
    return;
  }
  var state = document.getElementById("live-state");
  var announce = document.getElementById("announce");
  // what the board shows, in words: {character: {column label: text}}, and the heading
  function words(node) {
    var copy = node.cloneNode(true);
    var marks = copy.querySelectorAll(".sym");
    for (var i = 0; i < marks.length; i++) {
      marks[i].remove();
    }
    return copy.textContent.replace(/\s+/g, " ").trim();
  }
  function snapshot(live) {
    var rows = {};
    var found = live ? live.querySelectorAll("tr[data-character]") : [];
    for (var i = 0; i < found.length; i++) {
      var cells = {};
      var tds = found[i].querySelectorAll("td[data-label]");
      for (var j = 0; j < tds.length; j++) {
        // a mark's cell says itself ("acted"); another says its column ("penalty -2")
        var text = words(tds[j]);
        var label = tds[j].getAttribute("data-label");
        cells[label] = tds[j].querySelector(".sym") || !text ? text : label + " " + text;
      }
      rows[found[i].getAttribute("data-character")] = cells;
    }
    // the fight's line under the headline says its turn: a new turn is announced too
    var heading = live ? live.querySelector(".standfirst") || live.querySelector("h1") : null;
    return { rows: rows, heading: heading ? words(heading) : "" };
  }
  // "Linda: acted, penalty -2.": each change the page shows, said in words (a
  // screen reader reads it from the aria-live region; nothing by colour or symbol alone)
  function changes(before, after) {
    var said = [];
    if (after.heading && after.heading !== before.heading) {
      said.push(after.heading + ".");
    }
    Object.keys(after.rows).forEach(function (name) {
      var was = before.rows[name];
      var now = after.rows[name];
      if (!was) {
        if (before.heading === after.heading) {
          said.push(name + " joins.");
        }
        return;
      }
      var parts = [];
      Object.keys(now).forEach(function (label) {
        if (now[label] !== was[label] && now[label] !== "") {
          parts.push(now[label]);
        }
      });
      if (parts.length) {
        said.push(name + ": " + parts.join(", ") + ".");
      }
    });
    Object.keys(before.rows).forEach(function (name) {
      if (!after.rows[name] && before.heading === after.heading) {
        said.push(name + " leaves.");
      }
    });
    return said.join(" ");
  }
  var source = new EventSource(script.getAttribute("data-stream"));
  function show(text) {
    if (state) {
      state.hidden = false;
      state.textContent = text;
    }
  }
  source.addEventListener("update", function (event) {
    var live = document.getElementById("live");
    if (live) {
      var before = snapshot(live);
      live.innerHTML = event.data;
      var said = changes(before, snapshot(live));
      if (announce && said) {
        announce.textContent = said;
      }
    }
    document.body.setAttribute("data-seq", event.lastEventId);
  });
  // this device opened more live pages than the server keeps: this one, the oldest,
  // gave its place to a newer one and stays as it is until a reload
  source.addEventListener("shed", function () {
    source.close();
    show("not live: too many pages open on this device (reload to resume)");
  });
  source.addEventListener("open", function () {
    show("● live");
  });
  source.addEventListener("error", function () {
    show(source.readyState === EventSource.CLOSED ? "not live: reload" : "reconnecting…");
  });
})();
