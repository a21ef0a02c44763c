// The preview on the mission page (web/mission_preview.py draws it; this only fetches and places it): the
// Preview control in the action bar shows, during a character's turn, what each adversary would do if its turn
// came now (a ghost layer over the map, "Why?" in a panel) and the spaces each could attack this round. Holding
// an adversary shows its plan alone; holding a space shows who could attack the character there and whose
// target would change. Refreshed after every change the page hears of (a move, a correction, another tablet's
// step): the page's version says when. Its own SVG follows the map's view box (missiontable.js pans and zooms).
(function () {
  "use strict";
  if (window.missionPreview) { return; }  // the page's scripts run again when htmx swaps #main
  window.missionPreview = true;
  var HOLD_MS = 550, on = sessionStorage.getItem("mission-preview") === "on";
  var held = "", shown = "", timer = null, heldAt = null, swallow = false, asked = 0;

  function el(id) { return document.getElementById(id); }
  function toggle() { return el("preview-toggle"); }
  function version() { var p = el("poll"); return p ? p.dataset.version : ""; }
  function syncView() {
    var plan = el("map-plan"), mine = el("map-preview"), v = plan && plan.getAttribute("viewBox");
    if (mine && v && mine.getAttribute("viewBox") !== v) { mine.setAttribute("viewBox", v); }
  }
  var observer = new MutationObserver(syncView);
  function watch() {
    observer.disconnect();
    var plan = el("map-plan");
    if (plan) { observer.observe(plan, {attributes: true, attributeFilter: ["viewBox"]}); }
    syncView();
  }
  function hide() {
    asked++;  // an answer still on its way is for a page that no longer wants it
    ["map-preview", "preview-panel"].forEach(function (id) { var x = el(id); if (x) { x.setAttribute("hidden", ""); } });
    shown = "";
  }
  function place(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    ["map-preview", "preview-panel"].forEach(function (id) {
      var now = el(id), got = doc.getElementById(id);
      if (now && got) { now.replaceWith(document.importNode(got, true)); }
    });
    watch();
    focus();
    threats();
  }
  // A held adversary: its ghost and danger alone, its "Why?" open.
  function focus() {
    var who = el("preview-panel") && el("preview-panel").dataset.held;
    document.querySelectorAll("#map-preview [data-adversary], #preview-panel li[data-adversary]").forEach(function (x) {
      x.classList.toggle("dim", !!who && x.dataset.adversary !== who);
      if (who && x.dataset.adversary === who && x.querySelector("details")) { x.querySelector("details").open = true; }
    });
  }
  function load() {
    var t = toggle(), n = ++asked, q = held ? "?at=" + encodeURIComponent(held) : "";
    if (!t) { return; }
    shown = version();
    fetch(t.dataset.url + q, {credentials: "same-origin"}).then(function (r) {
      if (!r.ok) { throw new Error(String(r.status)); }
      return r.text();
    }).then(function (html) { if (n === asked) { place(html); } }).catch(function () { shown = ""; });
  }
  function refresh() {
    var t = toggle();
    if (t) { t.setAttribute("aria-pressed", on ? "true" : "false"); }
    if (shown && shown !== version()) { held = ""; }  // something moved: a held space or figure is another question
    if (!t || (!on && !held)) { hide(); return; }
    if (shown !== version() || !el("map-preview") || el("map-preview").hasAttribute("hidden")) { load(); }
  }
  // While the moving character's reach is lit (a tap on it, missiontable.js), each space in reach says how many
  // adversaries could attack it there, and which.
  function threats() {
    var g = document.querySelector("#map-preview .threats");
    if (!g) { return; }
    g.replaceChildren();
    var ns = "http://www.w3.org/2000/svg";
    document.querySelectorAll("#map-grid .cells polygon.reach").forEach(function (cell) {
      var label = cell.dataset.label, who = [];
      document.querySelectorAll('#map-preview .danger polygon[data-space="' + label + '"]').forEach(function (p) {
        who.push(p.parentNode.dataset.adversary);
      });
      if (!who.length) { return; }
      var b = cell.getBBox(), x = b.x + b.width * 0.78, y = b.y + b.height * 0.28;
      var mark = document.createElementNS(ns, "g"), c = document.createElementNS(ns, "circle"),
        t = document.createElementNS(ns, "text"), title = document.createElementNS(ns, "title");
      mark.setAttribute("class", "threat"); mark.dataset.space = label; mark.dataset.adversaries = who.join(",");
      c.setAttribute("cx", x); c.setAttribute("cy", y); c.setAttribute("r", 10);
      t.setAttribute("x", x); t.setAttribute("y", y); t.textContent = String(who.length);
      title.textContent = who.join(", ") + " could attack " + label;
      mark.append(title, c, t);
      g.append(mark);
    });
  }
  document.addEventListener("click", function (e) {
    var t = e.target.closest && e.target.closest("#preview-toggle");
    if (t) {
      on = !on; held = "";
      sessionStorage.setItem("mission-preview", on ? "on" : "off");
      shown = ""; refresh();
      return;
    }
    if (e.target.closest && e.target.closest("[data-preview-close]")) {
      held = ""; on = false; sessionStorage.setItem("mission-preview", "off"); refresh();
      return;
    }
    setTimeout(threats, 0);  // after missiontable.js lit or unlit the reach
  });
  // A long press on a space: pointerdown held still for HOLD_MS. The click that follows it is not a tap.
  document.addEventListener("pointerdown", function (e) {
    var cell = e.target.closest && e.target.closest("#map-grid .cells polygon");
    swallow = false;
    if (!cell || !toggle()) { return; }
    heldAt = {x: e.clientX, y: e.clientY};
    clearTimeout(timer);
    timer = setTimeout(function () {
      timer = null; swallow = true; held = cell.dataset.label; load();
    }, HOLD_MS);
  });
  function cancel(e) {
    if (timer && (e.type !== "pointermove" || Math.hypot(e.clientX - heldAt.x, e.clientY - heldAt.y) > 8)) {
      clearTimeout(timer); timer = null;
    }
  }
  document.addEventListener("pointermove", cancel);
  document.addEventListener("pointerup", cancel);
  document.addEventListener("pointercancel", cancel);
  window.addEventListener("click", function (e) {
    if (swallow) { swallow = false; e.stopPropagation(); e.preventDefault(); }
  }, true);
  document.addEventListener("contextmenu", function (e) {
    if (e.target.closest && e.target.closest("#map-grid")) { e.preventDefault(); }  // a long press is not a menu
  });
  document.addEventListener("htmx:afterOnLoad", function () { setTimeout(function () { watch(); refresh(); }, 0); });
  watch();
  refresh();
})();
