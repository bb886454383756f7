"""House rules: a custom variant copied from a preset, every setting checked as it changes."""

from __future__ import annotations

from typing import Any

import flet as ft

from scorepad.engine import SWITCHED_ON, BidMode, TrumpRule, Winner
from scorepad.i18n import say, tr
from scorepad.ui.state import HouseRules, RulesForm, ScorepadApp, VariantChoice
from scorepad.ui.state.rules_form import BID_MODE_WORDS, TRUMP_RULE_WORDS, WINNER_WORDS
from scorepad.ui.state.schedule_form import LIST, SCHEDULE_KIND_WORDS, STEPS_WORDS
from scorepad.ui.views.common import (
    big_button,
    heading,
    icon_button,
    message_bar,
    screen_view,
    tagged,
)
from scorepad.ui.views.typed import typed_field

FIELD_WIDTH = 340
"""Wide enough for the longest choice, narrow enough for a phone."""
ERROR_LINES = 4
"""A field's problem may take this many lines under it (Flutter cuts it to one otherwise)."""


def number_field(
    rules: HouseRules, form: RulesForm, setting: str, label: str, hint: str = ""
) -> ft.Control:
    return typed_field(
        identifier=f"rule-{setting}",
        text=form.text_of(setting),
        on_text=lambda text: rules.set_rule(setting, text),
        label=label,
        keyboard_type=ft.KeyboardType.NUMBER,
        error=said(form.errors.get(setting)),
        error_max_lines=ERROR_LINES,  # a phone's narrow field must not cut the reason short
        helper=hint or None,
        width=220,
    )


def choice_field(
    rules: HouseRules, form: RulesForm, setting: str, label: str, words: dict[Any, str]
) -> ft.Control:
    return tagged(
        f"rule-{setting}",
        ft.Dropdown(
            label=label,
            value=str(form.values.get(setting)),
            options=[ft.DropdownOption(key=str(key), text=tr(text)) for key, text in words.items()],
            on_select=lambda e: rules.set_rule(setting, e.control.value),
            error_text=said(form.errors.get(setting)),
            width=FIELD_WIDTH,
        ),
    )


def switch(
    rules: HouseRules, setting: str, label: str, *, value: bool, on: Any, off: Any
) -> ft.Control:
    """A switch with its label wrapping beside it (a long label must not run off a phone)."""
    return ft.Row(
        [
            tagged(
                f"rule-{setting}",
                ft.Switch(
                    value=value,
                    label=ft.Text(label, no_wrap=False, width=FIELD_WIDTH - 60),
                    on_change=lambda e: rules.set_rule(setting, on if e.control.value else off),
                ),
            ),
        ],
        wrap=True,
    )


def shape_fields(rules: HouseRules, form: RulesForm) -> ft.Control:
    """The shape's largest and smallest hand, the largest once or twice, which sizes."""
    return ft.Column(
        [
            ft.Row(
                [
                    typed_field(
                        identifier="rule-shape_largest",
                        text=form.text_of("shape_largest"),
                        on_text=lambda text: rules.set_rule("shape_largest", text),
                        label=tr("Largest hand"),
                        helper=tr("empty: as many cards as the deck allows"),
                        helper_max_lines=2,
                        keyboard_type=ft.KeyboardType.NUMBER,
                        error=said(form.errors.get("shape_largest")),
                        error_max_lines=ERROR_LINES,
                        width=220,
                    ),
                    number_field(rules, form, "shape_smallest", tr("Smallest hand")),
                ],
                wrap=True,
            ),
            switch(
                rules,
                "shape_largest_twice",
                tr("Play the largest hand twice"),
                value=bool(form.values.get("shape_largest_twice")),
                on=True,
                off=False,
            ),
            choice_field(
                rules,
                form,
                "shape_steps",
                # TRANSLATORS: the field choosing every hand size, or odd or even ones only
                tr("Hand sizes"),
                STEPS_WORDS,
            ),
        ]
    )


def hook_details(rules: HouseRules, form: RulesForm) -> ft.Control:
    """When the hook holds: from a hand size on, and whether the first round is free."""
    return ft.Column(
        [
            number_field(
                rules,
                form,
                "hook_from_cards",
                tr("Hook from this many cards"),
                tr("1: every round"),
            ),
            switch(
                rules,
                "hook_skips_first_round",
                tr("No hook in the first round"),
                value=bool(form.values.get("hook_skips_first_round")),
                on=True,
                off=False,
            ),
        ]
    )


