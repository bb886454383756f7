"""A game as a link (issue 24): shared from the game's menu as one link that carries its whole
record, opened on another device, where the game is checked as an imported file is and
imported after one tap. Nothing else is stored, changed or asked for."""

from __future__ import annotations

import io
import random
import zlib
from base64 import urlsafe_b64encode
from pathlib import Path

import flet as ft
import pytest
from PIL import Image

from scorepad.engine import Game, RoundRecord, Suit, link_to, pack_record
from scorepad.store import open_store
from scorepad.ui.state import MessageKind, ScorepadApp, Screen
from scorepad.ui.state.game_links import COPY_REFUSED, NOT_HERE, app_address
from scorepad.ui.state.screens import Message
from scorepad.ui.views.common import confirm_bar
from scorepad.ui.views.game import game_menu
from scorepad.ui.views.link_dialog import SHARE_AS_LINK, link_dialog, paste_dialog
from tests.qr import qr_texts
from tests.ui.driving import play_round, start
from tests.ui.test_sheet_view import tagged, walk

FOUR = ["Ann", "Bob", "Cat", "Dan"]
SERVED = "http://127.0.0.1:8550/"


def random_round(game: Game, rng: random.Random) -> RoundRecord:
    """A legal next round with tricks spread at random (so the record compresses as a real
    evening's does, not as rounds of zeros); the dealer misses by one, which the hook allows."""
    setup = game.next_round
    assert setup is not None
    order = list(setup.bid_order)
    tricks = dict.fromkeys(order, 0)
    for _ in range(setup.cards):
        tricks[rng.choice(order)] += 1
    bids = dict(tricks)
    dealer = order[-1]
    bids[dealer] = tricks[dealer] + 1 if tricks[dealer] < setup.cards else tricks[dealer] - 1
    turned = None if not setup.card_turned else rng.choice(list(Suit))
    return RoundRecord(turned=turned, bids=bids, tricks=tricks)


def a_whole_scotch_bridge_game() -> Game:
    rng = random.Random(24)
    game = Game.start("scotch-bridge", FOUR, first_dealer="Cat")
    while game.next_round is not None:
        game = game.record_round(random_round(game, rng))
    return game


def device(folder: Path, address: str | None = SERVED) -> ScorepadApp:
    app = ScorepadApp(open_store(folder))
    app.links.own_address = address
    return app


def shared_link(app: ScorepadApp) -> str:
    app.links.share()
    assert app.message is None, app.message
    shown = app.links.showing
    assert shown is not None
    return shown.link


def route_of_link(link: str) -> str:
    """The address the page makes of a link before the app starts (``game_link.js``)."""
    base, _, token = link.partition("#game=")
    assert base == SERVED
    return "/link/" + token


def test_a_whole_game_of_scotch_bridge_travels_in_a_link_of_a_few_hundred_characters(
    tmp_path: Path,
) -> None:
    game = a_whole_scotch_bridge_game()
    assert len(game.results) == 25
    here = device(tmp_path / "here")
    here.game.show(here.store.create_game(game.record))
    link = shared_link(here)
    assert link.startswith(SERVED + "#game=1.")
    assert len(link) < 800, len(link)
    assert here.links.showing is not None and here.links.showing.has_qr
    assert (
        here.links.showing.about
        == "Scotch Bridge with Ann, Bob, Cat and Dan, 25 of 25 rounds played"
    )

    there = device(tmp_path / "there")
    there.routes.open(route_of_link(link))
    question = there.confirmation
    assert question is not None and question.go_ahead == "Import the game"
    assert not question.loses and question.keep == "Not now"  # it adds: not in the error red
    bar = confirm_bar(there)
    assert bar is not None
    (go_ahead,) = [c for c in walk(bar) if isinstance(c, ft.FilledButton)]
    assert go_ahead.style is None
    assert "Scotch Bridge with Ann, Bob, Cat and Dan, 25 of 25 rounds played" in question.detail
    assert there.home.games == [], "nothing is stored before the tap"

    there.confirm()
    assert there.message is not None and there.message.kind is MessageKind.INFO
    assert there.message.text.startswith("Imported the game in this link as game ")
    assert there.screen is Screen.GAME
    session = there.game.session
    assert session is not None
    assert session.stored.game.record == game.record
    assert session.stored.game.sheet.standings == game.sheet.standings
    assert there.routes.current == f"/game/{session.stored.id}"


