"""The pages' one stylesheet and one script, served at ``/web.css`` and ``/web.js``.

Both are small and served from the page's own origin, so the pages' content security
policy allows nothing else. The pages read well without the script: it only keeps a
running game's page current (it polls the game's version every second and swaps the
page's content when the game moved) and writes moments in the reader's own time.
"""

from __future__ import annotations

import hashlib

STYLESHEET = """\
:root { color-scheme: light dark; --ink: #1d1b19; --paper: #fbf8f2; --line: #d6cfc2;
  --accent: #0b5fa5; --soft: #efe9dd; }
@media (prefers-color-scheme: dark) { :root { --ink: #ece7dd; --paper: #1b1a18;
  --line: #47423a; --accent: #7fb8f0; --soft: #2a2824; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--paper); color: var(--ink);
  font: 17px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem; }
footer { max-width: 60rem; margin: 0 auto; padding: 0 1rem 2rem; font-size: .85rem; }
h1 { font-size: 1.6rem; line-height: 1.25; margin: .5rem 0; }
h2 { font-size: 1.25rem; margin: 1.5rem 0 .5rem; border-bottom: 1px solid var(--line); }
h3 { font-size: 1.05rem; margin: 1rem 0 .25rem; }
a { color: var(--accent); }
a:focus-visible, button:focus-visible, input:focus-visible { outline: 3px solid var(--accent);
  outline-offset: 2px; }
figure { margin: 0; }
pre { overflow-x: auto; background: var(--soft); padding: .5rem; font-size: .9rem; }
figure img { display: block; width: 100%; max-width: 800px; height: auto;
  border: 1px solid var(--line); border-radius: 6px; background: #fff; }
.status { font-size: 1.1rem; padding: .5rem .75rem; background: var(--soft);
  border-left: 4px solid var(--accent); }
.players li, .story li { margin: .15rem 0; }
.story ol { padding-left: 1.25rem; }
dl.board dt { font-weight: 600; margin-top: .5rem; }
dl.board dd { margin: 0 0 0 1rem; white-space: pre-line; }
nav.steps { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: .75rem 0; }
nav.steps a, nav.steps button, .downloads a { display: inline-block; padding: .45rem .8rem;
  border: 1px solid var(--line); border-radius: 6px; text-decoration: none; color: var(--ink);
  background: var(--soft); font: inherit; min-height: 44px; }
nav.steps input { width: 5rem; font: inherit; padding: .4rem; min-height: 44px; }
nav.steps [aria-disabled="true"] { opacity: .55; pointer-events: none; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid var(--line); }
.muted { opacity: .8; }
.live { font-size: .85rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; }
@media (max-width: 30rem) { body { font-size: 16px; } main { padding: .6rem; }
  h1 { font-size: 1.35rem; } }
"""

#: How often, in milliseconds, a running game's page asks whether the game moved.
POLL_MS = 1000

SCRIPT = """\
(function () {
  "use strict";
  var POLL_MS = @POLL_MS@;
  function moments(root) {
    var lang = document.documentElement.lang || "en";
    var rel = window.Intl && Intl.RelativeTimeFormat ? new Intl.RelativeTimeFormat(lang,
      { numeric: "auto" }) : null;
    root.querySelectorAll("time[datetime]").forEach(function (el) {
      var when = new Date(el.getAttribute("datetime"));
      if (isNaN(when)) { return; }
      var style = el.getAttribute("data-style");
      if (style === "R" && rel) {
        var s = (when - Date.now()) / 1000, a = Math.abs(s);
        var u = a < 3600 ? ["minute", 60] : a < 86400 ? ["hour", 3600] : ["day", 86400];
        el.textContent = rel.format(Math.round(s / u[1]), u[0]);
      } else if (style !== "d" && style !== "D") {
        el.textContent = when.toLocaleString(lang, { dateStyle: "medium",
          timeStyle: "short" });
      }
      el.title = when.toISOString();
    });
  }
  function poll(body) {
    var url = body.getAttribute("data-live");
    var seen = body.getAttribute("data-version");
    var busy = false;
    setInterval(function () {
      if (busy || document.hidden) { return; }
      busy = true;
      fetch(url, { cache: "no-store" }).then(function (r) {
        return r.ok ? r.json() : null;
      }).then(function (now) {
        if (!now || now.version === seen) { return null; }
        seen = now.version;
        return fetch(location.href, { cache: "no-store" }).then(function (r) {
          return r.ok ? r.text() : null;
        }).then(function (text) {
          if (!text) { return; }
          var doc = new DOMParser().parseFromString(text, "text/html");
          var main = doc.getElementById("main");
          var here = document.getElementById("main");
          if (main && here) {
            here.innerHTML = main.innerHTML;
            document.title = doc.title;
            body.setAttribute("data-version", seen);
            moments(here);
          }
        });
      }).catch(function () {}).then(function () { busy = false; });
    }, POLL_MS);
  }
  document.addEventListener("DOMContentLoaded", function () {
    moments(document);
    if (document.body.hasAttribute("data-live")) { poll(document.body); }
  });
})();
""".replace("@POLL_MS@", str(POLL_MS))


def etag(text: str) -> str:
    """An asset's ETag: a digest of what it holds."""
    return '"' + hashlib.sha256(text.encode()).hexdigest()[:20] + '"'
