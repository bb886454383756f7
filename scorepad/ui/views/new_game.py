"""New game: the variant, the players in seating order, the first dealer, the stake, and the
totals carried in from another evening."""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial

import flet as ft

from scorepad.engine import Money
from scorepad.i18n import money, say, tr, tr_n
from scorepad.ui.state import NewGame, ScorepadApp, SetupForm
from scorepad.ui.state.setup_form import STAKE_CHOICES
from scorepad.ui.views.common import (
    TAP,
    big_button,
    heading,
    hover_tip,
    icon_button,
    message_bar,
    screen_view,
    tagged,
)
from scorepad.ui.views.kept import rendering
from scorepad.ui.views.typed import line_field, typed_field

log = logging.getLogger("scorepad.ui")


def variant_picker(new_game: NewGame, form: SetupForm) -> ft.Control:
    tiles = []
    for choice in form.listed_choices:
        chosen = choice.key == form.variant_key
        tiles.append(
            tagged(
                f"variant-{choice.key}",
                ft.Container(
                    border=ft.Border.all(
                        2 if chosen else 1,
                        ft.Colors.PRIMARY if chosen else ft.Colors.OUTLINE_VARIANT,
                    ),
                    border_radius=10,
                    bgcolor=ft.Colors.PRIMARY_CONTAINER if chosen else None,
                    padding=10,
                    on_click=lambda _, key=choice.key: new_game.choose_variant(key),
                    content=ft.Row(
                        [
                            ft.Icon(
                                ft.Icons.RADIO_BUTTON_CHECKED
                                if chosen
                                else ft.Icons.RADIO_BUTTON_UNCHECKED
                            ),
                            ft.Column(
                                [
                                    ft.Text(choice.label, weight=ft.FontWeight.BOLD, size=16),
                                    # the chosen variant in full; the others on one line,
                                    # so the players' rows stay in view on a phone
                                    ft.Text(
                                        say(choice.description(form.symbol)),
                                        size=13,
                                        max_lines=None if chosen else 1,
                                        overflow=ft.TextOverflow.CLIP
                                        if chosen
                                        else ft.TextOverflow.ELLIPSIS,
                                    ),
                                ],
                                spacing=2,
                                expand=True,
                            ),
                        ]
                    ),
                ),
            )
        )
    return ft.Column(tiles, spacing=6)


def variant_heading(new_game: NewGame, form: SetupForm) -> ft.Control:
    """ "Variant", and beside it the button that lists the family's other presets: in the
    heading's row, so that the players' rows stay where they were on a phone."""
    hidden = form.family_count
    if not form.family_shown and not hidden:
        return heading(tr("Variant"))
    return ft.Row(
        [
            heading(tr("Variant")),
            tagged(
                "variant-family",
                ft.TextButton(
                    tr("Fewer games")
                    if form.family_shown
                    # TRANSLATORS: a button listing the family's other games (Nomination
                    # Whist, Kachuful...) beside the three rule sheets
                    else tr_n(
                        "{count} more game of the family",
                        "{count} more games of the family",
                        hidden,
                    ).format(count=hidden),
                    icon=ft.Icons.EXPAND_LESS if form.family_shown else ft.Icons.EXPAND_MORE,
                    on_click=lambda _: new_game.show_family(not form.family_shown),
                    style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=6)),
                ),
            ),
        ],
        alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
        height=24,
    )


def name_input(new_game: NewGame, form: SetupForm) -> ft.Control:
    """The "Add a player" field: a name per line, each seated as its Enter reaches the app
    (see :func:`~scorepad.ui.views.typed.line_field`). After Add it takes the cursor back
    (in a rendering page; a view drawn on its own, in a test, has no page to focus in)."""
    if rendering():
        return NameInput(new_game, form)
    return name_row(new_game, form, ft.Ref(), on_added=None)


@ft.component
def NameInput(new_game: NewGame, form: SetupForm) -> ft.Control:
    """The name field that takes the cursor back after Add, once the field is empty.

    Focusing straight from the click handler reached the browser before the update that
    empties the field: for a moment the field had the cursor and still showed the name just
    added. So Add only counts itself here, and the focus is asked for by an effect: Flet runs
    effects after it has sent the update of the render that scheduled them, and ``field``
    is then the field that update put on the page.
    """
    added, set_added = ft.use_state(0)
    field: ft.Ref[ft.TextField] = ft.Ref()

    async def focus_again() -> None:
        if added == 0 or field.current is None:  # first drawn: not asked for, no keyboard
            return
        try:
            await field.current.focus()  # type: ignore[no-untyped-call]
        except RuntimeError as problem:  # the screen was left meanwhile: nothing to focus
            log.debug("the name field was not focused again: %s", problem)

    ft.use_effect(focus_again, [added])
    return name_row(new_game, form, field, on_added=lambda: set_added(lambda n: n + 1))


