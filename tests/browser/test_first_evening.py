"""What a first evening with scorepad tripped over (issue 19), each in Chromium at 390x844.

Typing is tested as fingers and phone keyboards send it: keys 30 ms apart, Enter straight
after a name, no pause for the screen to catch up.
"""

from __future__ import annotations

import io
import random
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import cast

import pytest
from playwright.sync_api import FilePayload, FloatRect, Request, expect

from scorepad.engine import GOLF, GameRecord, PlayedTimes
from scorepad.store import open_store
from scorepad.ui.state import ScorepadApp
from tests.browser.harness import (
    AppPage,
    free_port,
    phone_page,
    require_chromium,
    running_app,
)
from tests.browser.restarts import Server
from tests.browser.test_export_download import download
from tests.browser.test_in_chromium import start
from tests.ui.driving import play_round
from tests.ui.driving import start as start_state
from tests.ui.test_players import play_history

pytestmark = pytest.mark.browser
FAST_KEYS_MS = 30
"""A fast typist, or a phone keyboard's burst: 30 ms between keys."""


@pytest.fixture(autouse=True)
def chromium_present() -> None:
    require_chromium()


def game_ids(phone: AppPage) -> list[str]:
    """The identifiers of the game cards on the home screen."""
    cards = phone.page.locator('[flt-semantics-identifier^="game-"]')
    cards.first.wait_for(state="attached", timeout=30_000)
    found = [cards.nth(i).get_attribute("flt-semantics-identifier") for i in range(cards.count())]
    return [identifier for identifier in found if identifier]


def type_over(phone: AppPage, label: str, text: str) -> None:
    """Select the field's text and type ``text`` over it at :data:`FAST_KEYS_MS`, no pause
    (after the first key, which waits until the field listens: see ``AppPage._first_key``)."""
    field = phone.page.get_by_role("textbox", name=label).first
    # a field below the fold: the canvas scrolls it into view on focus, as a screen reader's
    # focus does (a click at its place before the canvas scrolled could land beside it)
    field.focus()
    phone._focus(field, label)
    phone.page.keyboard.press("ControlOrMeta+A")
    phone._first_key(field, text[0])
    phone.page.keyboard.type(text[1:], delay=FAST_KEYS_MS)


