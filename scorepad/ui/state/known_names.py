"""Players under the names they are known by now.

A game keeps the names it was played under; after a rename or a merge the screens that add
games up (the ledger, a player's charts) show each player under their current name. The store
says which that is (``Store.current_names()``); this reads it. No Flet here.
"""

from __future__ import annotations

from collections.abc import Mapping

from scorepad.engine import name_key


def known_as(played_as: str, names: Mapping[str, str]) -> str:
    """The name a player is known by now: ``names`` is the store's ``current_names()``, keyed
    by :func:`~scorepad.engine.name_key` of every name anyone was known by; a name it does not
    know is its own.

    >>> known_as("BOB", {"bob": "Robert"}), known_as("Ann", {"bob": "Robert"})
    ('Robert', 'Ann')
    """
    return names.get(name_key(played_as), played_as)
