"""``videopoker serve``: the machine in a web browser, through textual-serve.

Each browser tab that opens the page starts its own ``videopoker play`` process (textual-serve's
way), so a tab plays exactly as a terminal does: the same wallet, saved at every step, and the
same lock, so a second tab is refused as a second terminal is (the refusal shown in the tab).
"""

from __future__ import annotations

import argparse
import ipaddress
import shlex
import socket
import sys

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
    from textual_serve.server import Server

    _check_free(args.host, args.port)
    address = f"http://{args.host if ':' not in args.host else f'[{args.host}]'}:{args.port}"
    say(f"videopoker is served at {address} — open it in a browser; Ctrl-C stops it.")
    if is_local(args.host):
        say("Only this computer can reach it.")
    else:
        say(f"Anyone who can reach {args.host} port {args.port} can play this wallet and spend its credits: "
            "serve on a network you trust.")
    command = shlex.join([sys.executable, "-m", "videopoker", "play"])
    server = Server(command, host=args.host, port=args.port, title="videopoker")
    server.serve()
    return 0


def _check_free(host: str, port: int) -> None:
    """Refuse at once, in one line, a port that cannot be listened on (in use, or not ours)."""
    try:
        with socket.create_server((host, port)):
            pass
    except OSError as error:
        reason = error.strerror or str(error)
        raise VideoPokerError(f"cannot serve on {host} port {port}: {reason}; choose another with --port "
                              "or --host") from None
