"""The running leaderboard: one band of chips above the round, best first."""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from scorepad.engine import DOLLAR, GameStatus, Money, ScoreSheet, Standing
from scorepad.i18n import money, signed, tr, tr_n
from scorepad.ui.state import GameSession
from scorepad.ui.state.display_names import NO_NAMES, DisplayNames
from scorepad.ui.views.common import tagged

SHARED_UP_TO = 4
"""Up to this many players the chips share the band's width, so a phone (390 px) shows every
chip at once; with more the band scrolls sideways."""
CHIP_WIDTH = 92
"""A chip's width when the band scrolls: four chips and a part of the fifth on a phone, the
part saying there is more to swipe to."""
CHIP_SPACING = 6
SHARED_CHIP_MAX = 200
"""The widest a chip grows on a wide window (a narrower one gives each its share): room for
"Robert van der Berg" and "collects $13.75" on a laptop."""
SIDE_PADDING = 24
"""The screen's padding either side of the band."""


@dataclass(frozen=True)
class Tab:
    """A player's money line in a game with a stake: what the chip shows, and what a screen
    reader says for it."""

    shown: str
    said: str


def money_tabs(sheet: ScoreSheet, symbol: str = DOLLAR) -> dict[str, Tab] | None:
    """Each player's money line in the table's currency ``symbol``, or ``None`` when the game
    is not played for a stake.

    While the game goes on it is the neutral running tab ("3 sets · 30¢": nobody owes anyone
    yet, and the leader would pay nothing if it ended now). Once the game is won it is the
    settlement: "pays 30¢" or "collects 45¢", the engine's figures. A game ended early has
    no payouts, so only the sets."""
    owed = sheet.owed_so_far()
    if owed is None:
        return None
    at_end = sheet.money_at_end()
    tabs: dict[str, Tab] = {}
    for player in sheet.players:
        sets = sheet.sets[player]
        if sets:
            # TRANSLATORS: how many rounds a player was set in, on their chip
            counted = tr_n("{count} set", "{count} sets", sets).format(count=sets)
        else:
            # TRANSLATORS: on a player's chip: they were never set
            counted = tr("no sets")
        if at_end is not None:
            net = at_end[player]
            amount = money(Money(abs(net), symbol))
            if net > 0:
                # TRANSLATORS: on a winner's chip at the end: the money they collect
                shown = tr("collects {amount}").format(amount=amount)
            elif net:
                # TRANSLATORS: on a player's chip at the end: the money they pay
                shown = tr("pays {amount}").format(amount=amount)
            else:
                # TRANSLATORS: on a player's chip at the end: they neither pay nor collect
                shown = tr("pays nothing")
            # TRANSLATORS: a chip's money line for a screen reader: the sets, then the money
            tabs[player] = Tab(shown, tr("{sets}, {money}").format(sets=counted, money=shown))
        elif sheet.status is GameStatus.ABANDONED:
            # TRANSLATORS: a chip's money line for a screen reader, in a game ended early
            tabs[player] = Tab(counted, tr("{sets}, no payouts").format(sets=counted))
        elif sets:
            tabs[player] = Tab(
                # TRANSLATORS: a chip's money line: the sets so far, then what they cost
                tr("{sets} · {amount}").format(
                    sets=counted, amount=money(Money(owed[player], symbol))
                ),
                # TRANSLATORS: a chip's money line for a screen reader, while the game goes on
                tr("{sets} so far, {amount} at stake").format(
                    sets=counted, amount=spoken_money(owed[player], symbol)
                ),
            )
        else:
            # TRANSLATORS: a chip's line for a screen reader: no sets yet
            tabs[player] = Tab(counted, tr("{sets} so far").format(sets=counted))
    return tabs


def spoken_money(cents: int, symbol: str = DOLLAR) -> str:
    """An amount as a screen reader should say it: "¢" is read out as a letter or not at
    all, so cents of a dollar are a word ("30 cents"); an amount with its symbol is said
    well as written (the engine's ``spoken_cents``, in the reader's language).

    >>> spoken_money(1), spoken_money(30), spoken_money(125), spoken_money(30, "€")
    ('1 cent', '30 cents', '$1.25', '€0.30')
    """
    if symbol == DOLLAR and abs(cents) < 100:
        # TRANSLATORS: an amount under a dollar, as a screen reader says it
        return tr_n("{count} cent", "{count} cents", abs(cents)).format(count=cents)
    return money(Money(cents, symbol))


