"""Step descriptions: what each step kind asks of a player, as data (docs/engine.md "Step descriptions").

A game owns one :class:`StepDescription` per step kind (``Game.steps``). It
holds the step's action as a typed pydantic model whose fields carry their
words and kind of input (an :class:`Ask` in the field's ``Annotated``
metadata), whether the pending players act together or one at a time, and the
step's own words: what is asked, the request as a sentence, and how a
submission reads back. Every adapter derives from it and from nothing else:
the web form, Discord's components and modals, drafts and echoes, ``mainmatch
schema``, the RL action decomposition and its masks, and the view-only random
bot. A new game that describes its steps gets all of them without a line in
those adapters.

An action model for Seat Exchange's ``trades`` step (seat_exchange spec §3.1)::

    class Trade(BaseModel):
        players: Annotated[list[str], Ask("seat_pair", "Seats", offers="players")]
        amount: Annotated[int, Field(ge=1), Ask("amount", "Paid", unit="$")]

The description tree (:func:`describe`) walks such a model into
:class:`Input` nodes, one per field, with nested groups, lists and maps. A node
carries all an adapter needs of the model: its JSON key (the alias where the
model has one), its attribute name, its bounds and the values its type names
(a ``Literal`` or an ``Enum``), so no adapter reads pydantic behind it.

Texts may name request keys in braces (``"you hold {garnets}"``): adapters fill
them from the request the player was sent (:func:`fill`), never from a state.
"""

from __future__ import annotations

import enum
import random
import re
import string
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, get_args, get_origin

from pydantic import BaseModel, JsonValue
from pydantic.fields import FieldInfo

from .inputs import CHOICE_KINDS, LEAF_KINDS, Ask, Input, InputKind, Scalar, asked_for

#: the nodes (``inputs.py``) are re-exported: games and adapters import them from here
__all__ = [
    "CHOICE_KINDS",
    "LEAF_KINDS",
    "Ask",
    "Echo",
    "Input",
    "InputKind",
    "RandomDraw",
    "StepDescription",
    "Summary",
    "asked_for",
    "counted",
    "describe",
    "field_words",
    "fill",
    "in_players_words",
    "listed",
    "literals_of",
    "plain_echo",
    "steps_json",
]

#: ``(request) -> sentence``: the request in words, for the player it was sent to
Summary = Callable[[Mapping[str, object]], str]
#: ``(action, request) -> sentence``: a (possibly partial) submission read back
Echo = Callable[[Mapping[str, object], Mapping[str, object]], str]
#: ``(request, rng, view) -> action``: a random legal action drawn from the player's
#: own request (and view), never the state
#: (the request and view stay ``Any``: a draw reads the fields its step's request
#: declares, docs/decisions/anyA.md ANY2)
RandomDraw = Callable[[Mapping[str, Any], random.Random, Mapping[str, Any]], dict[str, object]]


@dataclass(frozen=True)
class StepDescription:
    """One step kind of a game, as every adapter needs it.

    ``ask`` says what the step asks of the player it is sent to ("pay for
    trades"), ``task`` the same for anyone else ("pay for trades"); ``summary``
    reads the request as a sentence and ``echo`` a submission. ``together`` is
    true when every pending player acts at once (a sealed bid), false when the
    rules ask one player at a time (a live auction's turn). ``widget`` names an
    optional richer presentation shipped by the game's package (the web form
    falls back to the fields without it).
    """

    kind: str
    action: type[BaseModel]
    ask: str
    task: str = ""
    summary: Summary | str = ""
    echo: Echo | None = None
    together: bool = True
    widget: str | None = None
    #: label -> action: choices the step takes with one click (an EC candidate is
    #: offered from the request instead; this is for fixed ones such as a pass)
    quick: Callable[[Mapping[str, object]], dict[str, dict[str, object]]] | None = None
    #: the view-only random bot's draw where the game has a rule across fields the
    #: inputs do not state (a total spend, a tie); ``None``: each field is drawn
    #: from its offers and bounds (``engine/choices.py``)
    random: RandomDraw | None = None

    def inputs(self) -> tuple[Input, ...]:
        """The action's fields as :class:`Input` nodes (:func:`describe`)."""
        return describe(self.action)

    def request_words(self, request: Mapping[str, object]) -> str:
        """The request as a sentence."""
        if callable(self.summary):
            return self.summary(request)
        return fill(self.summary, request)

    def echo_words(self, action: Mapping[str, object], request: Mapping[str, object]) -> str:
        """A submission read back in words; without an ``echo``, field by field."""
        if self.echo is not None:
            return self.echo(action, request)
        return plain_echo(self.inputs(), action)

    def others_task(self) -> str:
        """The step for anyone but the player asked (no "your")."""
        return self.task or self.ask


