// Keeps the tablet's screen awake while a game or a mission is in play (issue 36).
// Over plain http from a LAN address the page is not a secure context, so the Screen Wake Lock API is not
// there; NoSleep.js (static/vendor/) then plays a muted, looping, inline video instead, which a browser allows
// from a tap. Where the context has the API (https, localhost), NoSleep uses it. One mechanism, here only.
// A page is "in play" while its bottom bar carries #awake-toggle (templates/_bottom_bar.html: not on a
// finished game or mission); the table can switch it off, and this device remembers it (localStorage).
(function () {
  "use strict";
  var KEY = "companion.awake";  // "off" once the table switched it off on this device; on otherwise
  var sleeper = null, held = false, pending = false;
  var refused = false;  // the browser refused it without a tap: wait for one rather than ask after every answer

  function wanted() {
    try { return localStorage.getItem(KEY) !== "off"; } catch (e) { return true; }
  }
  function remember(on) {
    try { if (on) { localStorage.removeItem(KEY); } else { localStorage.setItem(KEY, "off"); } } catch (e) { /* private mode */ }
  }
  function toggle() { return document.getElementById("awake-toggle"); }

  // Made on the first page in play only: NoSleep's constructor builds its video, which other pages never need.
  function noSleep() {
    if (!sleeper && window.NoSleep) {
      sleeper = new window.NoSleep();
      var video = sleeper.noSleepVideo;
      if (video) {
        // Muted so that no browser counts it as sound (and may start it again without a tap on return);
        // in the page, full size but transparent, because Chromium keeps the screen on for a muted video
        // only while most of it is in view and it covers a fifth of the window.
        video.muted = true;
        video.setAttribute("muted", "");
        // Looping whatever its length: NoSleep loops only a video of at most a second, and chromium reads its
        // WebM as 1.048 s long (it then seeks back by hand, which a stalled seek would end).
        video.loop = true;
        video.setAttribute("aria-hidden", "true");
        video.setAttribute("tabindex", "-1");
        video.className = "awake-video";
        document.body.appendChild(video);
      }
    }
    return sleeper;
  }

  function label() {
    var btn = toggle();
    if (!btn) { return; }
    var state = held ? "on" : wanted() ? "waiting" : "off";
    btn.dataset.state = state;
    btn.textContent = state === "on" ? "Keep awake: on" : state === "off" ? "Keep awake: off" : "Keep awake: tap to start";
    btn.hidden = false;
  }

  function acquire(tapped) {
    var ns = noSleep();
    if (!ns || held || pending || document.visibilityState !== "visible" || (refused && !tapped)) { return; }
    pending = true;
    ns.enable().then(function () { held = true; refused = false; }, function () { held = false; refused = true; })
      .then(function () {
        pending = false;
        // switched off, play ended or the page hidden while it started
        if (!wanted() || !toggle() || document.visibilityState !== "visible") { release(); }
        label();
      });
  }

  function release() {
    if (sleeper && (held || pending)) { sleeper.disable(); }
    held = false;
    label();
  }

  // After every answer (a swapped bar, a finished game) and on return to the page: hold it if the table wants
  // it and the page is in play, let it go otherwise. Without a tap this may be refused: the next tap starts it.
  function sync() {
    if (!toggle() || !wanted() || document.visibilityState !== "visible") { release(); return; }
    if (!held) { acquire(false); }
    label();
  }

  document.addEventListener("click", function (e) {
    var btn = e.target.closest ? e.target.closest("#awake-toggle") : null;
    if (btn) {
      if (wanted() && !held) { acquire(true); return; }  // "tap to start": this tap starts it
      remember(!wanted());
      if (wanted()) { acquire(true); label(); } else { sync(); }
    } else if (toggle() && wanted() && !held) {
      acquire(true);  // the first tap anywhere on a page in play: a browser lets a tap start the video
    }
  }, true);
  document.addEventListener("visibilitychange", function () { refused = false; sync(); });  // a new chance on return
  window.addEventListener("pagehide", release);
  window.addEventListener("pageshow", sync);  // back to the page from the browser's cache
  // An answer swapped the bar (a new switch, or none: the game or mission finished): labelled before the next
  // paint (a mutation callback runs before it; htmx:load would come after htmx's settle delay, a flash later).
  var shown = toggle();
  new MutationObserver(function () {
    var now = toggle();
    if (now !== shown) { shown = now; sync(); }
  }).observe(document.body, {childList: true, subtree: true});
  window.addEventListener("storage", function (e) { if (e.key === KEY) { sync(); } });  // another tab switched it
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", sync); } else { sync(); }
})();
