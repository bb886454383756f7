"""A lost connection is said at once, and so is its return: instead of Flet's silent spinner,
the page shows "Connection lost – reconnecting…" within a second of the server going away,
over the screen as it was (still readable, taking no tap), then "Connected again" once the
client is back, and the notice goes. At 390x844, in headless
Chromium, against the real server killed as a crash would kill it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorepad.engine import GameRecord
from scorepad.i18n import LANGUAGES
from scorepad.i18n.catalogues import translations
from scorepad.store import open_store
from scorepad.ui.web_notice import NOTICE_SENTENCES
from tests.browser.harness import AppPage, free_port, phone_page, require_chromium
from tests.browser.restarts import (
    NOTICE,
    notice_state,
    server,
    wait_for_notice,
)

pytestmark = pytest.mark.browser
PHONE = (390, 844)
OFFERED = {language.code for language in LANGUAGES}
NOTICED_WITHIN_SECONDS = 1.0


@pytest.fixture(autouse=True)
def chromium_present() -> None:
    require_chromium()


@pytest.fixture
def phone(tmp_path: Path) -> Iterator[AppPage]:
    with phone_page(tmp_path, *PHONE) as app:
        yield app


FROZEN = "#scorepad-connection-frozen"
"""The copy of the screen as it was, kept in view while the connection is lost."""


COLOURS_JS = """canvas => {
    const copy = document.createElement("canvas");
    copy.width = canvas.width;
    copy.height = canvas.height;
    const context = copy.getContext("2d");
    context.drawImage(canvas, 0, 0);
    const pixels = context.getImageData(0, 0, copy.width, copy.height).data;
    const colours = new Set();
    for (let i = 0; i < pixels.length; i += 4 * 97) {
        colours.add(pixels.slice(i, i + 4).join(","));
    }
    return colours.size;
}"""
"""How many colours a sample of a canvas's pixels has: a few for a blank page or Flet's
spinner, a hundred or so for a game screen."""

DRAWN = 20
"""More colours than the spinner's page has: the screen is drawn."""


def wait_until_drawn(phone: AppPage) -> None:
    """Wait until the game screen's pixels are on the canvas, not only in the accessibility
    tree (pixels lag behind it)."""
    phone.page.wait_for_function(
        f"""() => {{
            const colours = {COLOURS_JS};
            const search = root => {{
                for (const canvas of root.querySelectorAll("canvas")) {{
                    if (canvas.width && colours(canvas) > {DRAWN}) return true;
                }}
                for (const element of root.querySelectorAll("*")) {{
                    if (element.shadowRoot && search(element.shadowRoot)) return true;
                }}
                return false;
            }};
            return search(document);
        }}""",
        timeout=30000,
        polling=100,
    )


def assert_the_screen_stays_readable_and_takes_no_tap(phone: AppPage) -> None:
    """Behind the notice the screen as it was can still be read (Flet's client has put its
    spinner in its place): no dark scrim, and a copy of the last frame fills the viewport.
    Every tap still lands on the notice's clear layer, never on the app below."""
    seen = phone.page.evaluate(
        """([notice, frozen]) => {
            const layer = document.querySelector(notice);
            const copy = document.querySelector(frozen);
            const box = copy ? copy.getBoundingClientRect() : null;
            const hit = document.elementFromPoint(innerWidth / 2, innerHeight / 3);
            return {
                background: getComputedStyle(layer).backgroundColor,
                box: box && [box.left, box.top, box.width, box.height],
                colours: copy ? (COLOURS)(copy) : 0,
                tapLandsOnTheNotice: layer.contains(hit),
            };
        }""".replace("COLOURS", COLOURS_JS),
        [NOTICE, FROZEN],
    )
    assert seen["background"] == "rgba(0, 0, 0, 0)", seen  # clear, not a grey scrim
    assert seen["box"] == [0, 0, PHONE[0], PHONE[1]], seen
    assert seen["colours"] > DRAWN, f"the copy is not the game screen: {seen}"
    assert seen["tapLandsOnTheNotice"], seen


def test_a_killed_server_is_said_within_a_second_and_its_return_too(
    tmp_path: Path, phone: AppPage
) -> None:
    game_id = (
        open_store(tmp_path)
        .create_game(
            GameRecord.from_data({"variant": "golf", "players": ["Ann", "Bob", "Cat", "Dan"]})
        )
        .id
    )
    with server(free_port(), tmp_path) as app:
        phone.open(f"{app.url}game/{game_id}")
        phone.wait_for("round-title")
        wait_until_drawn(phone)
        assert notice_state(phone) is None  # nothing is said while all is well

        killed = time.monotonic()
        app.stop(kill=True)
        wait_for_notice(phone, "lost", timeout=10000)
        noticed = time.monotonic() - killed
        phone.note(f"the lost connection was said {noticed * 1000:.0f} ms after the kill")
        assert noticed < NOTICED_WITHIN_SECONDS, f"said only after {noticed:.2f} s"

        notice = phone.page.get_by_role("status").filter(has_text="Connection lost")
        assert notice.is_visible()
        assert "Connection lost – reconnecting…" in notice.inner_text()
        assert phone.page.locator(NOTICE).get_attribute("aria-live") == "assertive"
        box = notice.bounding_box()
        assert box is not None
        assert box["x"] >= 0
        assert box["y"] >= 0
        assert box["x"] + box["width"] <= PHONE[0]
        assert box["y"] + box["height"] <= PHONE[1]
        assert_the_screen_stays_readable_and_takes_no_tap(phone)

        app.start()  # same port, same folder
        wait_for_notice(phone, "back")
        back = phone.page.get_by_role("status").filter(has_text="Connected again")
        assert back.is_visible()
        assert phone.page.locator(FROZEN).count() == 0  # the live screen again
        phone.wait_for("round-title")  # the same game, without a reload
        wait_for_notice(phone, "hidden", timeout=10000)
        assert not phone.page.get_by_role("status").filter(has_text="Connect").is_visible()


@pytest.mark.skipif("de" not in OFFERED, reason="German is still being translated")
def test_a_german_phone_is_told_in_german(tmp_path: Path) -> None:
    """The notice is drawn by the page, not by the app, so it reads the browser's languages
    itself: a German phone reads the catalogue's German, never the English."""
    german = translations("de").gettext
    lost, back = german(NOTICE_SENTENCES["lost"]), german(NOTICE_SENTENCES["back"])
    assert lost != NOTICE_SENTENCES["lost"]
    with (
        phone_page(tmp_path, *PHONE, locale="de-DE") as phone,
        server(free_port(), tmp_path) as app,
    ):
        phone.open(app.url)
        phone.wait_for("new-game")
        app.stop(kill=True)
        wait_for_notice(phone, "lost", timeout=10000)
        notice = phone.page.get_by_role("status").filter(has_text=lost)
        assert notice.is_visible()
        assert "Connection lost" not in phone.page.locator(NOTICE).inner_text()
        assert phone.page.locator(NOTICE).get_attribute("dir") == "ltr"
        app.start()
        wait_for_notice(phone, "back")
        assert phone.page.get_by_role("status").filter(has_text=back).is_visible()