def test_a_game_in_progress_travels_with_the_evening_it_was_played_on(tmp_path: Path) -> None:
    here = device(tmp_path / "here")
    start(here, "golf", FOUR, dealer="Dan")
    play_round(here)
    play_round(here)
    session = here.game.session
    assert session is not None
    link = shared_link(here)

    there = device(tmp_path / "there")
    there.routes.open(route_of_link(link))
    there.confirm()
    opened = there.game.session
    assert opened is not None
    assert opened.stored.game.record == session.stored.game.record
    assert opened.stored.created == session.stored.created
    assert len(opened.stored.game.results) == 2


def test_a_link_opened_twice_is_one_game_opened_at_once_the_second_time(tmp_path: Path) -> None:
    here = device(tmp_path / "here")
    start(here, "golf", FOUR, dealer="Dan")
    play_round(here)
    link = shared_link(here)
    there = device(tmp_path / "there")
    there.routes.open(route_of_link(link))
    there.confirm()
    there.go_home()
    there.routes.open(route_of_link(link))
    assert there.confirmation is None
    assert there.screen is Screen.GAME
    assert there.message is not None and "stored already" in there.message.text
    assert len(there.home.games) == 1
    # and on the device that made it, the link opens the game it is
    here.go_home()
    here.routes.open(route_of_link(link))
    assert here.screen is Screen.GAME and len(here.home.games) == 1


def test_not_now_stores_nothing(tmp_path: Path) -> None:
    here = device(tmp_path / "here")
    start(here, "golf", FOUR, dealer="Dan")
    link = shared_link(here)
    there = device(tmp_path / "there")
    there.routes.open(route_of_link(link))
    there.cancel_confirmation()
    assert there.confirmation is None
    assert there.screen is Screen.HOME and there.home.games == []


def packed(data: bytes) -> str:
    return "1." + urlsafe_b64encode(zlib.compress(data)).rstrip(b"=").decode()


@pytest.mark.parametrize(
    ("token", "said"),
    [
        ("", "this link holds no game: nothing follows #game= (copy the whole link again)"),
        ("1.eNqrVipLzMlMSUzPK1GyUkrPT8lR0lE", "this link holds no game: it is cut short"),
        ("2.eNqrVipLzMlM", "it is in form '2', which a newer scorepad makes; update scorepad"),
        ("hello", "'hello' is not a game's link"),
        (packed(b"\0" * (5 * 1024 * 1024)), "it unpacks to more than 4 MB"),
        (packed(b"[1, 2]"), "'this link' was not imported: it is not a scorepad game record"),
        (
            pack_record({"variant": "golf", "players": ["Ann", "Ann"]}),
            "'this link' was not imported: the rules refuse it",
        ),
        (
            pack_record({"variant": "golf", "players": FOUR, "colour": "red"}),
            "a newer scorepad wrote it",
        ),
    ],
    ids=[
        "nothing",
        "cut-short",
        "newer",
        "not-a-link",
        "bomb",
        "not-a-record",
        "rules",
        "newer-record",
    ],
)
def test_a_link_that_holds_no_good_game_says_why_and_stores_nothing(
    tmp_path: Path, token: str, said: str
) -> None:
    there = device(tmp_path / "there")
    there.routes.open("/link/" + token)
    assert there.confirmation is None
    assert there.message is not None and there.message.kind is MessageKind.ERROR
    assert said in there.message.text, there.message.text
    assert "\n" not in there.message.text
    assert there.screen is Screen.HOME and there.home.games == []


def test_the_window_offers_no_link_and_says_what_to_do_instead(tmp_path: Path) -> None:
    here = device(tmp_path / "here", address=None)
    start(here, "golf", FOUR, dealer="Dan")
    assert not here.links.available
    here.links.share()
    assert here.message is not None and "share the game's record (JSON)" in here.message.text
    assert here.links.showing is None


def test_a_link_to_this_computer_says_it_opens_only_here(tmp_path: Path) -> None:
    for address, only_here in (
        (SERVED, True),
        ("http://192.168.1.20:8550/", False),
        ("https://pad.example/cards/", False),
    ):
        app = device(tmp_path / address.replace("/", "_").replace(":", "_"), address)
        start(app, "golf", FOUR, dealer="Dan")
        app.links.share()
        shown = app.links.showing
        assert shown is not None and shown.link.startswith(address + "#game=1.")
        assert shown.on_this_computer_only is only_here


def test_the_dialog_closes_with_its_game(tmp_path: Path) -> None:
    here = device(tmp_path / "here")
    start(here, "golf", FOUR, dealer="Dan")
    here.links.share()
    here.go_home()
    assert here.links.showing is None


