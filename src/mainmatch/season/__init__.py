"""A season of an ORG: the ledger's rules as pure code, entries in, standings out.

``models`` has the season's definition and the entry kinds, ``ledger`` folds
entries into standings (and refuses entries that break a rule), ``records``
turns a finished match record into a Main Match entry, ``render`` gives the
standings as Discord Markdown and CSV. Storage and the surfaces (web, CLI)
live in the host's service layer (``mainmatch.host.season_*``).
"""

from typing import TYPE_CHECKING

from .ledger import SeasonError, Standings, check_append, standings, start
from .models import Entry, SeasonExport, SeasonSettings

if TYPE_CHECKING:
    from .records import entry_of_record, match_key


def __getattr__(name: str) -> object:
    # ``records`` replays matches (the engine's records and games): imported
    # when first used, so reading standings does not pay for it
    if name in ("entry_of_record", "match_key"):
        from . import records

        return getattr(records, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "Entry",
    "SeasonError",
    "SeasonExport",
    "SeasonSettings",
    "Standings",
    "check_append",
    "entry_of_record",
    "match_key",
    "standings",
    "start",
]