def leaderboard(session: GameSession, width: float = 390) -> ft.Control:
    """Rank, name, total and the last round's change, best first, readable across a table; in
    a game played for a stake also each player's sets and what they cost, or at the end what
    each pays or collects. ``width``: the window's, so chips use the room a laptop has
    (they cut "collects $3.…" at 1280 px) and scroll sideways only where there is none."""
    sheet = session.sheet
    started = bool(sheet.rounds)
    tabs = money_tabs(sheet, session.symbol)
    count = len(sheet.players)
    each = (width - SIDE_PADDING) / count - CHIP_SPACING
    shared = count <= SHARED_UP_TO or each >= CHIP_WIDTH
    chips = [
        standing_chip(
            standing,
            started=started,
            leading=started and standing.rank == 1,
            tab=None if tabs is None else tabs[standing.player],
            shared=shared,
            names=session.names,
        )
        for standing in sheet.standings
    ]
    if shared:
        # at most this wide: on a laptop four chips stretched across the window
        widest = len(chips) * (SHARED_CHIP_MAX + CHIP_SPACING)
        return tagged(
            "leaderboard", ft.Container(ft.Row(chips, spacing=CHIP_SPACING), width=widest)
        )
    return tagged("leaderboard", ft.Row(chips, spacing=CHIP_SPACING, scroll=ft.ScrollMode.AUTO))


def standing_chip(
    standing: Standing,
    *,
    started: bool,
    leading: bool,
    tab: Tab | None,
    shared: bool,
    names: DisplayNames = NO_NAMES,
) -> ft.Control:
    """One player's chip, in short lines: rank and name as known now (cut short with an
    ellipsis), the total and the last change, then the money. The chip's accessible name says
    everything in full ("1. Ann 34 (+12), 2 sets so far, 20 cents at stake"; a renamed player
    "1. Robert, played as Bob, 34"), read as one phrase."""
    shown, said = names.shown(standing.player), names.said(standing.player)
    rank = f"{standing.rank}. " if started else ""
    change = "" if standing.last_change is None else f" ({signed(standing.last_change)})"
    name_line: list[ft.Control] = []
    if rank:
        name_line.append(ft.Text(rank.strip(), size=13))
    name_line.append(
        ft.Text(
            shown,
            size=14,
            weight=ft.FontWeight.W_500,
            max_lines=1,
            overflow=ft.TextOverflow.ELLIPSIS,
            semantics_label=said,
            expand=True,
        )
    )
    score_line: list[ft.Control] = [
        ft.Text(str(standing.total), size=18, weight=ft.FontWeight.BOLD)
    ]
    if standing.last_change is not None:
        score_line.append(ft.Text(signed(standing.last_change), size=12))
    lines: list[ft.Control] = [
        ft.Row(name_line, spacing=3),
        ft.Row(score_line, spacing=4, vertical_alignment=ft.CrossAxisAlignment.END),
    ]
    if tab is not None:
        lines.append(ft.Text(tab.shown, size=12, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS))
    who = said if said == shown else f"{said},"  # "Robert, played as Bob, 34", not "Bob 34"
    label = f"{rank}{who} {standing.total}{change}" + (f", {tab.said}" if tab else "")
    chip = ft.Semantics(
        identifier=f"standing-{standing.player}",
        label=label,
        exclude_semantics=True,
        content=ft.Container(
            padding=ft.Padding.symmetric(horizontal=8, vertical=4),
            border_radius=12,
            bgcolor=ft.Colors.TERTIARY_CONTAINER if leading else ft.Colors.SURFACE_CONTAINER_HIGH,
            content=ft.Column(lines, spacing=0, tight=True),
        ),
    )
    # the width is set outside the accessible node: Semantics takes no share of a row
    return ft.Container(chip, expand=shared, width=None if shared else CHIP_WIDTH)
