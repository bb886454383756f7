"""The money ledger: pick the games (an evening, a range of days, or one by one), then each
player's net and who pays whom, in the fewest payments."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.i18n import N_, number, say, tr, tr_n
from scorepad.ui.state import ScorepadApp
from scorepad.ui.state.ledger import MoneyLedger, Pick, Settlement, StakeGame, day_text
from scorepad.ui.views.common import (
    TAP,
    bounded_name,
    heading,
    message_bar,
    screen_view,
    tagged,
    theme_button,
)
from scorepad.ui.views.players import currency_menu

PICKS = {
    # TRANSLATORS: a button: pick the games of one evening for the money ledger
    Pick.EVENING: N_("An evening"),
    # TRANSLATORS: a button: pick the games of a range of days for the money ledger
    Pick.RANGE: N_("Days"),
    # TRANSLATORS: a button: pick the games one by one for the money ledger
    Pick.GAMES: N_("Games"),
}
"""The three ways to pick games, as their buttons say (translated where shown)."""
BALANCE_NAME_WIDTH = 200
"""The most room a name takes beside its amount; a longer one ends in an ellipsis."""


def ledger_view(app: ScorepadApp, width: float) -> ft.View:
    ledger = app.ledger
    body: list[ft.Control | None] = [message_bar(app)]
    if not ledger.games:
        body.append(
            tagged(
                "ledger-empty",
                ft.Text(
                    tr(
                        "No game played for money has finished yet. Set a stake (cents per set) "
                        "when you start a game: once it ends with a winner, its money is settled "
                        "here, with the other games of the evening."
                    ),
                    size=16,
                ),
            )
        )
    else:
        body += [pick_buttons(ledger), picker(ledger)]
        body += settlement_parts(ledger.settlement, ledger.symbol)
        not_counted = ledger.not_counted
        if not_counted is not None:
            # under the heading saying what was picked, where a table looks for a missing game
            body.insert(4, tagged("ledger-not-counted", ft.Text(say(not_counted), size=14)))
    return screen_view(
        app,
        title=tr("Money ledger"),
        width=width,
        body=body,
        # the same currency dialog as the players' screen: money is what this screen shows
        actions=[tagged("ledger-menu", currency_menu(app)), theme_button(app)],
    )


def pick_buttons(ledger: MoneyLedger) -> ft.Control:
    """Three buttons, one lit: how the games are picked."""

    def button(pick: Pick) -> ft.Control:
        chosen = ledger.pick is pick
        kind = ft.FilledButton if chosen else ft.OutlinedButton
        return ft.Semantics(
            identifier=f"pick-{pick.value}",
            selected=chosen,
            content=kind(
                tr(PICKS[pick]),
                on_click=lambda: ledger.choose_pick(pick),
                height=TAP - 8,
            ),
        )

    return ft.Row([button(pick) for pick in Pick], wrap=True, spacing=8, run_spacing=8)


def day_choice(
    identifier: str,
    label: str,
    value: str | None,
    options: list[ft.DropdownOption],
    choose: Callable[[str], None],
) -> ft.Control:
    return tagged(
        identifier,
        ft.Dropdown(
            label=label,
            value=value,
            options=options,
            on_select=lambda e: choose(e.control.value or ""),
            enable_search=False,
            width=300,
        ),
    )


def picker(ledger: MoneyLedger) -> ft.Control:
    """What the pick needs: the evening, the first and last days, or the games' ticks."""
    if ledger.pick is Pick.EVENING:
        return day_choice(
            "ledger-evening",
            # TRANSLATORS: the field choosing which evening's games are settled
            tr("Evening"),
            ledger.evening.isoformat() if ledger.evening else None,
            [ft.DropdownOption(key=e.key, text=e.label) for e in ledger.evenings],
            ledger.choose_evening,
        )
    if ledger.pick is Pick.RANGE:
        days = [ft.DropdownOption(key=d.isoformat(), text=day_text(d)) for d in ledger.days]
        return ft.Row(
            [
                day_choice(
                    "ledger-since",
                    # TRANSLATORS: the first day of the games settled
                    tr("From"),
                    ledger.since.isoformat() if ledger.since else None,
                    days,
                    ledger.choose_since,
                ),
                day_choice(
                    "ledger-until",
                    # TRANSLATORS: the last day of the games settled
                    tr("To"),
                    ledger.until.isoformat() if ledger.until else None,
                    days,
                    ledger.choose_until,
                ),
            ],
            wrap=True,
            spacing=8,
            run_spacing=8,
        )
    ticks: list[ft.Control] = [game_tick(ledger, g) for g in ledger.tickable]
    if ledger.untickable:
        untickable = ledger.untickable
        ticks.append(
            ft.Text(
                tr_n(
                    "{count} older game is not listed: pick them by their days.",
                    "{count} older games are not listed: pick them by their days.",
                    untickable,
                ).format(count=number(untickable)),
                size=13,
                italic=True,
            )
        )
    return tagged("ledger-games", ft.Column(ticks, spacing=0))


