"""The game screen: the round on the pad, the running leaderboard, the score sheet."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import flet as ft

from scorepad.engine import Suit, TrumpCall
from scorepad.i18n import N_, say, signed, tr, tr_in, tr_n
from scorepad.ui.state import (
    ExportKind,
    Field,
    GameController,
    GameSession,
    GameTab,
    PadKey,
    PlayerLine,
    RoundEntryState,
    ScorepadApp,
    Stage,
    Tap,
    TapMeaning,
)
from scorepad.ui.state.display_names import DisplayNames
from scorepad.ui.state.game_links import GameLinks
from scorepad.ui.state.secret_bids import HiddenBids
from scorepad.ui.state.table_form import TableTask
from scorepad.ui.views.common import (
    SIDE_PANEL_GAP,
    SIDE_PANEL_WIDTH,
    SUIT_COLORS,
    TAP,
    VIEW_KEY,
    confirm_bar,
    icon_button,
    message_bar,
    quick_key,
    slotted,
    symbol_text,
    tagged,
)
from scorepad.ui.views.kept import kept, redrawn_on
from scorepad.ui.views.leaderboard import leaderboard
from scorepad.ui.views.link_dialog import SHARE_AS_LINK
from scorepad.ui.views.share_panel import share_button
from scorepad.ui.views.sheet import results_panel, sheet_panel
from scorepad.ui.views.tally import tally_prompt, tricks_marks, tricks_mode

WIDE = 1000
"""From this window width the round and the sheet sit side by side."""

PROMPTS = {
    Stage.TRUMP: N_("Turn up the top card: tap its suit"),
    Stage.GO: N_("Everyone ready? Show the bids at once"),
}
"""The pad's prompt on the steps that need no name (translated where shown)."""

SUIT_NAMES = {
    # TRANSLATORS: a suit's name, under its symbol on the button for the turned card
    Suit.CLUBS: N_("clubs"),
    # TRANSLATORS: a suit's name, under its symbol on the button for the turned card
    Suit.DIAMONDS: N_("diamonds"),
    # TRANSLATORS: a suit's name, under its symbol on the button for the turned card
    Suit.HEARTS: N_("hearts"),
    # TRANSLATORS: a suit's name, under its symbol on the button for the turned card
    Suit.SPADES: N_("spades"),
}
"""Each suit as its button names it (the suit's value stays the record's data)."""


def suit_button(
    game: GameController, suit: Suit, chosen: bool, seen: TapMeaning | None
) -> ft.Control:
    color = SUIT_COLORS[suit.value]
    name = tr(SUIT_NAMES[suit])
    return tagged(
        f"suit-{suit.value}",
        ft.Button(
            content=ft.Column(
                [
                    symbol_text(suit.symbol, size=24, color=color),
                    ft.Text(name, size=12, color=color),
                ],
                spacing=0,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                alignment=ft.MainAxisAlignment.CENTER,
            ),
            on_click=lambda: game.choose_trump(suit, seen),
            height=TAP,
            style=ft.ButtonStyle(
                bgcolor=ft.Colors.PRIMARY_CONTAINER if chosen else None,
                side=ft.BorderSide(3, ft.Colors.PRIMARY) if chosen else None,
                padding=ft.Padding.symmetric(horizontal=4),
                shape=ft.RoundedRectangleBorder(radius=12),
            ),
            # TRANSLATORS: the tooltip of a suit's button: that suit is the turned card
            tooltip=tr("{suit} turned").format(suit=name),
            expand=True,
        ),
        seen,
    )


def trump_section(game: GameController, entry: RoundEntryState) -> ft.Control:
    seen = game.meaning(Tap.TRUMP)
    no_card = not entry.setup.card_turned
    return trump_choice(game, no_card, entry.trump, entry.draft.turned, seen)


@kept
def trump_choice(
    game: GameController,
    no_card: bool,
    call: TrumpCall | None,
    chosen: Suit | None,
    seen: TapMeaning | None = None,
) -> ft.Control:
    """The suits to tap (or the note that no card is turned: every card is dealt, or the
    trump is known already), drawn again only when the turned suit changes: a bid leaves it
    as it was."""
    if no_card:
        return tagged("trump-note", ft.Text(say(call.note) if call else "", size=16, italic=True))
    rows: list[ft.Control] = [
        ft.Row([suit_button(game, suit, suit == chosen, seen) for suit in Suit], spacing=4)
    ]
    if call is not None:
        note = say(call.note)
        rows.append(tagged("trump-note", ft.Text(note, size=15, weight=ft.FontWeight.W_500)))
    return ft.Column(rows, spacing=4)


