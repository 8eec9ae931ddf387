"""``python -m videopoker``: the same as the ``videopoker`` command."""

import sys

from videopoker.cli import main

sys.exit(main())
