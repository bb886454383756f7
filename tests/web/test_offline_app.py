"""The offline web app, as a phone uses it: the built bundle (Python in Pyodide, no scorepad
server) served by a plain static host on 127.0.0.1, in Chromium on a profile that outlives the
browser, with every request to another host refused.

One scenario in steps, each named in a failure: start a game, play a round, reload mid-round
(trump and bids still there, because the browser held them durably before the reload), stop
the host and reload (the service worker starts the app), restart the browser on the same
profile with the host still gone (the game is still there, and still keeps score); then back
up and restore (on the same phone, and on another phone with a host and profile of its own),
a game shared as a link and a link opened (refused in a second tab, pasted in the app), and
the start's steps shown under the icon, in the theme chosen.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from scorepad.engine import RecordFile, pack_record
from scorepad.store import parse_backup
from scorepad.web_build import app_for
from tests.browser.harness import CHROMIUM_SESSION
from tests.browser.test_import_in_chromium import message_says
from tests.ui.test_game_links import a_whole_scotch_bridge_game
from tests.web.offline import (
    PYODIDE_START_MS,
    OtherHosts,
    StaticServer,
    WebAppPage,
    browser_profile,
    serving,
)

pytestmark = pytest.mark.browser

PLAYERS = ["Ann", "Bob", "Cat"]

WATCH_THE_STEPS = """(() => {
    // The start's steps as the page showed them (scorepad-starting), and the splash's colour
    // when first seen: read back once the app is up.
    const seen = window.__scorepadSteps = [];
    const watch = setInterval(() => {
        const line = document.getElementById("scorepad-starting-step");
        if (line === null) {
            if (seen.length) { seen.push("(gone)"); clearInterval(watch); }
            return;
        }
        if (!seen.length) {
            const splash = document.getElementById("loading");
            window.__scorepadSplash = splash ? getComputedStyle(splash).backgroundColor : null;
        }
        if (seen[seen.length - 1] !== line.textContent) seen.push(line.textContent);
    }, 10);
})();"""


def choose_theme(app: WebAppPage, button: str, kept: str) -> None:
    """Tap the theme button, and wait until the page's storage holds the choice."""
    before = app.revision()
    app.page.get_by_role("button", name=button).first.click()
    app.wait_for_change(before)
    app.page.wait_for_function(
        "kept => (localStorage.getItem('flutter.scorepad.theme') || '').includes(kept)",
        arg=kept,
        timeout=30000,
    )


def steps_shown(app: WebAppPage) -> list[str]:
    """The start's steps the page showed, once it has taken its line away."""
    app.page.wait_for_function(
        "() => (window.__scorepadSteps || []).includes('(gone)')", timeout=PYODIDE_START_MS
    )
    return list(app.page.evaluate("() => window.__scorepadSteps"))


@pytest.fixture
def host(web_build: Path) -> Iterator[StaticServer]:
    """The build on a static host (what ``scorepad serve-web`` serves), stoppable mid-test."""
    with serving(app_for(web_build)) as server:
        yield server


class Steps:
    """The scenario's steps: each is timed and named, and a failure inside one says which step
    it was, with a screenshot and the page's console kept in the test's folder."""

    def __init__(self, folder: Path, other_hosts: OtherHosts) -> None:
        self.folder = folder
        self.other_hosts = other_hosts
        self.times: list[tuple[str, float]] = []
        self.pages: list[WebAppPage] = []

    @contextmanager
    def step(self, name: str) -> Iterator[None]:
        started = time.monotonic()
        try:
            yield
        except Exception as problem:
            evidence = self._keep_evidence(len(self.times) + 1)
            raise AssertionError(f"step {name!r} failed: {problem}\n{evidence}") from problem
        self.times.append((name, time.monotonic() - started))

    def _keep_evidence(self, number: int) -> str:
        lines = [line for page in self.pages for line in page.console[-60:]]
        console = self.folder / f"step-{number}-console.txt"
        console.write_text("\n".join(lines))
        said = [f"console and taps: {console}", f"other hosts asked: {self.other_hosts.urls}"]
        if self.pages:
            shot = self.folder / f"step-{number}.png"
            try:
                self.pages[-1].page.screenshot(path=str(shot))
                said.append(f"screenshot: {shot}")
            except Exception as problem:  # the browser may be gone already
                said.append(f"no screenshot: {problem}")
        return "; ".join(said)

    def phone(self, context: BrowserContext, *, new_tab: bool = False) -> WebAppPage:
        page = context.pages[0] if context.pages and not new_tab else context.new_page()
        phone = WebAppPage(page)
        phone.evidence_dir = self.folder
        self.pages.append(phone)
        return phone

    def report(self) -> str:
        return "\n".join(f"{seconds:7.1f} s  {name}" for name, seconds in self.times)


