"""The connection notice's script reaches every HTML page the server answers with, and
nothing else is changed (scorepad/ui/web_notice.py, as ASGI middleware, without a browser)."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from pathlib import Path

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message

from scorepad.i18n import LANGUAGES
from scorepad.i18n.catalogues import translations
from scorepad.ui.web_notice import (
    LINK_SCRIPT_FILE,
    LINK_SCRIPT_PATH,
    LINK_SCRIPT_TAG,
    SCRIPT_FILE,
    SCRIPT_PATH,
    SCRIPT_TAG,
    NoticeApp,
    notice_script,
    notice_words,
)

pytestmark = pytest.mark.asyncio
PAGE = b"<!DOCTYPE html><html><head><title>Flet</title></head><body></body></html>"


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes


async def ask(app: ASGIApp, path: str, method: str = "GET", **headers: str) -> Answer:
    """One HTTP request to ``app``, as uvicorn would make it."""
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"127.0.0.1:8550")]
        + [(k.replace("_", "-").encode(), v.encode()) for k, v in headers.items()],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8550),
    }
    sent: list[Message] = []
    requests = [{"type": "http.request", "body": b"", "more_body": False}]
    never = asyncio.Event()

    async def receive() -> Message:
        if requests:
            return requests.pop()
        await never.wait()  # the client stays: the app cancels this wait when it is done
        return {"type": "http.disconnect"}

    async def send(message: Message) -> None:
        sent.append(message)

    await app(scope, receive, send)
    start = sent[0]
    assert start["type"] == "http.response.start"
    return Answer(
        start["status"],
        {k.decode().lower(): v.decode() for k, v in start.get("headers", [])},
        b"".join(m.get("body", b"") for m in sent[1:]),
    )


@pytest.fixture
def app(tmp_path: Path) -> ASGIApp:
    """Flet's static files as they behave: the page at every route-like address, with ETags
    (so a 304 can follow), and other files as they are."""
    (tmp_path / "index.html").write_bytes(PAGE)

    def page(request: Request) -> Response:
        return FileResponse(tmp_path / "index.html", media_type="text/html")

    def data(request: Request) -> Response:
        return JSONResponse({"html": "</head>"})

    return NoticeApp(
        Starlette(
            routes=[
                Route("/manifest.json", data),
                Route("/game/{game_id}", page),
                Mount("/", StaticFiles(directory=tmp_path, html=True)),
            ]
        )
    )


@pytest.mark.parametrize("address", ["/", "/index.html", "/game/1a2b3c4d"])
async def test_every_page_gets_the_script_before_flets_client(app: ASGIApp, address: str) -> None:
    answer = await ask(app, address)
    assert answer.status == 200
    assert answer.body.count(SCRIPT_TAG) == 1
    assert answer.body.index(SCRIPT_TAG) < answer.body.index(b"</head>")
    assert answer.body.count(LINK_SCRIPT_TAG) == 1
    assert answer.body.index(LINK_SCRIPT_TAG) < answer.body.index(b"</head>")
    assert int(answer.headers["content-length"]) == len(answer.body)


async def test_the_script_is_served_from_this_server(app: ASGIApp) -> None:
    answer = await ask(app, SCRIPT_PATH)
    assert answer.status == 200
    assert answer.headers["content-type"].startswith("text/javascript")
    assert answer.body == notice_script()
    assert answer.body.endswith(SCRIPT_FILE.read_bytes())
    text = answer.body.decode()
    assert "Connection lost \\u2013 reconnecting\\u2026" in text
    assert "http://" not in text  # the page asks no other host for anything
    assert "https://" not in text


async def test_other_answers_pass_unchanged(app: ASGIApp) -> None:
    data = await ask(app, "/manifest.json")
    assert data.body == b'{"html":"</head>"}'
    etag = (await ask(app, "/index.html")).headers["etag"]
    not_modified = await ask(app, "/index.html", if_none_match=etag)
    assert not_modified.status == 304
    assert not_modified.body == b""
    head = await ask(app, "/game/1a2b3c4d", method="HEAD")
    assert head.status == 200
    assert head.body == b""
    assert "content-length" not in head.headers  # the page's own length would be wrong


async def test_the_game_link_script_is_served_from_this_server_too(app: ASGIApp) -> None:
    answer = await ask(app, LINK_SCRIPT_PATH)
    assert answer.status == 200
    assert answer.headers["content-type"].startswith("text/javascript")
    assert answer.body == LINK_SCRIPT_FILE.read_bytes()
    text = answer.body.decode()
    assert '"#game="' in text and "replaceState" in text
    assert "http://" not in text and "fetch(" not in text  # it asks no host for anything


async def test_the_notice_speaks_every_language_offered_in_its_own_direction() -> None:
    """Its words come from the catalogues: German in German, Hebrew right to left, and never
    a sentence left out (the script would show an empty notice)."""
    words = notice_words()
    assert sorted(words) == sorted(language.code for language in LANGUAGES)
    for code, said in words.items():
        assert set(said) == {"lost", "lostDetail", "back", "dir"}, code
        assert all(said.values()), code
        assert said["dir"] == ("rtl" if code == "he" else "ltr")
    if "de" in words:
        assert words["de"]["back"] != words["en"]["back"]
        assert words["de"]["back"] == translations("de").gettext("Connected again")
    served = notice_script().decode()
    prefix = "window.scorepadNoticeWords = "
    assert served.startswith(prefix)
    assert json.loads(served[len(prefix) : served.index(";\n")]) == words
