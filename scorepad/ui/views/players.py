"""The players' screen: the all-time leaderboard per variant, and the roster with Rename, Merge
and Undo. Phone first: each leaderboard row is a name (cut short with an ellipsis, the whole
name in its accessible name) and three narrow number columns."""

from __future__ import annotations

from collections.abc import Iterable

import flet as ft

from scorepad.engine import MAX_NAME_LENGTH, PlayerStats
from scorepad.i18n import N_, say, tr, tr_n
from scorepad.i18n import number as locale_number
from scorepad.store import RosterPlayer
from scorepad.ui.state import ScorepadApp, Screen
from scorepad.ui.state.players import (
    NO_MONEY_WORDS,
    Players,
    RosterDialog,
    RosterTask,
    percent,
)
from scorepad.ui.views.common import (
    TAP,
    error_line,
    heading,
    icon_button,
    message_bar,
    revision_marker,
    screen_view,
    tagged,
    theme_button,
)
from scorepad.ui.views.typed import typed_field

ALL_VARIANTS = "__all__"
"""The variant picker's key for every game (no variant can be called this: names are shown
as typed, and this one is nobody's)."""
PLACE_WIDTH = 28
WINS_WIDTH = 44
RATE_WIDTH = 48
MONEY_WIDTH = 76
NUMBER_SIZE = 15
GAP = 6
TILE_PADDING = 4


def number(text: str, width: float, *, bold: bool = False) -> ft.Control:
    return ft.Container(
        width=width,
        alignment=ft.Alignment.CENTER_RIGHT,
        content=ft.Text(
            text,
            size=NUMBER_SIZE,
            weight=ft.FontWeight.BOLD if bold else None,
            max_lines=1,
            no_wrap=True,
        ),
    )


def numbers_row(cells: list[ft.Control]) -> ft.Control:
    return ft.Container(
        width=WINS_WIDTH + RATE_WIDTH + MONEY_WIDTH + 2 * GAP,
        content=ft.Row(cells, spacing=GAP),
    )


def header_row() -> ft.Control:
    """The column heads: hidden from screen readers, which hear each row whole."""
    return ft.Semantics(
        exclude_semantics=True,
        content=ft.Container(
            padding=ft.Padding.symmetric(horizontal=TILE_PADDING),
            content=ft.Row(
                [
                    ft.Container(width=PLACE_WIDTH, content=ft.Text("#", size=13)),
                    # TRANSLATORS: the leaderboard's column heads, narrow (a phone's width)
                    ft.Text(tr("Player"), size=13, expand=True),
                    numbers_row(
                        [
                            number(tr("Wins"), WINS_WIDTH),
                            number(tr("Win %"), RATE_WIDTH),
                            number(tr("Money"), MONEY_WIDTH),
                        ]
                    ),
                ],
                spacing=GAP,
            ),
        ),
    )


def leader_words(players: Players, place: int, stats: PlayerStats) -> str:
    """A row as a screen reader says it: place, whole name, every number."""
    wins = tr_n("{count} win", "{count} wins", stats.wins).format(count=locale_number(stats.wins))
    values = {
        "place": locale_number(place),
        "name": stats.name,
        "wins": wins,
        "games": games_words(stats.games),
        "rate": percent(stats.win_rate),
    }
    if stats.money_games:
        # TRANSLATORS: a leaderboard row as a screen reader says it: "1. Ann: 3 wins in 4
        # games, win rate 75%, money $1.20"
        return tr("{place}. {name}: {wins} in {games}, win rate {rate}, money {money}").format(
            money=players.money(stats.cents), **values
        )
    # TRANSLATORS: a leaderboard row as a screen reader says it, of a player who never played
    # for money: "1. Ann: 3 wins in 4 games, win rate 75%, no money games"
    return tr("{place}. {name}: {wins} in {games}, win rate {rate}, {no_money}").format(
        no_money=tr(NO_MONEY_WORDS), **values
    )


def games_words(games: int) -> str:
    """How many games a player played: "4 games"."""
    return tr_n("{count} game", "{count} games", games).format(count=locale_number(games))


