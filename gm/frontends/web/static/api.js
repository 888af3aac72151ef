/* The pages' calls to gm's JSON API (same origin), and the secrets a page's fragment holds. */
(function (root) {
  "use strict";

  /* One API call: resolves to {status, data} (data: the JSON answer or problem, or null). */
  function call(method, path, body) {
    /* the full answers (api_version 1): the pages draw the state and list the legal moves */
    var init = { method: method, headers: { Accept: "application/json", "GM-API-Version": "1" },
      cache: "no-store",
      credentials: "omit", referrerPolicy: "no-referrer" };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    return fetch(path, init).then(function (response) {
      return response.text().then(function (text) {
        var data = null;
        try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
        return { status: response.status, data: data };
      });
    });
  }

  /* A problem answer in words for a person. */
  function problemText(answer) {
    var data = answer.data || {};
    if (answer.status === 0) return "The server cannot be reached.";
    return (data.title ? data.title + ": " : "") + (data.detail || "the server said " +
      answer.status + ".");
  }

  /* A random key for a request that must happen once (a move, a resignation). */
  function requestKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return (b + 256).toString(16).slice(1);
    }).join("");
  }

  /* The fragment of this page's URL: "#<secret>&invite=<invite>…" → {secret, invites: [...]}. */
  function fragment() {
    var parts = (root.location.hash || "").replace(/^#/, "").split("&");
    var out = { secret: "", invites: [] };
    parts.forEach(function (part, i) {
      var eq = part.indexOf("=");
      if (i === 0 && eq < 0) out.secret = decodeURIComponent(part);
      else if (eq > 0 && part.slice(0, eq) === "invite") {
        out.invites.push(decodeURIComponent(part.slice(eq + 1)));
      }
    });
    return out;
  }

  /* The play page's link for a seat token (and invites to keep showing). */
  function seatLink(token, invites) {
    var link = "/seat#" + encodeURIComponent(token);
    (invites || []).forEach(function (invite) { link += "&invite=" + encodeURIComponent(invite); });
    return link;
  }

  root.GmApi = { call: call, problemText: problemText, requestKey: requestKey,
    fragment: fragment, seatLink: seatLink };
})(globalThis);
