/* Live updates for the pages: follow a game from its view's URL (/play/<token> or
   /games/<game_id>) and call onView(view) each time the version passes the last one seen.

   First choice: the server's event stream (<view URL>/events, Server-Sent Events: a "change"
   frame {version, view, events} per change; EventSource reconnects by itself, sending the last
   id). Where a stream cannot be had (refused, over a cap, no such route), it long-polls the view
   with ?wait=<s>&after_version=<v>, which the server answers as soon as the game changes (or at
   the timeout). A stream the server ends with a problem frame is opened again after RETRY_MS,
   unless the game is gone (404). onState(text) says how the page is connected. */
(function (root) {
  "use strict";

  var WAIT_S = 25;      // seconds one long poll may be held by the server (its maximum)
  var PAUSE_MS = 1500;  // between two polls that came back at once with nothing new
  var RETRY_MS = 5000;  // after an error

  function follow(viewPath, version, onView, onState) {
    var stopped = false;
    var last = version;
    var stream = null;

    function seen(view) {
      if (view.version <= last) return;
      last = view.version;
      onView(view);
    }

    function finished(view) {
      if (view.status !== "finished") return false;
      onState("finished");
      stop();
      return true;
    }

    /* A frame's view without its board or state (a large frame is trimmed): read the view. */
    function whole(data) {
      if (!data.trimmed || !data.trimmed.length) return Promise.resolve(data.view);
      return GmApi.call("GET", viewPath).then(function (a) {
        return a.status === 200 ? a.data : null;
      });
    }

    function listen() {
      if (typeof EventSource === "undefined") return poll();
      stream = new EventSource(viewPath + "/events");
      stream.addEventListener("open", function () { onState("live"); });
      stream.addEventListener("change", function (event) {
        var data;
        try { data = JSON.parse(event.data); } catch (e) { return; }
        whole(data).then(function (view) {
          if (!view || stopped) return;
          seen(view);
          finished(view);
        });
      });
      /* The server ended the stream with a problem: the game is gone (404) — stop; any other
         (the store away for a moment, no turn for this address) — open a new stream soon. */
      stream.addEventListener("problem", function (event) {
        var body = {};
        try { body = JSON.parse(event.data); } catch (e) { /* words only: retry */ }
        stream.close();
        stream = null;
        if (body.status === 404) {
          onState("the game is gone");
          stop();
          return;
        }
        onState("reconnecting…");
        setTimeout(function () { if (!stopped) listen(); }, RETRY_MS);
      });
      stream.addEventListener("error", function () {
        if (stopped) return;
        if (stream.readyState === EventSource.CLOSED) {  // refused: poll instead
          stream = null;
          onState("live (polling)");
          poll();
        } else {
          onState("reconnecting…");
        }
      });
    }

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
        seen(answer.data);
        if (finished(answer.data)) return;
        again(Date.now() - started < 1000 ? PAUSE_MS : 0);
      }).catch(function () {
        onState("reconnecting…");
        again(RETRY_MS);
      });
    }

    function stop() {
      stopped = true;
      if (stream) stream.close();
    }

    listen();
    return {
      seen: function (v) { if (v > last) last = v; },
      stop: stop
    };
  }

  root.GmFollow = { follow: follow };
})(globalThis);
