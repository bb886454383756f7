"""The app's state and actions in plain Python (no Flet): what the views show and call.

One module per job: :mod:`.app_state` (the app: screen, message, theme, the action wrapper),
:mod:`.home` (the game list), :mod:`.new_game` (the new-game form), :mod:`.game_session` (the
game screen's taps, undo and corrections) over :mod:`.open_game` (the open game) and
:mod:`.taps` (what a tap meant), :mod:`.house_rules` (the rules editor); the forms are
:mod:`.setup_form` and :mod:`.rules_form`. The round on the pad is the engine's own
:class:`~scorepad.engine.RoundEntryState`, read by the views as it is.

The shared table (``scorepad --share``): :mod:`.access` (this session's role, and the read-only
store of a viewer), :mod:`.table_link` (changes told to the table and shown from it),
:mod:`.seat_writes` (a player's bid from their own phone, the secret bids shown),
:mod:`.share_panel` (the scorekeeper's join address, PIN and seats) and :mod:`.viewer` (the
viewer screen).
"""

from scorepad.engine import Field, PadKey, PlayerLine, RoundEntryState, Stage
from scorepad.ui.state.app_state import ScorepadApp
from scorepad.ui.state.choices import ChoiceKey, ChoiceKind, VariantChoice
from scorepad.ui.state.errors import ActionRefused
from scorepad.ui.state.exports import ExportFile, ExportKind
from scorepad.ui.state.game import GameController
from scorepad.ui.state.home import Home, Section
from scorepad.ui.state.house_rules import HouseRules
from scorepad.ui.state.new_game import NewGame
from scorepad.ui.state.open_game import GameSession, GameTab
from scorepad.ui.state.rules_form import RulesForm
from scorepad.ui.state.screens import Confirmation, Message, MessageKind, Screen
from scorepad.ui.state.setup_form import SetupForm
from scorepad.ui.state.taps import Tap, TapMeaning

__all__ = [
    "ActionRefused",
    "ChoiceKey",
    "ChoiceKind",
    "Confirmation",
    "ExportFile",
    "ExportKind",
    "Field",
    "GameController",
    "GameSession",
    "GameTab",
    "Home",
    "HouseRules",
    "Message",
    "MessageKind",
    "NewGame",
    "PadKey",
    "PlayerLine",
    "RoundEntryState",
    "RulesForm",
    "ScorepadApp",
    "Screen",
    "Section",
    "SetupForm",
    "Stage",
    "Tap",
    "TapMeaning",
    "VariantChoice",
]
