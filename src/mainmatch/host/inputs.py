"""Bounds on everything a user sends the host, checked before any game sees it.

The games check their rules; these checks keep absurd sizes out of the
server whatever the game (docs/hosting.md, the server's promises):

- text is valid Unicode (no lone UTF-16 surrogates such as ``"\\ud800"``,
  which no database can store) of at most :data:`MAX_TEXT` characters;
- every number in host inputs, actions and records is finite and at most
  :data:`MAX_NUMBER` in size (seeds have their own bound, ``SEED_LIMIT``);
- every list or object has at most :data:`MAX_ITEMS` entries and values nest
  at most :data:`MAX_DEPTH` deep;
- player ids are a safe set (:func:`check_player_ids`): a documented class of
  characters, one script, distinct to a reader.

Each failure is one line naming where the value is and the bound.
"""

from __future__ import annotations

import math
import unicodedata
from typing import Any

from .errors import Conflict, Unprocessable

MAX_NUMBER = 1_000_000
MAX_ITEMS = 1_000
MAX_DEPTH = 10
MAX_TEXT = 1_000
MAX_TITLE = 200
MAX_PLAYER_ID = 32
#: Unicode categories a player id may not contain: controls, format characters
#: (zero-width and direction marks), surrogates, private use, unassigned, and
#: line and paragraph separators
_BANNED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
#: Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode
#: 15.1): shown as nothing (variation selectors, the combining grapheme joiner,
#: Hangul fillers, tags...; issue #26, M2), and the blanks outside that list
#: that render as an empty cell (U+2800 BRAILLE PATTERN BLANK)
_INVISIBLE_RANGES = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x2800, 0x2800),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
#: characters with a meaning in a URL path: a seat's player id is a path segment
#: (``/api/matches/{id}/seats/{player}``) and these are cut or re-read on the way
#: (issue #26, L5); ``.`` and ``..`` alone are refused too (browsers drop them)
_BANNED_CHARS = set("/\\%?#")
_DOT_SEGMENTS = {".", ".."}
#: letters of other scripts that look like a Latin letter (a short list from
#: Unicode's confusables.txt: Cyrillic and Greek capitals and the lower-case
#: letters drawn the same), folded before two ids are compared
_LOOKALIKES = str.maketrans(
    "АВЕЅІЈКМНОРСТХУаеіјкорсхуѕһԁԛԝӏΑΒΕΖΗΙΚΜΝΟΡΤΥΧοικνρ",
    "ABESIJKMHOPCTXYaeijkopcxyshdqwlABEZHIKMNOPTYXoikvp",
)


