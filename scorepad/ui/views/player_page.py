"""One player's page: their records overall and per variant, over a stretch of time, with the
charts' place kept above the numbers."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.engine import PlayerStats
from scorepad.i18n import number, say, tr, tr_n
from scorepad.ui.state import ScorepadApp
from scorepad.ui.state.player_page import SPAN_WORDS, PlayerPage, Span
from scorepad.ui.state.players import NO_MONEY, NO_MONEY_WORDS, Players, percent
from scorepad.ui.views.common import (
    READING_WIDTH,
    error_line,
    heading,
    icon_button,
    message_bar,
    screen_view,
    tagged,
)
from scorepad.ui.views.typed import typed_field

PAGE_MARGIN = 10
"""Flet's own padding on each side of a page: a chart as wide as the window would lose its
right edge (the last game's point and date) under it."""


def average(value: float | None) -> str:
    return "–" if value is None else f"{value:.1f}".removesuffix(".0")


def stat_lines(
    players: Players, stats: PlayerStats, *, lowest_wins: bool | None = None
) -> list[tuple[str, str, str]]:
    """(key, label, value) of each number on the page, in reading order. ``lowest_wins``: the
    direction of one variant's games (its best total is its lowest); ``None`` overall. Money
    shows as won, lost and net, or as one "Money: —" row when no game had a stake (a game
    without one has no money: "$0.00" would say the player broke even)."""
    best = "–" if stats.best_total is None else number(stats.best_total)
    accuracy = percent(stats.accuracy)
    if stats.rounds:
        # the English says "rounds" even for one (as it always has): both forms are plural
        accuracy = tr_n(
            "{rate} ({made} of {count} rounds)",
            "{rate} ({made} of {count} rounds)",
            stats.rounds,
        ).format(rate=accuracy, made=number(stats.bids_made), count=number(stats.rounds))
    lines = [
        ("games", tr("Games played"), number(stats.games)),
        # TRANSLATORS: a player's number of games finished
        ("finished", tr("Finished"), number(stats.finished)),
        # TRANSLATORS: a player's number of games abandoned before their end
        ("abandoned", tr("Ended early"), number(stats.abandoned)),
        # TRANSLATORS: a player's number of games won
        ("wins", tr("Won"), number(stats.wins)),
        ("win-rate", tr("Win rate"), percent(stats.win_rate)),
        ("average", tr("Average total"), average(stats.average_total)),
        ("best", tr("Best total (lowest)") if lowest_wins else tr("Best total"), best),
        ("accuracy", tr("Bid accuracy"), accuracy),
        (
            "zeros",
            tr("Zeros bid / made"),
            f"{number(stats.zeros_bid)} / {number(stats.zeros_made)}",
        ),
        # TRANSLATORS: a player's number of bids missed (sets)
        ("sets", tr("Sets"), number(stats.sets)),
    ]
    if not stats.money_games:
        lines.append(("money", tr("Money"), NO_MONEY))
    else:
        lines += [
            ("money-won", tr("Money won"), players.money(stats.cents_won)),
            ("money-lost", tr("Money lost"), players.money(stats.cents_lost)),
            # TRANSLATORS: a player's money won less money lost
            ("money-net", tr("Net"), players.money(stats.cents)),
        ]
    return lines


def stat_row(
    section: str, key: str, label: str, value: str, *, words: str | None = None
) -> ft.Control:
    """A number and its label, read as one: "Won: 3" (``words``: the value as a screen reader
    says it, where a mark such as "—" would be read as nothing)."""
    return tagged(
        f"stat-{section}-{key}",
        ft.Semantics(
            # TRANSLATORS: a number on a player's page as a screen reader says it ("Won: 3")
            label=tr("{label}: {value}").format(label=label, value=words or value),
            container=True,
            exclude_semantics=True,
            content=ft.Row(
                [
                    ft.Text(label, size=15, expand=True),
                    ft.Text(value, size=15, weight=ft.FontWeight.W_500),
                ]
            ),
        ),
    )


def hand_rows(section: str, stats: PlayerStats) -> list[ft.Control]:
    """Bid accuracy by hand size: one line per number of cards dealt."""
    rows: list[ft.Control] = []
    for hand in stats.hands:
        rate = percent(hand.made / hand.rounds if hand.rounds else None)
        cards = tr_n("{count} card", "{count} cards", hand.cards).format(count=number(hand.cards))
        rows.append(
            stat_row(
                section,
                f"hand-{hand.cards}",
                f"  {cards}",  # indented under Bid accuracy
                # TRANSLATORS: bids made at one hand size: "50% (2 of 4)"
                tr("{rate} ({made} of {count})").format(
                    rate=rate, made=number(hand.made), count=number(hand.rounds)
                ),
            )
        )
    return rows


def stats_section(
    players: Players,
    section: str,
    title: str,
    stats: PlayerStats,
    *,
    lowest_wins: bool | None = None,
) -> ft.Control:
    rows: list[ft.Control] = [heading(title, identifier=f"section-{section}")]
    for key, label, value in stat_lines(players, stats, lowest_wins=lowest_wins):
        words = tr(NO_MONEY_WORDS) if key == "money" else None
        rows.append(stat_row(section, key, label, value, words=words))
        if key == "accuracy" and stats.hands:
            rows.extend(hand_rows(section, stats))
    if stats.best_total is None and stats.finished:
        rows.append(
            ft.Text(
                tr(
                    "No average or best total across variants where high wins and low wins "
                    "mix: see each variant's own."
                ),
                size=12,
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
        )
    return ft.Card(
        content=ft.Container(padding=12, content=ft.Column(rows, spacing=4)),
    )


def range_part(page: PlayerPage) -> list[ft.Control]:
    parts: list[ft.Control] = [
        tagged(
            "span-picker",
            ft.Dropdown(
                label=tr("Dates"),
                value=page.span.value,
                options=[
                    ft.DropdownOption(key=span.value, text=tr(words))
                    for span, words in SPAN_WORDS.items()
                ],
                on_select=lambda e: page.choose_span(e.control.value or Span.ALL_TIME),
                width=200,
            ),
        )
    ]
    if page.span is Span.BETWEEN:
        parts.append(
            ft.Row(
                [
                    day_field(
                        "since",
                        # TRANSLATORS: the first day of the games a player's page counts
                        tr("From"),
                        "2026-01-31",
                        typed_so_far=lambda: page.since_text,
                        typed=page.type_since,
                        chosen=page.set_since,
                    ),
                    day_field(
                        "until",
                        # TRANSLATORS: the last day of the games a player's page counts
                        tr("To"),
                        "2026-12-31",
                        typed_so_far=lambda: page.until_text,
                        typed=page.type_until,
                        chosen=page.set_until,
                    ),
                ],
                wrap=True,
            )
        )
    if page.range_error is not None:
        parts.append(error_line("range-error", say(page.range_error)))
    # TRANSLATORS: the stretch of time a player's page counts: "Showing all time."
    showing = tr("Showing {range}.").format(range=say(page.range_words))
    parts.append(tagged("range-words", ft.Text(showing, size=13)))
    return parts


def charts_part(app: ScorepadApp, room: float) -> ft.Control:
    """THE CHARTS' SLOT: the player's results over time and bids made by hand size, drawn by
    :mod:`scorepad.ui.views.charts` with flet-charts; the numbers below say the same in
    words, and each chart's summary is its accessible name."""
    # Imported here, as the sheet does: a chart is never drawn at the app's start.
    from scorepad.ui.views.charts import accuracy_by_hand_chart, results_over_time_chart

    page = app.player_page
    stats = page.overall
    if stats is None:
        return tagged("charts-slot", ft.Container())
    return tagged(
        "charts-slot",
        ft.Column(
            [
                heading(tr("Results over time")),
                results_over_time_chart(stats.name, page.games, room, names=page.names),
                heading(tr("Bids made by hand size")),
                accuracy_by_hand_chart(stats, room),
            ],
            spacing=6,
        ),
    )


def player_page_view(app: ScorepadApp, width: float) -> ft.View:
    page = app.player_page
    players = app.players
    name = page.name or ""
    stats = page.overall
    body: list[ft.Control | None] = [
        message_bar(app),
        ft.Semantics(
            header=True,
            identifier="player-name",
            label=name,  # the whole name, however the text is cut short
            exclude_semantics=True,
            content=ft.Text(
                name,
                theme_style=ft.TextThemeStyle.HEADLINE_SMALL,
                max_lines=2,
                overflow=ft.TextOverflow.ELLIPSIS,
            ),
        ),
        *range_part(page),
    ]
    if stats is None:
        body.append(
            tagged(
                "no-games",
                ft.Text(
                    tr(
                        "{name} has no ended game in this range: pick a longer range, or finish "
                        "a game first."
                    ).format(name=name),
                    size=15,
                ),
            )
        )
    else:
        # the overall numbers first (what is asked most), the pictures, then each variant
        body.append(stats_section(players, "overall", tr("Overall"), stats))
        body.append(charts_part(app, min(width - 2 * PAGE_MARGIN, READING_WIDTH)))
        body.extend(
            stats_section(
                players,
                f"variant-{record.variant}",
                record.variant,
                record.stats,
                lowest_wins=record.lowest_wins,
            )
            for record in page.by_variant
        )
    # TRANSLATORS: the title of one player's page
    title = tr("Player")
    view = screen_view(app, title=title, width=width, body=body, back=False)
    view.appbar = ft.AppBar(
        leading=icon_button(
            ft.Icons.ARROW_BACK, tooltip=tr("Back to the players"), on_click=page.back
        ),
        title=ft.Text(title),
        actions=[],
    )
    return view


def day_field(
    identifier: str,
    label: str,
    example: str,
    *,
    typed_so_far: Callable[[], str],
    typed: Callable[[str], None],
    chosen: Callable[[str], None],
) -> ft.Control:
    """A From or To day: keys are kept as typed, the day is read on Enter or leaving the
    field (reading on every key would redraw under the fingers)."""
    return typed_field(
        identifier=identifier,
        text=typed_so_far(),
        on_text=typed,
        label=label,
        hint_text=example,
        on_submit=lambda e: chosen(e.data if isinstance(e.data, str) else typed_so_far()),
        on_blur=lambda: chosen(typed_so_far()),
        width=150,
    )
