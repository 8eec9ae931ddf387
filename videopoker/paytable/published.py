"""What a shipped table says its source publishes: the one line the catalog test holds it to.

A shipped paytable's header carries ``# published return: 99.5439% (source, address)``, or for
Multi-Strike, whose sources publish a level's value rather than the game's return,
``# published value: level 4 without a free ride 15.044824 (source, address)``.  A game whose
return depends on the hands a round says which it is (``published return: 5-play 94.95% (…)``);
a table whose source publishes the feature's rules but not its return holds to the return of its
base game (``published base return: 97.30% (…)``).  The catalog test checks the exact figure
against it and the manual's catalog lists it, so both read it here.

>>> claim = published("# published return: 99.5439% (Wizard of Odds, https://wizardofodds.com/x)")
>>> claim.figure, claim.decimals, claim.source, claim.shown
('99.5439', 4, 'Wizard of Odds', '99.5439%')
>>> published("# published value: level 4 8.060957 (Wizard of Odds, https://wizardofodds.com/y)").shown
'level 4 8.060957'
>>> published("# published return: 5-play 94.95% (Wizard of Odds, https://wizardofodds.com/z)").lines
5
>>> published("# published base return: 97.30% (Wizard of Odds, https://wizardofodds.com/z)").shown
'base game 97.30%'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_RETURN = re.compile(r"^# published (base )?return: (?:([0-9]+)-play )?([0-9]+(?:\.([0-9]+))?)% "
                     r"\((.+), (https?://\S+)\)$", re.M)
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
    lines: int | None = None   # the hands a round the return is for, where it depends on them
    base: bool = False         # the base game's return: the source publishes no feature return


    @property
    def shown(self) -> str:
        """The figure as a catalog shows it."""
        if self.level is None:
            return f"{'base game ' if self.base else ''}{f'{self.lines}-play ' if self.lines else ''}{self.figure}%"
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
    lines = int(found.group(2)) if found.group(2) else None
    return Published(found.group(3), len(found.group(4) or ""), found.group(5), found.group(6),
                     lines=lines, base=bool(found.group(1)))
