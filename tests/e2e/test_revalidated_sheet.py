"""A sheet reloaded while unchanged comes back as a 304 and still works, in a real browser.

The browser keeps the sheet (private, no-cache) with the nonce its scripts were drawn
with; the 304 draws nothing, so its policy header names no nonce. The scripts are the
site's own files, allowed by 'self', so the kept page must still run them: the htmx odds
preview answers, and the browser reports no policy violation.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from playwright.sync_api import Page, Response, expect
from pytest_django.live_server_helper import LiveServer

from chargen.rollers import services
from tests.conftest import PASSWORD


def test_an_unchanged_sheet_reloads_from_a_304_and_its_scripts_still_run(
    page: Page, live_server: LiveServer, transactional_db: None
) -> None:
    owner = get_user_model().objects.create_user("bob", "bob@example.org", PASSWORD)
    brian = services.unique_character_create(owner=owner, name="Brian")
    violations: list[str] = []
    errors: list[str] = []
    page.expose_binding("reportViolation", lambda _source, text: violations.append(text))
    page.add_init_script(
        'document.addEventListener("securitypolicyviolation", (event) => '
        "window.reportViolation(`${event.violatedDirective} ${event.blockedURI}`));"
    )
    page.on("pageerror", lambda error: errors.append(str(error)))
    base = live_server.url
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill("bob")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_text("Signed in as bob")).to_be_visible()
    address = f"{base}/rollers/unique/{brian.pk}/"
    page.goto(address)
    expect(page.get_by_role("heading", name="Brian")).to_be_visible()

    revalidations: list[tuple[str, str]] = []

    def seen(response: Response) -> None:
        if response.url == address:
            # Chromium reports the kept page as the answer; the server's own headers are
            # the 304's: an empty body, and the ETag the browser asked about.
            sent = response.request.all_headers().get("if-none-match", "")
            revalidations.append((sent, response.all_headers().get("content-length", "")))

    page.on("response", seen)
    page.reload()
    expect(page.get_by_role("heading", name="Brian")).to_be_visible()
    page.wait_for_load_state()
    assert len(revalidations) == 1
    sent, length = revalidations[0]
    assert sent
    assert length == "0"

    roll_form = page.locator("#roll-form")
    roll_form.get_by_label("Universal attribute").select_option(index=0)
    roll_form.get_by_label("Number the GM names").fill("7")
    expect(page.locator("#odds #needed-chance")).to_contain_text("%")
    assert violations == []
    assert errors == []
