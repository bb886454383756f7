"""The writes a seat grants: a player's own bid from their phone, and the secret bids shown.

A viewer's app refuses every write (``app.store`` refuses a viewer), but a
player who claimed a seat at the shared table may bid from it: in a sequential round at their
turn (the engine's pad decides, the dealer's hook included, exactly as on the scorekeeper's
pad), and in a simultaneous round in secret on the table until "Ready, set, go!" (or the last
bid, when the table chose so) shows every bid at once. These functions check the seat, then
write to the store itself (:attr:`ScorepadApp.seat_store
<scorepad.ui.state.app_state.ScorepadApp.seat_store>`) and tell every session. No Flet here.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from scorepad.engine import Game, RoundDraft, Stage
from scorepad.i18n import N_, tr
from scorepad.sharing.errors import NotYourSeatError, NotYourTurnError, ViewerCannotEditError
from scorepad.sharing.table import BidsChanged, GameChanged
from scorepad.store import StaleGameError
from scorepad.store.models import StoredGame, UndoStep
from scorepad.ui.state.app_services import AtTable
from scorepad.ui.state.errors import ActionRefused
from scorepad.ui.state.history import BID, GO, GO_FROM_PHONES, pushed
from scorepad.ui.state.secret_bids import hidden_bids_in

log = logging.getLogger("scorepad.ui.seats")

BIDS_MOVED_ON = N_(
    "the game moved on while your bid was on its way: check the round on screen and bid again"
)
"""Said to a phone whose bid met a game changed meanwhile (``tr(BIDS_MOVED_ON)`` where said)."""


def go_label(hidden: Mapping[str, int]) -> str:
    """The undo step of "Ready, set, go!", naming the bids that came from phones (in English:
    the label is kept in the game file, see :func:`~scorepad.ui.state.history.step_said`).

    >>> go_label({})
    'ready, set, go'
    >>> go_label({"Ann": 1, "Bob": 0})
    'ready, set, go (bids from phones: Ann, Bob)'
    """
    if not hidden:
        return GO
    return GO_FROM_PHONES.format(players=", ".join(hidden))


def with_hidden_bids(
    game: Game, number: int, draft: RoundDraft, hidden: Mapping[str, int]
) -> RoundDraft:
    """``draft`` (after the go) with the bids made in secret: checked by the engine against
    round ``number`` before anything is saved (its typed error says what does not fit)."""
    if not hidden:
        return draft
    shown = draft.model_copy(update={"bids": draft.bids | dict(hidden), "bids_shown": True})
    game.entry(number, shown)  # the engine's checks: every bid in range, every name a player
    return shown


@contextmanager
def hidden_bids_taken(app: AtTable, game_id: str, number: int) -> Iterator[dict[str, int]]:
    """The secret bids of round ``number``, for the block that saves them in the game: they
    leave the table only once that block has saved them, so a failed save (or a crash in
    between) leaves every bid hidden on the table, never lost."""
    table = app.table
    hidden = table.hidden_bids(game_id, number)
    yield hidden
    if hidden:
        table.forget_hidden_bids(game_id, number)


def put_back(app: AtTable, game_id: str, number: int, hidden: Mapping[str, int]) -> list[str]:
    """Hide ``hidden`` again on the table; returns the players whose bid could not be."""
    lost = []
    device = app.access.device or ""
    for player, bid in hidden.items():
        try:
            app.table.hide_bid(device, game_id, number, player, bid)
        except Exception:
            lost.append(player)
    return lost


def undid_the_go(shown: RoundDraft, restored: RoundDraft | None) -> bool:
    """Whether an undo took the round from just after "Ready, set, go!" back to before it:
    the go is the step undone only while no bid was entered after it, so every bid then on
    the round came from a phone."""
    return shown.bids_shown and (restored is None or not restored.bids_shown)


def hide_again(app: AtTable, game_id: str, number: int, bids: Mapping[str, int]) -> str:
    """Put the phones' bids of an undone go back on the table, hidden, so the next go shows
    the same numbers (nobody bids again after seeing the others); returns the words to add
    to the undo's message."""
    if not bids or not app.table.sharing:
        return ""
    lost = put_back(app, game_id, number, bids)
    app.table.announce(BidsChanged(game_id))
    kept = [player for player in bids if player not in lost]
    if lost:
        log.error("the secret bids of %s could not be hidden again: %s", ", ".join(lost), game_id)
    if not kept:
        return ""
    # TRANSLATORS: added to "undone: ready, set, go (…)"; {players} bid on their phones
    return tr(
        "; the bids from phones ({players}) are hidden again: tap Ready, set, go! to show them"
    ).format(players=tr(", ").join(kept))


