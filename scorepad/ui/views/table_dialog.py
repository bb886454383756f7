"""The Table dialog on the game screen: someone joins, leaves, takes over a seat, sits out the
next round, or has points adjusted. Its fields are the state's
(:class:`~scorepad.ui.state.table_form.TableForm`); under them, what the change would do (the
hands left, the next dealer, a late arrival's start and why), worked out by the engine as the
fields are filled in, so the table sees it before it confirms."""

from __future__ import annotations

import flet as ft

from scorepad.engine import MAX_NAME_LENGTH, HandEdit, StartingTotal
from scorepad.i18n import N_, say, tr
from scorepad.ui.state import ScorepadApp, Screen
from scorepad.ui.state.table_form import NUMBER, TableForm, TableTask
from scorepad.ui.views.common import error_line, revision_marker, tagged
from scorepad.ui.views.typed import typed_field

FIELD_WIDTH = 260
"""Wide enough for a 40-character name's field on a 390-point phone, inside the dialog."""

STARTING_CHOICES = (
    # TRANSLATORS: what a late arrival starts on: the lowest total at the table
    (StartingTotal.WORST.value, N_("The worst total")),
    # TRANSLATORS: what a late arrival starts on: zero points
    (StartingTotal.ZERO.value, N_("Zero")),
    # TRANSLATORS: what a late arrival starts on: the table's average total
    (StartingTotal.AVERAGE.value, N_("The average")),
    # TRANSLATORS: what a late arrival starts on: a number typed in
    (NUMBER, N_("A number")),
)
"""A late arrival's starting totals, as their chips say them (translated where shown)."""

TASK_NAMES = {
    # TRANSLATORS: a kind of change of the table (a chip): someone joins the game
    TableTask.JOIN: N_("Joins"),
    # TRANSLATORS: a kind of change of the table (a chip): someone leaves the game
    TableTask.LEAVE: N_("Leaves"),
    # TRANSLATORS: a kind of change of the table (a chip): a newcomer takes over a seat
    TableTask.TAKE_OVER: N_("Takes over a seat"),
    # TRANSLATORS: a kind of change of the table (a chip): someone sits out the next round
    TableTask.SIT_OUT: N_("Sits out next round"),
    # TRANSLATORS: a kind of change of the table (a chip): a player's points are adjusted
    TableTask.ADJUST: N_("Points adjusted"),
    # TRANSLATORS: a kind of change of the table (a chip): the hands still to play change
    TableTask.HANDS: N_("The hands"),
}
"""The kinds of change, as their chips say them (translated where shown; the same words as
the state's ``table_form.TASK_TITLES``, which no screen shows now)."""

CORRECTING_TITLES = {
    # TRANSLATORS: the title of the dialog correcting a change of the table
    TableTask.JOIN: N_("Correct: joins"),
    # TRANSLATORS: the title of the dialog correcting a change of the table
    TableTask.LEAVE: N_("Correct: leaves"),
    # TRANSLATORS: the title of the dialog correcting a change of the table
    TableTask.TAKE_OVER: N_("Correct: takes over a seat"),
    # TRANSLATORS: the title of the dialog correcting a change of the table
    TableTask.SIT_OUT: N_("Correct: sits out next round"),
    # TRANSLATORS: the title of the dialog correcting a change of the table
    TableTask.ADJUST: N_("Correct: points adjusted"),
    # TRANSLATORS: the title of the dialog correcting a change of the hands still to play
    TableTask.HANDS: N_("Correct: the hands"),
}
"""The dialog's title while it corrects a change, one whole title per kind."""

CONFIRM_WORDS = {
    # TRANSLATORS: the button that seats a newcomer
    TableTask.JOIN: N_("Add to the table"),
    # TRANSLATORS: the button confirming that the chosen player leaves the game
    TableTask.LEAVE: N_("Leaves"),
    # TRANSLATORS: the button confirming that a newcomer takes over the chosen seat
    TableTask.TAKE_OVER: N_("Takes over"),
    # TRANSLATORS: the button confirming that the chosen player sits out the next round
    TableTask.SIT_OUT: N_("Sits out"),
    # TRANSLATORS: the button confirming a player's points adjustment
    TableTask.ADJUST: N_("Adjust"),
    # TRANSLATORS: the button confirming a change of the hands still to play
    TableTask.HANDS: N_("Change the hands"),
}

