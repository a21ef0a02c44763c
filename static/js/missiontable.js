// The mission table: a tap on a map space fills the rail's tap form (an entry point, where a figure went)
// and sends it; one finger drags the map, two pinch it, + / - / Fit zoom. The page opens centred on the action
// (the figure whose turn it is and its plan; at set-up the free entry points) at the smallest zoom where HP reads
// 20 px and a space is 44 px across (#map-touch's data-min-scale, mapview.min_scale), or the whole map where it fits
// at that zoom, and centres again when the turn passes to another figure; otherwise the view survives each answer.
// The strip under the map says which columns and rows the view leaves off-screen. An answer swaps only the
// parts that changed, out of band; each request says which map drawing the page shows (X-Map-Drawing), so the
// map itself comes again only when it changed. (The screen stays awake: static/js/awake.js.)
(function () {
  "use strict";
  if (window.missionTable) { return; }  // the page's script runs again when htmx swaps #main
  window.missionTable = true;
  var vb = null, full = null, pointers = {}, gesture = null, dragged = false, active = null;
  function minScale() {
    var touch = document.getElementById("map-touch");
    return (touch && Number(touch.dataset.minScale)) || 1;
  }

  function svgs() {
    return ["map-paint", "map-plan", "map-grid"].map(function (id) { return document.getElementById(id); })
      .filter(function (el) { return el; });
  }
  function stage() { return document.querySelector(".mission-table .stage"); }
  // The box the map is drawn in: the stage, less (in portrait) the strip the zoom buttons sit in.
  function frame() { var plan = document.getElementById("map-plan"); return (plan || stage()).getBoundingClientRect(); }
  function apply() {
    if (!vb) { return; }
    var s = [vb.x, vb.y, vb.w, vb.h].join(" ");
    // only where it differs: setting a view box redraws that layer, and the map's 720 spaces are the costly one
    svgs().forEach(function (el) { if (el.getAttribute("viewBox") !== s) { el.setAttribute("viewBox", s); } });
    offscreen();
  }
  // "A -52 26 B 0 78 ...": each column's (row's) name and drawn extent, in order (mapview.spans).
  function spans(text) {
    var w = (text || "").split(" "), out = [];
    for (var i = 0; i + 2 < w.length; i += 3) { out.push({name: w[i], lo: Number(w[i + 1]), hi: Number(w[i + 2])}); }
    return out;
  }
  // The names of those not wholly in [lo, hi], as runs: "A-B, M-N".
  function outside(list, lo, hi) {
    var runs = [], run = null;
    list.forEach(function (s, i) {
      var out = s.lo < lo - 0.5 || s.hi > hi + 0.5;
      if (out && run && run.last === i - 1) { run.last = i; run.to = s.name; } else if (out) {
        run = {first: s.name, to: s.name, last: i}; runs.push(run);
      }
    });
    return {count: runs.reduce(function (n, r) { return n + (r.first === r.to ? 1 : 2); }, 0),
            text: runs.map(function (r) { return r.first === r.to ? r.first : r.first + "-" + r.to; }).join(", ")};
  }
  function offscreen() {
    var note = document.getElementById("offscreen"), touch = document.getElementById("map-touch");
    if (!note || !touch || !vb) { return; }
    var cols = outside(spans(touch.dataset.columns), vb.x, vb.x + vb.w),
        rows = outside(spans(touch.dataset.rows), vb.y, vb.y + vb.h), parts = [];
    if (cols.text) { parts.push((cols.count > 1 ? "Columns " : "Column ") + cols.text); }
    if (rows.text) { parts.push((parts.length ? "row" : "Row") + (rows.count > 1 ? "s " : " ") + rows.text); }
    var text = parts.length ? parts.join(" and ") + (cols.count + rows.count > 1 ? " are" : " is") + " off-screen: Fit" : "";
    if (note.textContent !== text) { note.textContent = text; }
  }
  // The view box that shows the whole map in the stage (and `full`, the map's own box).
  function fitted() {
    var st = stage(), touch = document.getElementById("map-touch");
    if (!st || !touch) { return null; }
    var a = touch.dataset.full.split(" ").map(Number);  // the whole map's box, as the server drew it
    full = {x: a[0], y: a[1], w: a[2], h: a[3]};
    var r = frame(), aspect = r.width / r.height, v = {w: Math.max(full.w, full.h * aspect)};
    v.h = v.w / aspect; v.x = full.x - (v.w - full.w) / 2; v.y = full.y - (v.h - full.h) / 2;
    return v;
  }
  function fit() {
    var v = fitted();
    if (v) { vb = v; apply(); }
  }
  function activeId() {
    var a = document.querySelector("#map-plan .fig[data-active]");
    return a ? a.dataset.figure : "";
  }
  // The box around what the table looks at now: the active figure and the plan (its path, its targets); with
  // no active figure, every figure.
  function actionBox() {
    var parts = Array.prototype.slice.call(document.querySelectorAll(
      "#map-plan .fig[data-active], #map-plan .path, #map-plan .target"));
    // While characters are placed: the entry points still free (the adversaries can wait)
    if (document.getElementById("placing")) {
      parts = Array.prototype.filter.call(document.querySelectorAll("#map-paint .tok-entry"), function (t) {
        return !document.querySelector('#map-plan .fig[data-at="' + t.dataset.at + '"]');
      });
    }
    if (!parts.length) { parts = Array.prototype.slice.call(document.querySelectorAll("#map-plan .fig")); }
    var box = null;
    parts.forEach(function (el) {
      var b = el.getBBox();
      box = box ? {x0: Math.min(box.x0, b.x), y0: Math.min(box.y0, b.y), x1: Math.max(box.x1, b.x + b.width),
                   y1: Math.max(box.y1, b.y + b.height)} : {x0: b.x, y0: b.y, x1: b.x + b.width, y1: b.y + b.height};
    });
    return box;
  }
  function centre() {
    var v = fitted(), st = stage(), box = actionBox();
    if (!v) { return; }
    var r = frame(), w = r.width / minScale();
    if (!box || w >= v.w) { vb = v; apply(); return; }  // the whole map fits at that zoom
    var h = w * r.height / r.width, cx = (box.x0 + box.x1) / 2, cy = (box.y0 + box.y1) / 2;
    var x = Math.min(Math.max(cx - w / 2, full.x), full.x + full.w - w);
    var y = h < full.h ? Math.min(Math.max(cy - h / 2, full.y), full.y + full.h - h) : full.y - (h - full.h) / 2;
    vb = {x: x, y: y, w: w, h: h};
    apply();
  }
  function zoom(factor, cx, cy) {
    var r = frame();
    var px = cx === undefined ? 0.5 : (cx - r.left) / r.width, py = cy === undefined ? 0.5 : (cy - r.top) / r.height;
    var w = Math.min(Math.max(vb.w * factor, 120), full.w * 3), h = w * vb.h / vb.w;
    vb.x += (vb.w - w) * px; vb.y += (vb.h - h) * py; vb.w = w; vb.h = h;
    apply();
  }
  function pan(dx, dy) {
    var r = frame();
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
    // A tap on the moving figure's own space shows where the card's MP reaches instead of moving it nowhere.
    if (form && form.dataset.from && form.dataset.from === cell.dataset.label) { showReach(form); return; }
    // A tap on another figure opens its sheet (HP, conditions, bandages), unless an opened tap form asked for it.
    var fig = document.querySelector('#map-plan .fig[data-at="' + cell.dataset.label + '"]');
    if (fig && !(form && form.closest("details[open]"))) { openSheet(fig.dataset.figure); return; }
    if (!form) { return; }
    form.querySelector('input[name="' + form.dataset.tap + '"]').value = cell.dataset.label;
    if (window.htmx) { htmx.process(form); }  // a form swapped in a moment ago is htmx's before it is sent
    form.requestSubmit();
  });
  // The move form carries the engine's reach as each MP cost then the spaces it reaches, "1 C-21 B-20 2 D-21"
  // (data-reach): the grid's cells within the card's MP are lit, and unlit by the next tap on the figure or by
  // the next step sent.
  function clearReach() {
    Array.prototype.forEach.call(document.querySelectorAll("#map-grid .cells polygon.reach"), function (c) {
      c.classList.remove("reach"); c.removeAttribute("data-cost");
    });
  }
  // The MP chosen: "Another MP" typed, else the face ticked (#mp-faces), else none (every space it reaches).
  function chosenMp(form) {
    var typed = form.querySelector('input[type="number"][name="mp_typed"], input[type="number"][name="mp"]'),
        face = form.querySelector('#mp-faces input[name="mp"]:checked');
    if (typed && typed.value !== "") { return Number(typed.value); }
    return face ? Number(face.value) : Infinity;
  }
  function showReach(form) {
    var lit = document.querySelector("#map-grid .cells polygon.reach");
    clearReach();
    if (!lit) { lightReach(form); }
  }
  // The card's MP as faces, one tap each: a face tapped empties "Another MP", a value typed there unticks the
  // faces; a reach lit (the figure tapped) follows the MP chosen at once.
  function reachFollows(form) {
    if (document.querySelector("#map-grid .cells polygon.reach")) { clearReach(); lightReach(form); }
  }
  document.addEventListener("change", function (e) {
    var face = e.target.closest && e.target.closest('#mp-faces input[name="mp"]');
    if (!face) { return; }
    var typed = face.form.querySelector('input[name="mp_typed"]');
    if (typed) { typed.value = ""; }
    reachFollows(face.form);
  });
  document.addEventListener("input", function (e) {
    if (e.target.name !== "mp_typed" || !e.target.form) { return; }
    Array.prototype.forEach.call(e.target.form.querySelectorAll('#mp-faces input[name="mp"]'), function (r) {
      r.checked = false;
    });
    reachFollows(e.target.form);
  });
  function lightReach(form) {
    var budget = chosenMp(form);
    var cost = 0;
    (form.dataset.reach || "").split(" ").forEach(function (word) {
      if (/^\d+$/.test(word)) { cost = Number(word); return; }
      if (!word || cost > budget) { return; }
      var cell = document.querySelector('#map-grid .cells polygon[data-label="' + word + '"]');
      if (cell) { cell.classList.add("reach"); cell.setAttribute("data-cost", String(cost)); }
    });
  }
  document.addEventListener("htmx:beforeRequest", function (e) {
    if (!(e.detail.elt && e.detail.elt.hasAttribute("data-poll"))) { clearReach(); }
  });
  // A poll never overwrites a form being filled in on this device.
  document.addEventListener("htmx:beforeRequest", function (e) {
    var elt = e.detail.elt;
    if (elt && elt.hasAttribute("data-poll")) {
      var active = document.activeElement;
      if (active && active.form && active.value && active.closest(".mission-table")) { e.preventDefault(); }
    }
  });
  function openSheet(id) {
    var main = document.getElementById("main");
    htmx.ajax("GET", location.pathname + "?sheet=" + encodeURIComponent(id), {source: main, swap: "none"});
  }
  document.addEventListener("htmx:configRequest", function (e) {
    var drawn = document.getElementById("map-static"), sheet = document.getElementById("sheet");
    if (drawn) { e.detail.headers["X-Map-Drawing"] = drawn.dataset.drawing; }
    // the open sheet stays open across this device's taps and polls (a "?sheet=" in the URL says otherwise)
    if (sheet) { e.detail.headers["X-Sheet"] = sheet.dataset.figure; }
    // the attack helper opened here comes back in the answer (a refused attack keeps its choices)
    var helper = document.getElementById("attack");
    if (helper && helper.open) { e.detail.headers["X-Attack-Helper"] = "open"; }
    // the side panel's parts held, each by its key, less the one whose form is sent (its request id is spent):
    // the answer re-sends only those that changed (mission_page.keyed_parts)
    var sending = e.detail.elt && e.detail.elt.closest ? e.detail.elt.closest("#rail [data-key]") : null;
    e.detail.headers["X-Parts"] = Array.prototype.filter.call(document.querySelectorAll("#rail [data-key]"), function (p) {
      return p !== sending && p.id && !p.hasAttribute("data-kept");
    }).map(function (p) { return p.id + ":" + p.dataset.key; }).join(" ");
  });
  // A tap's answer leaves the attack helper folded without its form (a move re-sends less): opening it fetches
  // the form, for the turn as it is now.
  document.addEventListener("toggle", function (e) {
    var helper = e.target;
    if (helper.id === "attack") { neededDice(); }
    if (helper.id !== "attack" || !helper.open || helper.querySelector("form") || !helper.dataset.helper) { return; }
    htmx.ajax("GET", helper.dataset.helper, {source: helper, target: helper, swap: "beforeend"});
  }, true);
  // A map part arriving out of band takes the view before it is drawn (no frame at the wrong zoom).
  var railTop = 0;
  document.addEventListener("htmx:oobBeforeSwap", function (e) {
    if (e.detail.target && e.detail.target.id === "rail") {
      railTop = e.detail.target.scrollTop;
      // a part the answer left as it was: the one this page holds, with the version the answer was drawn at
      Array.prototype.forEach.call(e.detail.fragment.querySelectorAll("[data-kept]"), function (gap) {
        var held = document.getElementById(gap.id);
        if (!held || held.dataset.key !== gap.dataset.key) { return; }
        Array.prototype.forEach.call(held.querySelectorAll('input[name="version"]'), function (v) { v.value = gap.dataset.kept; });
        gap.replaceWith(held);
      });
    }
    var part = e.detail.fragment && e.detail.fragment.firstElementChild;
    if (!vb || !part) { return; }
    var s = [vb.x, vb.y, vb.w, vb.h].join(" ");
    (part.matches("svg.hexmap, svg.hexgrid") ? [part] : Array.prototype.slice.call(part.querySelectorAll("svg.hexmap, svg.hexgrid")))
      .forEach(function (el) { el.setAttribute("viewBox", s); });
  });
  function placing() {
    var st = stage(), plan = document.getElementById("map-plan");
    if (st && plan) { st.classList.toggle("placing", plan.hasAttribute("data-placing")); }
  }
  placing();
  document.addEventListener("htmx:afterOnLoad", placing);
  document.addEventListener("htmx:afterOnLoad", function () {
    // a new figure's turn brings the view to it; an ended turn leaves the view where the table put it
    // The panel keeps where it was scrolled to, but a new turn shows its own part of it.
    var now = activeId(), rail = document.getElementById("rail"), turn = document.getElementById("turn");
    if (now && now !== active) { centre(); } else if (vb) { apply(); } else { fit(); }
    if (rail) {
      rail.scrollTop = railTop;
      if (now && now !== active && turn) { rail.scrollTop += turn.getBoundingClientRect().top - rail.getBoundingClientRect().top; }
    }
    active = now;
  });
  // Messages never wait for a tap to close them: a step's result fades by itself (the log keeps it); a refusal
  // goes beside the control that was refused and stays there until this device's next tap.
  var sent = null;
  function changing(e) {
    var verb = (e.detail.requestConfig && e.detail.requestConfig.verb) || "";
    return verb.toLowerCase() === "post" && !(e.detail.elt && e.detail.elt.hasAttribute("data-poll"));
  }
  document.addEventListener("htmx:beforeRequest", function (e) {
    if (!changing(e)) { return; }
    var elt = e.detail.elt, form = elt && (elt.closest("form") || elt), button = form && form.querySelector("button");
    var space = form && form.querySelector && form.querySelector('input[name="space"]');
    sent = {id: form && form.id, action: form && form.getAttribute("hx-post"),
            label: button ? button.textContent.trim() : "", values: chosen(form), space: space ? space.value : ""};
    if (keptMove && sent.id === "move-form") { dropKeptMove(); }  // a move sent again corrects it (or is refused anew)
    Array.prototype.forEach.call(document.querySelectorAll(".refusal-beside"), function (r) {
      if (!keptMove || r !== keptMove.refusal) { r.remove(); }
    });
    if (keptMove) { keptMove.refusal.id = "move-refused"; }  // the next answer's refusal is the page's #refusal
  });
  // A refused move stays in view (issue 38): its refusal beside the move form, with Dismiss, and the space tapped
  // marked on the map, through the table's other taps, until a move is sent again or it is dismissed; meanwhile
  // the End turn button says that ending the turn discards it, so a turn never ends on a move no one saw refused.
  var keptMove = null;  // {refusal, space}
  function say() { return window.companionSay || {}; }
  function dropKeptMove() {
    if (keptMove) { keptMove.refusal.remove(); }
    keptMove = null;
    markKeptMove();
  }
  function markKeptMove() {
    Array.prototype.forEach.call(document.querySelectorAll("#map-grid .cells polygon.refused-at"), function (c) {
      if (!keptMove || c.dataset.label !== keptMove.space) { c.classList.remove("refused-at"); }
    });
    var end = document.getElementById("end-turn");
    if (end) {
      if (!end.hasAttribute("data-label")) { end.setAttribute("data-label", end.textContent.trim()); }
      var label = end.getAttribute("data-label");
      end.textContent = keptMove && keptMove.space && say().endDiscards ? say().endDiscards(label, keptMove.space) : label;
    }
    if (!keptMove || !keptMove.space) { return; }
    var cell = document.querySelector('#map-grid .cells polygon[data-label="' + keptMove.space + '"]');
    if (cell) { cell.classList.add("refused-at"); }
  }
  function keepMoveRefusal(e) {
    var form = document.getElementById("move-form");
    if (!form) { dropKeptMove(); return; }  // the turn is over: nothing left to correct
    var refusal = document.querySelector("#refusal.refusal-beside");
    var status = e && e.detail && e.detail.xhr ? e.detail.xhr.status : 0;
    if (refusal && status === 422 && sent && sent.id === "move-form" && refusal.previousElementSibling === form &&
        (!keptMove || refusal !== keptMove.refusal)) {
      var item = document.createElement(refusal.tagName === "UL" ? "li" : "span"),
          dismiss = document.createElement("button");
      dismiss.type = "button"; dismiss.className = "btn"; dismiss.setAttribute("data-dismiss", "move-refusal");
      dismiss.textContent = say().dismiss || "Dismiss";
      item.appendChild(dismiss);
      refusal.appendChild(item);
      refusal.setAttribute("data-kept-refusal", sent.space || "");
      keptMove = {refusal: refusal, space: sent.space || ""};
    }
    if (keptMove && !keptMove.refusal.isConnected) { form.after(keptMove.refusal); }
    markKeptMove();  // End turn's longer words may make the action bar taller, the panel shorter: then in view
    if (keptMove && keptMove.refusal === refusal) { inView(refusal); }
  }
  document.addEventListener("click", function (e) {
    if (e.target.closest && e.target.closest('button[data-dismiss="move-refusal"]')) { dropKeptMove(); }
  });
  function besideItsControl() {
    var refusal = document.querySelector("#messages #refusal");
    if (!refusal || !sent) { return; }
    var form = sent.id ? document.getElementById(sent.id) : null;
    if (!form && sent.action) {
      form = Array.prototype.find.call(document.querySelectorAll('form[hx-post="' + sent.action + '"]'), function (f) {
        var b = f.querySelector("button");
        return !sent.label || (b && b.textContent.trim() === sent.label);
      });
    }
    if (!form || form.closest("#messages")) { return; }
    refusal.classList.add("refusal-beside");
    // a form drawn as a bar's button (form="...") is shown where its button is
    var button = form.id ? document.querySelector('button[form="' + form.id + '"]') : null;
    (button && !form.querySelector("button") ? button : form).after(refusal);
    inView(refusal);
  }
  // A message is brought into view inside the part that scrolls it (the panel, the action bar): beside its
  // control, never below the screen's edge (issue 36: once at y=1103 on a 768-high screen).
  function inView(el) {
    for (var box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      var style = getComputedStyle(box);
      if (!/(auto|scroll)/.test(style.overflowY)) { continue; }
      var b = box.getBoundingClientRect(), r = el.getBoundingClientRect();
      if (r.bottom > b.bottom) { box.scrollTop += Math.min(r.bottom - b.bottom + 8, r.top - b.top); }
      r = el.getBoundingClientRect();
      if (r.top < b.top) { box.scrollTop -= b.top - r.top + 8; }
    }
  }
  // The bar's "not saved — see the message": a tap on it shows the message.
  document.addEventListener("click", function (e) {
    var said = e.target.closest && e.target.closest('#savestate[data-state="failed"]');
    var message = said && (document.getElementById("refusal") || document.getElementById("conflict"));
    if (message) { inView(message); }
  });
  document.addEventListener("htmx:afterSettle", function () {
    var conflict = document.getElementById("conflict");
    if (conflict) { inView(conflict); }
    sheetInView();
  });
  // A sheet just opened (a tap on a figure) is shown at the top of the panel, wherever it was scrolled to.
  var sheetOf = "";
  function sheetInView() {
    var sheet = document.getElementById("sheet"), rail = document.getElementById("rail");
    var now = sheet && !sheet.hidden ? sheet.dataset.figure || "" : "";
    if (now && now !== sheetOf && rail) {
      rail.scrollTop += sheet.getBoundingClientRect().top - rail.getBoundingClientRect().top - 4;
    }
    sheetOf = now;
  }
  document.addEventListener("htmx:afterSettle", besideItsControl);
  document.addEventListener("htmx:afterSettle", keepMoveRefusal);
  // A refused form comes back as the table filled it (the attack helper keeps its target and dice): what was
  // chosen is put back in the form drawn again, and the panel it is in stays open.
  function chosen(form) {
    if (!form || !form.id || !form.elements) { return null; }
    return Array.prototype.filter.call(form.elements, function (el) {
      return el.name && !/^(csrf_token|request_id|version)$/.test(el.name) && el.type !== "hidden";
    }).map(function (el) {
      return {name: el.name, value: el.value, on: (el.type === "radio" || el.type === "checkbox") ? el.checked : null};
    });
  }
  document.addEventListener("htmx:afterSettle", function (e) {
    if (!sent || !sent.values || !e.detail.xhr || e.detail.xhr.status !== 422) { return; }
    var form = document.getElementById(sent.id);
    if (!form) { return; }
    sent.values.forEach(function (v) {
      Array.prototype.forEach.call(form.querySelectorAll('[name="' + v.name + '"]'), function (el) {
        if (v.on === null) { el.value = v.value; } else if (el.value === v.value) { el.checked = v.on; }
      });
    });
    for (var d = form.closest("details"); d; d = d.parentElement && d.parentElement.closest("details")) { d.open = true; }
    neededDice();
  });
  // The attack helper asks only for the Accuracy dice the chosen line needs (the target's fewest, or the line
  // chosen); Resolve, in the action bar, shows while the helper is open and waits for a target.
  function neededDice() {
    var helper = document.getElementById("attack"), form = document.getElementById("attack-form"),
        resolve = document.getElementById("resolve");
    if (resolve) { resolve.hidden = !(helper && helper.open && form); }
    if (!form) { return; }
    var target = form.querySelector('input[name="target"]:checked'),
        line = form.querySelector('input[name="line"]:checked');
    var need = line && line.value ? Number(line.dataset.rolls) : target ? Number(target.dataset.rolls || 0) : 0;
    Array.prototype.forEach.call(form.querySelectorAll("fieldset[data-accuracy]"), function (f) {
      var off = Number(f.dataset.accuracy) > need;
      f.hidden = off; f.disabled = off;
    });
    if (resolve) { resolve.disabled = !target; }
  }
  document.addEventListener("change", function (e) {
    if (e.target.closest && e.target.closest("#attack-form")) { neededDice(); }
  });
  document.addEventListener("htmx:afterSettle", neededDice);
  document.addEventListener("animationend", function (e) {
    if (e.target.classList && e.target.classList.contains("fades")) { e.target.remove(); }
  });
  // The page is as tall as the window less the top bar and the bottom bar as drawn (their heights vary with
  // the font and the device): the action bar is never under the bottom bar.
  function chrome() {
    var main = document.querySelector(".mission-table"), top = document.querySelector(".topbar"),
        bottom = document.getElementById("bottombar");
    if (!main) { return; }
    var h = (top ? top.getBoundingClientRect().height : 0) + (bottom ? bottom.getBoundingClientRect().height : 0);
    var now = Math.ceil(h) + "px";
    if (main.style.getPropertyValue("--chrome") !== now) { main.style.setProperty("--chrome", now); }
  }
  chrome();  // once, and on a resize: measuring after every answer would force a layout of the map each tap
  window.addEventListener("resize", chrome);
  // and when the bottom bar itself grows ("not saved — see the message" wraps in portrait), the action bar is
  // never under it: the bar an answer swapped in is watched in place of the one it replaced (the observer's
  // callback comes after a layout the browser makes anyway).
  var watching = null, sizes = window.ResizeObserver ? new ResizeObserver(chrome) : null;
  function watchBottomBar() {
    var bar = document.getElementById("bottombar");
    if (!sizes || !bar || bar === watching) { return; }
    if (watching) { sizes.unobserve(watching); }
    sizes.observe(bar);
    watching = bar;
  }
  watchBottomBar();
  document.addEventListener("htmx:afterSettle", watchBottomBar);
  // Apply waits for the dice the engine still needs: each face tapped asks it (GET .../dice with the faces
  // chosen); its answer, why the turn still waits or nothing, goes beside Apply, disabled until it is nothing.
  function checkDice() {
    var form = document.getElementById("adversary-form"), why = document.getElementById("apply-why"),
        apply = document.getElementById("apply");
    if (!form || !why || !apply || !form.dataset.check) { return; }
    var q = new URLSearchParams();
    Array.prototype.forEach.call(form.querySelectorAll('input[name^="roll_"]:checked'), function (r) {
      q.append(r.name, r.value);
    });
    apply.disabled = !!why.textContent.trim();
    var asked = q.toString();
    form.dataset.asked = asked;
    fetch(form.dataset.check + "?" + asked, {cache: "no-store"})
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (html === null || form.dataset.asked !== asked || !document.body.contains(form)) { return; }
        why.innerHTML = html;
        if (window.htmx) { htmx.process(why); }
        apply.disabled = !!why.textContent.trim();
      }).catch(function () { apply.disabled = false; });  // offline: the answer to Apply will say it
  }
  document.addEventListener("change", function (e) {
    if (e.target.closest && e.target.closest("#adversary-form")) { checkDice(); }
  });
  document.addEventListener("htmx:afterSettle", checkDice);
  // The map's own area changed size (a resize, a rotation, the page's rows settling after the first view was
  // worked out): the view is worked out again for it, so the strip's note says what is really off-screen.
  var sized = "";
  function resized() {
    var r = frame(), now = Math.round(r.width) + "x" + Math.round(r.height);
    if (now !== sized) { sized = now; active = activeId(); centre(); }
  }
  if (window.ResizeObserver && stage()) { new ResizeObserver(resized).observe(stage()); } else { window.addEventListener("resize", resized); }
  active = activeId();
  centre();
  checkDice();
  neededDice();
  var rail = document.getElementById("rail"), turn = document.getElementById("turn");
  if (rail && turn && active) { rail.scrollTop += turn.getBoundingClientRect().top - rail.getBoundingClientRect().top; }
  sheetInView();  // a page drawn with a sheet open ("?sheet=") shows it rather than the turn
})();
