// The mission table: a tap on a map space fills the rail's tap form (an entry point, where a figure went)
// and sends it; one finger drags the map, two pinch it, + / - / Fit zoom; the view survives each swap of
// #main. The screen stays awake during a mission (Screen Wake Lock where the browser has it).
(function () {
  "use strict";
  if (window.missionTable) { return; }  // the page's script runs again when htmx swaps #main
  window.missionTable = true;
  var vb = null, full = null, pointers = {}, gesture = null, dragged = false;

  function svgs() {
    return ["map-paint", "map-plan", "map-grid"].map(function (id) { return document.getElementById(id); })
      .filter(function (el) { return el; });
  }
  function stage() { return document.querySelector(".mission-table .stage"); }
  function apply() {
    if (!vb) { return; }
    var s = [vb.x, vb.y, vb.w, vb.h].join(" ");
    svgs().forEach(function (el) { el.setAttribute("viewBox", s); });
  }
  function fit() {
    var st = stage(), grid = document.getElementById("map-grid");
    if (!st || !grid) { return; }
    var a = grid.dataset.full ? grid.dataset.full.split(" ").map(Number) : grid.getAttribute("viewBox").split(" ").map(Number);
    grid.dataset.full = a.join(" ");
    full = {x: a[0], y: a[1], w: a[2], h: a[3]};
    var r = st.getBoundingClientRect(), aspect = r.width / r.height;
    vb = {w: Math.max(full.w, full.h * aspect)};
    vb.h = vb.w / aspect; vb.x = full.x - (vb.w - full.w) / 2; vb.y = full.y - (vb.h - full.h) / 2;
    apply();
  }
  function zoom(factor, cx, cy) {
    var r = stage().getBoundingClientRect();
    var px = cx === undefined ? 0.5 : (cx - r.left) / r.width, py = cy === undefined ? 0.5 : (cy - r.top) / r.height;
    var w = Math.min(Math.max(vb.w * factor, 120), full.w * 3), h = w * vb.h / vb.w;
    vb.x += (vb.w - w) * px; vb.y += (vb.h - h) * py; vb.w = w; vb.h = h;
    apply();
  }
  function pan(dx, dy) {
    var r = stage().getBoundingClientRect();
    vb.x -= dx * vb.w / r.width; vb.y -= dy * vb.h / r.height;
    apply();
  }
  document.addEventListener("pointerdown", function (e) {
    if (!e.target.closest || !e.target.closest(".mission-table .stage")) { return; }
    pointers[e.pointerId] = {x: e.clientX, y: e.clientY};
    var ids = Object.keys(pointers);
    if (ids.length === 1) { dragged = false; }
    if (ids.length === 2) {
      var p = pointers[ids[0]], q = pointers[ids[1]];
      gesture = {d: Math.hypot(p.x - q.x, p.y - q.y), mx: (p.x + q.x) / 2, my: (p.y + q.y) / 2};
      dragged = true;
    }
  });
  document.addEventListener("pointermove", function (e) {
    var last = pointers[e.pointerId];
    if (!last || !vb) { return; }
    var ids = Object.keys(pointers);
    pointers[e.pointerId] = {x: e.clientX, y: e.clientY};
    if (gesture && ids.length === 2) {
      var p = pointers[ids[0]], q = pointers[ids[1]];
      var d = Math.hypot(p.x - q.x, p.y - q.y), mx = (p.x + q.x) / 2, my = (p.y + q.y) / 2;
      pan(mx - gesture.mx, my - gesture.my);
      if (d > 0 && gesture.d > 0) { zoom(gesture.d / d, mx, my); }
      gesture = {d: d, mx: mx, my: my};
    } else if (ids.length === 1 && (dragged || Math.abs(e.clientX - last.x) + Math.abs(e.clientY - last.y) > 0)) {
      var start = last;
      if (!dragged && Math.hypot(e.clientX - start.x, e.clientY - start.y) < 8) { pointers[e.pointerId] = start; return; }
      dragged = true;
      pan(e.clientX - start.x, e.clientY - start.y);
    }
  });
  function end(e) {
    delete pointers[e.pointerId];
    if (Object.keys(pointers).length < 2) { gesture = null; }
  }
  document.addEventListener("pointerup", end);
  document.addEventListener("pointercancel", end);
  document.addEventListener("wheel", function (e) {
    if (!vb || !e.target.closest || !e.target.closest(".mission-table .stage")) { return; }
    e.preventDefault();
    zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, e.clientX, e.clientY);
  }, {passive: false});
  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest(".mission-table [data-zoom]");
    if (b) {
      if (b.dataset.zoom === "fit") { fit(); } else { zoom(b.dataset.zoom === "in" ? 0.8 : 1.25); }
      return;
    }
    var cell = e.target.closest && e.target.closest("#map-grid .cells polygon");
    if (!cell || dragged) { return; }  // the end of a drag is not a tap
    // A tap form folded away in a closed <details> (placing an adversary, a Hazard token) takes no taps until it
    // is opened; an opened one takes them before the turn's own (where the figure went).
    var forms = Array.prototype.filter.call(document.querySelectorAll(".mission-table form[data-tap]"),
      function (f) { return !f.closest("details:not([open])"); });
    var form = forms.find(function (f) { return f.closest("details[open]"); }) || forms[0];
    if (!form) { return; }
    // A tap on the moving figure's own space shows where the card's MP reaches (the engine's reach, drawn
    // hidden in the plan) instead of moving it nowhere.
    if (form.dataset.from && form.dataset.from === cell.dataset.label) { showReach(form); return; }
    form.querySelector('input[name="' + form.dataset.tap + '"]').value = cell.dataset.label;
    form.requestSubmit();
  });
  function showReach(form) {
    var marks = document.querySelector("#map-plan .reach");
    if (!marks) { return; }
    var mp = form.querySelector('input[name="mp"]'), budget = mp && mp.value !== "" ? Number(mp.value) : Infinity;
    var shown = marks.classList.toggle("shown");
    Array.prototype.forEach.call(marks.querySelectorAll("[data-cost]"), function (m) {
      m.classList.toggle("out", Number(m.dataset.cost) > budget);
    });
    marks.setAttribute("aria-hidden", shown ? "false" : "true");
  }
  // A poll never overwrites a form being filled in on this device.
  document.addEventListener("htmx:beforeRequest", function (e) {
    var elt = e.detail.elt;
    if (elt && elt.hasAttribute("data-poll")) {
      var active = document.activeElement;
      if (active && active.form && active.value && active.closest(".mission-table")) { e.preventDefault(); }
    }
  });
  document.addEventListener("htmx:afterSwap", function () { if (vb) { apply(); } else { fit(); } });
  window.addEventListener("resize", fit);
  var lock = null;
  function awake() {
    if (navigator.wakeLock && document.visibilityState === "visible" && !lock) {
      navigator.wakeLock.request("screen").then(function (l) {
        lock = l; l.addEventListener("release", function () { lock = null; });
      }).catch(function () { lock = null; });
    }
  }
  document.addEventListener("visibilitychange", awake);
  awake();
  fit();
})();