def fill(text: str, request: Mapping[str, object]) -> str:
    """``text`` with each ``{key}`` (or ``{key.sub}``) replaced by the request's value;
    a key the request lacks is left as written.

    >>> fill("you hold {garnets}, cost {costs.chip}", {"garnets": 2, "costs": {"chip": 1}})
    'you hold 2, cost 1'
    """
    out: list[str] = []
    for literal, name, _spec, _conv in string.Formatter().parse(text):
        out.append(literal)
        if name is None:
            continue
        value: object = request
        for part in name.split("."):
            if isinstance(value, Mapping) and part in value:
                value = value[part]
            else:
                value = "{" + name + "}"
                break
        out.append(str(value))
    return "".join(out)


def counted(n: object, word: str, plural: str | None = None) -> str:
    """``n`` and ``word``, plural unless ``n`` is 1 (for request and echo sentences).

    >>> counted(1, "chip"), counted(3, "chip"), counted(0, "garnet")
    ('1 chip', '3 chips', '0 garnets')
    """
    return f"{n} {word if n == 1 else plural or word + 's'}"


def listed(items: object, last: str = "and", empty: str = "none") -> str:
    """Items as a sentence lists them (``a, b and c``); ``empty`` for none.

    >>> listed(["a", "b", "c"]), listed([1, 2], "or"), listed([])
    ('a, b and c', '1 or 2', 'none')
    """
    seq = [str(x) for x in items] if isinstance(items, (list, tuple)) else []
    if not seq:
        return empty
    if len(seq) == 1:
        return seq[0]
    return f"{', '.join(seq[:-1])} {last} {seq[-1]}"


def plain_echo(inputs: tuple[Input, ...], action: Mapping[str, object]) -> str:
    """A submission as "label: value" phrases, for steps without an ``echo``.

    >>> from pydantic import BaseModel, JsonValue
    >>> class A(BaseModel):  # (annotations resolve in this module, which imports typing)
    ...     n: typing.Annotated[int, Ask("amount", "Bid", unit="chips")] = 0
    >>> plain_echo(describe(A), {"n": 3})
    'Bid: 3 chips'
    """
    parts: list[str] = []
    for node in inputs:
        if node.name not in action:
            continue
        value = action[node.name]
        if node.input == "group" and isinstance(value, Mapping):
            inner = plain_echo(node.children, value)
            if inner:
                parts.append(f"{node.label}: {inner}")
        elif isinstance(value, list):
            parts.append(f"{node.label}: {', '.join(map(str, value)) or 'none'}")
        elif isinstance(value, Mapping):
            shown = ", ".join(f"{k} {v}" for k, v in value.items())
            parts.append(f"{node.label}: {shown or 'none'}")
        else:
            unit = f" {node.unit}" if node.unit and node.unit != "$" else ""
            money = "$" if node.unit == "$" else ""
            parts.append(f"{node.label}: {money}{value}{unit}")
    return "; ".join(parts)


# ---------------------------------------------------------------- the tree


def describe(model: type[BaseModel], prefix: str = "") -> tuple[Input, ...]:
    """The fields of ``model`` as :class:`Input` nodes, in declaration order.

    A field without an :class:`Ask` is described from its type (a nested model
    is a ``group``, a list a ``list``, a dict a ``map``, an int an ``amount``),
    labelled with its name in words.
    """
    cached = _TREES.get((model, prefix))
    if cached is None:
        # a field's JSON key is its alias where it has one (Homeostasis's ``pass_`` is "pass")
        cached = tuple(_node(name, info, prefix) for name, info in model.model_fields.items())
        _TREES[(model, prefix)] = cached
    return cached


_TREES: dict[tuple[type[BaseModel], str], tuple[Input, ...]] = {}


