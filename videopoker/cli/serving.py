"""The server behind ``videopoker serve``: textual-serve's, with its edges made safe.

Imported only when a server starts (it loads aiohttp and textual-serve).  What it changes:

- A tab's game ends with its connection, whenever that closes, even while the game is starting:
  asked to quit (as ``q``), then SIGTERM (the machine saves and quits), then SIGKILL, each after a
  bound, and reaped.  textual-serve only asks, and stops reading the game's screen at the first
  frame it cannot send, so a game that missed the request (one told to quit while it starts can
  spin for ever) kept the wallet's lock while nothing in the browser could end it.
- Every request with an ``Origin`` must come from a page of this server: a page of another site or
  port (which a browser would let bring the key's cookie) cannot drive the machine.  A request
  without one is not a browser page's (browsers send it with every websocket); the key still rules.
- The log has one line a record: no traceback panel for a stranger's bad request (the 400 it gets is
  logged once, by the access log), the key never written (the address, a ``Referer``), and no
  control character reaches the operator's terminal.
- The page's scripts and styles are served, their folders never listed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import shlex
import signal
import sys
from hmac import compare_digest
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

REFUSAL = """<!doctype html><title>videopoker</title>
<body style="font-family: sans-serif; margin: 3em">
<h1>This videopoker needs its key</h1>
<p>Open the address <code>videopoker serve</code> printed when it started: it ends in <code>?token=…</code>.</p>
</body>"""
FOREIGN = """<!doctype html><title>videopoker</title>
<body style="font-family: sans-serif; margin: 3em">
<h1>This videopoker plays only in its own page</h1>
<p>Another page asked for it; open the address <code>videopoker serve</code> printed instead.</p>
</body>"""
#: Seconds a game has to quit when asked, then to save and quit on SIGTERM, before it is killed.
QUIT_SECONDS = 5.0
TERM_SECONDS = 5.0
#: Seconds to wait for a killed game's last output (its pipes closing) before giving up on it.
REAP_SECONDS = 5.0
#: Characters of an error's own words kept in its log line.
ERROR_WORDS = 120
KEY_IN_ADDRESS = re.compile(r"((?:^|[?&;])token=)[^&;\s\"']*")
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")

#: The cookie the page's websocket brings back: the key, once the page was opened with it.
COOKIE = "videopoker-key"

log = logging.getLogger("videopoker.serve")


class ServedGame(AppService):
    """One tab's ``videopoker play`` process, which ends with the tab's connection."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.gone = False  # the browser is gone: the game's screen is read and dropped
        self._ending: asyncio.Task[None] | None = None

    async def _open_app_process(self, width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
        """The game itself, not a shell around it (a signal would end only the shell), in its own
        process group, so that whatever it starts ends with it."""
        self._process = process = await asyncio.create_subprocess_exec(
            *shlex.split(self.command), stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=self._build_environment(width=width, height=height),
            start_new_session=True)
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def on_data(self, payload: bytes) -> None:
        if not self.gone:
            await self._to_browser(super().on_data(payload))

    async def on_meta(self, data: bytes) -> None:
        if not self.gone:
            await self._to_browser(super().on_meta(data))

    async def on_packed(self, payload: bytes) -> None:
        if not self.gone:
            await self._to_browser(super().on_packed(payload))

    async def _to_browser(self, sent: Any) -> None:
        """Pass the game's output on while the browser is there; after that, read it and drop it, so
        that the game never blocks on a full pipe while it quits (textual-serve stopped reading)."""
        try:
            await sent
        except (ConnectionError, RuntimeError):
            self.gone = True

    async def end(self) -> None:
        """End the game, however far it got: once, to the end, even if the caller is cancelled."""
        self.gone = True
        if self._ending is None:
            self._ending = asyncio.create_task(self._end())
        await asyncio.shield(self._ending)

    async def _end(self) -> None:
        process = self._process
        if process is None:
            return
        with contextlib.suppress(Exception):
            await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
        if process.returncode is None:
            await self.send_meta({"type": "quit"})  # as q: the machine saves and quits
        for number, seconds in ((None, QUIT_SECONDS), (signal.SIGTERM, TERM_SECONDS), (signal.SIGKILL, REAP_SECONDS)):
            if number is not None:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(process.pid, number)
            try:
                await asyncio.wait_for(process.wait(), seconds)
                break
            except TimeoutError:
                continue
        else:
            log.warning("a game (pid %d) did not end, even killed", process.pid)
        if self._task is not None:  # its last output read (it may end cancelled: textual-serve's own way)
            _, reading = await asyncio.wait({self._task}, timeout=REAP_SECONDS)
            for task in reading:
                task.cancel()
            self._task = None
        if self._stdin is not None:
            self._stdin.close()


class GuardedServer(Server):
    """textual-serve's server, serving the machine only to a browser with ``token``."""

    def __init__(self, command: str, *, host: str, port: int, token: str) -> None:
        super().__init__(command, host=host, port=port, title="videopoker")
        self.token = token
        self.games: set[ServedGame] = set()

    def holds_key(self, request: web.Request) -> bool:
        offered = request.query.get("token") or request.cookies.get(COOKIE) or ""
        return compare_digest(offered.encode(), self.token.encode())

    @web.middleware
    async def guard(self, request: web.Request, handler: Any) -> web.StreamResponse:
        origin = request.headers.get("Origin")
        if origin is not None and origin.lower() != f"{request.scheme}://{request.host}".lower():
            return web.Response(status=403, text=FOREIGN, content_type="text/html")
        # the page's scripts and styles are anyone's: nothing to play in them
        if not request.path.startswith("/static/") and not self.holds_key(request):
            return web.Response(status=403, text=REFUSAL, content_type="text/html")
        response: web.StreamResponse = await handler(request)
        if request.path == "/" and request.query.get("token"):
            response.set_cookie(COOKIE, self.token, httponly=True, samesite="Strict")
        return response

    async def _make_app(self) -> web.Application:
        """textual-serve's routes, its static folder never listed."""
        app = web.Application(middlewares=[self.guard])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes([
            web.get("/", self.handle_index, name="index"),
            web.get("/ws", self.handle_websocket, name="websocket"),
            web.get("/download/{key}", self.handle_download, name="download"),
            web.static("/static", self.statics_path, show_index=False, name="static"),
        ])
        app.on_shutdown.append(self.on_shutdown)
        return app

    async def on_shutdown(self, app: web.Application) -> None:
        """The server stops (Ctrl-C): every game still playing ends as a closed tab's does."""
        await asyncio.gather(*(game.end() for game in list(self.games)))

    def initialize_logging(self) -> None:
        handler = logging.StreamHandler(sys.stdout)
        handler.setFormatter(logging.Formatter("%(levelname)-8s %(message)s"))
        handler.addFilter(OneLine(self.token))
        logging.basicConfig(level="DEBUG" if self.debug else "INFO", handlers=[handler], force=True)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """A tab's machine: its own ``videopoker play``, which ends when the tab's connection does."""
        websocket = web.WebSocketResponse(heartbeat=15)
        if not websocket.can_prepare(request).ok:
            raise web.HTTPBadRequest(text="a websocket only")
        await websocket.prepare(request)
        game = ServedGame(self.command, write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                          close=websocket.close, download_manager=self.download_manager, debug=self.debug)
        self.games.add(game)
        try:
            await game.start(to_int(request.query.get("width", "80"), 80),
                             to_int(request.query.get("height", "24"), 24))
            await self._process_messages(websocket, game)
        except (ValueError, TypeError, AssertionError, KeyError, IndexError):
            log.warning("a tab sent what its page never sends; its game ends")
        finally:
            await game.end()
            self.games.discard(game)
            await websocket.close()
        return websocket


class OneLine(logging.Filter):
    """Each record one line, without the key: a stranger's malformed request is already the access
    log's line (its 400), so its traceback is dropped; any other error is named, not traced (a
    traceback's locals could hold the key); and no control character reaches the terminal."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, HttpProcessingError):
            return False
        text = record.getMessage()
        if error is not None:
            text = f"{text}: {type(error).__name__}: {str(error)[:ERROR_WORDS]}"
        text = KEY_IN_ADDRESS.sub(r"\1…", text.replace(self.token, "…"))
        record.msg = CONTROL.sub(lambda found: repr(found.group())[1:-1], text)
        record.args = None
        record.exc_info = record.exc_text = record.stack_info = None
        return True
