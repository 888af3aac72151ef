/* Live updates for the pages: follow a view's URL (/play/<token> or /games/<game_id>) and call
   onView(view) each time the game's version passes the last one seen. It long-polls the view
   with ?wait=<s>&after_version=<v> (the server answers as soon as the game changes); a server
   that answers at once, changed or not, is asked again after a pause, so the page stays live
   either way. onState(text) says how the page is connected. */
(function (root) {
  "use strict";

  var WAIT_S = 25;      // seconds one long poll may be held by the server
  var PAUSE_MS = 1500;  // between two polls that came back at once with nothing new
  var RETRY_MS = 5000;  // after an error

  function follow(viewPath, version, onView, onState) {
    var stopped = false;
    var last = version;

    function again(delay) {
      if (!stopped) setTimeout(poll, delay);
    }

    function poll() {
      if (stopped) return;
      var started = Date.now();
      var path = viewPath + "?wait=" + WAIT_S + "&after_version=" + last;
      GmApi.call("GET", path).then(function (answer) {
        if (answer.status !== 200 || !answer.data) {
          onState(answer.status === 404 ? "the game is gone" : "reconnecting…");
          if (answer.status !== 404) again(RETRY_MS);
          return;
        }
        onState("live");
        var view = answer.data;
        if (view.version > last) {
          last = view.version;
          onView(view);
        }
        if (view.status === "finished") {
          onState("finished");
          return;
        }
        again(Date.now() - started < 1000 ? PAUSE_MS : 0);
      }).catch(function () {
        onState("reconnecting…");
        again(RETRY_MS);
      });
    }

    again(0);
    return {
      seen: function (v) { if (v > last) last = v; },
      stop: function () { stopped = true; }
    };
  }

  root.GmFollow = { follow: follow };
})(globalThis);