def game_tick(ledger: MoneyLedger, game: StakeGame) -> ft.Control:
    """A game to tick: what was played by whom, the day and each player's money."""
    ticked = game.id in ledger.picked
    detail = say(game.detail(ledger.symbol))
    return tagged(
        f"ledger-game-{game.id}",
        ft.ListTile(
            leading=ft.Checkbox(
                value=ticked,
                on_change=lambda: ledger.toggle_game(game.id),
                # TRANSLATORS: a game to tick, as a screen reader says it: what and money
                semantics_label=tr("{game}, {detail}").format(game=game.title, detail=detail),
            ),
            title=ft.Text(game.title, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS),
            subtitle=ft.Text(detail, size=13, max_lines=3, overflow=ft.TextOverflow.ELLIPSIS),
            on_click=lambda: ledger.toggle_game(game.id),
            content_padding=ft.Padding.symmetric(horizontal=0),
        ),
    )


def settlement_parts(settlement: Settlement | None, symbol: str) -> list[ft.Control | None]:
    if settlement is None:
        return [
            tagged(
                "ledger-nothing",
                ft.Text(tr("No games picked: tick the games to settle."), size=16),
            )
        ]
    return [
        tagged("ledger-heading", ft.Text(say(settlement.heading), size=15, italic=True)),
        heading(tr("Who is up, who is down")),
        tagged(
            "ledger-balances",
            ft.Column(
                [balance_row(b.name, b.cents, b.text, b.spoken) for b in settlement.balances],
                spacing=2,
            ),
        ),
        heading(tr("Settle up")),
        transfers(settlement),
        games_counted(settlement, symbol),
    ]


def balance_row(name: str, cents: int, text: str, spoken: str) -> ft.Control:
    colour = ft.Colors.ERROR if cents < 0 else None
    return ft.Semantics(
        label=spoken,
        identifier=f"balance-{name}",
        content=ft.Row(
            [
                bounded_name(name, size=16, width=BALANCE_NAME_WIDTH),
                ft.Text(text, size=18, weight=ft.FontWeight.BOLD, color=colour),
            ],
            alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
            width=320,
        ),
        exclude_semantics=True,
    )


def transfers(settlement: Settlement) -> ft.Control:
    if settlement.settled:
        lines: list[ft.Control] = [ft.Text(tr("Everyone is even: nobody pays."), size=18)]
    else:
        count = len(settlement.transfers)
        lines = [
            ft.Text(
                tr_n(
                    "{count} payment settles everything:",
                    "{count} payments settle everything:",
                    count,
                ).format(count=number(count)),
                size=14,
            )
        ]
        lines += [
            ft.Row(
                [
                    ft.Icon(ft.Icons.ARROW_FORWARD, size=18),
                    ft.Text(say(line), size=18, expand=True),
                ],
                spacing=6,
            )
            for line in settlement.transfers
        ]
    return tagged("ledger-transfers", ft.Column(lines, spacing=4))


def games_counted(settlement: Settlement, symbol: str) -> ft.Control:
    """The games the sums come from, so nobody has to take the totals on trust."""
    return ft.Column(
        [heading(tr("Games counted"))]
        + [
            ft.Text(
                # TRANSLATORS: a game counted in the ledger: what was played, then its money
                tr("{game} — {detail}").format(game=g.title, detail=say(g.detail(symbol))),
                size=13,
                selectable=True,
            )
            for g in settlement.games
        ],
        spacing=4,
    )