def brief(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, for error messages that
    name what was sent without echoing it whole.

    >>> brief("x" * 100, 10)
    "'xxxxxxxx…"
    """
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def check_text(text: str, where: str, limit: int = MAX_TEXT) -> str:
    """``text`` if it is valid Unicode of at most ``limit`` characters."""
    if _has_surrogate(text):
        raise Unprocessable(f"{where}: the text is not valid Unicode (a lone surrogate)")
    if len(text) > limit:
        raise Unprocessable(f"{where}: text of at most {limit} characters, got {len(text)}")
    return text


def check_json(value: Any, where: str, *, items: int = MAX_ITEMS, _depth: int = 0) -> None:
    """Check a JSON value sent by a user against the bounds of the module doc."""
    if _depth > MAX_DEPTH:
        raise Unprocessable(f"{where}: values nest more than {MAX_DEPTH} deep")
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, str):
        check_text(value, where)
    elif isinstance(value, int):
        if abs(value) > MAX_NUMBER:
            raise Unprocessable(f"{where}: numbers must be between -{MAX_NUMBER} and {MAX_NUMBER}")
    elif isinstance(value, float):
        if not math.isfinite(value) or abs(value) > MAX_NUMBER:
            raise Unprocessable(
                f"{where}: numbers must be finite, between -{MAX_NUMBER} and {MAX_NUMBER}"
            )
    elif isinstance(value, dict):
        if len(value) > items:
            raise Unprocessable(f"{where}: at most {items} entries, got {len(value)}")
        for key, item in value.items():
            check_text(str(key), f"{where}: a key", MAX_TEXT)
            check_json(item, f"{where}.{brief(key, 30)[1:-1]}", items=items, _depth=_depth + 1)
    elif isinstance(value, list):
        if len(value) > items:
            raise Unprocessable(f"{where}: at most {items} entries, got {len(value)}")
        for i, item in enumerate(value):
            check_json(item, f"{where}[{i}]", items=items, _depth=_depth + 1)
    else:
        raise Unprocessable(f"{where}: not a JSON value")


def _invisible(ch: str) -> bool:
    code = ord(ch)
    return any(lo <= code <= hi for lo, hi in _INVISIBLE_RANGES)


#: Latin letters with no decomposition to an ASCII letter that names use
#: (German, Nordic, Polish, Croatian, Maltese, Sami, Turkish, Dutch)
_LATIN_EXTRA = set("ßæøœðþłđħŋĳıſÆØŒÐÞŁĐĦŊĲ")
#: the first words of letters' Unicode names that count as one script
#: (Chinese, Japanese and Korean mix their scripts, and Latin with them)
_EAST_ASIAN = {"CJK", "HIRAGANA", "KATAKANA", "KATAKANA-HIRAGANA", "HANGUL", "BOPOMOFO"}


def _char_problem(ch: str) -> str | None:
    """Why ``ch`` is outside the player-id character class (docs/hosting.md):
    letters (Latin ones only as written in names: an ASCII letter, with marks
    or without, or one of :data:`_LATIN_EXTRA`; no phonetic or modifier
    letters such as ``ɗ``, ``ᴅ``, ``ʰ``), combining marks, digits, the space,
    and ASCII punctuation and symbols."""
    if ch.isascii():
        return None
    cat = unicodedata.category(ch)
    if cat[0] in "PSZN" and cat != "Nd":
        return (
            f"contains U+{ord(ch):04X} (only ASCII punctuation and symbols may be in a player id)"
        )
    name = unicodedata.name(ch, "")
    if cat[0] == "L" and name.startswith("MODIFIER LETTER"):
        return f"contains U+{ord(ch):04X} (a modifier letter, not a letter of a name)"
    if cat[0] == "L" and name.startswith("LATIN") and ch not in _LATIN_EXTRA:
        base = unicodedata.normalize("NFKD", ch)[:1]
        if not (base.isascii() and base.isalpha()):
            return f"contains {ch!r} (U+{ord(ch):04X}: a phonetic Latin letter, not a letter of a name)"
    return None


def script_of(ch: str) -> str | None:
    """The script of a letter, by the first word of its Unicode name (``LATIN``,
    ``CYRILLIC``, ``GREEK``, ``ARMENIAN``, ...; Chinese, Japanese and Korean as
    one), or ``None`` for anything but a letter.

    >>> script_of("d"), script_of("\u0570"), script_of("\u660e"), script_of("1")
    ('LATIN', 'ARMENIAN', 'EAST ASIAN', None)
    """
    if not unicodedata.category(ch).startswith("L"):
        return None
    word = unicodedata.name(ch, "?").split(" ", 1)[0]
    return "EAST ASIAN" if word in _EAST_ASIAN else word


def mixed_scripts(pid: str) -> str | None:
    """Why ``pid`` mixes scripts (``dհ``: Latin and Armenian), or ``None``:
    an id's letters are of one script, Latin letters mixing only with Chinese,
    Japanese and Korean."""
    scripts = {x for x in map(script_of, pid) if x is not None}
    if len(scripts) <= 1 or scripts == {"LATIN", "EAST ASIAN"}:
        return None
    named = " and ".join(sorted(x.title() for x in scripts))
    return f"mixes letters of different scripts ({named}), as look-alikes of other ids do"


def player_id_problem(pid: str) -> str | None:
    """Why ``pid`` is not a safe player id, or ``None``: 1 to 32 characters in
    Unicode normal form NFC, no control, invisible (Default_Ignorable, blank)
    or format characters, no spaces at either end, at least one letter, digit,
    punctuation mark or symbol, and no ``/ \\ % ? #`` nor ``.`` or ``..``
    alone (a seat is a URL path segment).

    >>> player_id_problem("jk") is None, player_id_problem("jk\\u3164")
    (True, 'contains U+3164 (an invisible or control character)')
    >>> player_id_problem("a/b"), player_id_problem("..")
    ("contains '/' (a character with a meaning in URLs)", "cannot be . or .. (a seat's URL would lose it)")
    """
    if not pid or len(pid) > MAX_PLAYER_ID:
        return f"must have 1 to {MAX_PLAYER_ID} characters"
    if _has_surrogate(pid):
        return "is not valid Unicode (a lone surrogate)"
    if pid in _DOT_SEGMENTS:
        return "cannot be . or .. (a seat's URL would lose it)"
    for ch in pid:
        if ch in _BANNED_CHARS:
            return f"contains {ch!r} (a character with a meaning in URLs)"
        if (
            unicodedata.category(ch) in _BANNED_CATEGORIES
            or (unicodedata.category(ch) == "Zs" and ch != " ")
            or _invisible(ch)
        ):
            return f"contains U+{ord(ch):04X} (an invisible or control character)"
        problem = _char_problem(ch)
        if problem:
            return problem
    if pid != pid.strip():
        return "starts or ends with a space"
    if not any(unicodedata.category(ch)[0] in "LNPS" for ch in pid):
        return "has no visible character (a letter, digit, mark of punctuation or symbol)"
    if unicodedata.normalize("NFC", pid) != pid:
        return "is not in Unicode normal form NFC"
    return None


def same_player_key(pid: str) -> str:
    """Two ids with the same key are one player to a reader: the same after
    NFKC (``ｊｋ``), Cyrillic and Greek look-alikes of Latin letters
    (``јk``, ``jκ``), case (``JK``) and spaces (``d h``). Latin-only ids are
    compared by case only (``l``/``I``/``1`` and ``O``/``0`` stay distinct:
    hosts use ``p01``)."""
    folded = unicodedata.normalize("NFKC", pid).translate(_LOOKALIKES).casefold()
    return "".join(folded.split())


def check_player_ids(players: list[str], *, normalise: bool) -> list[str]:
    """The ids, checked (and, for new matches, stripped and NFC-normalised);
    unique after normalisation. Raises a one-line 422."""
    out = []
    for pid in players:
        if normalise and not _has_surrogate(pid):
            pid = unicodedata.normalize("NFC", pid.strip())
        problem = player_id_problem(pid)
        if problem:
            raise Unprocessable(f"player id {brief(pid)} {problem}")
        out.append(pid)
    seen: dict[str, str] = {}
    for pid in out:
        key = same_player_key(pid)
        if key in seen:
            raise Unprocessable(
                f"player ids {brief(seen[key])} and {brief(pid)} are the same to a reader; "
                "use different ids"
            )
        seen[key] = pid
    for pid in out:  # after the pairs: a twin of another id is named as one
        problem = mixed_scripts(pid)
        if problem:
            raise Unprocessable(f"player id {brief(pid)} {problem}")
    return out


def check_step_number(step: object, number: int) -> None:
    """``step`` must be the open step's ``number``; 409 naming the open step."""
    if type(step) is not int:
        raise Unprocessable(f"step must be the number of the open step ({number})")
    if step < number:
        raise Conflict(f"step {step} is already resolved; the open step is {number}")
    if step > number:
        raise Conflict(f"step {step} is not open yet; the open step is {number}")
