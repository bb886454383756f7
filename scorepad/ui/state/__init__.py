"""The app's state and actions in plain Python (no Flet): what the views show and call."""

from scorepad.ui.state.app_state import (
    Confirmation,
    GameSession,
    GameTab,
    Message,
    MessageKind,
    ScorepadApp,
    Screen,
)
from scorepad.ui.state.round_entry import Field, PadKey, PlayerLine, RoundEntry, Stage
from scorepad.ui.state.rules_form import RulesForm
from scorepad.ui.state.setup_form import SetupForm, VariantChoice

__all__ = [
    "Confirmation",
    "Field",
    "GameSession",
    "GameTab",
    "Message",
    "MessageKind",
    "PadKey",
    "PlayerLine",
    "RoundEntry",
    "RulesForm",
    "ScorepadApp",
    "Screen",
    "SetupForm",
    "Stage",
    "VariantChoice",
]
