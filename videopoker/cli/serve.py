"""``videopoker serve``: the machine in a web browser, through textual-serve.

Each browser tab that opens the page starts its own ``videopoker play`` process (textual-serve's
way), so a tab plays exactly as a terminal does: the same wallet, saved at every step, and the
same lock, so a second tab is refused as a second terminal is (the refusal shown in the tab).

Nothing is served without a key, on this computer too (as Jupyter does): a random token in the
address it prints.  The page opens only with it, and hands the browser a cookie that the page's
websocket (the one that starts a machine) must bring; a missing or wrong key gets a plain refusal
page, never the machine.  Only the page's scripts and styles are served to anyone.  The server
itself (a tab's game ending with its connection, origins, a quiet log without the key) is
:mod:`videopoker.cli.serving`.
"""

from __future__ import annotations

import argparse
import ipaddress
import secrets
import shlex
import socket
import sys
from typing import Any

from videopoker.cli.output import say
from videopoker.errors import VideoPokerError

LOCAL_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost"})


def is_local(host: str) -> bool:
    """Whether only this computer can reach ``host``: a loopback address or name."""
    if host.lower() in LOCAL_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def run_serve(args: argparse.Namespace) -> int:
    _check_free(args.host, args.port)
    token = secrets.token_urlsafe(24)
    address = f"http://{args.host if ':' not in args.host else f'[{args.host}]'}:{args.port}/?token={token}"
    say(f"videopoker is served at {address}")
    say("Open that address in a browser (the key in it is needed); Ctrl-C stops it.")
    if is_local(args.host):
        say("Only this computer can reach it.")
    else:
        say(f"Anyone who can reach {args.host} port {args.port} and has the address with its key can play "
            "this wallet and spend its credits: give it only to whom you trust.")
    command = shlex.join([sys.executable, "-m", "videopoker", "play"])
    server = guarded_server(command, args.host, args.port, token)
    server.serve()
    return 0


def guarded_server(command: str, host: str, port: int, token: str) -> Any:
    """A textual-serve server that serves the machine only to a browser with ``token``
    (:mod:`videopoker.cli.serving`, which loads aiohttp, is imported only here)."""
    from videopoker.cli.serving import GuardedServer

    return GuardedServer(command, host=host, port=port, token=token)


def _check_free(host: str, port: int) -> None:
    """Refuse at once, in one line, a port that cannot be listened on (in use, or not ours)."""
    try:
        with socket.create_server((host, port)):
            pass
    except OSError as error:
        reason = error.strerror or str(error)
        raise VideoPokerError(f"cannot serve on {host} port {port}: {reason}; choose another with --port "
                              "or --host") from None
