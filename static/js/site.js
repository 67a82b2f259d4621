// Small page-shell helpers; every page works without them.
(function () {
  "use strict";
  // Close open drop-down menus (<details class="menu">) on Escape or a click elsewhere.
  function closeMenus(except) {
    document.querySelectorAll("details.menu[open]").forEach(function (menu) {
      if (menu !== except) menu.removeAttribute("open");
    });
  }
  document.addEventListener("click", function (event) {
    closeMenus(event.target.closest("details.menu"));
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") {
      var open = document.querySelector("details.menu[open]");
      if (open) {
        open.removeAttribute("open");
        open.querySelector("summary").focus();
      }
    }
  });
})();
