"""Reading HTML the way the Content-Security-Policy does: what it would block.

Shared by the template scan and the page walk in test_csp.py (and usable on any page):
each finding names what a browser under our policy would refuse, or what would need
eval (htmx evaluates hx-on, js: values and trigger filters with Function).
"""

from __future__ import annotations

import base64
import hashlib
import re

TAG = re.compile(r"<[a-zA-Z][^>]*>")
SCRIPT_TAG = re.compile(r"<script\b[^>]*>", re.IGNORECASE)
STYLE_ELEMENT = re.compile(r"<style\b[^>]*>(.*?)</style>", re.IGNORECASE | re.DOTALL)
NONCE = re.compile(r"""\bnonce\s*=\s*["']([^"']*)["']""")

# Within one tag: an attribute that is code or style, or htmx asking for eval.
IN_TAG = {
    "inline event handler": re.compile(r"\son[a-z]+\s*=", re.IGNORECASE),
    "style attribute": re.compile(r"\sstyle\s*=", re.IGNORECASE),
    "javascript: URL": re.compile(r"javascript:", re.IGNORECASE),
    "hx-on (needs eval)": re.compile(r"\s(data-)?hx-on\b", re.IGNORECASE),
    "hx-vars (needs eval)": re.compile(r"\s(data-)?hx-vars\b", re.IGNORECASE),
    "js: value (needs eval)": re.compile(
        r"""\s(data-)?hx-(vals|headers)\s*=\s*["']\s*(js|javascript):""", re.IGNORECASE
    ),
    "hx-trigger filter (needs eval)": re.compile(
        r"""\s(data-)?hx-trigger\s*=\s*("[^"]*\[|'[^']*\[)""", re.IGNORECASE
    ),
}


def style_hash(css: str) -> str:
    """The CSP source that allows exactly this <style> element's text."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(css.encode()).digest()).decode() + "'"


def inline_code(html: str, *, style_hashes: set[str]) -> list[str]:
    """Everything in `html` our policy would block: inline scripts, handlers, styles."""
    found = []
    for tag in TAG.findall(html):
        found += [f"{what}: {tag}" for what, pattern in IN_TAG.items() if pattern.search(tag)]
    for tag in SCRIPT_TAG.findall(html):
        if "src=" not in tag:
            found.append(f"inline script: {tag}")
    for css in STYLE_ELEMENT.findall(html):
        if style_hash(css) not in style_hashes:
            found.append(f"<style> element whose hash {style_hash(css)} the policy lacks")
    return found


def script_tags(html: str) -> list[tuple[str, str | None]]:
    """Each <script> tag with its nonce (None for a tag without one)."""
    found: list[tuple[str, str | None]] = []
    for tag in SCRIPT_TAG.findall(html):
        match = NONCE.search(tag)
        found.append((tag, match.group(1) if match else None))
    return found


def script_nonces(html: str) -> list[str | None]:
    """The nonce of each <script> tag (None for a tag without one)."""
    return [nonce for _, nonce in script_tags(html)]


def parse_policy(header: str) -> dict[str, list[str]]:
    """`default-src 'self'; img-src 'self' data:` as {directive: [sources]}."""
    directives = {}
    for part in header.split(";"):
        if part.strip():
            name, *sources = part.split()
            directives[name] = sources
    return directives