def rules_in_words(form: RulesForm) -> ft.Control | None:
    """The rules as sentences, and what they score in one hand: the table reads at once
    whether the numbers say what it plays."""
    lines = form.preview()
    if not lines:
        return None
    return tagged(
        "rules-in-words",
        ft.Container(
            ft.Column([ft.Text(line, size=14) for line in lines], spacing=2),
            padding=12,
            border_radius=8,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
            width=FIELD_WIDTH,
        ),
    )


def saved_list(rules: HouseRules, choices: list[VariantChoice]) -> ft.Control:
    rows: list[ft.Control] = []
    for choice in choices:
        saved = choice.saved
        buttons: list[ft.Control] = [
            tagged(
                f"rules-from-{choice.key}",
                ft.TextButton(
                    # TRANSLATORS: a button beside saved house rules (Edit) or a preset (Copy)
                    tr("Edit") if saved else tr("Copy"),
                    on_click=lambda _, k=choice.key: rules.open(k),
                ),
            ),
        ]
        if saved:
            buttons.append(
                icon_button(
                    ft.Icons.DELETE_OUTLINE,
                    tooltip=tr("Delete {name}").format(name=choice.label),
                    in_row=True,
                    on_click=lambda _, n=choice.label: rules.ask_to_delete(n),
                )
            )
        rows.append(
            ft.Row(
                [ft.Text(listed_name(choice), expand=True), *buttons],
            )
        )
    return ft.Column(rows, spacing=0)


def listed_name(choice: VariantChoice) -> str:
    """A variant as the list to start from names it: a preset says so."""
    if choice.saved:
        return choice.label
    # TRANSLATORS: a variant that comes with scorepad, to copy for house rules
    return tr("{name} (preset)").format(name=choice.label)


def said(problem: str | None) -> str | None:
    """A field's problem (an engine's sentence or the form's) in the reader's words."""
    return None if problem is None else say(problem)