def entry_cell(
    game: GameController | None,
    *,
    field: Field,
    name: str,
    shown: str,
    value: int | None,
    active: bool,
    filled_in: bool = False,
    height: int = 44,
) -> ft.Control:
    """``name``: the seat as the game knows it (the tap passes it on); ``shown``: as read.
    ``game`` ``None``: read only (a viewer's screen), the box takes no tap."""
    text = "–" if value is None else str(value)
    if field is Field.BID:
        # TRANSLATORS: a player's bid box, as a screen reader says it ("Ann's bid: 2")
        said = tr("{name}'s bid: {value}").format(name=shown, value=text)
    else:
        # TRANSLATORS: a player's tricks box, as a screen reader says it ("Ann's tricks: 2")
        said = tr("{name}'s tricks: {value}").format(name=shown, value=text)
    if filled_in:
        # TRANSLATORS: a box the app filled in itself (the last player's tricks)
        said = tr("{box} (worked out)").format(box=said)
    return tagged(
        f"{field}-{name}",
        ft.Container(
            width=56,
            height=height,
            alignment=ft.Alignment.CENTER,
            border_radius=8,
            border=ft.Border.all(3, ft.Colors.PRIMARY)
            if active
            else ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            bgcolor=ft.Colors.PRIMARY_CONTAINER if active else None,
            on_click=None if game is None else lambda: game.select(field, name),
            # an accessible name, not a tooltip: a long press would cover the next row
            content=ft.Text(
                text,
                size=20,
                weight=ft.FontWeight.BOLD,
                italic=filled_in,
                semantics_label=said if game is None else tapped(said),
            ),
        ),
    )


def tapped(said: str) -> str:
    """A box of the round as a screen reader says it, with what a tap on it does."""
    # TRANSLATORS: a box of the round, then that a tap changes it
    return tr("{box}: tap to change").format(box=said)


COMPACT_FROM = 6
"""From this many players the rows shrink so that the whole table and the pad fit a phone."""
COMPACT_CELL = 28
"""A bid or took box's height in a compact row: eight rows, the totals line and the tricks
step's marks (three rows of buttons) fit 390×844 together."""


def player_name(name: str, *, size: int, said: str | None = None) -> ft.Control:
    """A name on one line, shortened with an ellipsis when it is too long for its place; the
    whole name stays its accessible name (``said``, when it says more: "Robert, played as
    Bob"; no tooltip: on a phone a long press would cover the next row)."""
    return ft.Text(
        name,
        size=size,
        weight=ft.FontWeight.W_500,
        max_lines=1,
        overflow=ft.TextOverflow.ELLIPSIS,
        semantics_label=said or name,
        expand=True,
    )


def player_table(
    game: GameController | None, entry: RoundEntryState, names: DisplayNames
) -> ft.Control:
    """The players' rows of the round; ``game`` ``None``: read only (a viewer's screen)."""
    entering = {Stage.BIDS: Field.BID, Stage.TRICKS: Field.TRICKS}.get(entry.stage)
    compact = len(entry.lines) >= COMPACT_FROM
    rows: list[ft.Control] = [table_header()]
    # a tap changes one or two players' lines: only those are drawn again (a line is told
    # which box is being entered only when it is the line entered: the step moving on leaves
    # the others as drawn)
    rows += [
        player_line(game, line, entering if line.active else None, compact, names)
        for line in entry.lines
    ]
    return ft.Column(rows, spacing=2 if compact else 4)


