"""What a player fills in on Discord for a step, derived from the step's description.

A step's form comes from ``game.step(kind)`` (``engine/steps.py``) and the
request the player was sent, and from nothing else: a new game that describes
its steps gets a real form without a line here. The action's fields become:

- an **amount**: a text input read as a whole number within the model's fixed
  bounds; the bounds a request states (``most`` / ``least``) are the help's
  words and the game's check, not the form's (a bound such as "the chips you
  hold" may move with another field of the same action: garnets turned in);
- a **choice** (player, item, card, slot, role): a select menu of what the
  request offers when it offers 1 to 25 things, else a typed name checked
  against the offers; a **seat pair**: two such selects, or ``"a b"`` typed
  (one name: the same player twice); a **flag**: a yes/no select;
- a **list** of such: one multi-select (distinct offers, at most 25, no other
  list of the step drawing from them) or words typed one after another;
- a **group**: one modal (a part) with its fields, at most five a modal;
- a **list of groups**: an "add or change one" part; each submission adds an
  element, replaces the one naming the same things, or removes it when every
  amount is 0;
- a **map**: one field per offered key, five keys a modal; a map of groups
  (or one the request does not list the keys of) picks a key, then fills its
  value like a list element; where a field of the group is asked only of some
  offered keys (``Ask.when``), one such part per set of fields, each offering
  its keys (Second to Won's "For" only beside the items to CHOICE).

Fields that are not in a group share parts of up to five. A form of one part
(a Homeostasis bid) is the whole action and submits at once; a step whose one
field is a choice among at most 25 (the EC vote) is a select that submits at
once; the step's ``quick`` actions (a pass) are one-click buttons, and the
fields they set are not asked. Anything else is built part by part into a
draft, read back in the step's own words, and sent with one Submit. A field
this module cannot lay out (a list inside a list) leaves the form an explicit
"Advanced: type the action as JSON" part.

Nothing here checks the rules: the game does, when the service stores the
action; here a value is only read (a whole number within the model's fixed
bounds, one of the offered names) with a one-line message naming the field
when it cannot be.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from mainmatch import games
from mainmatch.engine.game import Request
from mainmatch.engine.steps import (
    CHOICE_KINDS,
    Input,
    StepDescription,
    asked_for,
    offered_inputs,
    plain_echo,
)

from .formfields import (
    MISSING,
    Entry,
    Fields,
    described,
    fields_of,
    idle,
    label_of,
    offers_of,
    shown_of,
    shows,
    text_of,
)
from .formkit import (
    LABEL,
    MODAL_FIELDS,
    SELECT,
    Choice,
    Draft,
    Field,
    Form,
    FormError,
    Part,
    json_action,
    short,
    summary,
)

__all__ = ["Draft", "Field", "Form", "FormError", "Part", "Request", "build", "form_for"]


def form_for(game_id: str, kind: str, request: Request) -> Form:
    """The form of step ``kind`` of ``game_id`` for ``request``."""
    return build(games.get(game_id).step(kind), request)


def build(desc: StepDescription, request: Request) -> Form:
    """The form of one step description for one request (see the module doc)."""
    return _Builder(desc, request).form()


class _Builder(Fields):
    def __init__(self, desc: StepDescription, request: Request) -> None:
        super().__init__(desc, request)
        self.unsupported: list[Input] = []

    # ------------------------------------------------------------ the form
    def form(self) -> Form:
        desc, request = self.desc, self.request
        quick = dict(desc.quick(request)) if desc.quick else {}
        # fields every one-click action sets are the buttons' to set; so is a
        # flag that can only be true (a pass) in a step that has such buttons: when
        # the request offers none, that flag is not allowed now
        covered = set.intersection(*(set(a) for a in quick.values())) if quick else set()
        nodes = [
            n
            for n in offered_inputs(desc.inputs(), request)  # nothing left to buy: not asked
            if self.key(n) not in covered
            and not (desc.quick and n.input == "flag" and self.literals(n) == [True])
            and not idle(n, request)
        ]
        initial: Draft = {
            self.key(n): [] if n.input == "list" else {}
            for n in nodes
            if n.required and n.input in ("list", "map")
        }
        echo = self.echo
        offered = described(desc.inputs(), request)
        if len(nodes) == 1 and nodes[0].input in CHOICE_KINDS:
            options = self.options(nodes[0])
            if 0 < len(options) <= SELECT:
                key, node = self.key(nodes[0]), nodes[0]
                return Form(
                    (),
                    quick=quick,
                    select=Choice(
                        key, label_of(node), options, lambda v: {key: self.choice(node, v)}
                    ),
                    echo=echo,
                    offered=offered,
                )
        parts = self.parts(nodes)
        if self.unsupported:
            parts.append(
                Part(
                    "json",
                    "Advanced: type the action as JSON",
                    (Field("action", "The whole action as JSON", "{}"),),
                    lambda d, v: json_action(v["action"]),
                    submits=True,
                )
            )
        plain = len(parts) == 1 and not parts[0].id.startswith(("x-", "m-"))
        if plain:
            one = parts[0]

            def whole_action(draft: Draft, values: dict[str, str]) -> Draft:
                return {**initial, **one.apply(draft, values)}

            # the step's one form: called what the step asks ("Place a card ...")
            title = short(desc.ask[:1].upper() + desc.ask[1:]) if desc.ask else one.label
            return Form(
                (Part(one.id, title, one.fields, whole_action, one.prefill, submits=True),),
                quick=quick,
                echo=echo,
                offered=offered,
            )
        if not parts and quick:
            return Form((), quick=quick, echo=echo, offered=offered)
        return Form(
            tuple(parts),
            quick=quick,
            compound=True,
            initial=initial,
            echo=echo,
            offered=offered,
        )

    def echo(self, action: Draft) -> str:
        """A (possibly partial) action in the step's words; field by field when
        the step's own echo cannot read a partial draft."""
        try:
            said = self.desc.echo_words(action, self.request)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            said = plain_echo(self.desc.inputs(), action) or summary(action)
        return said or "(nothing chosen)"

    def parts(self, nodes: list[Input]) -> list[Part]:
        out: list[Part] = []
        loose: list[Entry] = []
        for node in nodes:
            entry = self.entry(node, node.name)
            if entry is not None:
                loose.append(entry)
            elif node.input == "group":
                out += self.group_parts(node)
            elif node.input == "list" and node.children and node.children[0].input == "group":
                out += self.element_part(node)
            elif node.input == "map" and node.children:
                out += self.map_parts(node)
            else:
                self.unsupported.append(node)
        if loose:
            labels = ", ".join(e.node.label for e in loose)
            title = labels if len(labels) <= LABEL else "More choices"
            pid = loose[0].node.name if len(loose) == 1 else "main"
            out[:0] = _pages(pid, title, loose, None)
        return out

    def group_parts(self, node: Input) -> list[Part]:
        entries = [self.entry(c, c.name) for c in node.children]
        if any(e is None for e in entries):
            self.unsupported.append(node)
            return []
        return _pages(node.name, node.label, [e for e in entries if e], self.key(node))

    def element_part(self, node: Input) -> list[Part]:
        """A list of groups: one part adds, replaces or removes an element."""
        element = node.children[0]
        entries = [self.entry(c, c.name, zero=True) for c in element.children]
        fit = [e for e in entries if e is not None]
        if len(fit) != len(entries) or sum(len(e.fields) for e in fit) > MODAL_FIELDS:
            self.unsupported.append(node)
            return []
        key = self.key(node)

        def apply(draft: Draft, values: dict[str, str]) -> Draft:
            new = _element(fit, values)
            items = [x for x in draft.get(key) or [] if _identity(fit, x) != _identity(fit, new)]
            if not _removes(fit, new):
                items.append(new)
            if node.max_items is not None and len(items) > node.max_items:
                raise FormError(f"{node.label}: at most {node.max_items}")
            return {**draft, key: items}

        def each(draft: Draft) -> list[dict[str, str]]:
            return [shows(fit, x) for x in draft.get(key) or [] if isinstance(x, Mapping)]

        label = short(f"Add or change: {node.label}")
        return [Part("x-" + node.name, label, tuple(fields_of(fit)), apply, each=each)]

    def map_parts(self, node: Input) -> list[Part]:
        value = node.children[0]
        key = self.key(node)
        keys = offers_of(node, self.request)
        shown = shown_of(node, self.request)
        if keys and value.input != "group":
            entries = []
            for i, (k, text) in enumerate(zip(keys, shown, strict=True)):
                field_node = Input(
                    name=f"k{i}",
                    path=value.path,
                    input=value.input,
                    label=text,
                    unit=value.unit or node.unit,
                    offers=value.offers,
                    required=False,
                    minimum=value.minimum,
                    maximum=value.maximum,
                )
                entry = self.entry(field_node, f"k{i}", zero=True)
                if entry is None:
                    self.unsupported.append(node)
                    return []
                entries.append((k, entry))
            return self.map_pages(node, key, entries)
        groups = _asked_groups(node, _lookup_list(self.request, node.offers))
        if groups is None:
            return self.pick_part(node, key, keys)
        out: list[Part] = []
        for n, (children, offered) in enumerate(groups, 1):
            # each set of keys its own part, built for a request offering only them
            sub = _Builder(self.desc, _offering(self.request, node.offers or "", offered))
            values = offers_of(node, sub.request)
            title = f"{node.label} ({', '.join(map(str, values))})"
            part_node = replace(node, children=(replace(value, children=children),))
            out += sub.pick_part(part_node, key, values, pid=f"x-{node.name}{n}", label=title)
            self.unsupported += sub.unsupported
        return out

    def map_pages(self, node: Input, key: str, entries: list[tuple[Any, Entry]]) -> list[Part]:
        """One field per offered key, five keys a modal."""
        order = [k for k, _e in entries]
        out = []
        pages = [entries[i : i + MODAL_FIELDS] for i in range(0, len(entries), MODAL_FIELDS)]
        for n, page in enumerate(pages, 1):
            label = node.label if len(pages) == 1 else f"{node.label} ({n}/{len(pages)})"

            def apply(
                draft: Draft, values: dict[str, str], page: list[tuple[Any, Entry]] = page
            ) -> Draft:
                found = dict(draft.get(key) or {})
                for k, entry in page:
                    v = entry.read(values)
                    if v is MISSING or v == 0:
                        found.pop(str(k), None)
                    else:
                        found[str(k)] = v
                ranked = sorted(found, key=lambda x: order.index(x) if x in order else len(order))
                return {**draft, key: {k: found[k] for k in ranked}}

            def prefill(draft: Draft, page: list[tuple[Any, Entry]] = page) -> dict[str, str]:
                found = draft.get(key) or {}
                out: dict[str, str] = {}
                for k, entry in page:
                    if str(k) in found:
                        out.update(entry.show(found[str(k)]))
                return out

            fields = tuple(f for _k, e in page for f in e.fields)
            out.append(Part(f"m-{node.name}{n}", short(label), fields, apply, prefill))
        return out

    def pick_part(
        self, node: Input, key: str, keys: list[Any], pid: str = "", label: str = ""
    ) -> list[Part]:
        """A map filled one key at a time: the key, then its value (``pid``,
        ``label``: a part for some of the keys, ``keys``, only)."""
        value = node.children[0]
        which = (node.offers or "key").split(".")[-1].replace("_", " ")
        key_node = Input(
            name="key",
            path=node.path,
            input="item",
            label=which.removesuffix("s").capitalize(),
            offers=node.offers,
            value=node.value,
            shows=node.shows,
        )
        key_entry = self.entry(key_node, "_key")
        children = (
            value.children
            if value.input == "group"
            else (
                replace(
                    value, label=value.label or "Amount" if value.input == "amount" else "Value"
                ),
            )
        )
        entries = [self.entry(c, c.name or "value", zero=True) for c in children]
        fit = [e for e in entries if e is not None]
        total = sum(len(e.fields) for e in fit) + 1
        if key_entry is None or len(fit) != len(entries) or total > MODAL_FIELDS:
            self.unsupported.append(node)
            return []
        if not keys:
            key_entry = Entry(
                key_node,
                "_key",
                (Field("_key", label_of(key_node)),),
                lambda v: v.get("_key", "").strip() or MISSING,
                lambda x: {"_key": text_of(x)},
            )

        def apply(draft: Draft, values: dict[str, str]) -> Draft:
            which = key_entry.read(values)
            if which is MISSING:
                raise FormError(f"{key_node.label}: choose one")
            found = dict(draft.get(key) or {})
            found.pop(str(which), None)
            if value.input == "group":
                new = _element(fit, values)
                if not _removes(fit, new):
                    found[str(which)] = new
            else:
                v = fit[0].read(values)
                if v is not MISSING and v != 0:
                    found[str(which)] = v
            return {**draft, key: dict(sorted(found.items()))}

        mine = {str(k) for k in keys} if pid else None

        def each(draft: Draft) -> list[dict[str, str]]:
            out = []
            for which, v in (draft.get(key) or {}).items():
                if mine is not None and str(which) not in mine:
                    continue  # another part's key
                shown = shows(fit, v) if value.input == "group" else fit[0].show(v)
                out.append({**key_entry.show(which), **shown})
            return out

        fields = (*key_entry.fields, *fields_of(fit))
        title = short(f"Add or change: {label or node.label}")
        return [Part(pid or "x-" + node.name, title, fields, apply, each=each)]

    # ------------------------------------------------------------ fields


