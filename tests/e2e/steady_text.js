// Text that differs between runs whatever the code does, written one way before a page's
// picture is taken (tests/e2e/test_pictures.py): dates and times (when the test's world
// was made), ids (in links and invite addresses) and the test server's port.
() => {
  const months = "January|February|March|April|May|June|July|August|September|October|November|December"
    + "|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec";
  const same = [
    [/\b\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?)?/g, "2026-01-01 12:00"],
    [new RegExp(`\\b\\d{1,2} (?:${months})(?: \\d{4})?(?:,? \\d{2}:\\d{2})?\\b`, "g"), "1 Jan 2026 12:00"],
    [/\b\d{2}:\d{2}:\d{2}\b/g, "12:00:00"],
    [/\b(?:localhost|127\.0\.0\.1):\d+/g, "localhost:8000"],
    [/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, "00000000-0000-0000-0000-000000000000"],
    [/\/join\/[A-Za-z0-9_-]+/g, "/join/0000000000"],
  ];
  const steady = (text) => same.reduce((done, [pattern, fixed]) => done.replace(pattern, fixed), text);
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = steady(node.textContent);
    if (text !== node.textContent) { node.textContent = text; }
  }
  document.querySelectorAll("input").forEach((field) => { field.value = steady(field.value); });
}