@kept
def table_header() -> ft.Control:
    return ft.Row(
        [
            # TRANSLATORS: the heading of the round's column of names
            ft.Text(tr("player"), expand=True, size=12),
            # TRANSLATORS: the heading of the round's column of bids (a narrow column)
            ft.Text(tr_in("column head", "bid"), width=56, text_align=ft.TextAlign.CENTER, size=12),
            # TRANSLATORS: the heading of the column of tricks taken (a narrow column)
            ft.Text(tr("took"), width=56, text_align=ft.TextAlign.CENTER, size=12),
            # TRANSLATORS: short for "points", the heading of a narrow column
            ft.Text(tr("pts"), width=44, text_align=ft.TextAlign.RIGHT, size=12),
        ]
    )


@kept
def player_line(
    game: GameController | None,
    line: PlayerLine,
    entering: Field | None,
    compact: bool,
    names: DisplayNames,
) -> ft.Control:
    """One player's row: name (as known now), bid, tricks and points; ``entering``: the box
    of this row the pad fills in, if any."""
    shown = names.shown(line.name)
    marks = []
    if line.deals:
        # TRANSLATORS: beside a player's name in the round: this player deals
        marks.append(tr("deals"))
    if line.leads:
        # TRANSLATORS: beside a player's name in the round: this player leads the first trick
        marks.append(tr("leads"))
    points = "" if line.points is None else signed(line.points)
    return tagged(
        f"line-{line.name}",
        ft.Row(
            [
                # the marks sit beside the name, not under it: every row is one line
                player_name(shown, size=16 if compact else 18, said=names.said(line.name)),
                *([ft.Text(" · ".join(marks), size=12)] if marks else []),
                entry_cell(
                    game,
                    field=Field.BID,
                    name=line.name,
                    shown=shown,
                    value=line.bid,
                    active=entering is Field.BID,
                    height=COMPACT_CELL if compact else 44,
                ),
                entry_cell(
                    game,
                    field=Field.TRICKS,
                    name=line.name,
                    shown=shown,
                    value=line.tricks,
                    active=entering is Field.TRICKS,
                    filled_in=line.tricks_filled_in,
                    height=COMPACT_CELL if compact else 44,
                ),
                ft.Text(
                    points,
                    width=44,
                    size=18,
                    text_align=ft.TextAlign.RIGHT,
                    weight=ft.FontWeight.BOLD,
                ),
            ],
            spacing=6,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        ),
    )


def prompt(entry: RoundEntryState, names: DisplayNames) -> str:
    """What the pad asks for, naming the player as they are known now."""
    stage = entry.stage
    who = None if entry.active is None else names.shown(entry.active)
    if stage is Stage.BIDS:
        asked = (
            tr("Change {name}'s bid")
            if entry.editing
            # TRANSLATORS: the pad's prompt: this player's bid is next
            else tr("{name} bids")
        )
        return asked.format(name=who)
    if stage is Stage.TRICKS:
        if who is None and not entry.tallying:  # a correction took a trick away
            return tr("Who took it? Tap their tricks")
        return tally_prompt(entry) or tr("How many tricks did {name} take?").format(name=who)
    if stage is Stage.CONFIRM:  # the words of the button under it
        checked = (
            tr("All in: check the points and save round {number}")
            if entry.editing
            else tr("All in: check the points and record round {number}")
        )
        return checked.format(number=entry.number)
    return tr(PROMPTS[stage])


PAD_KEY = 48
"""A pad key is a 48 px square (Material's smallest tap target): seven to a row on a phone,
so even the 14 keys of a 13-card hand take two rows."""
PAD_GAP = 4
"""Seven 48 px keys and six gaps of 4 fit a phone's 366 px row (gaps of 6 wrapped the 7th)."""


def number_pad(game: GameController, entry: RoundEntryState) -> ft.Control:
    return pad_keys(game.tap_number, entry.pad, game.meaning(Tap.NUMBER))


@kept
def pad_keys(
    tap: Callable[[int, TapMeaning | None], None],
    pad: tuple[PadKey, ...],
    seen: TapMeaning | None = None,
) -> ft.Control:
    """The keys, drawn again only when one opens or closes (the hook, a new hand size) or
    what they enter changes (``seen``: whose bid or count, in which round). ``tap``: what a
    key does (the scorekeeper's pad, or a player's own bid on their phone)."""
    keys = [
        tagged(
            f"pad-{key.value}",
            quick_key(
                # a closed key says so in its accessible name, not in a tooltip that would
                # cover the keys below it (the pad note says why)
                ft.Text(
                    str(key.value),
                    size=22,
                    weight=ft.FontWeight.BOLD,
                    # TRANSLATORS: a closed key of the number pad, as a screen reader says it
                    semantics_label=None
                    if key.enabled
                    else tr("{number} is not allowed").format(number=key.value),
                ),
                partial(tap, key.value, seen),
                enabled=key.enabled,
                size=PAD_KEY,
                radius=14,
            ),
            seen,
            button=key.enabled or None,  # a closed key is a (disabled) button already
        )
        for key in pad
    ]
    return ft.Row(keys, wrap=True, spacing=PAD_GAP, run_spacing=PAD_GAP)