# ==================================================================== helpers


def _pages(pid: str, label: str, entries: list[Entry], key: str | None) -> list[Part]:
    """Parts of at most five inputs each; ``key``: the group they fill (``None``: top)."""
    pages: list[list[Entry]] = [[]]
    for e in entries:
        if sum(len(x.fields) for x in pages[-1]) + len(e.fields) > MODAL_FIELDS:
            pages.append([])
        pages[-1].append(e)
    out = []
    for n, page in enumerate(pages, 1):

        def apply(draft: Draft, values: dict[str, str], page: list[Entry] = page) -> Draft:
            new = copy.deepcopy(draft)
            target = new if key is None else new.setdefault(key, {})
            for e in page:
                v = e.read(values)
                if v is MISSING:
                    target.pop(e.key, None)
                else:
                    target[e.key] = v
            return new

        def prefill(draft: Draft, page: list[Entry] = page) -> dict[str, str]:
            return shows(page, draft if key is None else draft.get(key) or {})

        title = label if len(pages) == 1 else f"{label} ({n}/{len(pages)})"
        part_id = pid if n == 1 else f"{pid}{n}"
        out.append(Part(part_id, short(title), tuple(fields_of(page)), apply, prefill))
    return out


def _element(entries: list[Entry], values: dict[str, str]) -> Draft:
    out: Draft = {}
    for e in entries:
        v = e.read(values)
        if v is not MISSING:
            out[e.key] = v
    return out


