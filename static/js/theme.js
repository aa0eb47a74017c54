/* The colour mode: Bootstrap's data-bs-theme on <html>, "light" or "dark".
   base.html loads this file in <head> without defer, so the mode is set before the page
   is first painted (no white flash on a dark screen). The choice is the navbar's switch
   (light, dark or auto), kept in localStorage; "auto", the default, follows the system
   setting and changes with it. Paper is always printed in the light mode. */
(function () {
  "use strict";
  const KEY = "chargen-theme";
  const CHOICES = ["light", "dark", "auto"];
  const systemDark = window.matchMedia("(prefers-color-scheme: dark)");
  const root = document.documentElement;

  // Storage may be refused (a private window, a policy): then the choice is "auto".
  function stored() {
    try {
      const choice = window.localStorage.getItem(KEY);
      return CHOICES.includes(choice) ? choice : "auto";
    } catch (error) {
      return "auto";
    }
  }

  function showChoice(choice) {
    document.querySelectorAll("[data-theme-choice]").forEach((button) => {
      button.setAttribute("aria-pressed", String(button.dataset.themeChoice === choice));
    });
  }

  function apply(choice) {
    const dark = choice === "dark" || (choice === "auto" && systemDark.matches);
    root.setAttribute("data-bs-theme", dark ? "dark" : "light");
    showChoice(choice);
  }

  apply(stored());
  systemDark.addEventListener("change", () => apply(stored()));
  window.addEventListener("beforeprint", () => root.setAttribute("data-bs-theme", "light"));
  window.addEventListener("afterprint", () => apply(stored()));
  // The switch is in the page's body, parsed after this script ran.
  document.addEventListener("DOMContentLoaded", () => showChoice(stored()));

  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest("[data-theme-choice]");
    if (!button) { return; }
    const choice = button.dataset.themeChoice;
    try {
      window.localStorage.setItem(KEY, choice);
    } catch (error) {
      // Not kept: the choice holds for this page only.
    }
    apply(choice);
  });
})();