def start(app: WebAppPage, variant: str, players: list[str]) -> None:
    """The browser tests' ``start`` (tests/browser/test_in_chromium.py), for this page."""
    app.tap("new-game")
    app.tap(f"variant-preset:{variant}")
    app.add_players(players)
    app.tap("start-game")
    app.wait_for("round-title")


def total_on_screen(app: WebAppPage, player: str) -> int:
    text = app.text_of(f"standing-{player}")
    match = re.search(rf"{player} (-?\d+)", text)
    assert match, f"no total for {player} in {text!r}"
    return int(match.group(1))


def back_in_the_game(app: WebAppPage, after: str) -> None:
    """After a start, be on the game's screen: the app may reopen it by itself (its route),
    or list it on the home screen, where a tap resumes it."""
    app.page.wait_for_selector(
        '[flt-semantics-identifier="round-title"], [flt-semantics-identifier="new-game"]',
        state="attached",
        timeout=PYODIDE_START_MS,
    )
    if app.by_id("round-title").count():
        return
    games = app.page.locator('[flt-semantics-identifier^="game-"]')
    try:  # the home screen lists the games as it draws: a short wait only for a slow frame
        games.first.wait_for(state="attached", timeout=5000)
    except PlaywrightTimeoutError:
        raise AssertionError(f"{after}: the game was lost: the home screen lists no game") from None
    assert games.count() == 1, f"{after}: expected one game on the home screen: {games.count()}"
    app.tap(games.first.get_attribute("flt-semantics-identifier") or "")
    app.wait_for("round-title")


def round_two_as_left(app: WebAppPage, after: str) -> None:
    """Round 2 as it was left: spades turned, Cat bid 1, Ann bid 0, Bob (the dealer) to bid."""
    back_in_the_game(app, after)
    title = app.text_of("round-title")
    assert "Round 2 of 18" in title, f"{after}: the game is not at round 2: {title!r}"
    trump = app.text_of("trump-note")
    assert "spades turned" in trump, f"{after}: the trump was lost: {trump!r}"
    bids = {name: app.cell_value(f"bid-{name}") for name in ("Cat", "Ann")}
    assert bids == {"Cat": "1", "Ann": "0"}, f"{after}: the bids were lost: {bids}"
    prompt = app.text_of("prompt")
    assert "Bob bids" in prompt, f"{after}: not waiting for Bob's bid: {prompt!r}"


def service_worker_controls(app: WebAppPage) -> bool:
    """Whether the page is controlled by an active service worker (after waiting for one)."""
    return bool(
        app.page.evaluate(
            """async () => {
                if (!('serviceWorker' in navigator)) return false;
                await navigator.serviceWorker.ready;
                return navigator.serviceWorker.controller !== null;
            }"""
        )
    )