def leader_row(players: Players, place: int, stats: PlayerStats) -> ft.Control:
    """A ranked player: tapping the row opens their page."""
    games = games_words(stats.games)
    return tagged(
        f"leader-{stats.name}",
        ft.ListTile(
            on_click=lambda: players.open_player(stats.name),
            dense=True,
            content_padding=ft.Padding.symmetric(horizontal=TILE_PADDING),
            horizontal_spacing=GAP,
            min_leading_width=PLACE_WIDTH,
            leading=ft.Semantics(
                exclude_semantics=True,
                content=ft.Text(str(place), size=NUMBER_SIZE, width=PLACE_WIDTH),
            ),
            title=ft.Text(
                stats.name,
                size=16,
                weight=ft.FontWeight.W_500,
                max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS,
                semantics_label=leader_words(players, place, stats),
            ),
            subtitle=ft.Semantics(
                exclude_semantics=True,
                content=ft.Text(games, size=12, color=ft.Colors.ON_SURFACE_VARIANT),
            ),
            trailing=ft.Semantics(
                exclude_semantics=True,
                content=numbers_row(
                    [
                        number(locale_number(stats.wins), WINS_WIDTH, bold=True),
                        number(percent(stats.win_rate), RATE_WIDTH),
                        number(players.net_money(stats), MONEY_WIDTH),
                    ]
                ),
            ),
        ),
    )


def variant_picker(players: Players) -> ft.Control:
    options = [ft.DropdownOption(key=ALL_VARIANTS, text=tr("All games"))]
    options += [ft.DropdownOption(key=name, text=name) for name in players.variants]
    return tagged(
        "variant-picker",
        ft.Dropdown(
            label=tr("Variant"),
            value=players.variant or ALL_VARIANTS,
            options=options,
            on_select=lambda e: players.choose_variant(
                None if e.control.value == ALL_VARIANTS else e.control.value
            ),
            width=210,
        ),
    )


def min_games_field(players: Players) -> ft.Control:
    """The minimum number of games to be ranked, applied as it is typed (the field keeps
    its own text: see :mod:`~scorepad.ui.views.typed`)."""
    return typed_field(
        identifier="min-games",
        text=players.min_games_text,
        on_text=players.set_min_games,
        # TRANSLATORS: the fewest games a player must have played to be ranked
        label=tr("Fewest games"),
        keyboard_type=ft.KeyboardType.NUMBER,
        # the refusal itself is under the row at full width (error_line): in
        # the field's 130 px it was cut to "the minimum n…" on a phone
        border=ft.OutlineInputBorder(side=ft.BorderSide(1.5, ft.Colors.ERROR))
        if players.min_games_error
        else None,
        width=130,
    )


def leaderboard_part(players: Players) -> list[ft.Control]:
    ranked = players.ranked
    parts: list[ft.Control] = [
        heading(tr("Leaderboard"), identifier="leaderboard-heading"),
        ft.Row(
            [variant_picker(players), min_games_field(players)],
            wrap=True,
            vertical_alignment=ft.CrossAxisAlignment.START,
        ),
    ]
    if players.min_games_error is not None:
        parts.append(error_line("min-games-error", say(players.min_games_error)))
    if ranked:
        parts.append(header_row())
        parts.extend(
            leader_row(players, place, stats) for place, stats in enumerate(ranked, start=1)
        )
    least = players.min_games
    rule = tr_n(
        "Ranked by wins, then win rate, then money; at least {count} game to be ranked. "
        "Abandoned games count as played, never as won.",
        "Ranked by wins, then win rate, then money; at least {count} games to be ranked. "
        "Abandoned games count as played, never as won.",
        least,
    ).format(count=locale_number(least))
    unranked = players.unranked
    if not players.standings:
        rule = tr("No game has ended yet: the leaderboard fills as games end.")
    elif unranked:
        # TRANSLATORS: the leaderboard's rule, then who has played too few games to be ranked
        rule = tr("{rule} Not yet ranked: {names}.").format(rule=rule, names=names_list(unranked))
    parts.append(tagged("leaderboard-rule", ft.Text(rule, size=13)))
    return parts


def names_list(names: Iterable[str]) -> str:
    """Names one after the other: "Ann, Bob"."""
    # TRANSLATORS: between the names of a list ("Ann, Bob, Cat")
    return tr(", ").join(names)


