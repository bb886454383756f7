"""Where phones join a shared table (issue 11): this machine's network addresses, best first
and never loopback; the join and scorekeeper addresses; and QR codes that a camera reads
back as the join address (decoded here with zxing-cpp, as a phone's camera app would).

Nothing here opens a connection: the server's guard is asked directly whether it would answer
a phone that opened the join address.
"""

from __future__ import annotations

import io
import ipaddress
from urllib.parse import urlsplit

import ifaddr
import pytest
from PIL import Image

from scorepad.sharing import ShareInfo
from scorepad.ui.qr_code import qr_png, qr_terminal
from scorepad.ui.share_address import join_url, lan_addresses, scorekeeper_url, share_info
from scorepad.ui.web_guard import ServedAddress, refusal
from tests.qr import qr_texts

LIGHT_TOP = frozenset("█▀")
LIGHT_BOTTOM = frozenset("█▄")
"""The terminal drawing's characters whose top / bottom half is drawn, in the terminal's
(light) text colour: those are the code's light modules."""


def adapter(name: str, *addresses: str) -> ifaddr.Adapter:
    ips = [
        ifaddr.IP(address if "." in address else (address, 0, 0), 24, name) for address in addresses
    ]
    return ifaddr.Adapter(name, name, ips)


LAPTOP = [
    adapter("lo", "127.0.0.1", "::1"),
    adapter("docker0", "172.17.0.1"),
    adapter("eth0", "169.254.10.3", "fe80::1"),
    adapter("wlp2s0", "192.168.1.20", "fd00::20", "2001:db8::20"),
    adapter("tun0", "100.101.1.2"),
    adapter("ap0", "172.20.10.2"),
]
"""A laptop on the table's Wi-Fi and an iPhone's hotspot, with Docker, a VPN and an unplugged
cable that still holds a link-local address."""


def decoded(image: Image.Image) -> list[str]:
    return qr_texts(image)


def terminal_image(drawing: str, pixels: int = 6) -> Image.Image:
    """The terminal drawing as a light-on-dark terminal shows it: each character is one module
    wide and two high; the drawn halves are light."""
    rows: list[list[int]] = []
    for line in drawing.splitlines():
        rows.append([255 if char in LIGHT_TOP else 0 for char in line])
        rows.append([255 if char in LIGHT_BOTTOM else 0 for char in line])
    width = max(len(row) for row in rows)
    image = Image.new("L", (width, len(rows)), 0)
    for y, row in enumerate(rows):
        for x, value in enumerate(row):
            image.putpixel((x, y), value)
    return image.resize((width * pixels, len(rows) * pixels), Image.Resampling.NEAREST)


# --- this machine's addresses ------------------------------------------------------------------


def test_the_tables_network_comes_first_and_loopback_never() -> None:
    assert lan_addresses(adapters=LAPTOP) == [
        "192.168.1.20",  # private, on a real adapter
        "172.20.10.2",  # a phone's hotspot
        "100.101.1.2",  # reachable, not private (a VPN's shared space)
        "169.254.10.3",  # link-local: a network without a router
        "172.17.0.1",  # Docker's bridge: no phone is on it
    ]


def test_ipv6_addresses_leave_out_loopback_and_link_local() -> None:
    """A browser's address bar cannot hold a link-local address's interface part."""
    assert lan_addresses(ipv6=True, adapters=LAPTOP) == ["fd00::20", "2001:db8::20"]


def test_a_machine_on_no_network_has_no_join_address() -> None:
    assert lan_addresses(adapters=[adapter("lo", "127.0.0.1", "::1")]) == []


def test_this_machines_own_addresses_are_never_loopback() -> None:
    for ipv6 in (False, True):
        for address in lan_addresses(ipv6=ipv6):
            parsed = ipaddress.ip_address(address)
            assert not parsed.is_loopback, address
            assert parsed.version == (6 if ipv6 else 4), address


# --- the addresses printed and shown ----------------------------------------------------------


def test_join_and_scorekeeper_addresses() -> None:
    assert join_url("192.168.1.20", 8550) == "http://192.168.1.20:8550/"
    assert join_url("[fd00::20]", 8550) == "http://[fd00::20]:8550/"
    # On every interface the token stays on this machine: the scorekeeper opens loopback.
    assert scorekeeper_url("0.0.0.0", 8550, "Ab_-9") == "http://127.0.0.1:8550/?token=Ab_-9"
    assert scorekeeper_url("::", 8550, "Ab_-9") == "http://[::1]:8550/?token=Ab_-9"
    # On one address the server answers nowhere else, so the scorekeeper opens that one.
    assert scorekeeper_url("192.168.1.20", 8550, "t") == "http://192.168.1.20:8550/?token=t"
    assert scorekeeper_url("127.0.0.1", 8551, "t") == "http://127.0.0.1:8551/?token=t"


