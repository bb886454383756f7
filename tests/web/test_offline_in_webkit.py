"""The offline web app on Safari's engine (issue 24): the built bundle on a static host on
127.0.0.1, in WebKitGTK at a phone's size: a round played, the app reloaded with its host
gone (the service worker starts it), and opened again in a new window with the host still
gone, the game still there. (WebKitGTK's MiniBrowser under automation keeps its storage for
the session only, so a relaunch of the browser itself is proven in Chromium:
tests/web/test_offline_app.py.)
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.offline import StaticServer, serving
from tests.webkit.driver import require_webkit, webkit_page
from tests.webkit.test_in_webkit import play_round_one, start_golf, total

pytestmark = pytest.mark.browser


@pytest.fixture(autouse=True)
def webkit_present() -> None:
    require_webkit()


@pytest.fixture
def host(web_build: Path) -> Iterator[StaticServer]:
    from scorepad.web_build import app_for

    with serving(app_for(web_build)) as server:
        yield server


@pytest.mark.timeout(900)
def test_the_offline_app_keeps_a_round_with_its_host_gone(
    tmp_path: Path, host: StaticServer
) -> None:
    with webkit_page(tmp_path / "evidence") as page:
        started = time.monotonic()
        page.open(host.url)
        first = time.monotonic() - started
        workers = page.driver.execute_script(
            "return navigator.serviceWorker.ready.then(() => "
            "navigator.serviceWorker.controller !== null);"
        )
        assert workers, "no service worker controls the page"
        start_golf(page)
        play_round_one(page)
        page.wait_until_saved(page.revision())

        host.stop()
        started = time.monotonic()
        page.driver.refresh()
        page.show("round-title")
        cached = time.monotonic() - started
        assert "Round 2 of 18" in page.text_of("round-title")
        assert total(page, "Cat") == 10

        # closed and opened again, the host still gone: a new window at the app's address
        first_window = page.driver.current_window_handle
        page.driver.switch_to.new_window("window")
        page.driver.switch_to.window(first_window)
        page.driver.close()
        page.driver.switch_to.window(page.driver.window_handles[0])
        page.open(host.url, first="round-title")
        assert "Round 2 of 18" in page.text_of("round-title")
        assert total(page, "Bob") == 0
        print(f"\nWebKit, offline: first visit {first:.1f} s, cached reload {cached:.1f} s")
        assert page.errors() == []
