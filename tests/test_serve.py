"""`videopoker serve`: the machine in a web browser, played in a real (headless) Chromium.

The browser test needs Debian's Chromium (`apt-get install chromium`) and the playwright package
(in the test extras); without a browser it is skipped, saying so.  Its screenshots are kept in
tests/artifacts/.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from videopoker.cli import main
from videopoker.cli.serve import is_local
from videopoker.tui.notice_app import NoticeApp

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
#: How this machine's Chromium runs headless as root without reaching for the network.
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def test_only_loopback_is_local() -> None:
    assert is_local("127.0.0.1") and is_local("localhost") and is_local("::1")
    assert not is_local("0.0.0.0") and not is_local("192.168.1.20") and not is_local("example.org")


@pytest.mark.parametrize("argv, words", [
    (["serve", "--port", "0"], "a port is a whole number 1..65535"),
    (["serve", "--port", "99999"], "a port is a whole number 1..65535"),
    (["serve", "--host", "a b"], "a host is a name or an address"),
])
def test_a_bad_address_is_one_line(capsys: pytest.CaptureFixture[str], argv: list[str], words: str) -> None:
    with pytest.raises(SystemExit) as caught:
        main(argv)
    assert caught.value.code == 2
    error = capsys.readouterr().err
    assert words in error and "Traceback" not in error


def test_a_port_in_use_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 1
    error = capsys.readouterr().err.strip()
    assert error.startswith(f"videopoker: cannot serve on 127.0.0.1 port {port}:") and "--port" in error
    assert len(error.splitlines()) == 1


def test_a_host_others_can_reach_is_said_plainly(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from textual_serve.server import Server

    served: list[Any] = []
    monkeypatch.setattr(Server, "serve", lambda self, debug=False: served.append((self.host, self.port, self.command)))
    port = free_port()
    assert main(["serve", "--host", "0.0.0.0", "--port", str(port)]) == 0
    out = capsys.readouterr().out
    assert "Anyone who can reach 0.0.0.0" in out and "has the address with its key" in out
    assert served and served[0][0] == "0.0.0.0" and served[0][2].endswith("-m videopoker play")
    assert re.search(rf"served at http://0.0.0.0:{port}/\?token=[A-Za-z0-9_-]{{32}}$", out, re.M)


def test_every_serve_has_a_new_key(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from textual_serve.server import Server

    monkeypatch.setattr(Server, "serve", lambda self, debug=False: None)
    keys = set()
    for _ in range(2):
        assert main(["serve", "--port", str(free_port())]) == 0
        found = re.search(r"\?token=(\S+)$", capsys.readouterr().out, re.M)
        assert found is not None
        keys.add(found.group(1))
    assert len(keys) == 2


async def test_nothing_but_the_pages_scripts_is_served_without_the_key() -> None:
    from aiohttp import ServerDisconnectedError
    from aiohttp.test_utils import TestClient, TestServer

    from videopoker.cli.serve import guarded_server
    from videopoker.cli.serving import COOKIE

    server = guarded_server("true", "127.0.0.1", free_port(), "the-key")
    async with TestClient(TestServer(await server._make_app())) as client:
        for path in ("/", "/?token=a-wrong-key", "/ws", "/download/x"):
            refused = await client.get(path)
            assert refused.status == 403 and "needs its key" in await refused.text(), path
        assert (await client.get("/static/css/xterm.css")).status == 200  # no machine in a style sheet
        page = await client.get("/?token=the-key")
        assert page.status == 200 and "data-session-websocket-url" in await page.text()
        assert client.session.cookie_jar.filter_cookies(client.make_url("/"))[COOKIE].value == "the-key"
        try:  # with the key's cookie the guard lets it by; the websocket handler drops a plain GET
            status: int | None = (await client.get("/ws")).status
        except ServerDisconnectedError:
            status = None
        assert status != 403


PLAY = shlex.join([sys.executable, "-m", "videopoker", "play"])


@pytest.mark.parametrize("when", ["at once", "while it starts", "mid-round"])
async def test_a_closed_tab_ends_its_game_and_lets_the_wallet_go(isolated_home: Path, when: str) -> None:
    """The tab's connection closes (the tab closed, the network gone): its game ends, its round
    kept, and the wallet is free for the next tab or the terminal.  Closed while the game starts and
    the page still sizes its window, a game used to spin for ever holding the wallet's lock."""
    from aiohttp import WSMsgType
    from aiohttp.test_utils import TestClient, TestServer

    from videopoker.cli.serve import guarded_server
    from videopoker.player.session import Session
    from videopoker.storage.wallet import WalletBusy

    psutil = pytest.importorskip("psutil")  # dask.distributed's, so always here
    ours = psutil.Process()
    before = {child.pid for child in ours.children(recursive=True)}

    def games() -> list[Any]:  # the tab's processes, a zombie (not reaped) included
        return [child for child in ours.children(recursive=True) if child.pid not in before]

    def wallet_free() -> bool:
        try:
            Session.open(isolated_home).close()
        except WalletBusy:
            return False
        return True

    server = guarded_server(PLAY, "127.0.0.1", free_port(), "the-key")
    try:
        async with TestClient(TestServer(await server._make_app())) as client:
            assert (await client.get("/?token=the-key")).status == 200  # the page: its cookie
            websocket = await client.ws_connect("/ws?width=100&height=30")
            if when == "while it starts":  # its first frame, then the page sizing its window
                while (await websocket.receive(timeout=60)).type is not WSMsgType.BINARY:
                    pass
                for step in range(5):
                    await websocket.send_json(["resize", {"width": 100 + step, "height": 30 + step}])
            elif when == "mid-round":
                await until(lambda: dealt(isolated_home), websocket, ["stdin", "m"])  # bet max: dealt
            await websocket.close()
            await until(lambda: not games())
            assert wallet_free()
            if when == "mid-round":  # the round as it was dealt, to be drawn by the next tab
                assert wallet(isolated_home)["round"] is not None and wallet(isolated_home)["credits"] == 995
    finally:
        for child in games():  # a game the server failed to end must not outlive the test
            child.kill()