def name_row(
    new_game: NewGame,
    form: SetupForm,
    field: ft.Ref[ft.TextField],
    on_added: Callable[[], None] | None,
) -> ft.Control:
    def add() -> None:
        new_game.add_typed()
        if on_added is not None:
            on_added()

    row = ft.Row(
        [
            line_field(
                identifier="player-name",
                text=form.name_field.text,
                on_text=new_game.type_names,
                label=tr("Add a player"),
                expand=True,
                ref=field,
                on_blur=new_game.leave_name_field,
                # names are kept as typed: no forced capitals, no "corrections"
                autocorrect=False,
            ),
            tagged(
                "add-player",
                # TRANSLATORS: the button that seats the player whose name is typed
                ft.FilledTonalButton(tr("Add"), icon=ft.Icons.PERSON_ADD, on_click=add, height=TAP),
            ),
        ],
        vertical_alignment=ft.CrossAxisAlignment.START,
    )
    if form.name_error is None:
        return row
    problem = tagged("name-error", ft.Text(say(form.name_error), color=ft.Colors.ERROR))
    return ft.Column([row, problem], spacing=4)


def seating(new_game: NewGame, form: SetupForm) -> ft.Control:
    rows = []
    dealer = form.dealer
    for seat, name in enumerate(form.players):
        deals = name == dealer
        rows.append(
            tagged(
                f"seat-{seat + 1}",
                ft.Container(
                    padding=ft.Padding.symmetric(horizontal=8),
                    border_radius=8,
                    bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
                    content=ft.Row(
                        [
                            ft.Text(f"{seat + 1}.", width=28),
                            ft.Text(
                                name,
                                size=18,
                                expand=True,
                                weight=ft.FontWeight.W_500,
                                max_lines=1,
                                overflow=ft.TextOverflow.ELLIPSIS,
                                tooltip=hover_tip(name),
                                semantics_label=name,
                            ),
                            ft.TextButton(
                                # TRANSLATORS: beside the seated player who deals the first round
                                tr("deals first")
                                if deals
                                # TRANSLATORS: a button beside a seated player: they deal first
                                else tr("deal first"),
                                icon=ft.Icons.STYLE if deals else None,
                                on_click=lambda _, n=name: new_game.choose_dealer(n),
                                tooltip=hover_tip(
                                    tr("{name} deals the first round").format(name=name)
                                ),
                            ),
                            icon_button(
                                ft.Icons.ARROW_UPWARD,
                                tooltip=tr("Move {name} one seat earlier").format(name=name),
                                in_row=True,
                                disabled=seat == 0,
                                on_click=lambda _, n=name: new_game.move_player(n, -1),
                            ),
                            icon_button(
                                ft.Icons.ARROW_DOWNWARD,
                                tooltip=tr("Move {name} one seat later").format(name=name),
                                in_row=True,
                                disabled=seat == len(form.players) - 1,
                                on_click=lambda _, n=name: new_game.move_player(n, 1),
                            ),
                            icon_button(
                                ft.Icons.CLOSE,
                                tooltip=tr("Remove {name}").format(name=name),
                                in_row=True,
                                on_click=lambda _, n=name: new_game.remove_player(n),
                            ),
                        ],
                        spacing=0,
                    ),
                ),
            )
        )
    return ft.Column(rows, spacing=4)


def roster_chips(new_game: NewGame, form: SetupForm, roster: list[str]) -> ft.Control | None:
    known = form.not_seated(roster)
    if not known:
        return None
    # one row that scrolls sideways: a wrapped roster of a dozen names pushed the seating
    # under the Start button on a phone
    return ft.Row(
        [
            tagged(
                f"roster-{name}",
                ft.Chip(
                    label=ft.Text(name),
                    leading=ft.Icon(ft.Icons.ADD, size=16),
                    on_click=lambda _, n=name: new_game.add_player(n),
                    tooltip=hover_tip(tr("Seat {name} next").format(name=name)),
                ),
            )
            for name in known
        ],
        scroll=ft.ScrollMode.AUTO,
    )