def round_title(entry: RoundEntryState, total: int) -> str:
    """The round's heading, "Round 3 of 13: 3 cards each" (or the round being corrected)."""
    cards = entry.setup.cards
    if entry.editing:
        return tr_n(
            "Correcting round {number}: {count} card each",
            "Correcting round {number}: {count} cards each",
            cards,
        ).format(number=entry.number, count=cards)
    return tr_n(
        "Round {number} of {total}: {count} card each",
        "Round {number} of {total}: {count} cards each",
        cards,
    ).format(number=entry.number, total=total, count=cards)


def round_info(entry: RoundEntryState, names: DisplayNames) -> str:
    """Who deals, who bids first (or that everyone bids at once) and who leads."""
    setup = entry.setup
    dealer, leader = names.shown(setup.dealer), names.shown(setup.leader)
    if setup.sequential_bids:
        # TRANSLATORS: the round's line: who deals, who bids first, who leads the first trick
        return tr("{dealer} deals · {bidder} bids first · {leader} leads").format(
            dealer=dealer, bidder=names.shown(setup.first_bidder), leader=leader
        )
    # TRANSLATORS: the round's line: who deals, that all bid together, who leads the first trick
    return tr("{dealer} deals · everyone bids at once · {leader} leads").format(
        dealer=dealer, leader=leader
    )


def pad_note_line(note: str, names: DisplayNames) -> ft.Control:
    """Why keys of the pad are closed (the hook, the tricks already taken), in red under the
    prompt: two lines at most (a 40-letter name would take a third from the table), the
    whole note in the accessible name."""
    words = names.in_words(say(note))
    text = ft.Text(
        words,
        color=ft.Colors.ERROR,
        size=14,
        max_lines=2,
        overflow=ft.TextOverflow.ELLIPSIS,
        semantics_label=words,
    )
    return tagged("pad-note", text)


def round_panel(
    game: GameController,
    session: GameSession,
    entry: RoundEntryState,
    hidden: HiddenBids | None = None,
) -> tuple[ft.Control, ft.Control]:
    """The round in two parts: what it is and who has what (which may scroll), and the dock
    for the hands (the prompt, the pad and Record), which a phone keeps at the bottom of the
    screen so that no step of a round ever needs scrolling. ``hidden``: at a shared table,
    who has bid in secret on their phone before the go (names only)."""
    stage = entry.stage
    names = session.names
    title = round_title(entry, session.sheet.rounds_total)
    info = round_info(entry, names)
    # once the bids are in, the rows already say who deals and leads: the line's room goes
    # to the tricks step's taller dock (the switch and the marks, or a note under the prompt)
    playing = stage in (Stage.TRICKS, Stage.CONFIRM)
    parts: list[tuple[str, ft.Control | None]] = [
        ("round-title", tagged("round-title", ft.Text(title, size=20, weight=ft.FontWeight.BOLD))),
        (
            "round-info",
            None
            if playing
            else tagged(
                "round-info",
                # long names: two lines at most, the rest in the accessible name
                ft.Text(
                    info,
                    size=15,
                    max_lines=2,
                    overflow=ft.TextOverflow.ELLIPSIS,
                    semantics_label=info,
                ),
            ),
        ),
        ("trump", trump_section(game, entry)),
    ]
    if stage is Stage.GO:
        go_seen = game.meaning(Tap.GO)
        parts.append(
            (
                "go",
                tagged(
                    "go",
                    ft.FilledButton(
                        # TRANSLATORS: the button that shows every bid at once
                        tr("Ready, set, go!"),
                        icon=ft.Icons.BACK_HAND,
                        on_click=lambda: game.say_go(go_seen),
                        height=TAP,
                        style=ft.ButtonStyle(text_style=ft.TextStyle(size=20)),
                    ),
                    go_seen,
                ),
            )
        )
        if hidden is not None:
            words = names.in_words(say(hidden.words))
            parts.append(
                (
                    "hidden-bids",
                    tagged("hidden-bids", ft.Text(words, size=15, semantics_label=words)),
                )
            )
    parts.append(("players", player_table(game, entry, names)))
    # in the dock, over the prompt: a question asked in the bar at the bottom shrinks the part
    # above, and the balance had gone under it ("bids total 24 … 19 over")
    balance = (
        None if stage is Stage.TRUMP else tagged("balance", ft.Text(say(entry.balance), size=15))
    )
    with_pad = stage is Stage.BIDS or (stage is Stage.TRICKS and not entry.tallying)
    dock = slotted(
        [
            ("balance", balance),
            ("prompt", prompt_row(entry, names, tricks_mode(game, entry))),
            ("pad-note", pad_note_line(entry.pad_note, names) if entry.pad_note else None),
            # in tally mode, a button per player (tally.py)
            ("marks", tricks_marks(game, entry, names)),
            ("pad", number_pad(game, entry) if with_pad else None),
            (
                "actions",
                round_actions(
                    game,
                    entry.number,
                    entry.editing,
                    stage is Stage.CONFIRM,
                    game.meaning(Tap.RECORD),
                ),
            ),
        ]
    )
    return ft.Column(slotted(parts), spacing=8), ft.Column(dock, spacing=4)


