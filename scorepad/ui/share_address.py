"""Where the phones at a shared table join: this machine's network addresses, the join
address as a QR code, and the scorekeeper's own address.

``scorepad --share`` listens on every interface, but a phone needs one address it can reach:
the laptop's address on the table's Wi-Fi or a phone's hotspot. Those are private IPv4
addresses (``192.168.x.x``, ``10.x.x.x``, ``172.16-31.x.x``; an iPhone's hotspot hands out
``172.20.10.x``), so they come first; loopback is never offered (a phone reaching
``127.0.0.1`` reaches itself). The scorekeeper's address carries the secret token and is
opened on the laptop itself, over loopback, so the token never crosses the network when the
server listens everywhere.

No Flet here: the command line prints these, and the scorekeeper's panel shows the same join
address and its QR code (:mod:`scorepad.ui.qr_code`).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from urllib.parse import quote

import ifaddr

from scorepad.sharing.info import ShareInfo

WILDCARD_HOSTS = frozenset({"0.0.0.0", "::", ""})
"""Hosts that listen on every interface: phones join at one of this machine's addresses."""

VIRTUAL_ADAPTERS = ("docker", "br-", "veth", "virbr", "vboxnet", "vmnet", "lxc", "lxd", "podman")
"""Adapters of containers and virtual machines: their addresses are private but no phone at
the table can reach them, so they come after the real network's."""


def is_wildcard(host: str) -> bool:
    """Whether ``host`` listens on every interface.

    >>> is_wildcard("0.0.0.0"), is_wildcard("[::]"), is_wildcard("127.0.0.1")
    (True, True, False)
    """
    return host.strip().strip("[]") in WILDCARD_HOSTS


def _rank(address: ipaddress.IPv4Address | ipaddress.IPv6Address, adapter: str) -> tuple[int, int]:
    """Sort key: real adapters before virtual ones; on each, private addresses (the table's
    network) first, then other reachable ones, then link-local ones (a network without a
    router or DHCP, where a phone is rarely found)."""
    virtual = int(adapter.lower().startswith(VIRTUAL_ADAPTERS))
    if address.is_link_local:
        return virtual, 2
    if address.is_private:
        return virtual, 0
    return virtual, 1


def lan_addresses(
    *, ipv6: bool = False, adapters: Iterable[ifaddr.Adapter] | None = None
) -> list[str]:
    """This machine's addresses that a phone on its network can open, best first.

    IPv4 by default (what a table's Wi-Fi or hotspot gives a phone); ``ipv6=True`` for a server
    bound to ``::`` only. Never loopback; IPv6 link-local addresses are left out too, as a
    browser's address bar cannot hold their interface part. ``adapters`` stands in for
    ``ifaddr.get_adapters()`` in tests.

    >>> fake = [
    ...     ifaddr.Adapter("lo", "lo", [ifaddr.IP("127.0.0.1", 8, "lo")]),
    ...     ifaddr.Adapter("docker0", "docker0", [ifaddr.IP("172.17.0.1", 16, "docker0")]),
    ...     ifaddr.Adapter("wlan0", "wlan0", [ifaddr.IP("192.168.1.20", 24, "wlan0")]),
    ... ]
    >>> lan_addresses(adapters=fake)
    ['192.168.1.20', '172.17.0.1']
    """
    found: list[tuple[tuple[int, int], int, str]] = []
    for adapter in ifaddr.get_adapters() if adapters is None else adapters:
        for ip in adapter.ips:
            text = ip.ip if isinstance(ip.ip, str) else ip.ip[0]
            try:
                address = ipaddress.ip_address(text.partition("%")[0])
            except ValueError:
                continue
            if address.version != (6 if ipv6 else 4) or address.is_loopback:
                continue
            if address.is_unspecified or address.is_multicast:
                continue
            if ipv6 and address.is_link_local:
                continue
            if str(address) not in (seen for _, _, seen in found):
                found.append((_rank(address, adapter.name), len(found), str(address)))
    return [text for _, _, text in sorted(found)]


def _authority(host: str, port: int) -> str:
    name = host.strip().strip("[]")
    return f"[{name}]:{port}" if ":" in name else f"{name}:{port}"


def join_url(host: str, port: int) -> str:
    """The address a phone opens: ``http://<host>:<port>/`` (IPv6 in brackets).

    >>> join_url("192.168.1.20", 8550)
    'http://192.168.1.20:8550/'
    >>> join_url("fd00::5", 8550)
    'http://[fd00::5]:8550/'
    """
    return f"http://{_authority(host, port)}/"


def this_machine(host: str) -> str:
    """The host to open on this machine itself: loopback for a server on every interface.

    >>> this_machine("0.0.0.0"), this_machine("::"), this_machine("192.168.1.20")
    ('127.0.0.1', '::1', '192.168.1.20')
    """
    if not is_wildcard(host):
        return host.strip()
    return "::1" if ":" in host else "127.0.0.1"


def scorekeeper_url(host: str, port: int, token: str) -> str:
    """The scorekeeper's address: this machine's, with the token (kept off the network when
    the server listens everywhere, as the laptop reaches itself over loopback).

    >>> scorekeeper_url("0.0.0.0", 8550, "abc_-1")
    'http://127.0.0.1:8550/?token=abc_-1'
    """
    return f"http://{_authority(this_machine(host), port)}/?token={quote(token, safe='')}"


def share_info(
    host: str, port: int, token: str, *, addresses: Iterable[str] | None = None
) -> ShareInfo:
    """The join and scorekeeper addresses for a server on ``host`` and ``port``.

    On every interface the phones join at this machine's best network address
    (``addresses``, default :func:`lan_addresses`); a machine on no network at all falls back
    to its own loopback address (only its own browser can open that; the start lines say so).
    On one address, the phones join there.

    >>> info = share_info("0.0.0.0", 8550, "t", addresses=["192.168.1.20", "10.0.0.7"])
    >>> info.join_url, info.other_join_urls
    ('http://192.168.1.20:8550/', ('http://10.0.0.7:8550/',))
    >>> info.scorekeeper_url
    'http://127.0.0.1:8550/?token=t'
    """
    keeper = scorekeeper_url(host, port, token)
    if not is_wildcard(host):
        return ShareInfo(join_url(host, port), keeper)
    found = list(lan_addresses(ipv6=":" in host) if addresses is None else addresses)
    if not found:
        return ShareInfo(join_url(this_machine(host), port), keeper)
    first, *others = (join_url(address, port) for address in found)
    return ShareInfo(first, keeper, tuple(others))
