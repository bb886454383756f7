"""Home: start a game, resume one, look back at finished and abandoned ones."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.i18n import say, tr
from scorepad.store import GameSummary, ListedStatus
from scorepad.ui.state import ScorepadApp
from scorepad.ui.state.backups import BACK_UP
from scorepad.ui.state.routes import LEDGER_ROUTE
from scorepad.ui.views.common import (
    big_button,
    heading,
    hover_tip,
    message_bar,
    screen_view,
    tagged,
    theme_button,
)
from scorepad.ui.views.imports import import_action, restore_action
from scorepad.ui.views.language_menu import language_menus
from scorepad.ui.views.link_dialog import OPEN_A_LINK

TITLE_LINES = 2
"""A game card's title (variant and players) and its detail line (who leads, with a long name)
keep to this many lines."""
CARD_NAME_LIMIT = 14
"""The most characters a name takes in a card's detail line: with "next: round 12 of 18 · "
before it and "is ahead, 130 to 140" after, the line keeps to two lines of a phone's card."""


BAR_BUTTON = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=6))
"""The app bar's labelled buttons: tight, so the title and three of them fit a phone."""


def game_card(app: ScorepadApp, summary: GameSummary) -> ft.Control:
    if summary.status == ListedStatus.DAMAGED:
        return tagged(
            f"game-{summary.id}",
            ft.Card(
                content=ft.ListTile(
                    leading=ft.Icon(ft.Icons.BROKEN_IMAGE_OUTLINED),
                    # TRANSLATORS: the title of a game's card when the game cannot be read
                    title=ft.Text(tr("Game {id}").format(id=summary.id)),
                    subtitle=ft.Text(damage(summary), selectable=True),
                    trailing=ft.FilledTonalButton(
                        tr("Recover"),
                        on_click=app.problem.recover,
                        tooltip=hover_tip(
                            tr("Bring unreadable games back from their last good backups")
                        ),
                    )
                    if summary.recoverable  # not for a file to fix by hand or a newer one
                    else None,
                )
            ),
        )
    names = app.home.names_of(summary)  # as known now: a game keeps the names it was played under
    # TRANSLATORS: between the items of a list ("Ann, Bob, Cat")
    who = tr(", ").join(names.all_shown(summary.players))
    detail = say(app.home.card_detail(summary, names=names))
    # a long name is cut short on screen so the score after it stays in view
    short_detail = say(app.home.card_detail(summary, name_limit=CARD_NAME_LIMIT, names=names))
    action = (
        # TRANSLATORS: a game card's button: go on with a game being played
        tr("Resume")
        if summary.status == ListedStatus.IN_PROGRESS
        # TRANSLATORS: a game card's button: open a finished game to look at it
        else tr("Open")
    )
    # TRANSLATORS: a game card's title: the variant played, then the players
    title = tr("{variant}: {players}").format(variant=summary.variant, players=who)
    return tagged(
        f"game-{summary.id}",
        ft.Card(
            content=ft.ListTile(
                # eight long names would make a card a screen high: two lines, then an
                # ellipsis; the whole list stays the title's accessible name
                title=ft.Text(
                    title,
                    weight=ft.FontWeight.W_500,
                    max_lines=TITLE_LINES,
                    overflow=ft.TextOverflow.ELLIPSIS,
                    semantics_label=title,
                ),
                subtitle=ft.Text(
                    short_detail,
                    max_lines=TITLE_LINES,
                    overflow=ft.TextOverflow.ELLIPSIS,
                    semantics_label=detail,
                ),
                # no tooltip: the card says which game; on a phone a long press on Resume
                # would cover the next card with the whole list of names
                trailing=ft.FilledTonalButton(
                    action, on_click=lambda: app.home.open_game(summary.id)
                ),
                on_click=lambda: app.home.open_game(summary.id),
            )
        ),
    )


def damage(summary: GameSummary) -> str:
    """Why a game cannot be read, as a sentence of its own under its card's title."""
    # TRANSLATORS: why a game cannot be read (the reason), ended as a sentence
    return tr("{problem}.").format(problem=say(summary.problem or ""))


def import_button() -> list[ft.Control]:
    """Import a game: the browser opens its file chooser inside the tap (see
    :mod:`scorepad.ui.views.imports`)."""
    return _chooser_button(
        tr("Import a game"), "import-game", ft.Icons.FILE_OPEN_OUTLINED, import_action
    )


