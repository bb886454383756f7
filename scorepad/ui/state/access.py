"""Who this session is at the shared table, and what it may do there.

One :class:`Access` per browser session (per :class:`~scorepad.ui.state.app_state.ScorepadApp`):
the server's one :class:`~scorepad.sharing.table.SharedTable` decides each device's role, and
this keeps the session's device key and asks the table. The role is asked afresh each time
(never copied): the scorekeeper changing the PIN makes every PIN holder a viewer at once.

A viewer may read but never write: a viewer's app reads through ``app.reader`` (a
:class:`~scorepad.store.StoreReader`) and is refused at ``app.store``, so even a crafted event
that reached a handler could not change a game (refused with
:class:`~scorepad.sharing.errors.ViewerCannotEditError` and logged). No Flet here.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from scorepad.engine import Message
from scorepad.i18n import N_, tr
from scorepad.sharing.errors import ScorekeeperOnlyError
from scorepad.sharing.table import Role, SharedTable, device_hint
from scorepad.ui.state.errors import ActionRefused

log = logging.getLogger("scorepad.ui.access")

NOT_RECOGNISED_YET = Message(
    N_("this browser is still being recognised: wait a moment, then enter the PIN again")
)
"""Said when a PIN is typed before the device key was read from the browser's storage (the
table needs the device to remember who holds the PIN). A sentence kept as data (its ``str()``
is the English), so ``ActionRefused(NOT_RECOGNISED_YET)`` is said in the reader's language
wherever it is raised."""


class Access:
    """This session's device at the shared table: its role, and the ways to change it.

    ``on_change`` is told whenever this session did something that may change its role (the
    app then shows the screens of its new role); a change made elsewhere (the PIN changed on
    the scorekeeper's screen) reaches the app through the table's ``AccessChanged`` event.
    """

    def __init__(self, table: SharedTable, on_change: Callable[[], None] | None = None) -> None:
        self.table = table
        self.device: str | None = None
        """The device key kept in the browser's storage; ``None`` until the views read it
        (an unrecognised session is a viewer while the table is shared)."""
        self._on_change = on_change or (lambda: None)

    @property
    def role(self) -> Role:
        return self.table.role_of(self.device)

    @property
    def can_edit(self) -> bool:
        """The scorekeeper or a PIN holder (everyone, where the table is not shared)."""
        return self.role is not Role.VIEWER

    @property
    def is_scorekeeper(self) -> bool:
        return self.role is Role.SCOREKEEPER

    @property
    def sharing(self) -> bool:
        """The table is shared: there are viewers, a PIN, and a scorekeeper's token."""
        return self.table.sharing

    def identify(self, device: str, token: str | None) -> Role:
        """This session is ``device`` (its key from the browser's storage), opened with
        ``token`` from its address (``None``: none). A right token makes the device the
        scorekeeper; a wrong one changes nothing (the table compares in constant time)."""
        self.device = device
        self.table.open_with_token(device, token)
        self._on_change()
        return self.role

    def enter_pin(self, typed: str) -> None:
        """Become an editor with the table's PIN (typed errors for a PIN that is not four
        digits, a wrong one, or too many tries)."""
        if self.device is None:
            raise ActionRefused(NOT_RECOGNISED_YET)
        self.table.enter_pin(self.device, typed)  # the table logs it (never the PIN)
        self._on_change()

    def change_pin(self) -> str:
        """A new PIN (the scorekeeper only); every other editor becomes a viewer again."""
        if not self.is_scorekeeper:
            self.refused("change the PIN")
            # TRANSLATORS: completes "only the scorekeeper can …: ask them to do it on their
            # screen"
            raise ScorekeeperOnlyError(tr("change the PIN"))
        pin = self.table.change_pin(self._device())  # the table logs it (never the PIN)
        self._on_change()
        return pin

    def require_scorekeeper(self, what: str) -> None:
        """Refuse (and log) unless this is the scorekeeper's session; ``what`` is the action
        refused, in the reader's language (it completes the refusal's sentence)."""
        if not self.is_scorekeeper:
            self.refused(what)
            raise ScorekeeperOnlyError(what)

    def refused(self, what: str) -> None:
        """Log a refusal: "refused to <what> from a viewer (abcd…)"."""
        log.warning("refused to %s from a %s (%s)", what, self.role.value, device_hint(self.device))

    def _device(self) -> str:
        if self.device is None:
            raise ActionRefused(NOT_RECOGNISED_YET)
        return self.device