@pytest.mark.parametrize(
    ("page_url", "route", "address"),
    [
        ("ws://127.0.0.1:8550", "/", "http://127.0.0.1:8550/"),
        ("ws://192.168.1.20:8550", "/game/1a2b3c4d", "http://192.168.1.20:8550/"),
        ("http://127.0.0.1:8000/", "/", "http://127.0.0.1:8000/"),
        ("http://127.0.0.1:8000/pad/link/1.eNq", "/link/1.eNq", "http://127.0.0.1:8000/pad/"),
        ("https://h.example/pad/players/Ann%20Lee", "/players/Ann%20Lee", "https://h.example/pad/"),
        ("tcp://127.0.0.1:5000", "/", None),
        ("/tmp/flet.sock", "/", None),
        (None, "/", None),
    ],
)
def test_the_app_knows_its_own_address_from_the_page(
    page_url: str | None, route: str, address: str | None
) -> None:
    assert app_address(page_url, route) == address


def test_link_to_and_the_route_agree() -> None:
    link = link_to(SERVED, pack_record({"variant": "golf", "players": FOUR}))
    assert route_of_link(link).startswith("/link/1.")


def menu_entries(app: ScorepadApp) -> list[str]:
    menu = game_menu(app.game, app.links, can_end=True)
    button = menu.content if isinstance(menu, ft.Semantics) else menu
    assert isinstance(button, ft.PopupMenuButton)
    return [str(item.content) for item in button.items]


def test_the_menu_offers_the_link_only_where_the_app_has_an_address(tmp_path: Path) -> None:
    served = device(tmp_path / "served")
    start(served, "golf", FOUR, dealer="Dan")
    assert SHARE_AS_LINK in menu_entries(served)
    window = device(tmp_path / "window", address=None)
    start(window, "golf", FOUR, dealer="Dan")
    assert SHARE_AS_LINK not in menu_entries(window)


def test_the_dialog_shows_a_qr_code_that_reads_as_the_link(tmp_path: Path) -> None:
    here = device(tmp_path / "here")
    here.game.show(here.store.create_game(a_whole_scotch_bridge_game().record))
    assert link_dialog(here) is None
    link = shared_link(here)
    dialog = link_dialog(here)
    assert dialog is not None
    image = tagged(dialog, "link-qr").content
    assert isinstance(image, ft.Image) and isinstance(image.src, bytes)
    assert qr_texts(Image.open(io.BytesIO(image.src))) == [link]
    text = tagged(dialog, "game-link").content
    assert isinstance(text, ft.Text) and text.value == link and text.selectable
    words = " ".join(str(c.value) for c in walk(dialog) if isinstance(c, ft.Text))
    assert "opens on this computer only" in words

    here.links.copied(False)
    note = tagged(link_dialog(here) or dialog, "copy-note").content
    assert isinstance(note, ft.Text) and note.value == COPY_REFUSED
    here.links.close()
    assert link_dialog(here) is None


def test_a_link_pasted_by_hand_opens_as_if_the_app_had_been_opened_at_it(tmp_path: Path) -> None:
    """The home-screen app has storage of its own, apart from the browser a link opens in: a
    link pasted into it brings the game there."""
    here = device(tmp_path / "here")
    here.game.show(here.store.create_game(a_whole_scotch_bridge_game().record))
    link = shared_link(here)
    there = device(tmp_path / "there", address="https://pad.example/")
    there.links.ask_for_link()
    assert paste_dialog(there) is not None
    there.links.open_pasted("   ")
    assert there.message is not None and "paste a game's link first" in there.message.text
    assert there.links.pasting, "the dialog stays open to paste in"
    there.links.paste(f"Our game tonight:\n{link}\n")
    there.links.open_pasted()
    assert not there.links.pasting and paste_dialog(there) is None
    assert there.confirmation is not None, there.message
    there.confirm()
    assert there.screen is Screen.GAME and len(there.home.games) == 1


def test_a_tab_that_keeps_nothing_imports_no_link(tmp_path: Path) -> None:
    """A second tab of the offline app keeps no games (the first one does): a game imported
    there would be lost with the tab, so it is not imported, and the message says what to do."""
    here = device(tmp_path / "here")
    start(here, "golf", FOUR, dealer="Dan")
    link = shared_link(here)
    second_tab = device(tmp_path / "there")
    second_tab.standing_warning = Message("Games are not kept in this browser", MessageKind.ERROR)
    second_tab.routes.open(route_of_link(link))
    assert second_tab.confirmation is None
    assert second_tab.message is not None and second_tab.message.text == NOT_HERE
    assert second_tab.home.games == []