def prompt_row(
    entry: RoundEntryState, names: DisplayNames, choice: ft.Control | None
) -> ft.Control:
    """The prompt; on the tricks step with the switch between counting at the end and
    marking as they fall beside it (a row of its own pushed the table under the dock)."""
    words = prompt(entry, names)
    if choice is None:
        return tagged("prompt", ft.Text(words, size=18, weight=ft.FontWeight.W_500))
    text = ft.Text(
        words,
        size=16,
        weight=ft.FontWeight.W_500,
        max_lines=2,
        overflow=ft.TextOverflow.ELLIPSIS,
        semantics_label=words,
        expand=True,
    )
    return ft.Row(
        [tagged("prompt", text), choice],
        spacing=8,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


@kept
def round_actions(
    game: GameController,
    number: int,
    editing: bool,
    ready: bool,
    seen: TapMeaning | None = None,
) -> ft.Control:
    """Record (or Save, with Cancel and Delete when correcting), drawn again only when the
    round becomes ready to record or another round is on the pad."""
    confirm_text = (
        tr("Save round {number}").format(number=number)
        if editing
        else tr("Record round {number}").format(number=number)
    )
    actions: list[ft.Control] = [
        tagged(
            "record-round",
            ft.FilledButton(
                confirm_text,
                icon=ft.Icons.CHECK,
                on_click=lambda: game.confirm_round(seen),
                disabled=not ready,
                height=PAD_KEY,
                style=ft.ButtonStyle(text_style=ft.TextStyle(size=18)),
            ),
            seen,
        )
    ]
    if editing:
        actions += [
            tagged(
                "cancel-edit",
                ft.OutlinedButton(tr("Cancel"), on_click=game.cancel_edit, height=PAD_KEY),
            ),
            tagged(
                "delete-round",
                ft.TextButton(
                    tr("Delete round {number}").format(number=number),
                    icon=ft.Icons.DELETE_OUTLINE,
                    on_click=lambda: game.ask_to_delete_round(number),
                ),
            ),
        ]
    return ft.Row(actions, wrap=True, spacing=6, run_spacing=6)


def changes_banner(session: GameSession) -> ft.Control | None:
    if not session.changes:
        return None
    return tagged(
        "changes",
        ft.Container(
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
            border_radius=8,
            padding=10,
            content=ft.Column(
                [
                    ft.Text(tr("What changed"), weight=ft.FontWeight.BOLD),
                    *(symbol_text(session.names.in_words(say(line))) for line in session.changes),
                ],
                spacing=2,
            ),
        ),
    )


def sheet_part(game: GameController, session: GameSession, width: float) -> ft.Control:
    """The standings and the rounds, drawn again only when what they read changes: the
    sheet, the variant's winning rule and the window's width (the standings' bound)."""
    depends_on = (session.sheet, session.game.variant.winner, width, session.names)
    return redrawn_on(depends_on, sheet_panel, game, session)


EXPORTS = (
    (ExportKind.CSV, N_("Export as CSV"), ft.Icons.TABLE_VIEW),
    (ExportKind.PDF, N_("Export as PDF"), ft.Icons.PICTURE_AS_PDF_OUTLINED),
    (ExportKind.RECORD, N_("Export record (JSON)"), ft.Icons.DATA_OBJECT),
)
"""The game's files, in the menu: the sheet for a spreadsheet, the pad to print, the record to
import elsewhere (as ``scorepad export`` writes them); each entry translated where shown."""


# TRANSLATORS: a menu entry of the game screen, and the title of its dialog
CHANGE_THE_TABLE = N_("Change the table")
"""The menu's way to the Table dialog: someone joins, leaves, takes over a seat, sits out the
next round, or has points adjusted (one entry: a menu of ten ran past a phone's screen; in
English: ``tr(CHANGE_THE_TABLE)`` where it is shown)."""


def game_menu(
    game: GameController, links: GameLinks, *, can_end: bool, one_more: bool = False
) -> ft.Control:
    """The app bar's "More" menu: the table's changes and ending the game early (while it is
    played), one more hand (once it is over), the game as a link (where the app has a web
    address), and the exports."""
    items: list[ft.PopupMenuItem] = []
    if one_more:  # "one more 1-card hand": the table plays on past the schedule's end
        items.append(
            ft.PopupMenuItem(
                content=tr("One more hand"),
                icon=ft.Icons.ADD_CIRCLE_OUTLINE,
                on_click=lambda _: game.open_one_more_hand(),
            )
        )
    if can_end:  # the table changes between rounds of a game being played
        items.append(
            ft.PopupMenuItem(
                content=tr("End the game early"),
                icon=ft.Icons.STOP_CIRCLE_OUTLINED,
                on_click=game.ask_to_abandon_game,
            )
        )
        items.append(
            ft.PopupMenuItem(
                content=tr(CHANGE_THE_TABLE),
                icon=ft.Icons.GROUPS_OUTLINED,
                on_click=lambda _: game.open_table_form(TableTask.JOIN),
            )
        )
    if links.available:
        items.append(
            ft.PopupMenuItem(content=tr(SHARE_AS_LINK), icon=ft.Icons.LINK, on_click=links.share)
        )
    offered = game.exports
    for kind, text, icon in EXPORTS:
        if kind not in offered:
            continue
        items.append(
            ft.PopupMenuItem(
                content=tr(text), icon=icon, on_click=lambda _, kind=kind: game.export(kind)
            )
        )
    return tagged(
        "game-menu",
        ft.PopupMenuButton(
            # TRANSLATORS: the game screen's menu button (more actions)
            icon=ft.Icon(ft.Icons.MORE_VERT, semantics_label=tr("More")),
            tooltip=tr("More"),
            items=items,
        ),
    )


def game_view(app: ScorepadApp, width: float) -> ft.View:
    game = app.game
    session = game.session
    assert session is not None
    entry = session.entry
    wide = width >= WIDE
    title = session.game.variant.name
    undo_label = None if game.undo_label is None else session.names.in_words(say(game.undo_label))
    undo_seen = game.meaning(Tap.UNDO)

    actions: list[ft.Control] = [
        tagged(
            "undo",
            icon_button(
                ft.Icons.UNDO,
                # TRANSLATORS: the undo button's tooltip, naming what it takes back
                tooltip=tr("Undo: {action}").format(action=undo_label)
                if undo_label
                else tr("Nothing to undo"),
                disabled=not game.can_undo,
                on_click=lambda: game.undo(undo_seen),
            ),
            undo_seen,
        )
    ]
    if not wide and entry is not None:
        showing_sheet = session.tab is GameTab.SHEET
        actions.append(
            tagged(
                "toggle-sheet",
                ft.TextButton(
                    # TRANSLATORS: a short button on a phone: back to the round being entered
                    tr("Round")
                    if showing_sheet
                    # TRANSLATORS: a short button on a phone: show the score sheet
                    else tr("Sheet"),
                    icon=ft.Icons.EDIT_NOTE if showing_sheet else ft.Icons.TABLE_CHART,
                    on_click=lambda: game.show_tab(
                        GameTab.ROUND if showing_sheet else GameTab.SHEET
                    ),
                    tooltip=tr("Show the round") if showing_sheet else tr("Show the score sheet"),
                ),
            )
        )
    share = share_button(app)
    if share is not None:
        actions.append(share)
    if entry is None or not entry.editing:
        can_end = entry is not None
        one_more = session.sheet.finished
        # the same menu all game long: drawn again only when what it offers changes
        offers = (can_end, one_more, app.links.available, game.exports)
        actions.append(
            redrawn_on(offers, game_menu, game, app.links, can_end=can_end, one_more=one_more)
        )

    body: list[ft.Control | None] = [
        message_bar(app, session.names.in_words),  # "Robert cannot bid 2", as the rows say
        changes_banner(session),
        # a pad tap keeps the game, so its sheet: these two are drawn again only when a round
        # is recorded, corrected, deleted or undone (each derives a new sheet)
        redrawn_on(
            (session.sheet, session.names, session.symbol, width), leaderboard, session, width
        ),
    ]
    hidden = app.share_panel.hidden_bids()
    panel = round_panel(game, session, entry, hidden) if entry is not None else None
    dock: ft.Control | None = None
    notes = [
        tagged(identifier, ft.Text(say(words), size=14, italic=True))
        for identifier, words in (
            ("played-as", session.names.played_as),  # Robert shown, who played as Bob
            ("own-rules-note", session.rules_note),
        )
        if words
    ]
    own_rules = (
        ft.Column(notes, spacing=2)
        if notes and (panel is None or wide or session.tab is GameTab.SHEET)
        else None
    )
    if panel is None and wide:  # the end on a laptop: who won and paid beside the sheet
        body.append(
            ft.Row(
                [
                    ft.Container(results_panel(app, session), width=SIDE_PANEL_WIDTH),
                    ft.Container(
                        ft.Column([c for c in (own_rules, sheet_part(game, session, width)) if c]),
                        expand=True,
                    ),
                ],
                vertical_alignment=ft.CrossAxisAlignment.START,
                spacing=SIDE_PANEL_GAP,
            )
        )
    elif panel is None:
        body.append(results_panel(app, session))
        body.append(own_rules)
        body.append(sheet_part(game, session, width))
    elif wide:
        body.append(
            ft.Row(
                [
                    ft.Container(ft.Column(list(panel), spacing=8), width=SIDE_PANEL_WIDTH),
                    ft.Container(
                        ft.Column([c for c in (own_rules, sheet_part(game, session, width)) if c]),
                        expand=True,
                    ),
                ],
                vertical_alignment=ft.CrossAxisAlignment.START,
                spacing=SIDE_PANEL_GAP,
            )
        )
    elif session.tab is GameTab.SHEET:
        body.append(own_rules)
        body.append(sheet_part(game, session, width))
    else:
        body.append(panel[0])
        dock = panel[1]
    appbar = ft.AppBar(
        leading=icon_button(ft.Icons.HOME, tooltip=tr("All games"), on_click=app.go_home),
        title=ft.Text(title, size=18),
        actions=actions,
    )
    padding = ft.Padding.symmetric(horizontal=12, vertical=8)
    content = ft.Column([b for b in body if b is not None], spacing=10)
    if dock is None:
        return ft.View(
            key=VIEW_KEY,
            appbar=appbar,
            bottom_appbar=confirm_bar(app),
            scroll=ft.ScrollMode.AUTO,
            padding=padding,
            controls=[content],
        )
    # A phone during a round: the pad and Record are docked under the part that may scroll,
    # so the hands never chase them down the page however many players sit at the table.
    content.scroll = ft.ScrollMode.AUTO
    content.expand = True
    return ft.View(
        key=VIEW_KEY,
        appbar=appbar,
        bottom_appbar=confirm_bar(app),
        padding=padding,
        spacing=6,
        controls=[content, tagged("dock", dock)],
    )
