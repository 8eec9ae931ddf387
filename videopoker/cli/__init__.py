"""The command line, and the one place where errors meet the user.

Exit status: 0 ok, 1 bad input (one clear line per problem on stderr), 2 usage error, 130 when
interrupted.  Everything a user can get wrong (a bad paytable, a missing or unreadable file, a
read-only folder) is one ``videopoker: ...`` line, never a traceback.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

# Only the standard library is imported before main's try: a Ctrl-C while the rest loads is caught.


def complain(text: str) -> None:
    """One line on stderr (see :func:`videopoker.cli.output.complain`), imported only when needed."""
    from videopoker.cli.output import complain as say_on_stderr

    say_on_stderr(text)


#: Each command's module and function: only the one that runs is imported.
COMMANDS: dict[str | None, tuple[str, str]] = {
    None: ("commands", "run_play"), "play": ("commands", "run_play"), "analyze": ("commands", "run_analyze"),
    "hint": ("commands", "run_hint"), "paytable": ("tables", "run_paytable"),
    "simulate": ("session_odds", "run_simulate"), "bankroll": ("session_odds", "run_bankroll"),
    "edit": ("commands", "run_edit"), "strategy": ("charts", "run_strategy"), "serve": ("serve", "run_serve"),
    "history": ("history", "run_history"), "sweep": ("sweep", "run_sweep"), "drill": ("commands", "run_drill"),
}


def handler(command: str | None) -> Callable[[argparse.Namespace], int]:
    """The function that runs ``command``; imported inside the boundary so even a Ctrl-C while
    loading is caught, and only that command's module, so a command starts sooner."""
    import importlib

    module, function = COMMANDS[command]
    run: Callable[[argparse.Namespace], int] = getattr(importlib.import_module(f"videopoker.cli.{module}"), function)
    return run


def describe_os_error(error: OSError) -> str:
    """An operating-system refusal as a user reads it: what, where, and the system's reason."""
    from videopoker.storage.usertext import quote

    reason = error.strerror or str(error) or type(error).__name__
    if isinstance(error.filename, str | bytes | os.PathLike):
        return f"cannot use {quote(os.fsdecode(error.filename), 120)}: {reason}"
    return f"cannot go on: {reason}"


def _quiet_stdout() -> None:
    """After a closed pipe (``| head``), send what is left to /dev/null so exit stays quiet."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; the exit status (usage errors leave through ``SystemExit(2)``)."""
    from videopoker.errors import VideoPokerError  # small, and needed by the boundary itself

    try:
        from videopoker.cli.parser import build_parser

        words = sys.argv[1:] if argv is None else list(argv)
        args = build_parser(words[0] if words and words[0] in COMMANDS else None).parse_args(words)
        return handler(args.command)(args)
    except VideoPokerError as error:
        for problem in getattr(error, "problems", None) or [str(error)]:  # a PaytableError: one line each
            complain(problem)
        return 1
    except BrokenPipeError:
        _quiet_stdout()
        return 1
    except OSError as error:
        complain(describe_os_error(error))
        return 1
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # a bug: still one line, with a way to see more
        if os.environ.get("VIDEOPOKER_DEBUG"):
            raise
        complain(f"internal error ({type(error).__name__}: {error}); please report it, with "
                 "VIDEOPOKER_DEBUG=1 set for the details")
        return 1


if __name__ == "__main__":
    sys.exit(main())
