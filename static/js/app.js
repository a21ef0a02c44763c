// CSRF header for htmx; one change at a time, the taps made meanwhile sent after it in order; a change whose
// answer never came is asked about, never guessed; the page follows other tablets by its stream.
//
// Save state (this tablet's own change) and connection state are apart: "Offline — reconnecting" while the
// companion cannot be reached (cleared by the first good answer), "NOT SAVED" only for this tablet's change
// that the server says it never got, naming it, with "Send again" (the same request id and body, so it is
// applied once whatever happened to the first send). A poll never clears a pending save nor re-issues its id:
// what to send again is kept here, not read from the page a poll may redraw.
// A tap made while a change is on its way (End turn after − HP, the same form again with other values) is kept,
// in order, and sent once the change before it is answered: from the form that answer left on the page (its
// hidden fields, the version among them, as drawn by that answer), each under a request id of its own, so a
// retry of it is still applied once. The save state counts those waiting; if the change before is refused
// (or never reached the companion), those after it are not sent, and the page says which; while a lost answer
// is asked about, they wait, and go once the page has caught up with it. Never dropped without a word.
//
// Following other tablets: the page's #poll names its document's stream (data-stream, web/stream.py), opened
// with htmx's SSE extension. Each event carries the document's version; only a version other than the one
// shown fetches the page (the poll, ?seen=), so an idle tablet sends nothing. While the stream is down (not yet
// open, dropped, silent for SILENT_MS, refused because every stream is taken) the page polls every second.
(function () {
  "use strict";
  var CHECK_MS = 2000;  // how often a tablet asks again whether its change was saved while the companion is unreachable
  var POLL_MS = 1000;   // how often a page asks for the other tablets' changes while its stream is down
  var MAX_KEPT = 5;     // taps kept at once behind a change on its way
  var SILENT_MS = 40000;  // a stream that said nothing for this long (it says the version every 15 s) is dead
  function $(id) { return document.getElementById(id); }
  function isPoll(e) { return !!(e.detail.elt && e.detail.elt.hasAttribute && e.detail.elt.hasAttribute("data-poll")); }
  function isRead(e) {
    var verb = e.detail.verb || (e.detail.requestConfig && e.detail.requestConfig.verb) || "";
    return isPoll(e) || verb.toLowerCase() === "get";
  }

  var asked = null;    // a change htmx is about to send (configRequest), on its way once beforeRequest passes
  var sending = null;  // the change on its way: {id, what, path, params, target, swap, buttons, form, fields}
  var queue = [];      // taps made while it is on its way, oldest first: {key, hidden, what, fields, button}
  var releasing = false;  // set while a kept tap is sent: it is not kept again
  var sentIds = [];    // the request ids this page sent lately: a kept tap never goes under one of them
  var pending = null;  // a change sent whose answer never came: the server is asked whether it was applied
  var unsent = null;   // a change the server says it never got: offered to be sent again
  var resend = null;   // set while "Send again" sends `unsent`
  var catchingUp = false;  // a change known saved whose answer was lost: the page is fetched again first
  var epoch = 0, checking = false, timer = null;

  // Every word a refused, kept or unsaved tap shows, in one place (issue 37: one look for a refusal; the
  // server's refusals are templates/_refusal.html's). `what` names a tap as its control says it.
  var SAY = {
    notSaved: "NOT SAVED — retry",
    saving: function (waiting) { return "saving…" + waiting; },
    saved: "● saved",
    checking: function (what, waiting) { return "checking whether " + what + " was saved…" + waiting; },
    stillSaving: function (what) { return "Wait: " + what + " is still being saved."; },
    catchingUp: "Wait: the page is catching up.",
    tooMany: function (n, before) { return "Not sent: " + n + " taps already wait for " + before + ". Tap it again after."; },
    kept: function (before, what) {
      return before.charAt(0).toUpperCase() + before.slice(1) + " is still being saved: your next " + what +
        " is kept and sent right after.";
    },
    dropped: function (names, one, why, when) {
      return "Your next " + names + (one ? " was" : " were") + " not sent: " + why + " Tap " + (one ? "it" : "them") +
        " again" + (when || "") + ".";
    },
    pageChanged: function (what) { return "the page changed under " + what + "."; },
    refusedOrUnsent: function (what, answered) { return what + (answered ? " was not saved." : " could not be sent."); },
    unreachable: "the companion could not be reached. Check the Wi-Fi, then reload.",
    serverRefused: function (code) { return "the server refused the change (" + code + "). Reload the page and try again."; },
    wasSaved: function (what, detail) { return what + " was saved" + (detail ? " (" + detail + ")" : "") + "."; },
    didNotReach: function (what) { return what + " did not reach the companion."; },
    sendAgain: function (what) { return what + " did not reach the companion. Send it again?"; },
    // a refused move kept in view (missiontable.js) until it is corrected or dismissed; End turn says it drops it
    dismiss: "Dismiss",
    endDiscards: function (label, space) {
      return label.replace(/ without moving$/, "") + " without the refused move to " + space;
    }
  };
  window.companionSay = SAY;  // missiontable.js says its words from here too

  function show(id, on) { var b = $(id); if (b) { b.hidden = !on; } }
  function savestate(text, state) {
    var s = $("savestate");
    if (s) { s.textContent = text; s.dataset.state = state; }
  }
  function offline(on) { show("conn-banner", on); }
  function note(text) {
    var n = $("save-note");
    if (!n) { return; }
    n.textContent = text;
    n.hidden = false;
    clearTimeout(note.t);
    note.t = setTimeout(function () { n.hidden = true; }, 8000);
  }
  function banner(text, canResend) {
    if (text) {
      $("save-banner-text").textContent = text;
      show("save-banner-resend", !!canResend);
      show("save-banner", true);
      savestate(SAY.notSaved, "failed");
    } else {
      show("save-banner", false);
    }
  }
  // What the tapped control says ("− HP", "Berkav plus one"), so the table is told which tap it was.
  function label(e) {
    var ev = e.detail.triggeringEvent || (e.detail.requestConfig && e.detail.requestConfig.triggeringEvent);
    var by = (ev && ev.submitter) || (e.detail.elt && e.detail.elt.matches && e.detail.elt.matches("button") && e.detail.elt);
    var form = e.detail.elt && e.detail.elt.closest && e.detail.elt.closest("form");
    if (!by && form && form.getAttribute("aria-label")) { return form.getAttribute("aria-label"); }
    if (!by && form) { by = form.querySelector("button"); }
    var text = by && (by.getAttribute("aria-label") || by.textContent || "").trim();
    return text || "your last change";
  }
  function buttonsOf(e) {
    var form = e.detail.elt && e.detail.elt.closest && e.detail.elt.closest("form");
    var own = form ? Array.prototype.slice.call(form.querySelectorAll("button")) : [];
    if (form && form.id) {
      own = own.concat(Array.prototype.slice.call(document.querySelectorAll('button[form="' + form.id + '"]')));
    }
    return own.filter(function (b) { return !b.disabled; });
  }
  function busyOn(change, on) {
    (change.buttons || []).forEach(function (b) {
      b.disabled = on;
      b.classList.toggle("busy", on);
      if (on) { b.setAttribute("aria-busy", "true"); } else { b.removeAttribute("aria-busy"); }
    });
    document.body.classList.toggle("sending", on);
  }
  // What a form asks, whatever its request id: its fields' values (and the pressed button's), as sent.
  function fieldsOf(params) {
    return params.filter(function (p) { return p[0] !== "request_id" && p[0] !== "csrf_token"; })
      .map(function (p) { return p[0] + "=" + p[1]; }).sort();
  }
  function formFields(form, button) {
    var params = [];
    new FormData(form).forEach(function (v, k) { if (typeof v === "string") { params.push([k, v]); } });
    if (button && button.name) { params.push([button.name, button.value]); }
    return fieldsOf(params);
  }
  // What says which thing a form changes (a figure, a planet): its hidden fields but the id, token and version.
  function hiddenOf(form) {
    return Array.prototype.filter.call(form.elements, function (el) {
      return el.type === "hidden" && el.name && ["request_id", "csrf_token", "version"].indexOf(el.name) < 0;
    }).map(function (el) { return el.name + "=" + el.value; }).sort().join("&");
  }
  function keyOf(form) { return form.id ? "#" + form.id : form.getAttribute("hx-post") || form.getAttribute("action"); }
  // The form now on the page that the kept press was made on: the same id or path, and the same hidden fields
  // (of several forms sent to one path, the one for the same figure or planet), else none.
  function formAt(next) {
    var key = next.key;
    var found = key.charAt(0) === "#" ? [$(key.slice(1))] : Array.prototype.filter.call(document.querySelectorAll("form"), function (f) {
      return !f.id && (f.getAttribute("hx-post") || f.getAttribute("action")) === key;
    });
    return found.filter(function (f) { return f && hiddenOf(f) === next.hidden; })[0] || null;
  }
  function defaultButton(form) {
    return form.querySelector('button:not([type="button"]):not([type="reset"]), input[type="submit"]');
  }
  // Does this form change something (an htmx post, or a plain post)? Only those are kept to be sent later.
  function changes(form, button) {
    return !!(form && ((button && (button.getAttribute("hx-post") || button.getAttribute("formaction"))) ||
      form.getAttribute("hx-post") || (form.method || "").toLowerCase() === "post"));
  }
  function before() {
    return (sending || pending) ? (sending || pending).what : "the change before";
  }
  function waiting() {
    return queue.length ? " (" + queue.length + " waiting)" : "";
  }
  // A tap while a change is on its way (a tap on a busy button, Enter in a box, a submit): a double tap (what is
  // on its way or already kept, pressed again alike) is said and sent once; anything else is kept, in order.
  function kept(form, button) {
    if (releasing || !(sending || pending || catchingUp || queue.length) || !changes(form, button)) { return false; }
    button = button || defaultButton(form);
    var fields = formFields(form, button), key = keyOf(form), hidden = hiddenOf(form);
    var same = function (k) { return k.key === key && k.hidden === hidden && k.fields.join("&") === fields.join("&"); };
    var ahead = sending || pending;  // on its way, or its answer lost and being asked about
    var onItsWay = ahead && ahead.form === form && fields.join("&") === ahead.fields.join("&");
    if (onItsWay || queue.some(same)) {
      note(SAY.stillSaving(onItsWay ? ahead.what : "your " + queue.filter(same)[0].what));
      return true;
    }
    if (queue.length >= MAX_KEPT) {
      note(SAY.tooMany(MAX_KEPT, before()));
      return true;
    }
    var what = (button && (button.getAttribute("aria-label") || button.textContent || "").trim()) ||
      form.getAttribute("aria-label") || "your next change";
    queue.push({ key: key, hidden: hidden, what: what, fields: fields,
                 button: button ? { name: button.name || "", value: button.value || "", text: (button.textContent || "").trim() } : null });
    // still asking about a lost answer: say so, with the tap now waiting behind it (not a plain "saving…")
    if (pending) { savestate(SAY.checking(pending.what, waiting()), "saving"); } else { savestate(SAY.saving(waiting()), "saving"); }
    note(SAY.kept(before(), what));
    return true;
  }
  function freshId() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }
  // The taps kept are not sent (the change before them refused, or never received): said, naming each.
  function dropKept(why, when) {
    if (!queue.length) { return; }
    var one = queue.length === 1, names = queue.map(function (k) { return k.what; }).join(", ");
    queue = [];
    note(SAY.dropped(names, one, why, when));
  }
  // Send the oldest kept tap from the form now on the page: its boxes filled as they were pressed (its hidden
  // fields, the version among them, as the answer drew them), under a request id of its own.
  function sendKept() {
    if (sending || pending || catchingUp) { return; }  // the one before is not through yet: sent after it
    var next = queue.shift();
    if (!next) { return; }
    var form = formAt(next);
    if (!form) {
      queue.unshift(next);
      dropKept(SAY.pageChanged(next.what));
      return;
    }
    var values = {};
    next.fields.forEach(function (f) {
      var at = f.indexOf("="), k = f.slice(0, at);
      (values[k] = values[k] || []).push(f.slice(at + 1));
    });
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || !(el.name in values) || el.type === "hidden" || el.type === "file" || el.matches("button, input[type=submit]")) { return; }
      if (el.type === "checkbox" || el.type === "radio") { el.checked = values[el.name].indexOf(el.value) >= 0; }
      else if (el.multiple) { Array.prototype.forEach.call(el.options, function (o) { o.selected = values[el.name].indexOf(o.value) >= 0; }); }
      else { el.value = values[el.name].shift() || ""; }
    });
    // a form not drawn again (an answer sending the tablet on, a part the page kept): a spent id is not sent again
    var id = form.querySelector('input[name="request_id"]') || document.querySelector('input[name="request_id"][form="' + form.id + '"]');
    if (id && sentIds.indexOf(id.value) >= 0) { id.value = freshId(); }
    // its buttons, and a bar's drawn outside it (form="...")
    var buttons = Array.prototype.slice.call(form.querySelectorAll("button, input[type=submit]")).concat(
      form.id ? Array.prototype.slice.call(document.querySelectorAll('button[form="' + form.id + '"]')) : []);
    var button = next.button && buttons.filter(function (b) {
      return next.button.name ? b.name === next.button.name && b.value === next.button.value : (b.textContent || "").trim() === next.button.text;
    })[0];
    if (window.htmx) { htmx.process(form); }
    releasing = true;
    try {
      // a click, not requestSubmit(button): htmx takes the pressed button's value from the click
      if (button && !button.disabled) { button.click(); } else { form.requestSubmit(); }
    } finally {
      releasing = false;
    }
  }
  document.addEventListener("pointerup", function (e) {
    var b = e.target && e.target.closest && e.target.closest("button, input[type=submit]");
    if (b && b.disabled && b.form) { kept(b.form, b); }
  }, true);
  document.addEventListener("keydown", function (e) {
    var box = e.target;
    if (e.key !== "Enter" || !box || !box.form || !box.matches("input:not([type=button]):not([type=submit]):not([type=reset])")) { return; }
    if (kept(box.form, null)) { e.preventDefault(); }
  }, true);
  // An answer that sends the tablet to another page (a new game, a new map) waits while a tap is kept: the
  // kept ones are sent first, and the last one's answer goes on.
  document.addEventListener("htmx:beforeOnLoad", function (e) {
    var xhr = e.detail.xhr;
    if (isRead(e) || !sending || !queue.length || !xhr || xhr.status >= 300 || !xhr.getResponseHeader("HX-Redirect")) { return; }
    e.preventDefault();
  });

  // After a swap the page shows the server's state; what this tablet still owes it is said again on top.
  function restate() {
    if (pending) { savestate(SAY.checking(pending.what, waiting()), "saving"); }
    else if (unsent) { savestate(SAY.notSaved, "failed"); }
    else if (sending || queue.length) { savestate(SAY.saving(waiting()), "saving"); }
  }

  // A form an htmx answer drew carries no CSRF field (the header does); one sent before htmx took it over (a tap
  // in the moment between a swap and its processing) goes as a plain post, so it is given the page's token.
  document.addEventListener("submit", function (e) {
    var form = e.target, token = document.querySelector('meta[name="csrf-token"]');
    if (form && kept(form, e.submitter)) {  // not htmx's to queue: it would send it with its old form's version
      e.preventDefault();
      e.stopPropagation();
      return;
    }
    if (!token || !form || (form.method || "").toLowerCase() !== "post" || form.querySelector('input[name="csrf_token"]')) { return; }
    var field = document.createElement("input");
    field.type = "hidden";
    field.name = "csrf_token";
    field.value = token.content;
    form.appendChild(field);
  }, true);
  document.addEventListener("htmx:configRequest", function (e) {
    var token = document.querySelector('meta[name="csrf-token"]');
    if (token) { e.detail.headers["X-CSRFToken"] = token.content; }
    if (isRead(e)) { return; }
    if (sending || pending || catchingUp) {  // one change at a time, each from the page as it now stands
      e.preventDefault();
      note(catchingUp ? SAY.catchingUp : SAY.stillSaving((sending || pending).what));
      return;
    }
    var params = [];
    if (e.detail.formData && e.detail.formData.forEach) {
      e.detail.formData.forEach(function (v, k) { if (typeof v === "string") { params.push([k, v]); } });
    }
    var id = (params.filter(function (p) { return p[0] === "request_id"; })[0] || [])[1] || null;
    var target = e.detail.target;
    var swapper = e.detail.elt && e.detail.elt.closest && e.detail.elt.closest("[hx-swap]");
    asked = resend || {
      id: id, what: label(e), path: e.detail.path, params: params,
      target: target && target.id ? "#" + target.id : null,
      swap: swapper ? swapper.getAttribute("hx-swap") : "innerHTML"
    };
    asked.buttons = resend ? [] : buttonsOf(e);
    asked.form = resend ? null : (e.detail.elt && e.detail.elt.closest && e.detail.elt.closest("form"));
    asked.fields = fieldsOf(params);
  });

  // A poll never races a change from this device: none is sent while a change is on its way, and one sent
  // before a change is not swapped in; nor does it overwrite a box being typed in on this device.
  document.addEventListener("htmx:beforeRequest", function (e) {
    if (isPoll(e)) {
      var active = document.activeElement;
      var typing = active && active.form && active.closest("#main") && active.matches(
        "textarea, select, input:not([type=radio]):not([type=checkbox]):not([type=submit]):not([type=button])");
      var into = e.detail.target;  // a form typed in and not yet sent, which the poll's answer would replace
      var halfFilled = into && into.querySelector && (into.matches("form[data-dirty]") || into.querySelector("form[data-dirty]"));
      if (sending || typing || halfFilled) { e.preventDefault(); } else { e.detail.elt.dataset.epoch = String(epoch); }
      return;
    }
    if (isRead(e) || !asked) { return; }
    sending = asked;  // a request htmx halted before this point (a form it found invalid) was never sent
    asked = null;
    epoch++;
    if (sending.id) { sentIds = sentIds.concat(sending.id).slice(-20); }
    busyOn(sending, true);
    savestate(SAY.saving(waiting()), "saving");
  });
  document.addEventListener("input", function (e) {
    var form = e.target && e.target.form;
    if (form && e.target.type !== "radio" && e.target.type !== "checkbox") { form.dataset.dirty = "1"; }
  });
  document.addEventListener("htmx:beforeSwap", function (e) {
    if (isPoll(e) && e.detail.elt.dataset.epoch !== String(epoch)) { e.detail.shouldSwap = false; }
  });

  document.addEventListener("htmx:afterRequest", function (e) {
    var answered = !!(e.detail.xhr && e.detail.xhr.status);
    if (answered) { offline(false); }
    if (!isRead(e) && sending) {
      var change = sending;
      sending = null;
      busyOn(change, false);
      if (queue.length && answered && e.detail.xhr.status < 300) {
        setTimeout(sendKept, 0);  // once htmx has put this answer's forms in: the next goes from them
      } else if (queue.length && (answered || !change.id)) {
        dropKept(SAY.refusedOrUnsent(change.what, answered));
      }  // its answer lost: they wait while the companion is asked whether it was saved
      if (answered) {
        if (change === unsent) { unsent = null; banner(null); }
        if (e.detail.xhr.status < 300) { banner(null); unsent = null; }
      } else if (change.id) {
        pending = change;  // sent, never answered: was it applied? Ask, never guess
        unsent = null;
        banner(null);
        restate();
        offline(true);
        check();
        return;
      } else {
        banner(SAY.unreachable, false);
      }
    }
    if (isRead(e) && catchingUp) { caughtUp(); }
    if (answered && pending) { check(); }
    if (!answered && isPoll(e)) { offline(true); }
  });
  // A tap still kept is said at once over the answer's "● saved", before the page is painted: never a flash of
  // "saved" while it waits to be sent (sendKept sends it a moment later)
  document.addEventListener("htmx:afterSwap", function () { if (queue.length) { restate(); } });
  document.addEventListener("htmx:afterSettle", restate);
  document.addEventListener("htmx:responseError", function (e) {
    if (isPoll(e)) { return; }
    var code = e.detail.xhr ? e.detail.xhr.status : 0;
    banner(SAY.serverRefused(code), false);
  });

  // Following other tablets (see the top): one stream per page, held outside the parts answers swap (#stream,
  // on the body), so a tap's answer never reopens it.
  var stream = { up: false, latest: null, heard: 0 };
  function shown(poll) { return new URL(poll.getAttribute("hx-get"), window.location.href).searchParams.get("seen"); }
  function follow() {
    var poll = $("poll"), url = poll && poll.getAttribute("data-stream"), held = $("stream");
    if (held && held.getAttribute("sse-connect") === url) { return; }
    if (held) { htmx.remove(held); stream.up = false; }  // htmx's clean-up closes its EventSource
    if (!url || !window.EventSource || !window.htmx) { return; }
    held = document.createElement("div");
    held.id = "stream";
    held.hidden = true;
    held.setAttribute("hx-ext", "sse");
    held.setAttribute("sse-connect", url);
    held.setAttribute("hx-trigger", "sse:changed");  // what the extension listens for
    document.body.appendChild(held);
    stream.heard = Date.now();
    htmx.process(held);
  }
  // Ask for the page when the stream says it moved, or every POLL_MS while the stream is down; a poll held back
  // (a change of this tablet's on its way, a box being typed in) is asked again at the next tick.
  function behind(poll) { return !stream.up || (stream.latest !== null && stream.latest !== shown(poll)); }
  function catchUp() {
    var poll = $("poll"), held = $("stream");
    if (held && Date.now() - stream.heard > SILENT_MS) {  // the laptop gone without a word (its lid shut): poll
      htmx.remove(held);
      stream.up = false;
      follow();
    }
    if (poll && behind(poll) && !poll.classList.contains("htmx-request")) { htmx.trigger(poll, "poll"); }
  }
  document.addEventListener("htmx:sseOpen", function () { stream.up = true; offline(false); });  // reached again
  document.addEventListener("htmx:sseError", function () { stream.up = false; });
  document.addEventListener("htmx:sseClose", function () { stream.up = false; });
  document.addEventListener("htmx:sseMessage", function (e) {
    if (e.detail.type !== "changed") { return; }
    stream.up = true;
    stream.heard = Date.now();
    stream.latest = e.detail.data;
    catchUp();
  });
  document.addEventListener("htmx:afterRequest", function (e) {
    // nothing newer than what the page shows (204): an event no newer than it (older than this tablet's own
    // answer) asks nothing more; one that came meanwhile still does
    var poll = e.detail.elt;
    if (isPoll(e) && poll.id === "poll" && e.detail.xhr && e.detail.xhr.status === 204 &&
        Number(stream.latest) <= Number(shown(poll))) { stream.latest = null; }
  });
  document.addEventListener("htmx:afterSettle", follow);
  document.addEventListener("DOMContentLoaded", function () { follow(); setInterval(catchUp, POLL_MS); });

  // Ask the server whether the pending change was applied (GET /requests/<id>): "saved", or "NOT saved".
  function check() {
    if (!pending || checking) { return; }
    checking = true;
    clearTimeout(timer);
    var asked = pending;
    var stop = window.AbortController ? new AbortController() : null;  // a check lost in turn is asked again
    if (stop) { setTimeout(function () { stop.abort(); }, 2 * CHECK_MS); }
    fetch("/requests/" + encodeURIComponent(asked.id), { cache: "no-store", headers: { "Accept": "application/json" },
                                                         signal: stop ? stop.signal : undefined })
      .then(function (r) { if (!r.ok) { throw new Error(String(r.status)); } return r.json(); })
      .then(function (answer) {
        checking = false;
        offline(false);
        if (pending !== asked) { return; }
        pending = null;
        if (answer.applied) {
          note(SAY.wasSaved(asked.what, answer.what));
          savestate(SAY.saved, "saved");
          refresh();
        } else {
          unsent = asked;
          banner(SAY.sendAgain(asked.what), true);
          dropKept(SAY.didNotReach(asked.what));
        }
      })
      .catch(function () {
        checking = false;
        offline(true);
        timer = setTimeout(check, CHECK_MS);  // a page following by its stream sends no poll to ask after
      });
  }
  // A change saved whose answer was lost: the page shows the state before it, so it is fetched again (by its
  // poll, whose version moved, or whole) before the next tap is taken.
  function refresh() {
    var poll = $("poll");
    catchingUp = true;
    setTimeout(function () { if (catchingUp) { caughtUp(); } }, 3 * CHECK_MS);  // a fetch held back never blocks taps for good
    if (poll) {
      htmx.ajax("GET", poll.getAttribute("hx-get"), { source: poll, target: poll.getAttribute("hx-target") || poll,
                                                     swap: poll.getAttribute("hx-swap") || "none" });
    } else if ($("main")) {
      htmx.ajax("GET", window.location.href, { target: "#main", select: "#main", swap: "outerHTML" });
    } else {
      caughtUp();
    }
  }
  // The page shows the change saved: the taps kept behind it go now, from the page as it is.
  function caughtUp() {
    catchingUp = false;
    if (queue.length) { setTimeout(sendKept, 0); }
  }
  function sendAgain() {
    if (!unsent || sending || pending) { return; }
    var values = {};
    unsent.params.forEach(function (p) {
      if (p[0] in values) { values[p[0]] = [].concat(values[p[0]], p[1]); } else { values[p[0]] = p[1]; }
    });
    resend = unsent;
    try {
      htmx.ajax("POST", unsent.path, { source: document.body, values: values,
                                       target: unsent.target && $(unsent.target.slice(1)) ? unsent.target : "body",
                                       swap: unsent.target ? unsent.swap : "none" });
    } finally {
      resend = null;
    }
  }
  document.addEventListener("click", function (e) {
    if (!e.target) { return; }
    if (e.target.id === "save-banner-retry") { window.location.reload(); }
    if (e.target.id === "save-banner-resend") { sendAgain(); }
  });
  // A tap on a drawn board's territory (data-tile) chooses it in the step's form: the territory list last
  // touched that offers it, else the first empty one that does, else the first that does.
  var lastPick = null;
  document.addEventListener("focusin", function (e) {
    if (e.target.matches && e.target.matches("select[data-territory]")) { lastPick = e.target; }
  });
  // A board move (a form with data-moves, the engine's legal moves: templates/games/_act.html): a tap on a
  // territory a piece may leave chooses it and lights where it may go; a tap on one of those sends the form.
  // A choice the moves depend on (data-board="by", the unit) is offered only where the tapped territory has it.
  // A page may hold several such forms (Suriya's move and attack): the first tap picks the territory in each
  // form it starts from, the second sends the form that may go there, each form lighting its own class
  // (data-lights, "reach" by default). A form whose start is fixed (data-fixed: a tile in hand) waits only for
  // where it goes; one with data-direct is also sent by a single tap where only one of its pieces may go.
  function moveForms() {
    return Array.prototype.filter.call(document.querySelectorAll("form[data-moves]"),
                                       function (form) { return form.offsetParent !== null; });
  }
  function fromOf(form) { return form.querySelector('[data-board="from"]'); }
  function moveKey(form, from) {
    var by = form.querySelector('[data-board="by"] input:checked');
    return from + (by ? " " + by.value : "");
  }
  function lightMoves(form) {
    var moves = JSON.parse(form.dataset.moves), start = fromOf(form), from = start.value;
    var lit = {}, confirm = form.querySelector('[data-board="confirm"]');
    if (!start.hasAttribute("data-fixed")) { form.querySelector('[data-board="to"]').value = ""; }
    if (confirm) { confirm.hidden = true; }
    if (from) {
      var by = form.querySelectorAll('[data-board="by"] input');
      var offered = Array.prototype.filter.call(by, function (r) { return (from + " " + r.value) in moves; });
      by.forEach(function (r) { r.closest("label").hidden = offered.indexOf(r) < 0; });
      if (offered.length && !offered.some(function (r) { return r.checked; }) && !start.hasAttribute("data-fixed")) {
        offered[0].checked = true;
      }
      var to = moves[moveKey(form, from)] || {}, most = 1;
      Object.keys(to).forEach(function (t) {
        lit[t] = true;
        var max = (to[t]._max || {}).count;
        if (max > most) { most = max; }
      });
      form.querySelectorAll('[data-board="count"] input').forEach(function (r) {
        r.closest("label").hidden = Number(r.value) > most;
        if (r.checked && Number(r.value) > most) { r.checked = false; form.querySelector('[data-board="count"] input').checked = true; }
      });
    }
    return lit;
  }
  // the server outlines where a move may start (.legal); where the picked one may go is lit apart (.reach)
  function light() {
    var lit = {}, picked = {};
    moveForms().forEach(function (form) {
      var cls = form.dataset.lights || "reach", here = lightMoves(form), start = fromOf(form);
      lit[cls] = lit[cls] || {};
      Object.keys(here).forEach(function (t) { lit[cls][t] = true; });
      if (!start.hasAttribute("data-fixed")) { picked[start.value] = true; }
    });
    document.querySelectorAll("[data-tile]").forEach(function (c) {
      Object.keys(lit).forEach(function (cls) { c.classList.toggle(cls, !!lit[cls][c.dataset.tile]); });
      c.classList.toggle("picked", !!picked[c.dataset.tile]);
    });
  }
  function sendMove(form, id, to) {
    form.querySelector('[data-board="to"]').value = id;
    Object.keys(to).forEach(function (name) {
      var field = name.charAt(0) !== "_" && form.querySelector('[name="' + name + '"]');
      if (field && field.type === "checkbox") { field.checked = !!to[name]; } else if (field) { field.value = to[name]; }
    });
    var confirm = form.querySelector('[data-board="confirm"]');
    if (confirm && to._confirm) {  // the rules ask the table for something more (a card discarded)
      confirm.hidden = false;
      confirm.textContent = to._confirm;
      confirm.focus();
      return;
    }
    if (window.htmx) { htmx.process(form); }  // a form swapped in a moment ago is htmx's before it is sent
    form.requestSubmit();
  }
  function boardMove(id) {
    var forms = moveForms();
    var sending = forms.filter(function (form) {
      var from = fromOf(form).value, to = from && JSON.parse(form.dataset.moves)[moveKey(form, from)];
      return to && to[id];
    })[0];
    if (sending) {
      sendMove(sending, id, JSON.parse(sending.dataset.moves)[moveKey(sending, fromOf(sending).value)][id]);
      return true;
    }
    // a form that says so (data-direct: an attack) is sent by one tap on where only one of its pieces may go
    var direct = forms.filter(function (form) { return form.hasAttribute("data-direct") && !fromOf(form).value; })
      .map(function (form) {
        var moves = JSON.parse(form.dataset.moves);
        return [form, Object.keys(moves).filter(function (k) { return moves[k][id] && k.indexOf(" ") < 0; })];
      }).filter(function (f) { return f[1].length === 1; })[0];
    var picked = forms.some(function (form) { return fromOf(form).value && !fromOf(form).hasAttribute("data-fixed"); });
    if (direct && !picked) {
      fromOf(direct[0]).value = direct[1][0];
      sendMove(direct[0], id, JSON.parse(direct[0].dataset.moves)[direct[1][0]][id]);
      return true;
    }
    var origin = false;
    forms.forEach(function (form) {
      var from = fromOf(form);
      if (from.hasAttribute("data-fixed")) { return; }
      var starts = Object.keys(JSON.parse(form.dataset.moves)).some(function (k) { return k.split(" ")[0] === id; });
      from.value = starts && from.value !== id ? id : "";  // the same territory again lets go
      origin = origin || starts;
    });
    light();
    return origin;  // any other territory is for the page's other forms (an Explore)
  }
  document.addEventListener("change", function (e) {
    var form = e.target.closest && e.target.closest("form[data-moves]");
    if (form && e.target.closest('[data-board="by"]')) { light(); }
  });
  function pickTile(cell) {
    var id = cell.dataset.tile;
    var offers = function (s) { return !!s.querySelector('option[value="' + id + '"]') && s.offsetParent !== null; };
    // a list touched last takes the tap (Summon onto…), unless a board move has its first territory already
    var moving = moveForms().some(function (form) { return fromOf(form).value && !fromOf(form).hasAttribute("data-fixed"); });
    var listFirst = lastPick && document.contains(lastPick) && offers(lastPick) && !moving;
    if (!listFirst && boardMove(id)) { return; }
    var all = Array.prototype.slice.call(document.querySelectorAll("select[data-territory]")).filter(offers);
    var target = (lastPick && document.contains(lastPick) && offers(lastPick)) ? lastPick :
      (all.filter(function (s) { return !s.value; })[0] || all[0]);
    if (!target) {
      // a choice offered as buttons (a retreat): the tap picks its button, which the player then presses
      var button = document.querySelector('button[data-tile-pick="' + id + '"]');
      if (button) { button.focus(); button.scrollIntoView({ block: "nearest" }); }
      return;
    }
    target.value = id;
    target.dispatchEvent(new Event("change", { bubbles: true }));
    document.querySelectorAll("[data-tile].picked").forEach(function (c) { c.classList.remove("picked"); });
    cell.classList.add("picked");
  }
  // A die explodes for as long as it rolls its * face (Aldarra Reborn p.10-11): the page draws a die, its
  // re-roll and the re-roll's re-roll; a * tapped on the last row drawn adds the next row here, named after
  // the row it re-rolls ("face_0_green_2_1_2", then "…_2_3"), as the dice form reads them (forms.DiceEntry).
  document.addEventListener("change", function (e) {
    var input = e.target;
    if (!input.matches || !input.matches(".die > fieldset.faces input[type=radio]") || !/\*$/.test(input.value)) { return; }
    var die = input.closest(".die");
    if (die.querySelector(":scope > .reroll")) { return; }
    var depth = 1, up = die.parentElement;
    for (; up; up = up.parentElement) { if (up.classList && up.classList.contains("reroll")) { depth += 1; } }
    var rows = die.querySelector(":scope > fieldset.faces"), legend = rows.querySelector("legend").textContent + " re-roll";
    var next = die.cloneNode(false), fieldset = rows.cloneNode(true), wrap = document.createElement("div");
    fieldset.querySelector("legend").textContent = legend;
    fieldset.querySelectorAll("input[type=radio]").forEach(function (radio) {
      radio.name = input.name + "_" + depth;
      radio.checked = false;
      radio.setAttribute("aria-label", legend + ": " + radio.value);
    });
    wrap.className = "reroll";
    next.appendChild(fieldset);
    wrap.appendChild(next);
    die.appendChild(wrap);
  });
  document.addEventListener("click", function (e) {
    var cell = e.target.closest && e.target.closest("[data-tile]");
    if (cell) { pickTile(cell); }
  });
  document.addEventListener("keydown", function (e) {
    var cell = e.target.closest && e.target.closest("[data-tile]");
    if (cell && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); pickTile(cell); }
  });
})();