async def until(done: Callable[[], bool], websocket: Any = None, message: Any = None,
                seconds: float = 60.0) -> None:
    """Wait for ``done()`` (sending ``message`` meanwhile, for a game that takes keys once its screen
    is up), never a fixed time."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the served machine did not get there in time"
        if message is not None:
            await websocket.send_json(message)
        await asyncio.sleep(0.2)


def test_the_log_is_a_line_a_request_and_never_the_key(isolated_home: Path) -> None:
    """Anyone who reaches the port may send a bad request: it gets a 400 and the operator one log
    line, not a traceback; the key (in the address, in a browser's Referer) is printed once, in
    the banner, and never logged."""
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "videopoker", "serve", "--port", str(port)],
                              env={**os.environ, "VIDEOPOKER_HOME": str(isolated_home), "COLUMNS": "80"},
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        address = served_address(server)
        key = address.split("token=")[1]
        eventually(lambda: _listening(port))
        long_header = b"X-Long: " + b"a" * 20_000
        answers = [
            http(port, b"GET / HTTP/1.1", b"Host: 127.0.0.1", long_header),
            http(port, f"GET /?token={key} HTTP/1.1".encode(), b"Host: 127.0.0.1"),
            http(port, b"GET /static/css/xterm.css HTTP/1.1", b"Host: 127.0.0.1", f"Referer: {address}".encode()),
            http(port, b"GET /?token=a-wrong-key HTTP/1.1", b"Host: 127.0.0.1"),
        ]
        assert [answer.split(b" ")[1] for answer in answers] == [b"400", b"200", b"200", b"403"]
    finally:
        server.terminate()
        server.wait(30)
        assert server.stdout is not None
        out = server.stdout.read().decode()  # what the banner's first line left in its buffer, too
    assert key not in out  # only in the banner's first line (served_address read it), on purpose
    assert "Traceback" not in out and "│" not in out
    banner = [line for line in out.splitlines() if line.startswith(("Open that address", "Only this computer"))]
    logged = [line for line in out.splitlines() if re.search(r'" (400|200|403) \d+ ', line)]
    assert len(banner) == 2 and len(logged) == 4 and len(out.splitlines()) == 2 + 4, out  # one line a request
    assert "token=a-wrong-key" not in out and "token=…" in out


async def test_no_folder_is_listed_and_no_other_page_drives_the_machine() -> None:
    from aiohttp import WSServerHandshakeError
    from aiohttp.test_utils import TestClient, TestServer

    from videopoker.cli.serve import guarded_server

    server = guarded_server("true", "127.0.0.1", free_port(), "the-key")
    async with TestClient(TestServer(await server._make_app())) as client:
        for folder in ("/static/", "/static/js", "/static/js/", "/static/css/"):
            listed = await client.get(folder)
            assert listed.status in (403, 404) and "Index of" not in await listed.text(), folder
        assert (await client.get("/static/js/textual.js")).status == 200  # its files are served
        assert (await client.get("/?token=the-key")).status == 200  # the key's cookie, in this client's jar
        own = f"http://127.0.0.1:{client.port}"
        for foreign in (f"http://127.0.0.1:{client.port + 1}", f"http://localhost:{client.port}", "null",
                        "http://example.org"):
            with pytest.raises(WSServerHandshakeError) as refused:
                await client.ws_connect("/ws", headers={"Origin": foreign})
            assert refused.value.status == 403, foreign
        for origin in ({"Origin": own}, {}):  # its own page; a program that is no page (the key it needs)
            websocket = await client.ws_connect("/ws", headers=origin)
            await websocket.close()


def http(port: int, *lines: bytes) -> bytes:
    """One raw request on its own connection, and the answer's status line."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
        connection.sendall(b"\r\n".join([*lines, b"Connection: close", b"", b""]))
        return connection.makefile("rb").readline()


async def test_a_refusal_in_a_tab_is_the_terminal_line() -> None:
    app = NoticeApp("another videopoker (pid 7) is playing on /w/wallet.json; quit that one first")
    async with app.run_test(size=(80, 24)) as pilot:
        text = str(app.query_one("#notice", Static).render())
        assert "another videopoker (pid 7) is playing" in text and "Close this tab" in text
        await pilot.press("q")
    assert app.return_code == 0 or app.return_code is None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wallet(home: Path) -> dict[str, Any]:
    content: dict[str, Any] = json.loads((home / "wallet.json").read_text())["content"]
    return content


def eventually(done: Any, seconds: float = 60.0) -> None:
    """Wait for what the browser's process wrote (the wallet), never a fixed time."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the served machine did not get there in time"
        time.sleep(0.1)


@pytest.mark.slow
@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium to drive: apt-get install chromium (see Getting started)")
def test_a_browser_plays_a_hand_and_a_second_tab_is_refused(isolated_home: Path) -> None:
    sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is in the test extras")
    ARTIFACTS.mkdir(exist_ok=True)
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "videopoker", "serve", "--port", str(port)],
                              env={**os.environ, "VIDEOPOKER_HOME": str(isolated_home)},
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        eventually(lambda: _listening(port))
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
            page = browser.new_page(viewport={"width": 1100, "height": 720})
            address = served_address(server)
            refused = browser.new_page()
            refused.goto(f"http://127.0.0.1:{port}/")  # without the key: a refusal, never the machine
            assert "needs its key" in refused.content()
            refused.close()
            page.goto(address)
            press_until(page, "m", lambda: dealt(isolated_home))  # bet max: the machine deals at once
            assert wallet(isolated_home)["credits"] == 995
            for key in ("1", "2"):
                page.keyboard.press(key)
            eventually(lambda: wallet(isolated_home)["round"]["held"][:2] == [True, True])
            page.keyboard.press("Space")  # draw
            eventually(lambda: wallet(isolated_home)["history"]["games"] == 1)
            played = wallet(isolated_home)
            assert played["credits"] == 995 + played["last"]["hands"][0]["win"]
            page.screenshot(path=str(ARTIFACTS / "serve-played.png"))

            second = browser.new_page(viewport={"width": 1100, "height": 720})
            second.goto(address)  # refused in the tab, by its own process
            # it has drawn (its own process started under whatever load: not Playwright's default 30 s)
            second.wait_for_function("document.body.classList.contains('-first-byte')", timeout=120_000)
            second.screenshot(path=str(ARTIFACTS / "serve-second-tab.png"))
            assert wallet(isolated_home) == played
            second.close()

            page.close()  # the tab's process ends and lets the wallet go; a new tab plays it
            again = browser.new_page(viewport={"width": 1100, "height": 720})
            again.goto(address)
            press_until(again, "m", lambda: dealt(isolated_home))  # once the old process let the wallet go
            assert wallet(isolated_home)["credits"] == played["credits"] - 5  # the balance where it was
            again.screenshot(path=str(ARTIFACTS / "serve-reopened.png"))
            browser.close()
    finally:
        server.terminate()
        server.wait(30)


def served_address(server: subprocess.Popen[bytes]) -> str:
    """The address ``videopoker serve`` printed, with its key."""
    assert server.stdout is not None
    first = server.stdout.readline().decode()
    found = re.search(r"served at (\S+)$", first.strip())
    assert found is not None, first
    return found.group(1)


def dealt(home: Path) -> bool:
    return (home / "wallet.json").exists() and wallet(home)["round"] is not None


def press_until(page: Any, key: str, done: Any, seconds: float = 60.0) -> None:
    """Press ``key`` in the tab until ``done()``: the tab's machine starts in its own process and
    takes keys only once its screen is up (a key before that is dropped, as on a real terminal)."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the served machine did not take the key in time"
        page.mouse.click(550, 360)
        page.keyboard.press(key)
        page.wait_for_timeout(500)


def _listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0