@pytest.mark.timeout(1800)  # five Pyodide starts, each up to minutes on a loaded 2-core machine
def test_a_game_survives_a_reload_a_stopped_host_and_a_browser_restart(
    tmp_path: Path, host: StaticServer, web_build: Path
) -> None:
    other_hosts = OtherHosts()
    steps = Steps(tmp_path, other_hosts)
    profile = tmp_path / "profile"
    playwright = CHROMIUM_SESSION.playwright()
    with browser_profile(playwright, profile, other_hosts) as context:
        phone = steps.phone(context)
        context.add_init_script(WATCH_THE_STEPS)
        with steps.step("first load from the static host to the home screen"):
            phone.open(host.url)
            phone.wait_for("new-game", timeout=PYODIDE_START_MS)
            shown = steps_shown(phone)
            assert shown[0] in ("Starting scorepad…", "Loading scorepad (1 of 3)…"), shown
            for step in (
                "Saving scorepad on this device for offline use (first visit only)…",
                "Starting Python (2 of 3)…",
                "Opening your games (3 of 3)…",
            ):
                assert step in shown, shown

        with steps.step("start a Golf game for Ann, Bob and Cat"):
            start(phone, "golf", PLAYERS)
            assert "Ann deals" in phone.text_of("round-info")

        with steps.step("play round 1: trump, bids, tricks, record"):
            phone.tap("suit-hearts")
            for _ in PLAYERS:  # Bob, Cat, Ann bid 0
                phone.tap("pad-0")
            phone.tap("pad-1")  # Bob took the trick
            phone.tap("pad-0")  # Cat took none; Ann's 0 is filled in
            phone.tap("record-round")
            phone.wait_for("standing-Cat")
            assert total_on_screen(phone, "Bob") == 0  # bid 0, took 1: set
            assert total_on_screen(phone, "Cat") == 10

        with steps.step("round 2: choose trump, Cat and Ann bid, wait until saved"):
            assert "Round 2 of 18" in phone.text_of("round-title")
            phone.tap("suit-spades")
            phone.tap("pad-1")  # Cat bids 1
            phone.tap("pad-0")  # Ann bids 0
            revision = phone.revision()
            phone.wait_until_saved(revision)

        with steps.step("reload mid-round: trump and bids still there"):
            phone.reload()
            round_two_as_left(phone, "after a reload")

        with steps.step("the service worker controls the page"):
            assert service_worker_controls(phone), "no service worker controls the page"

        with steps.step("stop the static host, reload: the app starts from the cache"):
            host.stop()
            phone.reload()
            round_two_as_left(phone, "after a reload with the host stopped")
            shown = steps_shown(phone)
            assert "Starting Python (2 of 3)…" in shown, shown
            assert not any("first visit" in step for step in shown), shown

        with steps.step("dark theme chosen: the next start shows its steps in it"):
            phone.page.get_by_role("button", name="All games").first.click()
            phone.wait_for("new-game")
            choose_theme(phone, "Dark theme", "dark")
            phone.reload()
            steps_shown(phone)
            splash = phone.page.evaluate("() => window.__scorepadSplash")
            assert splash == "rgb(16, 20, 15)", splash  # the app's dark surface, #10140F
            choose_theme(phone, "Light theme", "light")
            back_in_the_game(phone, "after the theme was chosen")

    with browser_profile(playwright, profile, other_hosts) as context:
        phone = steps.phone(context)
        with steps.step("restart the browser on the profile, host still stopped"):
            phone.open(host.url)  # the app's own address, as its icon opens it
            # the game left open comes back by itself (the device kept it), not the list
            phone.wait_for("round-title", timeout=PYODIDE_START_MS)
            round_two_as_left(phone, "after a browser restart")

        with steps.step("it still keeps score: Bob bids, the tap is saved"):
            phone.tap("pad-0")  # Bob, the dealer, bids 0 (1 would make the bids add up)
            assert phone.cell_value("bid-Bob") == "0"
            phone.wait_until_saved(phone.revision())

        with steps.step("back up all games from the home screen, told why to"):
            phone.page.get_by_role("button", name="All games").first.click()
            phone.wait_for("back-up-all")
            note = phone.text_of("safety-note")
            assert "Safari" in note and "Add to Home Screen" in note, note
            with phone.page.expect_download(timeout=60000) as arrival:
                phone.by_id("back-up-all").first.click()
            backup = arrival.value
            assert backup.failure() is None
            data = Path(backup.path()).read_bytes()
            (game,) = parse_backup(data).games  # the file scorepad restore reads
            assert list(game.record.players) == PLAYERS
            assert len(game.record.rounds) == 1  # round 2 is being entered, not recorded

        with steps.step("restore it on the same phone: nothing new, nothing lost"):
            with phone.page.expect_file_chooser(timeout=60000) as chooser:
                phone.by_id("restore-backup").first.click()
            chooser.value.set_files(
                {"name": backup.suggested_filename, "mimeType": "application/json", "buffer": data}
            )
            phone.page.wait_for_function(
                "text => [...document.querySelectorAll('[flt-semantics-identifier=\"message\"] *')]"
                ".some(e => (e.getAttribute('aria-label') || '').includes(text))",
                arg="this device has all of it already",
                timeout=60000,
            )
            assert phone.page.locator('[flt-semantics-identifier^="game-"]').count() == 1

        with steps.step("share the game as a link: the offline app's own address and a QR"):
            games = phone.page.locator('[flt-semantics-identifier^="game-"]')
            phone.tap(games.first.get_attribute("flt-semantics-identifier") or "")
            phone.wait_for("round-title")
            phone.by_id("game-menu").first.click()
            entry = phone.page.get_by_role("menuitem", name="Share as a link")
            entry.wait_for(timeout=60000)
            entry.click()
            phone.wait_for("link-qr", timeout=60000)  # segno, in the browser
            phone.page.context.grant_permissions(
                ["clipboard-read", "clipboard-write"], origin=host.url.rstrip("/")
            )
            phone.tap("copy-link")
            assert phone.says("copy-note", "Copied: paste it in a message.", timeout=30)
            link = str(phone.page.evaluate("() => navigator.clipboard.readText()"))
            assert link.startswith(f"{host.url}#game=1."), link
            phone.tap("link-close")

        token = pack_record(RecordFile(record=a_whole_scotch_bridge_game().record).to_data())
        whole_game = f"{host.url}#game={token}"
        with steps.step("a link opened in a second tab: not imported there, told why"):
            second = steps.phone(context, new_tab=True)
            second.open(whole_game)
            message_says(second, "this tab keeps no games")
            assert second.by_id("confirm-question").count() == 0
            second.page.close()
            steps.pages.remove(second)

        with steps.step("the 25-round game's link pasted in the app: one tap imports it"):
            phone.page.get_by_role("button", name="All games").first.click()
            phone.tap("open-a-link")
            field = phone.page.get_by_role("textbox", name="The game's link").first
            field.wait_for(timeout=60000)
            phone._focus(field, "The game's link")
            phone.page.keyboard.insert_text(whole_game)  # one input event, as a paste is
            phone.tap("open-pasted")
            phone.wait_for("confirm-question", timeout=60000)
            phone.tap("confirm")
            phone.wait_for("standing-Ann", timeout=60000)
            message_says(phone, "Imported the game in this link as game ")
            phone.wait_until_saved(phone.revision())
            phone.page.get_by_role("button", name="All games").first.click()
            phone.wait_for("back-up-all")
            assert phone.page.locator('[flt-semantics-identifier^="game-"]').count() == 2

    with (
        serving(app_for(web_build)) as other_host,
        browser_profile(playwright, tmp_path / "other-phone", other_hosts) as context,
    ):
        other = steps.phone(context)
        with steps.step("the backup restored on another phone, in its offline app"):
            other.open(other_host.url)
            other.wait_for("restore-backup", timeout=PYODIDE_START_MS)
            assert other.page.locator('[flt-semantics-identifier^="game-"]').count() == 0
            with other.page.expect_file_chooser(timeout=60000) as chooser:
                other.by_id("restore-backup").first.click()
            chooser.value.set_files(
                {"name": backup.suggested_filename, "mimeType": "application/json", "buffer": data}
            )
            message_says(
                other, f"Restored 1 game and 3 players from '{backup.suggested_filename}'."
            )
            other.wait_until_saved(other.revision())
            games = other.page.locator('[flt-semantics-identifier^="game-"]')
            games.first.wait_for(timeout=60000)
            other.tap(games.first.get_attribute("flt-semantics-identifier") or "")
            other.wait_for("round-title")
            # as backed up: round 2 with every bid in (Bob's 0 came after the restart)
            assert "Round 2 of 18" in other.text_of("round-title")
            assert "spades turned" in other.text_of("trump-note")
            bids = {name: other.cell_value(f"bid-{name}") for name in ("Cat", "Ann", "Bob")}
            assert bids == {"Cat": "1", "Ann": "0", "Bob": "0"}, bids

    print(f"\nsteps of the offline scenario:\n{steps.report()}")
    assert other_hosts.urls == [], f"the page asked other hosts: {other_hosts.urls}"
