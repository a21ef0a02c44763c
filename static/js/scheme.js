// Day or Night (issue 36): the device's dark setting (prefers-color-scheme) unless the table chose Day or Night
// with the top bar's switch, remembered on this device. Sets data-scheme="light"|"dark" on <html>, which
// static/css/app.css reads (its colour variables). Loaded in <head> without defer, so the first paint is
// already in the right scheme: a dark room never sees a cream flash.
(function () {
  "use strict";
  var KEY = "companion.scheme", CHOICES = ["auto", "day", "night"];
  var LABELS = {auto: "Auto", day: "Day", night: "Night"};
  var kept = "auto";  // the choice when this browser keeps no localStorage (private mode): this page only
  var dark = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;

  function choice() {
    var c = kept;
    try { c = localStorage.getItem(KEY) || "auto"; } catch (e) { /* private mode */ }
    return CHOICES.indexOf(c) >= 0 ? c : "auto";
  }
  function apply() {
    var c = choice();
    var night = c === "night" || (c === "auto" && !!dark && dark.matches);
    document.documentElement.dataset.scheme = night ? "dark" : "light";
    var btn = document.getElementById("scheme-toggle");
    if (btn) {
      var next = CHOICES[(CHOICES.indexOf(c) + 1) % CHOICES.length];
      btn.dataset.choice = c;
      btn.querySelector(".scheme-now").textContent = LABELS[c];
      btn.title = "Colours: " + LABELS[c] + ". Tap for " + LABELS[next] + ".";
      btn.hidden = false;
    }
  }

  apply();
  if (dark && dark.addEventListener) { dark.addEventListener("change", apply); }  // the device turned dark
  window.addEventListener("storage", function (e) { if (e.key === KEY) { apply(); } });
  document.addEventListener("DOMContentLoaded", apply);
  document.addEventListener("click", function (e) {
    if (!e.target.closest || !e.target.closest("#scheme-toggle")) { return; }
    var c = choice(), next = CHOICES[(CHOICES.indexOf(c) + 1) % CHOICES.length];
    kept = next;
    try { if (next === "auto") { localStorage.removeItem(KEY); } else { localStorage.setItem(KEY, next); } } catch (err) { /* private mode */ }
    apply();
  });
})();