def restore_button() -> list[ft.Control]:
    """Restore a backup: a file chooser opened inside the tap, as for "Import a game"."""
    return _chooser_button(
        tr("Restore a backup"),
        "restore-backup",
        ft.Icons.SETTINGS_BACKUP_RESTORE,
        restore_action,
    )


def _chooser_button(
    label: str,
    identifier: str,
    icon: ft.IconData,
    chooser: Callable[[ft.Page], ft.PickFiles | None],
) -> list[ft.Control]:
    """A button that opens a file chooser; none where this page cannot pick files, or where
    the screen is drawn with no page at all (a test drawing views headless)."""
    try:
        page = ft.context.page
    except RuntimeError:
        return []
    action = chooser(page)
    if action is None:
        return []
    return [big_button(label, None, identifier=identifier, icon=icon, filled=False, action=action)]


def keep_safe(app: ScorepadApp) -> list[ft.Control]:
    """The foot of the list: every game in one file, and back; in the offline app, why."""
    note = app.home.safety_note
    return [
        heading(tr("Keep the games safe")),
        *([tagged("safety-note", ft.Text(say(note), size=14))] if note else []),
        ft.Row(
            [
                big_button(
                    tr(BACK_UP),
                    app.home.back_up_all,
                    identifier="back-up-all",
                    icon=ft.Icons.SAVE_ALT,
                    filled=False,
                ),
                *restore_button(),
            ],
            wrap=True,
        ),
    ]


def home_view(app: ScorepadApp, width: float) -> ft.View:
    sections = app.home.sections
    body: list[ft.Control] = []
    banner = message_bar(app)
    if banner:
        body.append(banner)
    body.append(
        ft.Row(
            [
                big_button(
                    tr("New game"), app.new_game.open, identifier="new-game", icon=ft.Icons.ADD
                ),
                big_button(
                    tr("House rules"),
                    app.house_rules.open,
                    identifier="house-rules",
                    icon=ft.Icons.TUNE,
                    filled=False,
                ),
                *import_button(),
                big_button(
                    tr(OPEN_A_LINK),
                    app.links.ask_for_link,
                    identifier="open-a-link",
                    icon=ft.Icons.LINK,
                    filled=False,
                ),
            ],
            wrap=True,
        )
    )
    problem = app.lists.games_problem
    if problem is not None:
        body.append(
            tagged(
                "games-problem",
                ft.Text(
                    tr(
                        "The games cannot be listed right now; nothing was changed. ({problem})"
                    ).format(problem=say(problem)),
                    size=16,
                    selectable=True,
                ),
            )
        )
        body.append(
            big_button(tr("Try again"), app.go_home, identifier="list-again", icon=ft.Icons.REFRESH)
        )
    elif not sections:
        body.append(
            ft.Text(
                tr(
                    "No games yet. Tap New game, pick the variant and the players, and keep "
                    "score here instead of on paper."
                ),
                size=16,
            )
        )
    for section in sections:
        body.append(heading(say(section.title)))
        body.extend(game_card(app, g) for g in section.games)
    if problem is None:
        body.extend(keep_safe(app))
    return screen_view(
        app,
        title="scorepad",
        width=width,
        body=body,
        back=False,
        actions=[
            # labelled, not icons alone: a phone has no hover to show a tooltip, and the
            # README sends the reader to "Players" and "Money ledger" by name
            tagged(
                "open-players",
                ft.TextButton(
                    tr("Players"),
                    icon=ft.Icons.LEADERBOARD_OUTLINED,
                    on_click=app.players.open,
                    style=BAR_BUTTON,
                ),
            ),
            tagged(
                "open-ledger",
                ft.TextButton(
                    # TRANSLATORS: a short button in the title bar: the money ledger
                    tr("Ledger"),
                    icon=ft.Icons.ACCOUNT_BALANCE_WALLET_OUTLINED,
                    on_click=lambda: app.routes.open(LEDGER_ROUTE),
                    tooltip=hover_tip(tr("The money ledger: who pays whom over an evening")),
                    style=BAR_BUTTON,
                ),
            ),
            *language_menus(app),
            theme_button(app),
        ],
    )