def roster_row(players: Players, player: RosterPlayer) -> ft.Control:
    """A roster entry: tap the name for their page; Rename and Merge beside it."""
    name = player.name
    # TRANSLATORS: the names a player in the roster had before: "was Bob, Robert"
    was = tr("was {names}").format(names=names_list(player.aliases)) if player.aliases else None
    return tagged(
        f"roster-{name}",
        ft.ListTile(
            on_click=lambda: players.open_player(name),
            dense=True,
            content_padding=ft.Padding.only(left=TILE_PADDING),
            title=ft.Text(
                name,
                size=16,
                max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS,
                semantics_label=name,
            ),
            subtitle=ft.Text(
                was,
                size=12,
                max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS,
                semantics_label=was,
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
            if was
            else None,
            trailing=ft.Row(
                [
                    tagged(
                        f"rename-{name}",
                        icon_button(
                            ft.Icons.EDIT_OUTLINED,
                            tooltip=tr("Rename {name}").format(name=name),
                            in_row=True,
                            on_click=lambda: players.start_rename(name),
                        ),
                    ),
                    tagged(
                        f"merge-{name}",
                        icon_button(
                            ft.Icons.CALL_MERGE,
                            tooltip=tr("Merge {name} into another player").format(name=name),
                            in_row=True,
                            on_click=lambda: players.start_merge(name),
                        ),
                    ),
                ],
                spacing=0,
                tight=True,
            ),
        ),
    )


def roster_part(players: Players) -> list[ft.Control]:
    parts: list[ft.Control] = [heading(tr("Roster"), identifier="roster-heading")]
    label = players.undo_label
    if label is not None:
        parts.append(
            tagged(
                "undo-roster",
                ft.OutlinedButton(
                    # TRANSLATORS: a button taking back the roster's last change ("Undo rename")
                    tr("Undo {action}").format(action=say(label)),
                    icon=ft.Icons.UNDO,
                    on_click=players.undo,
                    height=TAP - 8,
                ),
            )
        )
    roster = players.roster
    if not roster:
        parts.append(ft.Text(tr("Players join the roster when a game starts with them."), size=14))
    parts.extend(roster_row(players, p) for p in roster)
    parts.append(
        ft.Text(
            tr(
                "Rename a player and their games follow; merge two entries that are one person "
                "(Bob and Robert). A game keeps the name it was played under."
            ),
            size=13,
            color=ft.Colors.ON_SURFACE_VARIANT,
        )
    )
    return parts


def currency_menu(app: ScorepadApp) -> ft.Control:
    """The ⋮ menu with the currency symbol: on the players' screen and the money ledger,
    both opening the one dialog (:func:`players_dialog`)."""
    players = app.players
    return ft.PopupMenuButton(
        # TRANSLATORS: the menu of more actions (the ⋮ button)
        icon=ft.Icon(ft.Icons.MORE_VERT, semantics_label=tr("More")),
        tooltip=tr("More"),
        items=[
            ft.PopupMenuItem(
                content=tr("Currency symbol ({symbol})").format(symbol=players.symbol),
                icon=ft.Icons.PAYMENTS_OUTLINED,
                on_click=players.start_currency,
            )
        ],
    )


def players_view(app: ScorepadApp, width: float) -> ft.View:
    players = app.players
    menu = currency_menu(app)
    body: list[ft.Control | None] = [
        message_bar(app),
        *leaderboard_part(players),
        ft.Divider(),
        *roster_part(players),
    ]
    return screen_view(
        app,
        title=tr("Players"),
        width=width,
        body=body,
        actions=[tagged("players-menu", menu), theme_button(app)],
    )


# --- the dialog: rename, merge, currency symbol ---------------------------------------------

DIALOG_TITLES = {
    RosterTask.RENAME: N_("Rename {name}"),
    RosterTask.MERGE: N_("Merge {name} into…"),
    RosterTask.CURRENCY: N_("Currency symbol"),
}
"""Each dialog's title (translated where shown)."""
GO_AHEAD = {
    # TRANSLATORS: the button of the rename dialog
    RosterTask.RENAME: N_("Rename"),
    # TRANSLATORS: the button of the merge dialog
    RosterTask.MERGE: N_("Merge"),
    # TRANSLATORS: the button of the currency symbol's dialog
    RosterTask.CURRENCY: N_("Save"),
}
"""Each dialog's button that does it (translated where shown)."""


def dialog_field(players: Players, dialog: RosterDialog) -> ft.Control:
    if dialog.task is RosterTask.MERGE:
        return tagged(
            "dialog-field",
            ft.Dropdown(
                label=tr("Keep the records under"),
                value=dialog.text,
                options=[
                    ft.DropdownOption(key=name, text=name)
                    for name in players.merge_choices(dialog.name)
                ],
                on_select=lambda e: players.type_in_dialog(e.control.value or ""),
                width=260,
            ),
        )
    currency = dialog.task is RosterTask.CURRENCY
    return typed_field(
        identifier="dialog-field",
        text=dialog.text,
        on_text=players.type_in_dialog,
        label=tr("Symbol (1 to 3 characters)") if currency else tr("New name"),
        # no hint: an emptied field showing the old name in grey looked as if the name
        # had come back (the title says whose name it is)
        autofocus=True,
        on_submit=lambda e: players.submit_dialog(
            e.data if isinstance(e.data, str) else players_text(players)
        ),
        # the counter shows how much room a name has left (the engine's limit)
        max_length=3 if currency else MAX_NAME_LENGTH,
        width=260,
    )


def players_text(players: Players) -> str:
    """The dialog's text as last heard (a submit event without its text)."""
    return players.dialog.text if players.dialog is not None else ""


def dialog_detail(dialog: RosterDialog) -> str:
    if dialog.task is RosterTask.MERGE:
        return tr(
            "Their games count for the player you pick, and this entry leaves the roster "
            "(its name stays known as theirs). Undo takes it back."
        )
    if dialog.task is RosterTask.RENAME:
        return tr("Their games follow the new name; each game still shows who played it.")
    return tr("Money in the records and the ledger is shown with it; amounts stay in cents.")


def players_dialog(app: ScorepadApp) -> ft.AlertDialog | None:
    """The rename, merge or currency dialog, when one is open on the players' screen."""
    players = app.players
    dialog = players.dialog
    if dialog is None:
        return None
    ledger_currency = app.screen is Screen.LEDGER and dialog.task is RosterTask.CURRENCY
    if app.screen is not Screen.PLAYERS and not ledger_currency:
        return None
    content: list[ft.Control] = [
        ft.Text(dialog_detail(dialog), size=14),
        dialog_field(players, dialog),
        # a modal dialog hides the page (and its revision marker) from the accessibility
        # tree: the dialog carries its own, so a browser test can wait for a tap's effect
        revision_marker(app),
    ]
    if dialog.error is not None:
        content.append(error_line("dialog-error", say(dialog.error)))
    actions: list[ft.Control] = [
        tagged("dialog-cancel", ft.TextButton(tr("Cancel"), on_click=players.cancel_dialog)),
    ]
    if dialog.merge_into is None:
        actions.append(
            tagged(
                "dialog-save",
                ft.FilledButton(tr(GO_AHEAD[dialog.task]), on_click=players.save_dialog),
            )
        )
    else:
        # the name is taken: merging is what can be done now, so it is the filled button;
        # Rename stays (after another name is typed) as a plain one
        actions.append(
            tagged(
                "dialog-save",
                ft.TextButton(tr(GO_AHEAD[dialog.task]), on_click=players.save_dialog),
            )
        )
        actions.append(
            tagged(
                "dialog-merge-instead",
                ft.FilledButton(
                    tr("Merge into {name}").format(name=dialog.merge_into),
                    on_click=players.merge_instead,
                ),
            )
        )
    return ft.AlertDialog(
        modal=True,
        title=ft.Text(
            tr(DIALOG_TITLES[dialog.task]).format(name=dialog.name),
            max_lines=2,
            overflow=ft.TextOverflow.ELLIPSIS,
        ),
        content=ft.Column(content, tight=True, spacing=12, width=280),
        actions=actions,
        on_dismiss=players.cancel_dialog,
    )
