"""Actions: small frozen values with one text notation per game.

An action is a verb and its arguments, all plain words: `play savage`, `lead diplomat suns`,
`place savage c4`, `bid most`, `pass`. Each game declares its grammar (verb -> argument kinds),
so that parsing, printing and the UI's "which card / which cell does this touch" are generic.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Mapping

from decktable.cards.base import Catalogue, slugify
from decktable.engine.errors import MalformedAction

# Argument kinds a grammar may use.
CARD = "card"  # a card of the game's catalogue, by slug
CELL = "cell"  # a grid cell such as c4 (letters for columns, digits for rows; may be negative: see grid kit)
SUIT = "suit"  # one of the game's suit names
WORD = "word"  # a lower-case word from the game's list for that verb
INT = "int"  # a whole number
CARDS = "cards"  # one or more cards; only allowed last

_CELL_RE = re.compile(r"^[a-z]{1,2}-?\d{1,2}$")

#: the longest action text the engine reads (the longest real move, a Mattis set of eight cards
#: by name, is well under it; a save caps a move at the same): a longer text is refused before
#: it is parsed, which for a text of many words could take seconds
MAX_ACTION_CHARS = 200


def too_long(text: str) -> str | None:
    """Why `text` is too long to be an action, or None."""
    if len(text) > MAX_ACTION_CHARS:
        return f"it is {len(text):,} characters long; no move is longer than {MAX_ACTION_CHARS}"
    return None


@dataclass(frozen=True, slots=True, init=False)
class Action:
    """A verb and its arguments. Prints as its notation; games parse it with their grammar."""

    verb: str
    args: tuple[str, ...] = ()
    #: the hash, once: a search looks its actions up in dicts hundreds of thousands of times
    _hash: int = field(init=False, repr=False, compare=False)

    def __init__(self, verb: str, args: tuple[str, ...] = ()) -> None:
        # the slots' own setters: half the cost of the frozen dataclass's generated __init__ (a
        # search lists the discards of a sampled hand in Chicago, a few new actions each time)
        _SET_VERB(self, verb)
        _SET_ARGS(self, args)
        _SET_HASH(self, hash((verb, args)))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[type[Action], tuple[str, tuple[str, ...]]]:
        # never the stored hash: another process hashes strings differently
        return (Action, (self.verb, self.args))

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))

    @property
    def text(self) -> str:
        return str(self)


_SET_VERB = Action.verb.__set__  # type: ignore[attr-defined]
_SET_ARGS = Action.args.__set__  # type: ignore[attr-defined]
_SET_HASH = Action._hash.__set__  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Grammar:
    """The verbs of one game and the kinds of their arguments."""

    verbs: Mapping[str, tuple[str, ...]]
    catalogue: Catalogue
    suits: tuple[str, ...] = ()
    words: Mapping[str, tuple[str, ...]] | None = None  # allowed words per verb for WORD args

    def parse(self, text: str) -> Action:
        """Parse notation; the error quotes the input and says what was expected."""
        if not isinstance(text, str):
            raise MalformedAction(repr(text), "an action must be text")
        long = too_long(text)
        if long is not None:
            raise MalformedAction(text, long)
        parts = text.strip().lower().split()
        if not parts:
            raise MalformedAction(text, "it is empty")
        verb = parts[0]
        if verb not in self.verbs:
            raise MalformedAction(text, f"unknown verb {verb!r}; this game knows {', '.join(sorted(self.verbs))}")
        kinds = self.verbs[verb]
        rest = parts[1:]
        args: list[str] = []
        i = 0
        for k_index, kind in enumerate(kinds):
            if kind == CARDS:
                if i >= len(rest):
                    raise MalformedAction(text, f"{verb!r} needs at least one card")
                while i < len(rest):
                    slug, i = self._card(text, rest, i)
                    args.append(slug)
                break
            if i >= len(rest):
                raise MalformedAction(text, f"{verb!r} takes {self.usage(verb)}")
            if kind == CARD:
                # a card name may span several words; take the shortest prefix that names a card,
                # leaving enough words for the remaining arguments.
                slug, i = self._card(text, rest, i, leave=len(kinds) - k_index - 1)
                args.append(slug)
                continue
            word = rest[i]
            i += 1
            if kind == CELL:
                if not _CELL_RE.match(word):
                    raise MalformedAction(text, f"{word!r} is not a cell such as c4")
            elif kind == SUIT:
                if word.rstrip("s") + "s" in self.suits:
                    word = word.rstrip("s") + "s"
                if word not in self.suits:
                    raise MalformedAction(text, f"{word!r} is not a suit; suits are {', '.join(self.suits)}")
            elif kind == INT:
                if not re.fullmatch(r"-?\d+", word):
                    raise MalformedAction(text, f"{word!r} is not a number")
            elif kind == WORD:
                allowed = (self.words or {}).get(verb)
                if allowed is not None and word not in allowed:
                    raise MalformedAction(text, f"{word!r} is not one of {', '.join(allowed)}")
            args.append(word)
        if i < len(rest):
            raise MalformedAction(text, f"unexpected {' '.join(rest[i:])!r} after {verb!r}")
        return Action(verb, tuple(args))

    def misfit(self, action: Action) -> str | None:
        """Why an Action value does not fit this grammar (unknown verb, arguments that are not
        words, too many or too few of them), or None when it fits. `parse` never makes a misfit;
        this catches Action values built by hand, such as `play savage extra`."""
        ok = self.__dict__.get("_fits")
        if ok is None:
            ok = set()
            object.__setattr__(self, "_fits", ok)  # actions known to fit (games reuse them)
        try:
            if action in ok:
                return None
        except TypeError:  # an unhashable argument: certainly not a fit
            return self._misfit(action) or "the arguments of an action are single words"
        why = self._misfit(action)
        if why is None and len(ok) < 50_000:
            ok.add(action)
        return why

    def _misfit(self, action: Action) -> str | None:
        verb, args = action.verb, action.args
        if type(verb) is not str or verb not in self.verbs:
            return f"unknown verb {verb!r}; this game knows {', '.join(sorted(self.verbs))}"
        if type(args) is not tuple or not all(type(a) is str and a and a.split() == [a] for a in args):
            return "the arguments of an action are single words"
        long = too_long(" ".join((verb, *args)))
        if long is not None:
            return long
        kinds = self.verbs[verb]
        if kinds and kinds[-1] == CARDS:
            if len(args) < len(kinds):
                return f"{verb!r} takes {self.usage(verb)}"
        elif len(args) != len(kinds):
            if len(args) > len(kinds):
                return f"unexpected {' '.join(args[len(kinds):])!r} after {verb!r}"
            return f"{verb!r} takes {self.usage(verb)}"
        cards = self.catalogue.by_slug
        for i, arg in enumerate(args):
            kind = kinds[min(i, len(kinds) - 1)]
            if kind in (CARD, CARDS):
                if arg not in cards:
                    return f"there is no card called {arg!r}"
            elif kind == SUIT:
                if arg not in self.suits:
                    return f"{arg!r} is not a suit; suits are {', '.join(self.suits)}"
            elif kind == CELL:
                if not _CELL_RE.match(arg):
                    return f"{arg!r} is not a cell such as c4"
            elif kind == INT:
                if not re.fullmatch(r"-?\d+", arg):
                    return f"{arg!r} is not a number"
            elif kind == WORD:
                allowed = (self.words or {}).get(verb)
                if allowed is not None and arg not in allowed:
                    return f"{arg!r} is not one of {', '.join(allowed)}"
        return None

    def _card(self, text: str, rest: list[str], i: int, leave: int = 0) -> tuple[str, int]:
        last = len(rest) - leave
        for j in range(i + 1, max(last, i + 1) + 1):
            c = self.catalogue.find(" ".join(rest[i:j]))
            if c is not None:
                return c.slug, j
        # greedy fallback for long names when trailing args are absent
        for j in range(len(rest), i, -1):
            c = self.catalogue.find(" ".join(rest[i:j]))
            if c is not None:
                return c.slug, j
        raise MalformedAction(text, f"there is no card called {slugify(rest[i])!r}")

    def usage(self, verb: str) -> str:
        kinds = self.verbs[verb]
        return " ".join(f"<{k}>" for k in kinds) if kinds else "no arguments"

    def card_of(self, action: Action) -> str | None:
        """The first card an action names, for the UI."""
        for kind, arg in zip(self.verbs.get(action.verb, ()), action.args):
            if kind in (CARD, CARDS):
                return arg
        return None

    def cell_of(self, action: Action) -> str | None:
        for kind, arg in zip(self.verbs.get(action.verb, ()), action.args):
            if kind == CELL:
                return arg
        return None
