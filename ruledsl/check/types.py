"""Types as the checker works them out: small interned objects the runtime can use too.

A Type is a head and, for some heads, an argument: the name of an enum or a
kind (`enum Side`, `kind Card`, `zone of Card`, `kind type Card`, `enum type
Side`), or the type of a list's items (`list of player`). `str(t)` is the
notation messages and editors show. ANY matches everything and silences
further checks, so one error does not cascade; NONE is the type of `none`,
which fits anywhere.

Types are interned: the same type is always the same object, so `t is INT`
and `t == list_of(PLAYER)` both work.
"""
from __future__ import annotations

from typing import Optional

import attrs

# Heads that take no argument.
SIMPLE = ("int", "bool", "text", "player", "location", "direction", "zone", "map", "die", "any", "none",
          "tag", "board", "edge kind", "function", "rule")
# Heads whose argument is a name; a list's argument is its item type.
NAMED = ("enum", "kind", "zone of", "kind type", "enum type")


@attrs.frozen(repr=False)
class Type:
    """A type: head ("int", "list", "kind", …) and arg (a name, or a list's item Type, or None)."""
    head: str
    arg: object = None

    def __str__(self) -> str:
        if self.head == "list":
            return f"list of {self.arg}"
        return f"{self.head} {self.arg}" if self.arg is not None else self.head

    __repr__ = __str__

    @property
    def is_list(self) -> bool:
        return self.head == "list"

    @property
    def item(self) -> "Type":
        """What a list holds (ANY for anything else)."""
        return self.arg if self.head == "list" else ANY

    @property
    def name(self) -> Optional[str]:
        """The enum's or kind's name of an enum, kind, zone or type value."""
        return self.arg if self.head in NAMED else None

    @property
    def is_handle(self) -> bool:
        """Values of this type are handles that compare by identity (seats, places, enum values,
        components, zones, directions)."""
        return self.head in ("player", "location", "direction", "enum", "kind", "zone of", "zone")


_interned: dict = {}


def of(head: str, arg=None) -> Type:
    """The one Type with this head and argument."""
    key = (head, arg)
    found = _interned.get(key)
    if found is None:
        found = _interned[key] = Type(head, arg)
    return found


INT, BOOL, TEXT, PLAYER, LOCATION, DIRECTION = (of(h) for h in ("int", "bool", "text", "player", "location",
                                                                 "direction"))
ZONE, MAP, DIE, ANY, NONE, TAG, BOARD, EDGE_KIND = (of(h) for h in ("zone", "map", "die", "any", "none", "tag",
                                                                     "board", "edge kind"))
FUNCTION, RULE = of("function"), of("rule")


def list_of(item: Type) -> Type:
    return of("list", item)


def kind(name: str) -> Type:
    return of("kind", name)


def enum(name: str) -> Type:
    return of("enum", name)


def zone_of(kind_name: str) -> Type:
    return of("zone of", kind_name)


def item_of(t: Type) -> Type:
    """What going through t gives: a list's items, a zone's components; ANY otherwise."""
    if t.head == "list":
        return t.arg
    if t.head == "zone of":
        return kind(t.arg)
    return ANY


def parse(text: str) -> Type:
    """The Type a notation names ("list of kind Card", "enum Side", "int")."""
    if text.startswith("list of "):
        return list_of(parse(text[len("list of "):]))
    for head in sorted(NAMED, key=len, reverse=True):
        if text.startswith(head + " "):
            return of(head, text[len(head) + 1:])
    if text in SIMPLE:
        return of(text)
    raise ValueError(f"not a type: {text!r}")


def compatible(want: Type, got: Type) -> bool:
    """Whether a value of type got may stand where want is expected."""
    if want is ANY or got is ANY or got is NONE or want is got:
        return True
    if want.is_list and got.is_list:
        return compatible(want.arg, got.arg)
    return False


def a_type(t: Type) -> str:
    """A type as a phrase in a message: "a number", "a list of Card", "true or false"."""
    head = t.head
    if head == "list":
        inner = a_type(t.arg)
        for article in ("a ", "an "):
            if inner.startswith(article):
                inner = inner[len(article):]
        return f"a list of {inner}"
    phrases = {"enum type": f"the enum {t.arg}", "kind type": f"the kind {t.arg}", "int": "a number",
               "bool": "true or false", "none": "none", "enum": f"a value of {t.arg}", "kind": f"a {t.arg}"}
    if head in phrases:
        return phrases[head]
    text = str(t)
    return f"an {text}" if text[0] in "aeiou" else f"a {text}"
