"""What the app itself refuses, as opposed to what the engine or the store refuses.

The engine's errors say why a game cannot be played that way and the store's why a file cannot
be read or written; :class:`ActionRefused` is the app's own "not now": a tap that makes no
sense on the screen as it is (nothing to undo, no game open, a round not yet complete). Its
message is shown to the user as it is, so it says what to do instead: made in the reader's
language (``ActionRefused(tr("…"))``), or a :class:`~scorepad.engine.message.Message` that
:func:`~scorepad.i18n.describe` says in it.
"""

from __future__ import annotations

from scorepad.engine import ScorepadError


class ActionRefused(ScorepadError):  # noqa: N818 (a refusal, not a fault: the issue's name)
    """An action the app will not take in its current state; the message is for the user.

    >>> str(ActionRefused("there is nothing to undo"))
    'there is nothing to undo'
    >>> isinstance(ActionRefused("x"), ScorepadError)
    True
    """
