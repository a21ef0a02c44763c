// The mission table: a tap on a map space fills the rail's tap form (an entry point, where a figure went)
// and sends it; the screen stays awake during a mission (Screen Wake Lock where the browser has it).
(function () {
  "use strict";
  if (window.missionTable) { return; }  // the page's script runs again when htmx swaps #main
  window.missionTable = true;
  document.addEventListener("click", function (e) {
    var cell = e.target.closest && e.target.closest("#map-grid .cells polygon");
    if (!cell) { return; }
    var form = document.querySelector(".mission-table form[data-tap]");
    if (!form) { return; }
    form.querySelector('input[name="' + form.dataset.tap + '"]').value = cell.dataset.label;
    form.requestSubmit();
  });
  // htmx swaps #main (a poll, a step); keep the poll from overwriting a form being filled in.
  document.addEventListener("htmx:beforeRequest", function (e) {
    var elt = e.detail.elt;
    if (elt && elt.hasAttribute("data-poll")) {
      var active = document.activeElement;
      if (active && active.form && active.value && active.closest(".mission-table")) { e.preventDefault(); }
    }
  });
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
})();