def _identity(entries: list[Entry], element: Any) -> str:
    """What names an element (its players, items): a new one with the same replaces it."""
    if not isinstance(element, Mapping):
        return json.dumps(element)
    named = {}
    for e in entries:
        if e.node.input == "amount":
            continue
        v = element.get(e.key)
        named[e.key] = sorted(map(str, v)) if e.node.input == "seat_pair" and v else v
    return json.dumps(named, sort_keys=True, default=str)


def _removes(entries: list[Entry], element: Draft) -> bool:
    """Every amount of the element is 0 or blank: the element is taken out."""
    amounts = [element.get(e.key, 0) for e in entries if e.node.input == "amount"]
    return bool(amounts) and not any(amounts)


def _lookup_list(request: Request, dotted: str | None) -> list[Any] | None:
    """The list the request holds at ``dotted`` (``None``: none there)."""
    value: Any = request
    for part in (dotted or "").split("."):
        if not isinstance(value, Mapping) or part not in value:
            return None
        value = value[part]
    return value if isinstance(value, list) else None


def _asked_groups(
    node: Input, offered: list[Any] | None
) -> list[tuple[tuple[Input, ...], list[Any]]] | None:
    """A map of groups whose fields are asked of some offered things only
    (``Ask.when``): the offered things by the fields asked of them, in the
    request's order; ``None`` when every field is asked of every thing."""
    group = node.children[0] if node.children else None
    if group is None or offered is None or not any(c.when for c in group.children):
        return None
    found: dict[tuple[Input, ...], list[Any]] = {}
    for thing in offered:
        asked = tuple(c for c in group.children if asked_for(c, thing))
        found.setdefault(asked, []).append(thing)
    return list(found.items())


def _offering(request: Request, dotted: str, offered: list[Any]) -> Request:
    """``request`` with ``offered`` at ``dotted`` in place of what it lists there."""
    head, _, rest = dotted.partition(".")
    inner = request.get(head)
    value = _offering(inner, rest, offered) if rest and isinstance(inner, dict) else offered
    return {**request, head: value}
