"""Where a shared table is joined: the addresses the scorekeeper's panel shows, and whether
an address reaches beyond this machine.

A plain value here, below the app state, so the state can hold it; finding this machine's
addresses and drawing the QR code is the server's business (:mod:`scorepad.ui.share_address`).
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass


def is_loopback(host: str) -> bool:
    """Whether only this machine can reach ``host``: a loopback address (an IPv6 one with or
    without brackets or a zone) or ``localhost``. Serving there keeps the table to this
    machine; a link to it opens on this machine only.

    >>> is_loopback("127.0.0.1"), is_loopback("[::1]"), is_loopback("::1%lo")
    (True, True, True)
    >>> is_loopback("localhost"), is_loopback("0.0.0.0"), is_loopback("pad.example")
    (True, False, False)
    """
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]").partition("%")[0]).is_loopback
    except ValueError:
        return False


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