def test_share_info_on_every_interface_and_on_one() -> None:
    everywhere = share_info("0.0.0.0", 8550, "t", addresses=["192.168.1.20", "172.20.10.2"])
    assert everywhere == ShareInfo(
        "http://192.168.1.20:8550/",
        "http://127.0.0.1:8550/?token=t",
        ("http://172.20.10.2:8550/",),
    )
    assert share_info("127.0.0.1", 8551, "t") == ShareInfo(
        "http://127.0.0.1:8551/", "http://127.0.0.1:8551/?token=t"
    )
    # No network at all: this machine's own browser can still open it.
    assert share_info("0.0.0.0", 8550, "t", addresses=[]).join_url == "http://127.0.0.1:8550/"


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.20"])
def test_the_server_answers_a_phone_that_opens_the_join_address(host: str) -> None:
    """The join address's Host and Origin pass the same-origin guard (a phone on the LAN is a
    page of the app's own origin), and so does the scorekeeper's loopback address."""
    served = ServedAddress(host, 8550)
    addresses = lan_addresses(adapters=LAPTOP) if host == "0.0.0.0" else [host]
    info = share_info(host, 8550, "t", addresses=addresses)
    for url in (info.join_url, *info.other_join_urls, info.scorekeeper_url):
        authority = urlsplit(url).netloc
        origin = f"http://{authority}"
        websocket = {
            "type": "websocket",
            "path": "/ws",
            "headers": [(b"host", authority.encode()), (b"origin", origin.encode())],
        }
        page = {
            "type": "http",
            "method": "GET",
            "path": "/",
            "headers": [(b"host", authority.encode())],
        }
        assert refusal(websocket, served) is None, url
        assert refusal(page, served) is None, url
    # Another site's page on that network still cannot use it.
    foreign = {
        "type": "websocket",
        "path": "/ws",
        "headers": [(b"host", b"192.168.1.20:8550"), (b"origin", b"http://evil.example")],
    }
    assert refusal(foreign, served) is not None


# --- QR codes ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "url", ["http://192.168.1.20:8550/", "http://[2001:db8::20]:65535/", "http://127.0.0.1:8551/"]
)
def test_the_qr_codes_read_back_as_the_join_address(url: str) -> None:
    assert decoded(Image.open(io.BytesIO(qr_png(url)))) == [url]
    drawing = qr_terminal(url)
    assert "\x1b" not in drawing  # no escape sequences: it survives a pipe or a log
    assert set(drawing) <= {" ", "█", "▀", "▄", "\n"}
    assert decoded(terminal_image(drawing)) == [url]


def test_the_terminal_qr_code_fits_a_small_terminal() -> None:
    """A join address fits a QR code of at most 33 modules with its quiet zone: 41 columns
    and 21 lines, inside an 80x24 terminal."""
    lines = qr_terminal("http://192.168.100.200:65535/").splitlines()
    assert len(lines) <= 21
    assert max(len(line) for line in lines) <= 41


def test_a_phone_that_names_the_laptop_otherwise_is_told_to_open_the_join_address() -> None:
    """A phone typing the laptop's router name (``laptop.lan``) is refused, as any name the
    server cannot vouch for is (DNS rebinding); the refusal sends it to the join address, not
    to a loopback address that on the phone is the phone itself."""
    page = {
        "type": "http",
        "method": "GET",
        "path": "/",
        "headers": [(b"host", b"laptop.lan:8550")],
    }
    shared = refusal(page, ServedAddress("0.0.0.0", 8550))
    assert shared == (
        "this server does not answer to 'laptop.lan:8550'; open the join address scorepad "
        "printed (this machine's IP address, port 8550)"
    )
    assert refusal(page, ServedAddress("192.168.1.20", 8550)) == (
        "this server does not answer to 'laptop.lan:8550'; open http://192.168.1.20:8550/"
    )
    assert refusal(page, ServedAddress("127.0.0.1", 8550)) == (
        "this server does not answer to 'laptop.lan:8550'; "
        "open http://127.0.0.1:8550/ on this machine"
    )
