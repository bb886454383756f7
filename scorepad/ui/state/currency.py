"""The table's currency symbol, as a game's screens show its money ("€0.35", "$1.15", "35¢").

Amounts are kept in whole cents everywhere; the symbol is a setting in the store that only
says how they are written. Like the players' current names (:mod:`.display_names`), it is read
once when a screen opens, never on a tap. No Flet here.
"""

from __future__ import annotations

import logging

from scorepad.engine import DOLLAR, ScorepadError
from scorepad.store import StoreError, StoreReader

log = logging.getLogger("scorepad.ui")


def table_symbol(store: StoreReader) -> str:
    """The currency symbol the table chose; the dollar when none was chosen or the settings
    cannot be read (the symbol is a comfort: never let it keep a game from opening)."""
    try:
        return store.settings().currency_symbol
    except (StoreError, ScorepadError, ValueError) as problem:
        log.warning("the settings cannot be read; money is shown in dollars: %s", problem)
        return DOLLAR