def _node(attr: str, info: FieldInfo, prefix: str) -> Input:
    ask = next((m for m in info.metadata if isinstance(m, Ask)), None)
    name = info.alias or attr
    path = f"{prefix}.{name}" if prefix else name
    annotation = info.annotation
    lo, hi, min_items, max_items = _bounds(info)
    default = None if info.is_required() else info.get_default(call_default_factory=True)
    kind: InputKind = ask.input if ask else _kind_of(annotation)
    # a seat pair or a choice is one input, whatever type holds it
    children = () if kind in LEAF_KINDS else _children(annotation, path)
    words = ask or Ask(kind, name.replace("_", " ").capitalize())
    return Input(
        name=name,
        path=path,
        input=kind,
        label=words.label,
        help=words.help or (info.description or "" if ask is None else ""),
        unit=words.unit,
        offers=words.offers,
        value=words.value,
        shows=words.shows,
        required=info.is_required(),
        default=default,
        minimum=lo,
        maximum=hi,
        most=words.most,
        least=words.least,
        min_items=min_items,
        max_items=max_items,
        children=children,
        attr=attr,
        literals=literals_of(annotation),
        keys=_keys_of(annotation),
        when=words.when,
    )


def literals_of(annotation: object) -> tuple[Scalar, ...]:
    """The values a type allows when it names them: a ``Literal``'s, an ``Enum``'s
    (through ``Annotated`` and ``| None``); ``()`` for any other type.

    >>> literals_of(typing.Literal["a", "b"] | None), literals_of(int)
    (('a', 'b'), ())
    """
    a = _strip(annotation)
    if get_origin(a) is typing.Literal:
        return get_args(a)
    if isinstance(a, type) and issubclass(a, enum.Enum):
        return tuple(m.value for m in a)
    return ()


def _keys_of(annotation: object) -> tuple[Scalar, ...]:
    """A map's keys as its type names them (``dict[Literal["A", "B"], int]``)."""
    a = _strip(annotation)
    if get_origin(a) is dict and get_args(a):
        return literals_of(get_args(a)[0])
    return ()


def _bounds(info: FieldInfo) -> tuple[int | None, int | None, int | None, int | None]:
    lo = hi = min_items = max_items = None
    for m in info.metadata:
        lo = getattr(m, "ge", None) if getattr(m, "ge", None) is not None else lo
        gt = getattr(m, "gt", None)
        if gt is not None:
            lo = gt + 1
        hi = getattr(m, "le", None) if getattr(m, "le", None) is not None else hi
        lt = getattr(m, "lt", None)
        if lt is not None:
            hi = lt - 1
        min_items = getattr(m, "min_length", None) or min_items
        max_items = getattr(m, "max_length", None) or max_items
    return lo, hi, min_items, max_items


