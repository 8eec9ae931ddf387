"""What a shipped table says its source publishes: the one line the catalog test holds it to.

A shipped paytable's header carries ``# published return: 99.5439% (source, address)``, or for
Multi-Strike, whose sources publish a level's value rather than the game's return,
``# published value: level 4 without a free ride 15.044824 (source, address)``.  The catalog test
checks the exact figure against it and the manual's catalog lists it, so both read it here.

>>> claim = published("# published return: 99.5439% (Wizard of Odds, https://wizardofodds.com/x)")
>>> claim.figure, claim.decimals, claim.source, claim.shown
('99.5439', 4, 'Wizard of Odds', '99.5439%')
>>> published("# published value: level 4 8.060957 (Wizard of Odds, https://wizardofodds.com/y)").shown
'level 4 8.060957'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_RETURN = re.compile(r"^# published return: ([0-9]+(?:\.([0-9]+))?)% \((.+), (https?://\S+)\)$", re.M)
_VALUE = re.compile(r"^# published value: level ([0-9])( without a free ride)? ([0-9]+\.([0-9]+)) "
                    r"\((.+), (https?://\S+)\)$", re.M)


@dataclass(frozen=True)
class Published:
    """A published figure: a return in percent, or (``level`` set) a Multi-Strike level's value."""

    figure: str
    decimals: int
    source: str
    address: str
    level: int | None = None
    without_free_ride: bool = False

    @property
    def shown(self) -> str:
        """The figure as a catalog shows it."""
        if self.level is None:
            return f"{self.figure}%"
        return f"level {self.level}{' without a free ride' if self.without_free_ride else ''} {self.figure}"


def published(text: str) -> Published | None:
    """The published figure a table file's text states, if it states one."""
    value = _VALUE.search(text)
    if value is not None:
        return Published(value.group(3), len(value.group(4)), value.group(5), value.group(6),
                         int(value.group(1)), bool(value.group(2)))
    found = _RETURN.search(text)
    if found is None:
        return None
    return Published(found.group(1), len(found.group(2) or ""), found.group(3), found.group(4))