def _round_on(stored: StoredGame) -> tuple[int, Game]:
    game = stored.game
    if game.next_round is None:
        raise ActionRefused(tr("the game is over: there is no round to bid in"))
    return len(game.results) + 1, game


def _write_draft(app: AtTable, stored: StoredGame, draft: RoundDraft, label: str) -> StoredGame:
    """Save ``draft`` as the round being entered (with its undo step, as a tap on the pad
    saves it) and tell every session."""
    step = UndoStep(label=label, draft=stored.draft or RoundDraft())
    try:
        saved = app.seat_store.update_game(
            stored.id,
            lambda current: current,
            draft=draft,
            undo=pushed(stored.undo, step),
            expected_revision=stored.revision,
        )
    except StaleGameError as problem:
        log.info("a bid from a seat met a game changed meanwhile: %s", problem)
        raise ActionRefused(tr(BIDS_MOVED_ON)) from None
    app.table.announce(GameChanged(saved.id, saved.revision))
    return saved


def enter_seat_bid(app: AtTable, game_id: str, player: str, value: int) -> StoredGame:
    """``player`` bids ``value`` from their own phone in a sequential round: only from the
    seat the table lets this device hold (an editor may bid for anyone), only at the
    player's turn, and only a bid the engine's pad allows (the dealer's hook closes a key
    with its reason). Saved at once, like a tap on the scorekeeper's pad."""
    access = app.access
    if not access.can_edit and app.table.seat_of(access.device or "", game_id) != player:
        access.refused(f"bid for {player}")
        raise NotYourSeatError(player)
    stored = app.seat_store.load_game(game_id)
    number, game = _round_on(stored)
    entry = game.entry(number, stored.draft or RoundDraft())
    if not entry.setup.sequential_bids:
        raise ActionRefused(
            tr("in this game everyone bids at once: your bid stays hidden until Ready, set, go!")
        )
    if entry.stage is not Stage.BIDS or entry.active != player:
        raise NotYourTurnError(player, entry.active)
    draft, note = entry.enter(value)  # the engine's pad: a closed key raises with its reason
    label = BID.format(player=player, bid=value)
    if note:
        log.info("%s: %s", label, note)
    return _write_draft(app, stored, draft, label)


def reveal_hidden_bids(app: AtTable, game_id: str) -> bool:
    """Show the secret bids of the round waiting for "Ready, set, go!": for an editor at any
    time (the scorekeeper's go), for anyone once every seated phone has bid in secret and the
    table chose to show the bids when the last one is in (a player without a phone shows
    fingers then, and the pad waits on that bid). Returns whether the bids were shown (the
    round had already gone on: nothing to do)."""
    table = app.table
    stored = app.seat_store.load_game(game_id)
    number, game = _round_on(stored)
    entry = game.entry(number, stored.draft or RoundDraft())
    if entry.stage is not Stage.GO:
        return False
    hidden_now = hidden_bids_in(table, game_id, entry)
    every_phone = hidden_now is not None and hidden_now.every_phone_in
    if not app.access.can_edit and not (table.reveal_on_last_bid and every_phone):
        app.access.refused("show the bids")
        # TRANSLATORS: completes "this screen only views the game: enter the PIN to …"
        raise ViewerCannotEditError(tr("show the bids"))
    with hidden_bids_taken(app, game_id, number) as hidden:
        draft = with_hidden_bids(game, number, entry.say_go(), hidden)
        _write_draft(app, stored, draft, go_label(hidden))
    return True