def _strip(annotation: object) -> object:
    """``X | None`` -> ``X``; ``Annotated[X, ...]`` -> ``X``."""
    origin = get_origin(annotation)
    if origin is typing.Annotated:
        return _strip(get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return _strip(args[0])
    return annotation


def _kind_of(annotation: object) -> InputKind:
    a = _strip(annotation)
    origin = get_origin(a)
    if isinstance(a, type) and issubclass(a, BaseModel):
        return "group"
    if origin is list:
        return "list"
    if origin is dict:
        return "map"
    if a is bool:
        return "flag"
    if a is int:
        return "amount"
    return "item"


def _children(annotation: object, path: str) -> tuple[Input, ...]:
    a = _strip(annotation)
    if isinstance(a, type) and issubclass(a, BaseModel):
        return describe(a, path)
    origin = get_origin(a)
    if origin in (list, dict):
        args = get_args(a)
        inner = _strip(args[-1]) if args else None
        mark = "[]" if origin is list else "{}"
        if isinstance(inner, type) and issubclass(inner, BaseModel):
            return (
                Input(
                    name=mark,
                    path=path + mark,
                    input="group",
                    label="",
                    children=describe(inner, path + mark),
                ),
            )
        if inner is not None:
            element_ask = _element_ask(args[-1])
            kind = element_ask.input if element_ask else _kind_of(inner)
            lo, hi = _element_bounds(args[-1])
            return (
                Input(
                    name=mark,
                    path=path + mark,
                    input=kind,
                    label=element_ask.label if element_ask else "",
                    unit=element_ask.unit if element_ask else "",
                    offers=element_ask.offers if element_ask else None,
                    minimum=lo,
                    maximum=hi,
                    literals=literals_of(args[-1]),
                ),
            )
    return ()


def _element_ask(annotation: object) -> Ask | None:
    if get_origin(annotation) is typing.Annotated:
        return next((m for m in get_args(annotation)[1:] if isinstance(m, Ask)), None)
    return None


def _element_bounds(annotation: object) -> tuple[int | None, int | None]:
    """An element's bounds, strict ones as whole numbers (``PositiveInt``: at least 1)."""
    lo = hi = None
    if get_origin(annotation) is typing.Annotated:
        for m in get_args(annotation)[1:]:
            for c in m.metadata if isinstance(m, FieldInfo) else (m,):
                lo = getattr(c, "ge", lo)
                hi = getattr(c, "le", hi)
                if getattr(c, "gt", None) is not None:
                    lo = c.gt + 1
                if getattr(c, "lt", None) is not None:
                    hi = c.lt - 1
    return lo, hi


def field_words(model: type[BaseModel], path: str) -> str:
    """The words of the field at ``path`` (as :class:`Input` paths write it):
    its groups' labels and its own, as the form shows them, for messages that
    name a field in the player's words rather than by its JSON key.

    >>> from pydantic import BaseModel, JsonValue
    >>> class Act(BaseModel):  # (a nested group adds its label first: tests/engine)
    ...     bet: typing.Annotated[int, Ask("amount", "Bet")]
    >>> field_words(Act, "bet"), field_words(Act, "nothing")
    ('Bet', 'nothing')
    """

    def find(nodes: tuple[Input, ...], above: tuple[str, ...]) -> tuple[str, ...] | None:
        for node in nodes:
            labels = (*above, node.label) if node.label else above
            if node.path == path:
                return labels
            if path.startswith(node.path):
                found = find(node.children, labels)
                if found is not None:
                    return found
        return None

    return ", ".join(find(describe(model), ()) or (path,))


def in_players_words(model: type[BaseModel], message: str) -> str:
    """``message`` (a rules' refusal) with the JSON keys of ``model`` that no
    player types (``snake_case`` keys such as ``buy_identity``) named by the form's
    words instead: a leading ``key: `` is dropped where the message already says
    where (the ``(in "...")`` the games add), any other mention is the field's
    words in quotes. The rules keep the spec's wording (its messages are examples);
    a player reads this one (issue 34, item 9; docs/decisions/day1.md DAY13).

    >>> from pydantic import BaseModel, JsonValue
    >>> class Act(BaseModel):
    ...     buy_chips: typing.Annotated[int, Ask("amount", "Chips to buy")]
    >>> in_players_words(Act, 'buy_chips: -1 is too few (in "Chips to buy")')
    '-1 is too few (in "Chips to buy")'
    >>> in_players_words(Act, "buy_chips must be a whole number")
    '"Chips to buy" must be a whole number'
    """
    for node in _walk(describe(model)):
        key = node.name
        if "_" not in key or key not in message:
            continue
        where = f' (in "{field_words(model, node.path)}")'
        if message.startswith(f"{key}: "):
            message = message[len(key) + 2 :]
            message += "" if where in message else where
        if re.search(rf"\b{re.escape(key)}\b", message):
            words = f'"{field_words(model, node.path)}"'
            message = re.sub(rf"\b{re.escape(key)}\b", words, message).replace(where, "")
    return message


def _walk(nodes: tuple[Input, ...]) -> typing.Iterator[Input]:
    for node in nodes:
        yield node
        yield from _walk(node.children)


def steps_json(steps: Mapping[str, StepDescription]) -> dict[str, dict[str, JsonValue]]:
    """Every step kind's description as JSON (the web form, ``mainmatch schema``)."""
    return {
        kind: {
            "kind": kind,
            "ask": d.ask,
            "task": d.others_task(),
            "together": d.together,
            "widget": d.widget,
            "inputs": [node.as_json() for node in d.inputs()],
        }
        for kind, d in steps.items()
    }


def offered_inputs(nodes: tuple[Input, ...], request: Mapping[str, object]) -> tuple[Input, ...]:
    """The inputs of ``nodes`` that leave something to choose for ``request``:
    an optional field whose choices the request lists under ``offers`` (its
    own, or its element's) is left out when that list is empty, so no form
    offers a purchase with nothing left to buy (a hidden place to learn once
    none is hidden; issue 33, B9). Required fields always stay.

    >>> learn = Input("learn", "learn", "list", "Learn", offers="hidden", required=False)
    >>> [n.name for n in offered_inputs((learn,), {"hidden": ["B"]})]
    ['learn']
    >>> [n.name for n in offered_inputs((learn,), {"hidden": []})]
    []
    """
    out = []
    for node in nodes:
        key = node.offers or (node.children[0].offers if node.children else None)
        choices = request.get(key) if key else None
        if not node.required and isinstance(choices, list | dict) and not choices:
            continue
        out.append(node)
    return tuple(out)
