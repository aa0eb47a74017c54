// What is wrong with the page, as a list of sentences (empty when it fits): read by
// tests/e2e/test_phone_layout.py and run in the page.
() => {
  const problems = [];
  const width = window.innerWidth;
  const page = document.documentElement;
  if (page.scrollWidth > width) {
    problems.push(`the page is ${page.scrollWidth} px wide`);
  }
  const name = (element) => {
    const classes = typeof element.className === "string" && element.className.trim()
      ? "." + element.className.trim().split(/\s+/).join(".") : "";
    return element.tagName.toLowerCase() + (element.id ? "#" + element.id : "") + classes;
  };
  const hidden = (element) => element.closest(".visually-hidden, .visually-hidden-focusable, [hidden]");
  for (const element of document.querySelectorAll("main *")) {
    if (element.matches("input, textarea, select")) { continue; }
    const overflow = getComputedStyle(element).overflowX;
    if ((overflow === "auto" || overflow === "scroll") && element.scrollWidth > element.clientWidth + 1) {
      problems.push(`${name(element)} scrolls sideways (${element.scrollWidth} > ${element.clientWidth} px)`);
    }
  }
  const controls = "main button, main a.btn, main input:not([type=hidden]), main select, main textarea";
  for (const element of document.querySelectorAll(controls)) {
    const box = element.getBoundingClientRect();
    if ((box.width === 0 && box.height === 0) || hidden(element)) { continue; }
    if (box.left < -1 || box.right > width + 1) {
      const label = (element.textContent || element.name || "").trim().slice(0, 30);
      problems.push(`${name(element)} “${label}” is off the screen (${Math.round(box.left)}–${Math.round(box.right)} px)`);
    }
  }
  const main = document.querySelector("main");
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  const broken = new Set();
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const parent = node.parentElement;
    if (!parent || hidden(parent)) { continue; }
    for (const word of node.textContent.matchAll(/\S+/g)) {
      // A line may end after a dash or a slash: only a break inside letters is wrong.
      if (/[-–—\/]/.test(word[0]) || word[0].length < 2) { continue; }
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const lines = new Set(Array.from(range.getClientRects())
        .filter((box) => box.width > 0).map((box) => Math.round(box.bottom)));
      if (lines.size > 1) { broken.add(word[0]); }
    }
  }
  if (broken.size) {
    problems.push("words broken mid-word: " + Array.from(broken).slice(0, 8).join(", "));
  }
  return problems;
}
