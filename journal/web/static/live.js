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
      live.innerHTML = event.data;
    }
    document.body.setAttribute("data-seq", event.lastEventId);
  });
  source.addEventListener("open", function () {
    show("● live");
  });
  source.addEventListener("error", function () {
    show(source.readyState === EventSource.CLOSED ? "not live: reload" : "reconnecting…");
  });
})();