def test_eight_names_typed_fast_with_enter_after_each_are_seated_as_typed(
    tmp_path: Path, phone: AppPage
) -> None:
    """Ann Bob Cat Dan Eve Fay typed at 60 ms a key became "Ann, Ob, Cat, An, Eve, Ay", and
    "Bob van der" became "Bob Van Der": names are seated exactly as typed."""
    names = ["Ann", "Bob van der", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
    with running_app(tmp_path / "data") as url:
        phone.open(url)
        phone.tap("new-game")
        phone.add_players(names, key_delay_ms=FAST_KEYS_MS)
        assert phone.seated() == names
        field = phone.page.get_by_role("textbox", name="Add a player").first
        expect(field).to_be_focused()  # the cursor stayed, ready for a ninth


def test_every_text_field_keeps_keys_typed_fast(tmp_path: Path, phone: AppPage) -> None:
    """The house rules' Name once saved "Oh Hell ouay" for "Oh Hell our way": every key
    redraws the form, and a redraw sent an older text back. Each text field, typed over at
    30 ms a key, holds what was typed, and the app acts on all of it."""
    data = tmp_path / "data"
    play_history(ScorepadApp(open_store(data), rng=random.Random(3)))
    with running_app(data) as url:
        phone.open(url)
        phone.tap("house-rules")
        for label, text in [
            ("Cards per player, round by round", "1-7, 7-1"),
            ("Bonus for a made bid", "-12"),
            ("Name", "Oh Hell our way"),
        ]:
            type_over(phone, label, text)
            expect(phone.page.get_by_role("textbox", name=label).first).to_have_value(text)
        phone.tap("save-rules")
        said = phone.page.get_by_label("Saved Oh Hell our way:", exact=False)
        said.first.wait_for(state="attached", timeout=10_000)

        phone.open(url + "players")
        phone.wait_for("leader-Ann")
        type_over(phone, "Fewest games", "1")
        phone.wait_for("leader-Cat")  # applied as typed: Cat, with one game, is ranked now
        phone.tap("rename-Bob")
        phone.wait_for("dialog-field")
        type_over(phone, "New name", "Robert van der Berg")
        phone.page.keyboard.press("Enter")
        phone.wait_for("leader-Robert van der Berg")


def test_a_trick_moved_in_a_correction_goes_to_whoever_was_tapped(
    tmp_path: Path, phone: AppPage
) -> None:
    """Golf for five, round 1: Dan's trick was really Eve's. It went to Cat (worked out from
    the others) and the screen said "All in". Now one tap on Eve's 1 moves it from Dan."""
    with running_app(tmp_path / "data") as url:
        phone.open(url)
        start(phone, "golf", ["Ann", "Bob", "Cat", "Dan", "Eve"])
        phone.tap("suit-hearts")
        for bid in (0, 0, 1, 0, 1):  # Bob, Cat, Dan, Eve; Ann deals and may not bid 0
            phone.tap(f"pad-{bid}")
        for took in (0, 0, 1, 0):  # Bob, Cat, Dan, Eve; Ann's 0 is worked out
            phone.tap(f"pad-{took}")
        phone.tap("record-round")
        phone.tap("toggle-sheet")
        phone.tap("edit-round-1")
        phone.tap("tricks-Eve")
        assert phone.says("pad-note", "Dan took 1: a higher number takes the difference from Dan")
        phone.tap("pad-1")
        assert phone.says("prompt", "All in")
        phone.tap("record-round")
        assert phone.says("changes", "Dan took 1 → 0") and phone.says("changes", "Eve took 0 → 1")
        assert "Cat" not in phone.text_of("changes")

        # taking it away first: nobody has it until someone is given it, and Save waits
        phone.tap("edit-round-1")
        phone.tap("tricks-Eve")
        phone.tap("pad-0")
        assert phone.says("prompt", "Who took it?")
        assert phone.says("pad-note", "given to nobody")
        assert phone.is_disabled("record-round")
        phone.tap("tricks-Dan")
        phone.tap("pad-1")
        phone.tap("record-round")
        assert phone.says("changes", "Eve took 1 → 0") and phone.says("changes", "Dan took 0 → 1")


def payments_in(text: str) -> list[str]:
    """Each "Ann pays Dan 25¢" in what a screen reader reads, in order."""
    return re.findall(r"\w+ pays \w+ (?:\$\d+\.\d\d|\d+¢)", text)


def tied_golf_for_five(data: Path) -> None:
    """Three one-card hands at 25¢ a set, Dan and Eve tied low (each set in every hand): Ann
    owes 25¢, Bob and Cat 50¢ each, a pot of $1.25 shared 63¢ / 62¢."""
    app = ScorepadApp(open_store(data), rng=random.Random(3))
    app.store.save_variant(GOLF.with_changes(name="Three-hand Golf", hand_sizes=(1, 1, 1)))
    start_state(app, "saved:Three-hand Golf", ["Ann", "Bob", "Cat", "Dan", "Eve"], stake=25)
    set_all = {"Ann": 1, "Bob": 1, "Cat": 1, "Dan": 1, "Eve": 1}
    nobody = dict.fromkeys(set_all, 0)
    play_round(app, set_all | {"Bob": 0}, nobody | {"Ann": 1})  # Ann, Bob make it
    play_round(app, set_all | {"Ann": 0}, nobody | {"Cat": 1})  # Ann, Cat make it
    play_round(app, set_all | {"Ann": 0}, nobody | {"Ann": 1})  # everyone is set
    app.go_home()


def test_one_game_shows_one_payment_list_on_its_end_screen_and_in_the_ledger(
    tmp_path: Path, phone: AppPage
) -> None:
    data = tmp_path / "data"
    tied_golf_for_five(data)
    with running_app(data) as url:
        phone.open(url)
        phone.tap(next(iter(game_ids(phone))))
        on_the_end_screen = payments_in(phone.text_of("settlement"))
        assert on_the_end_screen == [
            "Ann pays Dan 25¢",
            "Bob pays Dan 38¢",
            "Bob pays Eve 12¢",
            "Cat pays Eve 50¢",
        ]
        phone.open(url + "ledger")
        phone.wait_for("ledger-transfers")
        in_the_ledger = payments_in(phone.text_of("ledger-transfers"))
        assert in_the_ledger == on_the_end_screen


def test_an_exported_game_imported_in_another_store_keeps_its_evening(
    tmp_path: Path, phone: AppPage
) -> None:
    """The record carried no date: imported, the game moved to today in the ledger."""
    played = tmp_path / "played"
    tied_golf_for_five(played)
    (game,) = open_store(played).list_games()
    record = open_store(played).load_game(game.id).record
    dated = open_store(tmp_path / "dated").create_game(
        record, PlayedTimes(started=datetime(2026, 11, 20, 19, 30, tzinfo=UTC))
    )
    with running_app(tmp_path / "dated") as url:
        phone.open(f"{url}game/{dated.id}")
        phone.wait_for("settlement")
        name, data = download(phone, "Export record (JSON)")
    picked: list[FilePayload] = [{"name": name, "mimeType": "application/json", "buffer": data}]
    elsewhere = tmp_path / "elsewhere"
    open_store(elsewhere)
    with running_app(elsewhere) as url:
        phone.open(url)
        button = phone.wait_for("import-game").first
        before = phone.revision()
        with phone.page.expect_file_chooser(timeout=30000) as chooser:
            button.click()
        chooser.value.set_files(picked)
        phone.wait_for_change(before)
        phone.open(url + "ledger")
        phone.wait_for("ledger-heading")
        assert "Fri 20 Nov 2026" in phone.text_of("ledger-heading")
    (imported,) = open_store(elsewhere).list_games()
    assert imported.created == dated.created


def said_anywhere(phone: AppPage, text: str) -> bool:
    """Whether any node of the page says ``text`` (its text or its accessible name)."""
    return bool(
        phone.page.evaluate(
            """text => [...document.querySelectorAll('flt-semantics, [aria-label]')].some(
                e => (e.getAttribute('aria-label') || '').includes(text)
                  || (e.textContent || '').includes(text))""",
            text,
        )
    )


def test_the_house_rules_form_says_each_problem_at_its_field_and_asks_before_leaving(
    tmp_path: Path, phone: AppPage
) -> None:
    with running_app(tmp_path / "data") as url:
        phone.open(url)
        phone.tap("house-rules")
        type_over(phone, "Fewest players", "-1")
        phone.page.wait_for_function(
            "() => document.body.innerHTML.includes('at least 2 players')", timeout=10_000
        )
        assert not said_anywhere(phone, "Input should")
        assert said_anywhere(phone, "Fewest players: at least 2 players")  # the line at the end
        type_over(phone, "Fewest players", "2")
        type_over(phone, "Name", "golf")  # a preset's name: said as it is typed, before Save
        phone.page.wait_for_function(
            '() => document.body.innerHTML.includes("a preset\'s name")', timeout=10_000
        )
        type_over(phone, "Name", "Oh Hell our way")
        type_over(phone, "Cards per player, round by round", "7-1, 2-8")
        phone.page.locator('[aria-label="Back to the games"]').first.click()
        phone.wait_for("confirm-question")
        assert "Leave Oh Hell our way without saving?" in phone.text_of("confirm-question")
        phone.tap("cancel-confirm")
        phone.tap("save-rules")
        phone.page.locator('[aria-label="Back to the games"]').first.click()
        phone.tap("new-game")
        tile = phone.text_of("variant-saved:Oh Hell our way")
        assert "14 rounds (7…1, 2…8)" in tile and "10 rounds" not in tile


def box_of(phone: AppPage, identifier: str) -> FloatRect:
    box = phone.wait_for(identifier).first.bounding_box()
    assert box is not None, f"{identifier} has no box"
    return box


def test_the_round_screen_keeps_its_lines_in_view_and_says_how_tricks_are_kept(
    tmp_path: Path, phone: AppPage
) -> None:
    """A question at the bottom covered the bids' balance; the next round of a table that
    marked opened marking without a word; a round that could not be deleted was asked about
    first and refused after."""
    with running_app(tmp_path / "data") as url:
        phone.open(url)
        start(phone, "golf", ["Ann", "Bob", "Cat", "Dan"])
        phone.tap("suit-hearts")
        for _ in range(4):
            phone.tap("pad-0")
        phone.tap("tricks-tally")
        phone.tap("mark-Bob")
        phone.tap("record-round")

        phone.tap("suit-clubs")
        phone.tap("pad-1")  # Bob bids 1: the balance line says how the bids stand
        phone.by_id("game-menu").first.click()
        phone.page.get_by_role("menuitem", name="End the game early").click()
        phone.wait_for("confirm-question")
        for _ in range(50):  # the bar slides in: measure where things come to rest
            phone.page.wait_for_timeout(100)
            balance, bar = box_of(phone, "balance"), box_of(phone, "confirm-bar")
            if balance["y"] + balance["height"] <= bar["y"]:
                break
        phone.note(f"balance {balance}, question {bar}")
        assert balance["y"] + balance["height"] <= bar["y"], "the question covers the balance"
        prompt = box_of(phone, "prompt")
        assert balance["y"] + balance["height"] <= prompt["y"], "the balance went under the pad"
        assert "bids total 1 for 2 tricks" in phone.text_of("balance")
        phone.tap("cancel-confirm")
        for _ in range(3):
            phone.tap("pad-0")
        assert "Marking as they fall" in phone.text_of("prompt")  # as last round, and says so
        phone.tap("tricks-count")  # one tap to count instead
        phone.wait_for("pad-2")
        assert "How many tricks" in phone.text_of("prompt")
        for took in (1, 1, 0):  # Cat, Dan, Ann; Bob's 0 is worked out
            phone.tap(f"pad-{took}")
        phone.tap("record-round")

        phone.tap("toggle-sheet")
        phone.tap("edit-round-1")
        phone.tap("delete-round")  # round 2 would not fit as round 1: said now, never asked
        phone.wait_for("message")
        assert said_anywhere(phone, "round 1 cannot be deleted")
        assert phone.by_id("confirm-question").count() == 0


def test_new_game_at_390_keeps_the_stake_and_the_seats_in_view(
    tmp_path: Path, phone: AppPage
) -> None:
    """With a dozen names from earlier games as chips, about 1.5 seats showed above Start
    and the 25¢ stake needed scrolling."""
    data = tmp_path / "data"
    earlier = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou"]
    open_store(data).add_players([*earlier, "Robert van der Berg"])
    with running_app(data) as url:
        phone.open(url)
        phone.tap("new-game")
        phone.tap("variant-preset:golf")
        for name in earlier[:5]:
            phone.tap(f"roster-{name}")
        phone.page.wait_for_timeout(300)
        start_top = box_of(phone, "schedule")["y"]  # what is docked with Start begins here
        stake = box_of(phone, "stake-25")
        assert stake["y"] + stake["height"] <= start_top, "the 25¢ stake is out of view"
        for seat in (1, 2, 3):
            box = box_of(phone, f"seat-{seat}")
            assert box["y"] + box["height"] <= start_top, f"seat {seat} is under Start"


def test_a_game_played_before_a_rename_says_who_played_as_whom(
    tmp_path: Path, phone: AppPage
) -> None:
    """ "Played as" was only in the accessible names and the CSV: an old game showed Robert
    with no sign that he played as Bob."""
    data = tmp_path / "data"
    play_history(ScorepadApp(open_store(data), rng=random.Random(3)))
    open_store(data).rename_player("Bob", "Robert")
    with running_app(data) as url:
        phone.open(url)
        phone.tap(game_ids(phone)[0])
        phone.wait_for("played-as")
        assert "Robert played as Bob" in phone.text_of("played-as")


def test_a_laptop_wide_end_screen_has_room_for_names_money_and_the_sheet_beside(
    tmp_path: Path,
) -> None:
    """At 1280 px the chips cut "collects $3.…" and "Bob Va…", and the end screen was one
    column, not the leaderboard and the sheet side by side."""
    data = tmp_path / "data"
    tied_golf_for_five(data)
    open_store(data).rename_player("Bob", "Robert van der Berg")
    with running_app(data) as url, phone_page(tmp_path, 1280, 800) as laptop:
        laptop.open(url)
        laptop.tap(game_ids(laptop)[0])
        laptop.wait_for("settlement")
        laptop.page.wait_for_timeout(300)
        chip = box_of(laptop, "standing-Bob")
        assert chip["width"] >= 180, f"a chip of {chip['width']:.0f} px cuts names short"
        settlement, sheet = box_of(laptop, "settlement"), box_of(laptop, "standings")
        assert settlement["x"] + settlement["width"] <= sheet["x"], "not side by side"
        assert sheet["y"] < settlement["y"] + settlement["height"], "the sheet is below"


def test_every_font_the_page_asks_for_is_served_before_and_after_a_crash(
    tmp_path: Path, phone: AppPage
) -> None:
    """After a kill -9 and a reconnect the page drew "Bob bıds fırst" (dotless i) until a
    reload, and the console showed a 404 for a font under assets/fonts/notosanssc/: Flutter
    asks for a Noto font for the card suits, and none was served."""
    data = tmp_path / "data"
    stored = open_store(data).create_game(
        GameRecord(variant="golf", players=("Ann", "Bob", "Cat"), first_dealer="Ann")
    )
    server = Server(free_port(), data)
    server.start()
    refused: list[str] = []
    fonts: list[str] = []
    phone.page.on(
        "response",
        lambda r: refused.append(f"{r.status} {r.url}") if r.status >= 400 else None,
    )
    loading: set[str] = set()  # font downloads under way: the kill must not cut one short

    def asked(request: Request) -> None:
        if "/assets/fonts/" in request.url:
            fonts.append(request.url)
            loading.add(request.url)

    phone.page.on("request", asked)
    phone.page.on("requestfinished", lambda r: loading.discard(r.url))
    phone.page.on("requestfailed", lambda r: loading.discard(r.url))
    try:
        phone.open(f"{server.url}game/{stored.id}")
        phone.wait_for("suit-clubs")
        assert "Bob bids first" in phone.text_of("round-info")
        for _ in range(100):  # on a loaded machine the suits' font was still coming (10 s at most)
            if not loading:
                break
            phone.page.wait_for_timeout(100)
        server.stop(kill=True)
        server.start()
        phone.page.wait_for_timeout(3000)  # the page reconnects by itself and draws again
        phone.tap("suit-clubs")
        assert "Bob bids" in phone.text_of("prompt")
    finally:
        server.stop()
    assert any("/assets/fonts/noto" in url for url in fonts), "no fallback font was asked for"
    assert refused == [], refused
    assert not [line for line in phone.console if "Failed to load font" in line]


def test_closed_mark_buttons_at_the_record_step_read_at_wcag_aa(
    tmp_path: Path, phone: AppPage
) -> None:
    """Measured on the screen: the text of a greyed mark button against its background."""
    with running_app(tmp_path / "data") as url:
        phone.open(url)
        start(phone, "golf", ["Ann", "Bob"])
        phone.tap("suit-clubs")
        phone.tap("pad-0")
        phone.tap("pad-0")
        phone.tap("tricks-tally")
        phone.tap("mark-Bob")  # the only trick: every button closes, Record is next
        assert phone.is_disabled("mark-Ann")
        phone.page.wait_for_timeout(500)
        box = box_of(phone, "mark-Ann")
        shot = phone.page.screenshot(
            clip={
                "x": box["x"] + 4,
                "y": box["y"] + 4,
                "width": box["width"] - 8,
                "height": box["height"] - 8,
            }
        )
    ratio = text_contrast(shot)
    assert ratio >= 4.5, f"the closed button's text is {ratio:.2f}:1"


def text_contrast(png: bytes) -> float:
    """The contrast of the most contrasting colour in a picture against its most common one
    (its background), by the WCAG 2 formula."""
    from PIL import Image

    from tests.ui.test_contrast import contrast

    picture = Image.open(io.BytesIO(png)).convert("RGB")
    counts = cast(list[tuple[int, tuple[int, int, int]]], picture.getcolors(maxcolors=1 << 20))
    assert counts
    background = max(counts)[1]

    def hex_of(rgb: tuple[int, int, int]) -> str:
        return "#{:02X}{:02X}{:02X}".format(*rgb)

    return max(contrast(hex_of(rgb), hex_of(background)) for _, rgb in counts)


def test_the_home_card_says_who_is_ahead_not_who_leads(tmp_path: Path, phone: AppPage) -> None:
    """ "Bob leads 0–31" read like the lead of a trick (in round 3 Ann leads the trick)."""
    data = tmp_path / "data"
    app = ScorepadApp(open_store(data), rng=random.Random(3))
    start_state(app, "golf", ["Ann", "Bob", "Cat"], dealer="Ann")
    play_round(app, {"Bob": 0, "Cat": 0, "Ann": 0}, {"Bob": 0, "Cat": 1, "Ann": 0})
    app.go_home()
    with running_app(data) as url:
        phone.open(url)
        game_ids(phone)
        assert said_anywhere(phone, "next: round 2 of 18 · Cat is ahead, 0 to 10")  # low wins
        assert not said_anywhere(phone, "leads 0")


def test_players_and_the_ledger_are_labelled_buttons_a_phone_can_read(
    tmp_path: Path, phone: AppPage
) -> None:
    """The README sends the reader to "Players" and "Money ledger", which the app bar showed
    as icons only (their tooltips need a mouse to hover)."""
    with running_app(tmp_path / "data") as url:
        phone.open(url)
        for identifier, label in (("open-players", "Players"), ("open-ledger", "Ledger")):
            assert label in phone.text_of(identifier)
            box = box_of(phone, identifier)
            assert box["x"] + box["width"] <= 390, f"{label} is off a phone's screen"
        phone.tap("open-ledger")
        phone.page.wait_for_url(f"{url}ledger")
