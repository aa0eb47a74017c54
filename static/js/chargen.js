/* Chargen's page behaviour, in one static file so the Content-Security-Policy can forbid
   inline scripts and handlers. Everything here is a convenience: each form also works
   without JavaScript, and the server checks every value again.

   Wizard steps are swapped in by htmx, so set-up runs on every piece of new content
   (htmx.onLoad: the page at load, then each swap); typing and clicking are listened for
   once, on the document. */
(function () {
  "use strict";

  // Point buy: the points left, and a field outside 2..12 marked, as the player types.
  function updatePointBuy(form) {
    const budget = Number(form.dataset.budget);
    let spent = 0;
    form.querySelectorAll("[data-point]").forEach((input) => {
      const value = Number(input.value || 0);
      spent += value;
      input.classList.toggle("is-invalid", value < 2 || value > 12);
    });
    const left = budget - spent;
    const shown = form.querySelector("#points-left");
    if (!shown) { return; }
    shown.textContent = left;
    shown.classList.toggle("text-danger", left !== 0);
  }

  // A new race: what is added and taken off, checked against the book's limits
  // (carried by the form's data-most-added, data-most-on-one and data-lowest).
  function updateRaceProposal(form) {
    const mostAdded = Number(form.dataset.mostAdded);
    const mostOnOne = Number(form.dataset.mostOnOne);
    const lowest = Number(form.dataset.lowest);
    let added = 0;
    let removed = 0;
    const problems = [];
    form.querySelectorAll("[data-adjust]").forEach((input) => {
      const delta = Number(input.value || 0);
      if (delta > 0) { added += delta; } else { removed -= delta; }
      const bad = delta > mostOnOne || Number(input.dataset.value) + delta < lowest;
      input.classList.toggle("is-invalid", bad);
      if (bad) { problems.push(input.id.replace("adjust-", "")); }
    });
    if (added > mostAdded) { problems.push("at most " + mostAdded + " points added"); }
    if (added !== removed) { problems.push("added and taken off must match"); }
    const check = form.querySelector("#race-check");
    if (!check) { return; }
    check.textContent = "Added " + added + ", taken off " + removed + "." +
      (problems.length ? " Check: " + problems.join(", ") + "." : " Within the book's limits.");
  }

  // The elements matching `selector` in `root`, `root` itself included.
  function within(root, selector) {
    const found = Array.from(root.querySelectorAll(selector));
    return root.matches && root.matches(selector) ? [root, ...found] : found;
  }

  // An error the server sent back (after a swap or on a page load) is scrolled into
  // view: on a phone it may sit far above the button that was pressed. Only errors
  // shown on the screen count, and one already in view is left where it is; one under
  // something drawn over it (the token sheet's sticky roll bar) is not in view.
  const ERRORS = "#step-error, .alert-danger, .invalid-feedback";

  function seen(element, box) {
    if (box.top < 0 || box.bottom > window.innerHeight) { return false; }
    const found = document.elementFromPoint(box.left + Math.min(box.width / 2, 8), box.top + box.height / 2);
    return Boolean(found) && element.contains(found);
  }

  function showError(root) {
    const error = within(root, ERRORS).find((element) => element.getClientRects().length);
    if (!error) { return; }
    const box = error.getBoundingClientRect();
    if (seen(error, box)) { return; }
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    error.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
  }

  // A history reason turns "lose the roll" into taking the increase: the button says so.
  function updateReasonButton(box) {
    const button = document.getElementById(box.dataset.reasonFor);
    if (!button || !button.dataset.labelEmpty) { return; }
    const given = box.value.trim() !== "";
    button.textContent = given ? button.dataset.labelReason : button.dataset.labelEmpty;
    button.classList.toggle(button.dataset.classEmpty, !given);
    button.classList.toggle(button.dataset.classReason, given);
  }

  // The Drifting token cards: each [data-presses] button stands for one checkbox of the
  // roll form (its id), shows its state as aria-pressed and, pressed, ticks or unticks it
  // and sends the change that asks the server for the odds. The checkboxes stay in the
  // form (they are what is sent) but out of sight, so each choice is offered once.
  function pressedState(button) {
    const box = document.getElementById(button.dataset.presses);
    if (!box) { return; }
    button.setAttribute("aria-pressed", box.checked ? "true" : "false");
    button.disabled = box.disabled;
    button.hidden = false;
  }

  function takeOverCheckboxes(group) {
    const form = group.closest("form");
    if (!form) { return; }
    const buttons = within(form, "[data-presses]");
    if (!buttons.length) { return; }
    buttons.forEach(pressedState);
    group.classList.add("replaced");
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest("[data-presses]");
    if (!button) { return; }
    const box = document.getElementById(button.dataset.presses);
    if (!box || box.disabled) { return; }
    box.checked = !box.checked;
    pressedState(button);
    box.dispatchEvent(new Event("change", { bubbles: true }));
  });

  function setUp(root) {
    showError(root);
    within(root, "[data-reason-for]").forEach(updateReasonButton);
    within(root, "#point-buy").forEach(updatePointBuy);
    within(root, "#race-proposal").forEach(updateRaceProposal);
    // Reference tables fold away on a phone; on a wide screen they start open.
    if (window.matchMedia && window.matchMedia("(min-width: 768px)").matches) {
      within(root, "details[data-open-wide]").forEach((details) => { details.open = true; });
    }
    within(root, "[data-token-checkboxes]").forEach(takeOverCheckboxes);
    if (navigator.clipboard && window.isSecureContext) {
      within(root, "[data-copy-target]").forEach((button) => { button.hidden = false; });
    }
    // A [data-plain-confirm] box asks only when htmx cannot: with htmx, the form's
    // hx-confirm dialog asks instead (and its hx-vals send the confirmation).
    if (window.htmx) {
      within(root, "[data-plain-confirm]").forEach((box) => box.remove());
    }
  }

  document.addEventListener("input", (event) => {
    const form = event.target.closest && event.target.closest("form");
    if (!form) { return; }
    if (form.id === "point-buy") { updatePointBuy(form); }
    if (form.id === "race-proposal") { updateRaceProposal(form); }
    if (event.target.dataset && event.target.dataset.reasonFor) { updateReasonButton(event.target); }
  });

  // History notes. htmx saves a [data-note-field] as the player types
  // (hx-trigger on the field); here: its counter "N / LIMIT", its state in the live
  // region (not saved yet, saving, saved, not saved), and a warning before leaving
  // the page while a note or the history form holds text that is not saved.
  const NOTE_WORDS = {
    pending: "Not saved yet",
    saving: "Saving…",
    failed: "Not saved: the server could not be reached. Your text is still here; type to try again."
  };

  function noteStatus(field) {
    return document.getElementById("note-status-" + field.dataset.noteField);
  }

  function updateNoteCount(field) {
    const count = document.getElementById("note-count-" + field.dataset.noteField);
    if (count) { count.textContent = field.value.length + " / " + field.dataset.noteLimit; }
  }

  function setNoteState(field, state, words) {
    field.dataset.noteState = state;
    const failed = state === "failed";
    field.classList.toggle("is-invalid", failed);
    if (failed) { field.setAttribute("aria-invalid", "true"); } else { field.removeAttribute("aria-invalid"); }
    const status = noteStatus(field);
    if (status && words !== undefined) { status.textContent = words; }
  }

  function noteFieldOf(detail) {
    const elt = detail && (detail.requestConfig ? detail.requestConfig.elt : detail.elt);
    return elt && elt.matches && elt.matches("[data-note-field]") ? elt : null;
  }

  document.addEventListener("input", (event) => {
    const field = event.target;
    if (field.matches && field.matches("[data-note-field]")) {
      updateNoteCount(field);
      setNoteState(field, "pending", NOTE_WORDS.pending);
    } else if (typed(field)) {
      field.form.dataset.dirty = "true";
    }
  });

  // Text typed into a form marked data-warn-unsaved (on the form, or on a wrapper where
  // the form is drawn by crispy's {% crispy %} tag); ticking a box is quick to redo.
  const NOT_TYPED = ["checkbox", "radio", "hidden", "submit", "button", "range", "file", "color"];

  function typed(field) {
    if (!field.form || !field.form.closest("[data-warn-unsaved]")) { return false; }
    if (field.matches("textarea")) { return true; }
    return field.matches("input") && !NOT_TYPED.includes(field.type);
  }

  // Sending the form is not leaving it: the mark goes before the page (plain form) or
  // htmx (which swaps the answer in) moves on, so neither asks.
  document.addEventListener("submit", (event) => {
    if (event.target.dataset) { delete event.target.dataset.dirty; }
  }, true);

  // ... unless it comes back: a refusal redraws the form with what was typed (its field
  // marked is-invalid), and a request that failed leaves the form as it was. Either way
  // the text is still unsaved, so leaving asks again.
  function markTypedForms(root, refusedOnly) {
    if (!root || !root.querySelectorAll) { return; }
    const forms = root.matches && root.matches("form") ? [root] : root.querySelectorAll("form");
    forms.forEach((form) => {
      if (!form.closest("[data-warn-unsaved]")) { return; }
      if (refusedOnly && !form.querySelector(".is-invalid")) { return; }
      const hasText = Array.from(form.elements).some((field) => typed(field) && field.value.trim());
      if (hasText) { form.dataset.dirty = "true"; }
    });
  }

  // The whole page is looked at: an outerHTML swap's target is the element it replaced.
  document.addEventListener("htmx:afterSettle", () => {
    markTypedForms(document, true);
  });

  document.addEventListener("htmx:afterRequest", (event) => {
    if (event.detail && !event.detail.successful) {
      const form = event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("form");
      markTypedForms(form, false);
    }
  });

  document.addEventListener("htmx:beforeRequest", (event) => {
    const field = noteFieldOf(event.detail);
    if (!field) { return; }
    field.dataset.noteSent = field.value;
    setNoteState(field, "saving", NOTE_WORDS.saving);
  });

  // The answer's fragment says saved or why not (a refusal, e.g. too long, is a 200
  // whose fragment carries data-note-state="failed"); text typed since stays pending.
  document.addEventListener("htmx:afterRequest", (event) => {
    const field = noteFieldOf(event.detail);
    if (!field) { return; }
    if (!event.detail.successful) {
      setNoteState(field, "failed", NOTE_WORDS.failed);
      return;
    }
    const status = noteStatus(field);
    const answer = status && status.querySelector("[data-note-state]");
    const state = answer ? answer.dataset.noteState : "failed";
    if (state === "saved" && field.value !== field.dataset.noteSent) {
      setNoteState(field, "pending");
    } else {
      setNoteState(field, state);
    }
  });

  // A save appended a note where the page expected its next step: every form on the
  // page that carried that one-time key moves on with it (views_notes.py).
  document.addEventListener("chargen-log-moved", (event) => {
    const moved = event.detail || {};
    document.querySelectorAll("input[name='sequence']").forEach((input) => {
      if (Number(input.value) === Number(moved.from)) { input.value = String(moved.to); }
    });
  });

  // A start form's one-time key (chargen/core/start_key.py) across Back. The start page
  // is never stored, so Back draws it afresh with a new key while the browser puts back
  // what was typed, and Start again would make a second character. The key each start
  // form is sent with is kept for this tab under the page's address; a page reached by
  // Back or Forward sends it again, and the server finds the character the first press
  // made. A visit that is not Back or Forward keeps the page's new key: a new character.
  // Each key is kept under its field's name: a page with two start forms (the dice
  // rollers' list) prefixes them ("unique-start_key", "mana-start_key").
  const START_KEYS = "chargen:start-key:";
  const START_KEY_FIELDS = "input[name='start_key'], input[name$='-start_key']";
  function keptStore() {
    try { return window.sessionStorage; } catch (error) { return null; }  // storage refused
  }
  function keptName(field) { return START_KEYS + location.pathname + ":" + field.name; }
  document.addEventListener("submit", (event) => {
    const key = event.target.querySelector && event.target.querySelector(START_KEY_FIELDS);
    const store = keptStore();
    if (key && key.value && store) { store.setItem(keptName(key), key.value); }
  });
  function restoreStartKeys() {
    const arrival = performance.getEntriesByType("navigation")[0];
    const store = keptStore();
    if (!arrival || arrival.type !== "back_forward" || !store) { return; }
    document.querySelectorAll(START_KEY_FIELDS).forEach((key) => {
      const kept = store.getItem(keptName(key));
      if (kept) { key.value = kept; }
    });
  }
  restoreStartKeys();

  window.addEventListener("beforeunload", (event) => {
    const unsaved = document.querySelector(
      "[data-note-field][data-note-state='pending'], [data-note-field][data-note-state='saving'], " +
      "[data-note-field][data-note-state='failed'], form[data-dirty]"
    );
    if (unsaved) {
      event.preventDefault();
      event.returnValue = "";
    }
  });

  // After an htmx swap (issue 12, accessibility): a new dice result is said aloud through
  // the page's polite live region (#announcer, in base.html, never swapped itself), and
  // focus moves to the first field in error or else to the updated region's heading:
  // the heading above a new roll, the region's [data-swap-heading] (the wizard's step),
  // or its first heading. Focus moves only when a form was sent or the focused element
  // was swapped away, never while the player types in a field htmx saves as they go.
  const ANNOUNCED = "[data-announce]";
  const INVALID = "[aria-invalid='true'], .is-invalid";
  const HEADINGS = "h1, h2, h3, h4, h5, h6";
  let rollsBefore = new Set();
  let settled = [];

  function rollKeys() {
    return new Set(Array.from(document.querySelectorAll(ANNOUNCED), (roll) => roll.dataset.sequence));
  }

  // The words a screen reader would say: each die's aria-label, not its bare face.
  function spoken(element) {
    if (element.nodeType === Node.TEXT_NODE) { return element.textContent; }
    if (element.nodeType !== Node.ELEMENT_NODE || element.getAttribute("aria-hidden") === "true") { return ""; }
    if (element.hasAttribute("aria-label")) { return " " + element.getAttribute("aria-label") + " "; }
    return Array.from(element.childNodes, spoken).join("");
  }

  function announce(text) {
    const region = document.getElementById("announcer");
    if (!region || !text) { return; }
    // Emptied first, so the same words twice (two equal rolls) are said twice.
    region.textContent = "";
    window.setTimeout(() => { region.textContent = text; }, 50);
  }

  function shown(element) {
    return element.getClientRects().length > 0;
  }

  function headingOf(section) {
    return section ? Array.from(section.querySelectorAll(HEADINGS)).find(shown) : null;
  }

  function focusTarget(region, newRolls) {
    const field = within(region, INVALID).find((element) => element.matches("input, select, textarea") && shown(element));
    if (field) { return field; }
    // The next roll, where nothing is to be decided, is offered where the eye already is:
    // focused (and so scrolled to). Never a choice: Enter pressed twice must not decide.
    const next = within(region, "[data-next-action]").find(shown);
    if (next && !newRolls.length) { return next; }
    const rollSection = newRolls.length ? newRolls[0].closest("section") : null;
    return (rollSection && region.contains(rollSection) && headingOf(rollSection)) ||
      within(region, "[data-swap-heading]").find(shown) || headingOf(region) || region;
  }

  function afterSwaps(detail) {
    const regions = settled.filter((element) => element.isConnected && element.nodeType === Node.ELEMENT_NODE);
    settled = [];
    if (!regions.length) { return; }
    const newRolls = regions.flatMap((region) => within(region, ANNOUNCED))
      .filter((roll) => !rollsBefore.has(roll.dataset.sequence));
    // The dice of a roll just made tumble in (chargen.css; still under reduced motion).
    newRolls.forEach((roll) => within(roll, ".die").forEach((die) => die.classList.add("die-rolled")));
    if (newRolls.length) {
      const phrases = newRolls.map((roll) => spoken(roll.closest("li, p, h3, h4, h5, h6, .alert, section") || roll));
      announce(phrases.join(". ").replace(/\s+/g, " ").trim());
    }
    // The live table's strip and its socket's updates arrive on their own, unasked:
    // they never take the focus from where the player is.
    if (regions.every((region) => region.closest("[data-live-table], #table-strip"))) { return; }
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected;
    const request = detail && detail.requestConfig;
    const sent = request && request.triggeringEvent && request.triggeringEvent.type === "submit";
    if (!lost && !sent) { return; }
    // The request's own target (found again by id once an outerHTML swap replaced it).
    const aimed = detail && detail.target;
    const region = (aimed && aimed.isConnected && aimed) ||
      (aimed && aimed.id && document.getElementById(aimed.id)) || regions[regions.length - 1];
    const target = focusTarget(region, newRolls);
    if (!target.matches("input, select, textarea, button, a[href], [tabindex]")) {
      target.setAttribute("tabindex", "-1");
    }
    // An error is scrolled into view by showError; the focus must not scroll it away.
    const error = within(region, ERRORS).find(shown);
    target.focus({ preventScroll: Boolean(error) && !target.matches(INVALID) });
  }

  document.addEventListener("htmx:beforeSwap", () => { rollsBefore = rollKeys(); });

  document.addEventListener("htmx:afterSettle", (event) => {
    // One request may settle several elements (out-of-band swaps): handled together.
    if (!settled.length) { window.setTimeout(() => afterSwaps(event.detail), 0); }
    settled.push(event.target);
  });

  // <button data-print>: the browser's print dialog.
  document.addEventListener("click", (event) => {
    if (event.target.closest && event.target.closest("[data-print]")) {
      window.print();
    }
  });

  // The navbar's menu button on small screens (Bootstrap's collapse, without loading
  // Bootstrap's 80 KB JavaScript bundle for this one widget): .show opens the menu.
  document.addEventListener("click", (event) => {
    const toggler = event.target.closest && event.target.closest("[data-nav-toggle]");
    if (!toggler) { return; }
    const menu = document.getElementById(toggler.getAttribute("aria-controls"));
    if (!menu) { return; }
    const open = menu.classList.toggle("show");
    toggler.setAttribute("aria-expanded", open ? "true" : "false");
    toggler.classList.toggle("collapsed", !open);
  });

  // <input data-select-on-focus>: the whole value selected, ready to copy (invite links).
  document.addEventListener("focusin", (event) => {
    if (event.target.matches && event.target.matches("[data-select-on-focus]")) {
      event.target.select();
    }
  });

  // <button data-copy-target="id">: copies that input's value with the Clipboard API.
  // Hidden until set-up finds the API (a secure page in a modern browser); without it
  // the text stays there to select and copy by hand.
  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest("[data-copy-target]");
    if (!button) { return; }
    const id = button.dataset.copyTarget;
    const source = document.getElementById(id);
    const status = document.querySelector(`[data-copy-status="${id}"]`);
    if (!source) { return; }
    const say = (text) => { if (status) { status.textContent = text; } };
    navigator.clipboard.writeText(source.value).then(
      () => say("Copied. Paste it to your players."),
      () => { source.focus(); source.select(); say("Could not copy: the link is selected, copy it by hand."); }
    );
  });

  if (window.htmx) {
    window.htmx.onLoad(setUp);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => setUp(document));
  } else {
    setUp(document);
  }
})();