def stake_picker(new_game: NewGame, form: SetupForm) -> ft.Control | None:
    stake = form.effective_stake
    if stake is None:
        return None
    choices = sorted({*STAKE_CHOICES, stake})
    return ft.Column(
        [
            ft.Row(
                [
                    ft.Semantics(
                        header=True,
                        content=ft.Text(tr("Stake per set"), size=16, weight=ft.FontWeight.BOLD),
                    ),
                    *[
                        tagged(
                            f"stake-{cents}",
                            ft.Chip(
                                label=ft.Text(money(Money(cents, form.symbol)), size=16),
                                selected=cents == stake,
                                on_click=lambda _, c=cents: new_game.set_stake(c),
                            ),
                        )
                        for cents in choices
                    ],
                ],
                wrap=True,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            ft.Text(say(form.stake_line) if form.stake_line else "", size=13),
        ],
        spacing=2,
    )


START_FIELD_WIDTH = 160
"""A starting total's field: room for a name as its label and a four-digit number."""


def carry_in_switch(new_game: NewGame, form: SetupForm) -> ft.Control:
    """The switch "Carry in totals" (a game continued from another evening), beside Draw for
    dealer: in a row of its own it made the form taller than a phone once a name was seated,
    and the page scrolled the "Add a player" field under the fingers typing the next name
    (WebKit lost that name's first key)."""
    return tagged(
        "carry-in",
        ft.Switch(
            value=form.carry_in,
            # TRANSLATORS: a switch on the new-game form: the players start on totals carried
            # in from another evening
            label=ft.Text(tr("Carry in totals"), no_wrap=False),
            tooltip=tr("Carry in totals from another evening"),
            on_change=lambda e: new_game.carry_in_totals(bool(e.control.value)),
        ),
    )


def carried_in(new_game: NewGame, form: SetupForm) -> ft.Control | None:
    """While the switch is on, a number field per seated player, each refused in place when
    it is not a number the game takes (empty: 0). Off, what was typed is kept but does not
    count."""
    if not form.carry_in:
        return None
    errors = form.start_errors
    fields = [
        typed_field(
            identifier=f"start-total-{name}",
            text=form.start_text(name),
            on_text=partial(new_game.type_start_total, name),
            label=name,
            keyboard_type=ft.KeyboardType.NUMBER,
            error=say(errors[name]) if name in errors else None,
            error_max_lines=3,  # a narrow field must not cut the reason short
            width=START_FIELD_WIDTH,
        )
        for name in form.players
    ]
    return ft.Column(
        [
            # TRANSLATORS: under the switch: what the starting totals typed are for
            ft.Text(tr("Each player starts on the total typed (empty: 0)."), size=13),
            ft.Row(fields, wrap=True, spacing=8, run_spacing=8),
        ],
        spacing=6,
    )


def new_game_view(app: ScorepadApp, width: float) -> ft.View:
    new_game = app.new_game
    form = new_game.form
    assert form is not None
    problem = form.problem
    body: list[ft.Control | None] = [
        message_bar(app),
        variant_heading(new_game, form),
        variant_picker(new_game, form),
        stake_picker(new_game, form),  # the variant's own setting: beside it, in view
        heading(tr("Players, in clockwise seating order")),
        name_input(new_game, form),
        roster_chips(new_game, form, app.lists.roster()),
        seating(new_game, form),
        ft.Row(
            [
                tagged(
                    "draw-dealer",
                    ft.OutlinedButton(
                        tr("Draw for dealer"),
                        icon=ft.Icons.CASINO,
                        on_click=new_game.draw_dealer,
                        disabled=not form.players,
                    ),
                ),
                carry_in_switch(new_game, form),
            ],
            wrap=True,
            spacing=12,
        ),
        carried_in(new_game, form),
    ]
    # Start is docked below the form (with 4 or more players it had scrolled out of reach),
    # and the game it starts is said right above it, or why it cannot start yet: whoever
    # taps Start reads what they are starting without scrolling for it.
    summary = [
        tagged("schedule", ft.Text(say(form.schedule_line), size=15, weight=ft.FontWeight.W_500)),
        tagged("setup-problem", ft.Text(say(problem), color=ft.Colors.ERROR))
        if problem and form.players
        else None,
        big_button(
            tr("Start game"),
            new_game.start_game,
            identifier="start-game",
            icon=ft.Icons.PLAY_ARROW,
            disabled=problem is not None,
        ),
    ]
    dock = ft.Column(
        [part for part in summary if part is not None],
        spacing=6,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
    return screen_view(app, title=tr("New game"), width=width, body=body, dock=dock)