def house_rules_view(app: ScorepadApp, width: float) -> ft.View:
    rules = app.house_rules
    form = rules.form
    assert form is not None
    values = form.values
    zero_rule = values.get("made_zero_bonus") is not None
    missed_zero_rule = values.get("missed_zero_points") is not None
    payouts = values.get("stake_cents") is not None
    problems = form.problems
    body: list[ft.Control | None] = [
        message_bar(app),
        heading(tr("Start from")),
        saved_list(rules, app.lists.variant_choices()),
        ft.Divider(),
        heading(
            tr("Editing {name}").format(name=form.replacing)
            if form.replacing
            else tr("Editing a new variant")
        ),
        tagged(
            "rules-own-copies",
            ft.Text(
                tr(
                    "Games started with these house rules keep their own copy: a change here "
                    "applies to new games only."
                ),
                size=14,
                italic=True,
            ),
        )
        if form.replacing
        else None,
        typed_field(
            identifier="rule-name",
            text=form.text_of("name"),
            on_text=lambda text: rules.set_rule("name", text),
            # TRANSLATORS: the house rules' own name
            label=tr("Name"),
            error=said(form.errors.get("name")),
            error_max_lines=ERROR_LINES,
            width=FIELD_WIDTH,
        ),
        choice_field(
            rules,
            form,
            "schedule_kind",
            # TRANSLATORS: the field choosing how the hand sizes go (a list, down, up…)
            tr("Schedule"),
            SCHEDULE_KIND_WORDS,
        ),
        shape_fields(rules, form) if values.get("schedule_kind") != LIST else None,
        typed_field(
            identifier="rule-hand_sizes",
            text=form.text_of("hand_sizes"),
            on_text=lambda text: rules.set_rule("hand_sizes", text),
            label=tr("Cards per player, round by round"),
            helper=tr("e.g. 10-1, or 1-9, 9-1; sizes the deck cannot deal are dropped"),
            helper_max_lines=2,
            error=said(form.errors.get("hand_sizes")),
            error_max_lines=ERROR_LINES,
            width=FIELD_WIDTH,
        )
        if values.get("schedule_kind") == LIST
        else None,
        ft.Row(
            [
                number_field(rules, form, "min_players", tr("Fewest players")),
                number_field(rules, form, "max_players", tr("Most players")),
            ],
            wrap=True,
        ),
        choice_field(
            rules,
            form,
            "trump_rule",
            # TRANSLATORS: the field choosing how the trump suit is found
            tr("Trump"),
            {r.value: TRUMP_RULE_WORDS[r] for r in TrumpRule},
        ),
        typed_field(
            identifier="rule-trump_rotation",
            text=form.text_of("trump_rotation"),
            on_text=lambda text: rules.set_rule("trump_rotation", text),
            label=tr("Trumps in turn"),
            helper=tr("e.g. ♠ ♥ ♣ ♦ NT, or S H C D NT; NT is a hand with no trump"),
            helper_max_lines=2,
            error=said(form.errors.get("trump_rotation")),
            error_max_lines=ERROR_LINES,
            width=FIELD_WIDTH,
        )
        if values.get("trump_rule") == TrumpRule.ROTATION
        else None,
        choice_field(
            rules,
            form,
            "bid_mode",
            # TRANSLATORS: the field choosing how players bid (all at once, one by one)
            tr("Bidding"),
            {m.value: BID_MODE_WORDS[m] for m in BidMode},
        ),
        switch(
            rules,
            "dealer_hook",
            tr("Hook: the dealer may not make the bids add up to the tricks"),
            value=bool(values.get("dealer_hook")),
            on=True,
            off=False,
        ),
        tagged(
            "rule-dealer_hook-error",
            ft.Text(say(form.errors["dealer_hook"]), color=ft.Colors.ERROR),
        )
        if "dealer_hook" in form.errors
        else None,
        hook_details(rules, form) if values.get("dealer_hook") else None,
        heading(tr("Scoring")),
        ft.Row(
            [
                number_field(rules, form, "made_bonus", tr("Bonus for a made bid")),
                number_field(rules, form, "points_per_trick_made", tr("Per trick, bid made")),
            ],
            wrap=True,
        ),
        ft.Row(
            [
                number_field(
                    rules,
                    form,
                    "missed_points",
                    tr("Points for a missed bid"),
                    tr("negative: a loss"),
                ),
                number_field(
                    rules, form, "points_per_trick_missed", tr("Per trick taken, bid missed")
                ),
                number_field(
                    rules,
                    form,
                    "points_per_trick_off",
                    tr("Per trick off, bid missed"),
                    tr("-5: loses 5 per trick it was off by"),
                ),
                number_field(
                    rules, form, "points_per_trick_bid_missed", tr("Per trick bid, bid missed")
                ),
            ],
            wrap=True,
        ),
        switch(
            rules,
            "made_zero_bonus",
            tr("A made zero scores its own way"),
            value=zero_rule,
            on=SWITCHED_ON["made_zero_bonus"],
            off=None,
        ),
        ft.Row(
            [
                number_field(rules, form, "made_zero_bonus", tr("Bonus on a made zero")),
                number_field(rules, form, "made_zero_per_card", tr("Per card dealt, zero made")),
            ],
            wrap=True,
        )
        if zero_rule
        else None,
        switch(
            rules,
            "missed_zero_points",
            tr("A missed zero scores its own way"),
            value=missed_zero_rule,
            on=SWITCHED_ON["missed_zero_points"],
            off=None,
        ),
        ft.Row(
            [
                number_field(rules, form, "missed_zero_points", tr("Points for a missed zero")),
                number_field(
                    rules, form, "missed_zero_per_card", tr("Per card dealt, zero missed")
                ),
            ],
            wrap=True,
        )
        if missed_zero_rule
        else None,
        rules_in_words(form),
        choice_field(
            rules,
            form,
            "winner",
            # TRANSLATORS: the field choosing whether the highest or the lowest total wins
            tr("Winner"),
            {w.value: WINNER_WORDS[w] for w in Winner},
        ),
        switch(
            rules,
            "stake_cents",
            tr("Play for money: losers pay the winner per set"),
            value=payouts,
            on=SWITCHED_ON["stake_cents"],
            off=None,
        ),
        number_field(rules, form, "stake_cents", tr("Stake per set, in cents"))
        if payouts
        else None,
        tagged(
            "rules-problem",
            # TRANSLATORS: between the problems of the house rules, listed on one line
            ft.Text(tr("; ").join(say(p) for p in problems), color=ft.Colors.ERROR),
        )
        if problems
        else None,
        big_button(
            tr("Save house rules"),
            rules.save,
            identifier="save-rules",
            icon=ft.Icons.SAVE,
            disabled=bool(form.errors),
        ),
    ]
    return screen_view(app, title=tr("House rules"), width=width, body=body)
