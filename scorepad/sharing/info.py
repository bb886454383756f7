"""Where a shared table is joined: the addresses the scorekeeper's panel shows.

A plain value here, below the app state, so the state can hold it; finding this machine's
addresses and drawing the QR code is the server's business (:mod:`scorepad.ui.share_address`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ShareInfo:
    """The addresses of a shared table, for the scorekeeper's panel and the start lines.

    ``join_url`` is what the phones open (the QR code's content); ``scorekeeper_url`` carries
    the token and belongs only on the scorekeeper's own screen; ``other_join_urls`` are this
    machine's further addresses, for a table whose phones are on another of its networks.

    >>> ShareInfo("http://192.168.1.20:8550/", "http://127.0.0.1:8550/?token=t").join_url
    'http://192.168.1.20:8550/'
    """

    join_url: str
    scorekeeper_url: str
    other_join_urls: tuple[str, ...] = ()