HAND_EDITS = (
    # TRANSLATORS: a change of the hands still to play (a chip): a hand put in
    (HandEdit.INSERT.value, N_("Put in a hand")),
    # TRANSLATORS: a change of the hands still to play (a chip): a hand left out
    (HandEdit.SKIP.value, N_("Skip a hand")),
    # TRANSLATORS: a change of the hands still to play (a chip): a hand of other cards
    (HandEdit.RESIZE.value, N_("Other cards")),
    # TRANSLATORS: a change of the hands still to play (a chip): a hand added at the end
    (HandEdit.EXTRA.value, N_("One more at the end")),
)
"""The changes of the hands, as their chips say them (translated where shown)."""
"""The confirming button's words for each kind of change (translated where shown)."""


def table_dialog(app: ScorepadApp) -> ft.AlertDialog | None:
    """The Table dialog, while the open game has one."""
    session = app.game.session
    if app.screen is not Screen.GAME or session is None or session.table_form is None:
        return None
    form = session.table_form
    game = app.game
    preview, can_go = game.table_preview()
    correcting = form.correcting is not None
    content: list[ft.Control] = [
        # a modal dialog hides the page's marker: it carries its own, first, so that it is on
        # the screen whichever part of a long dialog (a schedule's rounds) is scrolled to
        revision_marker(app),
        *([] if correcting else [task_chips(app, form)]),  # a correction keeps its kind
        *fields_for(app, form),
        tagged("table-preview", ft.Text(say(preview), size=13)),
    ]
    if form.error is not None:
        content.append(error_line("table-error", say(form.error)))
    return ft.AlertDialog(
        modal=True,
        title=ft.Text(tr(CORRECTING_TITLES[form.task]) if correcting else tr("Change the table")),
        content=ft.Column(
            content, tight=True, spacing=12, width=FIELD_WIDTH, scroll=ft.ScrollMode.AUTO
        ),
        actions=[
            tagged("table-cancel", ft.TextButton(tr("Cancel"), on_click=game.cancel_table_form)),
            tagged(
                "table-confirm",
                ft.FilledButton(
                    tr("Save the correction") if correcting else tr(CONFIRM_WORDS[form.task]),
                    on_click=game.confirm_table_form,
                    disabled=not can_go,
                ),
            ),
        ],
        on_dismiss=game.cancel_table_form,
    )


def task_chips(app: ScorepadApp, form: TableForm) -> ft.Control:
    """What kind of change, one chip each (``table-task-<task>``), the one open selected."""
    return ft.Row(
        [
            tagged(
                f"table-task-{task.value}",
                ft.Chip(
                    label=ft.Text(tr(TASK_NAMES[task])),
                    selected=task is form.task,
                    on_click=lambda _, task=task: app.game.open_table_form(task),
                ),
            )
            for task in TableTask
        ],
        wrap=True,
        spacing=6,
        run_spacing=4,
    )


