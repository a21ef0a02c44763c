// The map editor on a tablet: tap or drag to paint (one request per stroke), pinch or the Pan tool to move,
// + / - / Fit to zoom. Painting posts the paint or wall form through htmx; the server answers the new map.
(function () {
  "use strict";
  var stage = document.getElementById("stage");
  var grid = document.getElementById("map-grid");
  if (!stage || !grid) { return; }
  var paintForm = document.getElementById("paint-form");
  var wallForm = document.getElementById("wall-form");
  var a = grid.getAttribute("viewBox").split(" ").map(Number);
  var full = {x: a[0], y: a[1], w: a[2], h: a[3]};
  var vb = {x: a[0], y: a[1], w: a[2], h: a[3]};
  var pointers = {}, stroke = null, gesture = null;
  // A space stays a 44 px tap target (UX.md), a pixel over for rounding: Fit shows the whole map when it fits at
  // that size, else as much as does from its top-left corner (the rest a pan away), and zooming out stops there.
  var MIN_SPACE_PX = 45;
  var cell = grid.querySelector(".cells polygon");
  var space = cell ? cell.getBBox() : null;  // one space, in map units

  function widest() {  // the widest view box, in map units, that still draws a space MIN_SPACE_PX wide and high
    var r = stage.getBoundingClientRect();
    return space ? r.width * Math.min(space.width, space.height) / MIN_SPACE_PX : Infinity;
  }

  function apply() {
    var s = [vb.x, vb.y, vb.w, vb.h].join(" ");
    grid.setAttribute("viewBox", s);
    var p = document.getElementById("map-paint");
    if (p) { p.setAttribute("viewBox", s); }
  }
  function fit() {  // the whole map, at the stage's own aspect so screen and map scale alike
    var r = stage.getBoundingClientRect(), aspect = r.width / r.height;
    vb.w = Math.min(Math.max(full.w, full.h * aspect), widest()); vb.h = vb.w / aspect;
    vb.x = full.x - Math.max(vb.w - full.w, 0) / 2; vb.y = full.y - Math.max(vb.h - full.h, 0) / 2;
    apply();
  }
  function zoom(factor, cx, cy) {
    var r = stage.getBoundingClientRect();
    var px = cx === undefined ? 0.5 : (cx - r.left) / r.width, py = cy === undefined ? 0.5 : (cy - r.top) / r.height;
    var w = Math.min(Math.max(vb.w * factor, 120), full.w * 3, widest()), h = w * vb.h / vb.w;
    vb.x += (vb.w - w) * px; vb.y += (vb.h - h) * py; vb.w = w; vb.h = h;
    apply();
  }
  function pan(dx, dy) {
    var r = stage.getBoundingClientRect();
    vb.x -= dx * vb.w / r.width; vb.y -= dy * vb.h / r.height;
    apply();
  }
  function tool() {
    var t = paintForm.querySelector('input[name="tool"]:checked');
    return t ? t.value : "space";
  }
  function isWall() { var t = tool(); return t === "wall" || t === "nowall"; }
  function setMode() { stage.dataset.mode = isWall() ? "edges" : (tool() === "pan" ? "pan" : "spaces"); }

  function hit(x, y) {
    if (!stroke) { return; }
    var el = document.elementFromPoint(x, y);
    var target = el && el.closest(stroke.walls ? "[data-edge]" : "[data-label]");
    if (!target) { return; }
    var key = target.getAttribute(stroke.walls ? "data-edge" : "data-label");
    if (!stroke.seen[key]) { stroke.seen[key] = true; stroke.keys.push(key); target.classList.add("hit"); }
  }
  function clearHits() {
    Array.prototype.forEach.call(grid.querySelectorAll(".hit"), function (el) { el.classList.remove("hit"); });
  }
  function send() {
    var form = stroke.walls ? wallForm : paintForm, name = stroke.walls ? "edges" : "spaces";
    Array.prototype.forEach.call(form.querySelectorAll('input[data-stroke]'), function (el) { el.remove(); });
    stroke.keys.forEach(function (k) {
      var input = document.createElement("input");
      input.type = "hidden"; input.name = name; input.value = k; input.dataset.stroke = "1";
      form.appendChild(input);
    });
    if (stroke.walls) { form.querySelector('input[name="wall"]').value = tool(); }
    form.requestSubmit();
  }

  stage.addEventListener("pointerdown", function (e) {
    pointers[e.pointerId] = {x: e.clientX, y: e.clientY};
    var ids = Object.keys(pointers);
    if (ids.length === 2) {  // a second finger: pinch and pan instead of painting
      stroke = null; clearHits();
      var p = pointers[ids[0]], q = pointers[ids[1]];
      gesture = {d: Math.hypot(p.x - q.x, p.y - q.y), mx: (p.x + q.x) / 2, my: (p.y + q.y) / 2};
    } else if (ids.length === 1 && tool() !== "pan") {
      stroke = {walls: isWall(), keys: [], seen: {}};
      hit(e.clientX, e.clientY);
    }
    e.preventDefault();
  });
  stage.addEventListener("pointermove", function (e) {
    var last = pointers[e.pointerId];
    if (!last) { return; }
    var ids = Object.keys(pointers);
    if (gesture && ids.length === 2) {
      pointers[e.pointerId] = {x: e.clientX, y: e.clientY};
      var p = pointers[ids[0]], q = pointers[ids[1]];
      var d = Math.hypot(p.x - q.x, p.y - q.y), mx = (p.x + q.x) / 2, my = (p.y + q.y) / 2;
      pan(mx - gesture.mx, my - gesture.my);
      if (d > 0 && gesture.d > 0) { zoom(gesture.d / d, mx, my); }
      gesture = {d: d, mx: mx, my: my};
      return;
    }
    pointers[e.pointerId] = {x: e.clientX, y: e.clientY};
    if (stroke) { hit(e.clientX, e.clientY); } else if (tool() === "pan") { pan(e.clientX - last.x, e.clientY - last.y); }
  });
  function end(e) {
    delete pointers[e.pointerId];
    if (Object.keys(pointers).length < 2) { gesture = null; }
    if (stroke && Object.keys(pointers).length === 0) {
      if (stroke.keys.length) { send(); } else { clearHits(); }
      stroke = null;
    }
  }
  stage.addEventListener("pointerup", end);
  stage.addEventListener("pointercancel", function (e) { stroke = null; clearHits(); end(e); });
  stage.addEventListener("wheel", function (e) { e.preventDefault(); zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, e.clientX, e.clientY); },
                         {passive: false});
  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("[data-zoom]");
    if (!b) { return; }
    if (b.dataset.zoom === "fit") { fit(); } else { zoom(b.dataset.zoom === "in" ? 0.8 : 1.25); }
  });
  paintForm.addEventListener("change", setMode);
  document.body.addEventListener("htmx:afterSwap", function () { clearHits(); apply(); });
  window.addEventListener("resize", fit);
  setMode();
  fit();
})();
