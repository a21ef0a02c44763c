// CSRF header for htmx, and a visible "NOT SAVED" when a save fails (htmx swaps no error response).
(function () {
  "use strict";
  function banner(text) {
    var b = document.getElementById("save-banner");
    var s = document.getElementById("savestate");
    if (text) {
      document.getElementById("save-banner-text").textContent = text;
      b.hidden = false;
      if (s) { s.textContent = "NOT SAVED — retry"; s.dataset.state = "failed"; }
    } else {
      b.hidden = true;
    }
  }
  document.addEventListener("htmx:configRequest", function (e) {
    var token = document.querySelector('meta[name="csrf-token"]');
    if (token) { e.detail.headers["X-CSRFToken"] = token.content; }
  });
  // A game page polls its version (data-poll). A poll never races a change from this device:
  // none is sent while a change is on its way, and one sent before a change is not swapped in.
  var busy = 0, epoch = 0;
  function isPoll(e) { return e.detail.elt && e.detail.elt.hasAttribute("data-poll"); }
  document.addEventListener("htmx:beforeSwap", function (e) {
    if (isPoll(e) && e.detail.elt.dataset.epoch !== String(epoch)) { e.detail.shouldSwap = false; }
  });
  document.addEventListener("htmx:afterRequest", function (e) {
    if (!isPoll(e) && busy > 0) { busy--; }
  });
  document.addEventListener("htmx:beforeRequest", function (e) {
    if (isPoll(e)) {
      if (busy) { e.preventDefault(); } else { e.detail.elt.dataset.epoch = String(epoch); }
      return;  // a version check saves nothing
    }
    busy++; epoch++;
    var s = document.getElementById("savestate");
    if (s) { s.textContent = "saving…"; s.dataset.state = "saving"; }
  });
  document.addEventListener("htmx:afterSwap", function () {
    banner(null);
  });
  document.addEventListener("htmx:responseError", function (e) {
    var code = e.detail.xhr ? e.detail.xhr.status : 0;
    banner("the server refused the change (" + code + "). Reload the page and try again.");
  });
  document.addEventListener("htmx:sendError", function () {
    banner("the companion could not be reached. Check the Wi-Fi, then reload.");
  });
  document.addEventListener("htmx:timeout", function () {
    banner("the companion did not answer in time. Reload to see what was saved.");
  });
  document.addEventListener("click", function (e) {
    if (e.target && e.target.id === "save-banner-retry") { window.location.reload(); }
  });
  // A tap on a drawn board's territory (data-tile) chooses it in the step's form: the territory list last
  // touched that offers it, else the first empty one that does, else the first that does.
  var lastPick = null;
  document.addEventListener("focusin", function (e) {
    if (e.target.matches && e.target.matches("select[data-territory]")) { lastPick = e.target; }
  });
  function pickTile(cell) {
    var id = cell.dataset.tile;
    var offers = function (s) { return !!s.querySelector('option[value="' + id + '"]') && s.offsetParent !== null; };
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
  document.addEventListener("click", function (e) {
    var cell = e.target.closest && e.target.closest("[data-tile]");
    if (cell) { pickTile(cell); }
  });
  document.addEventListener("keydown", function (e) {
    var cell = e.target.closest && e.target.closest("[data-tile]");
    if (cell && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); pickTile(cell); }
  });
})();