def fields_for(app: ScorepadApp, form: TableForm) -> list[ft.Control]:
    """The fields the task needs, in the order a scorekeeper fills them in."""
    game = app.game
    if form.task is TableTask.HANDS:
        return hand_fields(app, form)
    seated = game.table_choices()
    if form.task is TableTask.JOIN:
        fields = [
            name_field(app, form),
            picker(
                "table-left-of",
                # TRANSLATORS: the newcomer's place at the table: to the left of a player
                label=tr("Sits to the left of"),
                value=form.left_of,
                keys=seated,
                field="left_of",
                app=app,
            ),
            picker(
                "table-starting",
                # TRANSLATORS: the newcomer's starting total
                label=tr("Starts on"),
                value=form.starting,
                keys=[key for key, _ in STARTING_CHOICES],
                field="starting",
                app=app,
                texts={key: tr(text) for key, text in STARTING_CHOICES},
            ),
        ]
        if form.starting == NUMBER:
            fields.append(
                typed_field(
                    identifier="table-starting-total",
                    text=form.starting_text,
                    on_text=lambda text: game.edit_table_form(starting_text=text),
                    label=tr("Starting total"),
                    keyboard_type=ft.KeyboardType.NUMBER,
                    on_submit=lambda _: game.confirm_table_form(),
                    width=FIELD_WIDTH,
                )
            )
        return fields
    who = {
        TableTask.LEAVE: tr("Who leaves"),
        TableTask.TAKE_OVER: tr("Whose seat"),
        TableTask.SIT_OUT: tr("Who sits out"),
        TableTask.ADJUST: tr("Whose points"),
    }[form.task]
    fields = [
        picker("table-player", label=who, value=form.player, keys=seated, field="player", app=app)
    ]
    if form.task is TableTask.TAKE_OVER:
        fields.append(name_field(app, form))
    if form.task is TableTask.ADJUST:
        fields += [
            typed_field(
                identifier="table-points",
                text=form.points_text,
                on_text=lambda text: game.edit_table_form(points_text=text),
                label=tr("Points (a penalty is negative)"),
                keyboard_type=ft.KeyboardType.NUMBER,
                width=FIELD_WIDTH,
            ),
            typed_field(
                identifier="table-reason",
                text=form.reason,
                on_text=lambda text: game.edit_table_form(reason=text),
                # TRANSLATORS: the reason for a points adjustment (examples in brackets)
                label=tr("Why (renege, bonus…)"),
                max_length=120,
                on_submit=lambda _: game.confirm_table_form(),
                width=FIELD_WIDTH,
            ),
        ]
    return fields


def hand_fields(app: ScorepadApp, form: TableForm) -> list[ft.Control]:
    """What happens to the hands, which round (the hands not yet played, with their cards),
    and how many cards."""
    game = app.game
    fields = [
        picker(
            "table-hand-edit",
            label=tr("The hands still to play"),
            value=form.hand_edit,
            keys=[key for key, _ in HAND_EDITS],
            field="hand_edit",
            app=app,
            texts={key: tr(text) for key, text in HAND_EDITS},
        )
    ]
    if form.hand_edit != HandEdit.EXTRA.value:
        rounds = game.hands_to_change(form.hand_edit)
        fields.append(
            picker(
                "table-hand",
                # TRANSLATORS: which round of the schedule a change of the hands is about
                label=tr("Which round"),
                value=form.hand,
                keys=[str(number) for number, _ in rounds],
                field="hand",
                app=app,
                texts={str(number): said for number, said in rounds},
            )
        )
    if form.hand_edit != HandEdit.SKIP.value:
        fields.append(
            typed_field(
                identifier="table-cards",
                text=form.cards_text,
                on_text=lambda text: game.edit_table_form(cards_text=text),
                label=tr("Cards each"),
                keyboard_type=ft.KeyboardType.NUMBER,
                on_submit=lambda _: game.confirm_table_form(),
                width=FIELD_WIDTH,
            )
        )
    return fields


def name_field(app: ScorepadApp, form: TableForm) -> ft.Control:
    return typed_field(
        identifier="table-name",
        text=form.name,
        on_text=lambda text: app.game.edit_table_form(name=text),
        label=tr("The newcomer's name"),
        max_length=MAX_NAME_LENGTH,
        autofocus=True,
        on_submit=lambda _: app.game.confirm_table_form(),
        width=FIELD_WIDTH,
    )


def picker(
    identifier: str,
    *,
    label: str,
    value: str,
    keys: list[str] | tuple[str, ...],
    field: str,
    app: ScorepadApp,
    texts: dict[str, str] | None = None,
) -> ft.Control:
    """A choice of ``keys`` as chips, one tap each (a phone's drop-down takes two), the one
    chosen selected; each chip is tagged ``<identifier>-<key>``. Sets the form's ``field``."""
    return tagged(
        identifier,
        ft.Column(
            [
                ft.Text(label, size=14, weight=ft.FontWeight.BOLD),
                ft.Row(
                    [
                        tagged(
                            f"{identifier}-{key}",
                            ft.Chip(
                                label=ft.Text((texts or {}).get(key, key)),
                                selected=key == value,
                                on_click=lambda _, key=key: app.game.edit_table_form(
                                    **{field: key}
                                ),
                            ),
                        )
                        for key in keys
                    ],
                    wrap=True,
                    spacing=6,
                    run_spacing=4,
                ),
            ],
            spacing=4,
            tight=True,
        ),
    )
