"""The engine contract: every game is a stateless `Game` over a slotted, cloneable `State`.

`apply` validates before it mutates, so a refused action leaves the state exactly as it was.
Observations are derived from the zones a state declares, so that a hidden card can only reach a
seat through a zone that seat may see; the conformance suite checks this for every game.
"""

from __future__ import annotations

import dataclasses
import functools
import os
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Callable, ClassVar, Iterable, Mapping, Sequence

from pydantic import BaseModel, ValidationError

from decktable.cards.base import Card, Catalogue
from decktable.engine.actions import CARD, CARDS, Action, Grammar, too_long
from decktable.engine.errors import (
    BadOptions,
    BadSeat,
    GameOver,
    IllegalMove,
    MalformedAction,
    NotYourTurn,
    WrongGame,
)
from decktable.engine.kits.dealing import left_of
from decktable.engine.names import check_names
from decktable.engine.models import (
    ActionView,
    GameInfo,
    Observation,
    ResultView,
    SeatView,
    ZoneView,
)
from decktable.engine.rng import Rng


#: seeds are integers 0 <= seed < SEED_LIMIT everywhere (they are stored in SQLite's 64-bit INTEGER)
SEED_LIMIT = 2**63


def check_seed(seed: object) -> int | None:
    """The seed itself when it is None or an int in 0 <= seed < 2**63; else BadOptions."""
    if seed is None:
        return None
    if type(seed) is not int:
        raise BadOptions(f"The seed must be a whole number from 0 to 2**63 - 1, not {seed!r}.")
    if not 0 <= seed < SEED_LIMIT:
        raise BadOptions(f"The seed must be a whole number from 0 to 2**63 - 1 ({SEED_LIMIT - 1}), not {seed}.")
    return seed


def seed_from_text(text: str) -> int | None:
    """A seed typed by a person ('' means none); BadOptions with one sentence when it is not one."""
    text = text.strip()
    if not text:
        return None
    if not text.isascii() or not text.isdigit() or len(text) > 19:
        if text.lstrip("+-").isascii() and text.lstrip("+-").isdigit() and len(text) <= 40:
            return check_seed(int(text))  # "-5" or a number that is too big: say which bound
        shown = text if len(text) <= 30 else text[:30] + "…"
        raise BadOptions(f"The seed must be a whole number from 0 to 2**63 - 1, not {shown!r}.")
    return check_seed(int(text))


class Vis(str, Enum):
    """Who may see the cards of a zone."""

    PUBLIC = "public"
    OWNER = "owner"
    NOBODY = "nobody"
    OTHERS = "others"  # everyone but its owner

    def sees(self, owner: int | None, seat: int | None) -> bool:
        if self is Vis.PUBLIC:
            return True
        if self is Vis.NOBODY or seat is None:
            return False
        if self is Vis.OWNER:
            return owner == seat
        return owner != seat


@dataclass(slots=True)
class Zone:
    """A named place for cards. `cards` must be the state's own list for hidden zones, so that
    `determinize` can refill it in place."""

    name: str
    cards: list[int]
    vis: Vis = Vis.PUBLIC
    owner: int | None = None
    label: str = ""
    kind: str = "row"
    #: a pile of won tricks: how many tricks it holds (the table counts it in tricks, not cards)
    tricks: int | None = None
    #: a pile whose top card is listed first (a face-up draw pile): a table that shows part of
    #: a pile shows this end (by default the last cards, the most recent on a discard pile)
    top_first: bool = False


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, in words everyone may read, and in data."""

    text: str
    kind: str = "info"
    seat: int | None = None
    data: dict[str, Any] = field(default_factory=dict)


def _dup(v: Any) -> Any:
    t = type(v)
    if t is int or t is str or t is bool or v is None or t is float or t is tuple:
        return v
    if t is list:
        if not v:
            return []
        f = type(v[0])
        if f is int or f is str or f is bool or f is float or f is tuple or v[0] is None:
            # ints, strings and tuples are immutable; lists of them copy shallowly
            if all(type(x) is f or x is None for x in v):
                return v[:]
        return [_dup(x) for x in v]
    if t is dict:
        return {k: _dup(x) for k, x in v.items()}
    if t is set:
        return set(v)
    if t is Rng:
        return v.clone()
    if isinstance(v, BaseModel):
        return v  # options and other models are treated as immutable values
    if isinstance(v, State):
        return v.clone()
    clone = getattr(v, "clone", None)
    if clone is not None and callable(clone) and not isinstance(v, type):
        return clone()
    return v


def _plain(v: Any) -> Any:
    """A deep, plain copy of a value (lists, dicts, numbers, strings) for snapshots: equal states
    give equal snapshots, and a snapshot never changes when the state is mutated later."""
    t = type(v)
    if v is None or t is int or t is str or t is bool or t is float:
        return v
    if t is list:
        return [_plain(x) for x in v]
    if t is tuple:
        return tuple(_plain(x) for x in v)
    if t is dict:
        return {k: _plain(x) for k, x in v.items()}
    if t is set or t is frozenset:
        return sorted((_plain(x) for x in v), key=repr)
    if t is Rng:
        return v.getstate()
    if isinstance(v, State):
        return v.snapshot()
    if isinstance(v, BaseModel):
        return {"__model__": t.__name__, **v.model_dump()}
    if isinstance(v, Enum):
        return v.value
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return {"__type__": t.__name__, **{f.name: _plain(getattr(v, f.name)) for f in dataclasses.fields(v)}}
    if isinstance(v, (int, str, float, bytes)):
        return v
    slots = [s for k in t.__mro__ for s in getattr(k, "__slots__", ())]
    if slots or hasattr(v, "__dict__"):
        out: dict[str, Any] = {"__type__": t.__name__}
        for s in slots:
            if hasattr(v, s):
                out[s] = _plain(getattr(v, s))
        for k, x in getattr(v, "__dict__", {}).items():
            out[k] = _plain(x)
        return out
    return v


def _cards_named(kinds: Sequence[str], args: Sequence[str]) -> list[str]:
    """Every card an action names, from its grammar: each CARD argument, and all the arguments
    from a CARDS one on (it takes one or more cards and comes last)."""
    out: list[str] = []
    for i, arg in enumerate(args):
        kind = kinds[i] if i < len(kinds) else (kinds[-1] if kinds else "")  # CARDS runs to the end
        if kind == CARD or kind == CARDS:
            out.append(arg)
    return out


_SLOTS: dict[type, tuple[str, ...]] = {}
#: (game class, state class) -> zone name -> where a state holds that zone's cards (slot, row),
#: or None where it holds them nowhere: see `Game.forget_departed`
_ZONE_PLACES: dict[tuple[type, type], dict[str, tuple[str, int] | None]] = {}
_CLONERS: dict[type, Any] = {}


def _path_of(state: State, cards: list[int]) -> tuple[str, int] | None:
    """Where `state` holds the list `cards`: (slot, -1) for a slot, (slot, i) for row i of a slot
    of lists; None when it is neither (held deeper, or not the state's own list)."""
    for slot in state._all_slots():
        v = getattr(state, slot, None)
        if v is cards:
            return (slot, -1)
        if type(v) is list:
            for i, row in enumerate(v):
                if row is cards:
                    return (slot, i)
    return None


# Annotation words whose values are never mutated in place: a clone shares them.
_IMMUTABLE = {"int", "str", "bool", "float", "None", "bytes", "BaseModel", "frozenset", "Literal", "tuple",
              "Tuple", "Final"}


def _split_top(text: str, sep: str) -> list[str]:
    """`text` split on `sep` outside brackets."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        if ch == sep and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    out.append(cur)
    return [p.strip() for p in out]


def _copy_expr(ann: str, var: str, depth: int = 0) -> str | None:
    """A Python expression copying `var` as annotated by `ann`, or None when the annotation is not
    understood (the slot is then copied by the generic `_dup`)."""
    ann = ann.strip()
    if ann.startswith("Optional[") and ann.endswith("]"):
        ann = ann[9:-1] + " | None"
    parts = _split_top(ann, "|")
    if len(parts) > 1:
        rest = [p for p in parts if p != "None"]
        if len(rest) == len(parts):  # a union of several non-None types
            return var if all(_copy_expr(p, var, depth) == var for p in rest) else None
        inner = _copy_expr(" | ".join(rest), var, depth)
        if inner is None or inner == var:
            return inner
        return f"(None if {var} is None else {inner})"
    head = ann.split("[", 1)[0].strip()
    if head in _IMMUTABLE:
        return var
    if head in ("list", "List") and ann.endswith("]") and "[" in ann:
        elem = ann[ann.index("[") + 1 : -1]
        sub = _copy_expr(elem, f"x{depth}", depth + 1)
        if sub is None:
            return None
        if sub == f"x{depth}":
            return f"{var}[:]"
        if sub == f"x{depth}[:]":
            return f"[*map(copy, {var})]"  # rows of ints: about 2.5 times faster than a comprehension
        return f"[{sub} for x{depth} in {var}]"
    if head in ("set", "Set"):
        inner = ann[ann.index("[") + 1 : -1] if "[" in ann else "?"
        return f"set({var})" if _copy_expr(inner, "y", depth) == "y" else None
    if head in ("dict", "Dict") and "[" in ann:
        kv = _split_top(ann[ann.index("[") + 1 : -1], ",")
        if len(kv) == 2 and all(_copy_expr(t, "y", depth) == "y" for t in kv):
            return f"{var}.copy()"
        return None
    if head in ("Rng", "Trick"):
        return f"{var}.clone()"
    return None


def _annotations(klass: type) -> dict[str, str]:
    out: dict[str, str] = {}
    for k in reversed(klass.__mro__):
        for name, ann in getattr(k, "__annotations__", {}).items():
            out[name] = ann if isinstance(ann, str) else getattr(ann, "__name__", repr(ann))
    return out


def _clone_source(klass: type) -> str:
    """The source of a clone function for a State class: each slot copied as its annotation says
    (ints and strings shared, lists of ints sliced, lists of lists sliced per row, Rng and Trick
    cloned), the generic `_dup` for a slot without an annotation it understands."""
    anns = _annotations(klass)
    lines = ["def clone(self):", "    o = new(cls)"]
    for s in State._all_slots(klass):  # type: ignore[arg-type]
        expr = _copy_expr(anns[s], f"self.{s}") if s in anns else None
        if expr is None:
            expr = f"dup(self.{s})"
        lines.append(f"    o.{s} = {expr}")
    lines.append("    return o")
    return "\n".join(lines)


def _make_cloner(klass: type) -> Any:
    if "__setattr__" in {n for k in klass.__mro__ if k is not object for n in vars(k)}:
        return klass._slow_clone
    namespace: dict[str, Any] = {"new": object.__new__, "cls": klass, "dup": _dup, "copy": list.copy}
    exec(compile(_clone_source(klass), f"<clone of {klass.__name__}>", "exec"), namespace)
    return namespace["clone"]


class State:
    """Base of every game state: plain slots, mutated in place by `Game.apply`, cheap to clone.

    Subclasses add their own `__slots__` of lists and ints (cards are catalogue ids).
    """

    __slots__ = ("names", "players", "rng", "seed", "options", "over", "scores", "sheet", "hand_no", "known_in")

    names: list[str]
    #: how many seats (`len(names)`, which never changes): kept, as rules read it at every step
    players: int
    rng: Rng
    seed: int
    options: BaseModel
    over: bool
    scores: list[int]
    sheet: list[list[int]]
    hand_no: int
    #: cards that went into a hidden zone in everyone's sight (card id -> zone name): see
    #: `Game.reveal_into`; `determinize` leaves them where everyone knows they are. A game writes
    #: it only through `reveal_into` (`apply` remembers its last look at it: see `_forgot`)
    known_in: dict[int, str]

    def __init__(self, names: Sequence[str], rng: Rng, options: BaseModel) -> None:
        self.names = list(names)
        self.players = len(self.names)
        self.rng = rng
        self.seed = rng.seed
        self.options = options
        self.over = False
        self.scores = [0] * len(self.names)
        self.sheet = []
        self.hand_no = 1
        self.known_in = {}

    def _all_slots(self) -> tuple[str, ...]:
        klass = self if isinstance(self, type) else type(self)
        slots = _SLOTS.get(klass)
        if slots is None:
            found: list[str] = []
            for k in klass.__mro__:
                names = getattr(k, "__slots__", ())
                if isinstance(names, str):
                    names = (names,)
                for s in names:
                    if s not in found and s not in ("__dict__", "__weakref__"):
                        found.append(s)
            slots = _SLOTS[klass] = tuple(found)
        return slots

    def clone(self) -> State:
        """A copy that shares nothing mutable with this state. The first clone of each class
        builds a clone function from the slots' annotations (see `_clone_source`); a state with
        a slot not yet set, or a class whose annotations cannot be read, takes the generic path."""
        klass = type(self)
        fn = _CLONERS.get(klass)
        if fn is None:
            fn = _CLONERS[klass] = _make_cloner(klass)
        try:
            return fn(self)
        except AttributeError:  # a slot not set yet (during setup): the generic walk
            return self._slow_clone()

    def _slow_clone(self) -> State:
        other = object.__new__(type(self))
        for s in self._all_slots():
            try:
                v = getattr(self, s)
            except AttributeError:
                continue
            object.__setattr__(other, s, _dup(v))
        return other

    def snapshot(self) -> dict[str, Any]:
        """Everything in the state as plain values (a deep copy: later moves do not change it),
        with the generator's state under "rng", for equality in tests."""
        out: dict[str, Any] = {}
        for s in self._all_slots():
            if s == "rng" or not hasattr(self, s):
                continue
            out[s] = _plain(getattr(self, s))
        out["rng"] = self.rng.getstate()
        return out


#: the last answer of a public `legal_actions`: (state, seat, the actions). `apply` plays an
#: action found there without checking it again (Chicago listed and then checked every move from
#: scratch); `apply` forgets it before it changes any state, so it is never stale, as long as a
#: state changes only through `apply` (the search's `play` works on its own samples, and never
#: lists through the public `legal_actions`).
_listed: tuple[State, int, tuple[Action, ...]] | None = None

#: the last `forget_departed`'s look at a state: [state, its `known_in` (the dict itself), how
#: many cards it held after the look, the zones' places, zone name -> [slot, row, a copy of the
#: zone's cards, the known cards in it] for each zone that holds a known card, the same entries
#: in a list]. At the next move of the same state with the same `known_in` of the same size,
#: only the zones whose cards changed are looked at again (every known card was in its zone
#: then): Mattis at eight players holds some thirty known cards, and checking each at every move
#: was 45% of its random play; comparing a copy of `known_in` with the dict at every move was
#: then still half of what was left (1.1 of 2.5 us). `known_in` is written only by `apply` (which
#: drops this look at a new deal), `reveal_into` (which adds to it) and this, so the dict and its
#: size tell it unchanged; the look is never used for another state or another `known_in`.
_forgot: list[Any] | None = None


def _listed_has(state: State, seat: int, action: Action) -> bool:
    """Whether `action` is among the last public `legal_actions` of `seat` in `state`."""
    memo = _listed
    if memo is None or memo[0] is not state or memo[1] != seat:
        return False
    listed = memo[2]
    for a in listed:  # the action itself, as a caller that picked from the list sends it
        if a is action:
            return True
    return action in listed


def _guard_legal(own: Any) -> Any:
    @functools.wraps(own)
    def legal_actions(self: Game, state: State, seat: int) -> list[Action]:
        global _listed
        try:  # (an attribute read in a try: a third of getattr's cost with a default)
            if type(state.options) is not self.Options:
                self.own_state(state)
        except AttributeError:
            self.own_state(state)
        if type(seat) is not int or state.over or seat not in self._raw_to_act(state):
            return []  # a seat not at the table included: it has no moves
        out = own(self, state, seat)
        _listed = (state, seat, tuple(out))
        return out

    legal_actions._seat_guarded = True  # type: ignore[attr-defined]
    return legal_actions


def _guard_to_act(own: Any) -> Any:
    @functools.wraps(own)
    def to_act(self: Game, state: State) -> tuple[int, ...]:
        try:
            if type(state.options) is not self.Options:
                self.own_state(state)
        except AttributeError:
            self.own_state(state)
        return own(self, state)

    to_act._state_guarded = True  # type: ignore[attr-defined]
    return to_act


def _guard_parse(own: Any) -> Any:
    @functools.wraps(own)
    def parse(self: Game, text: str) -> Action:
        if type(text) is not str:
            raise MalformedAction(repr(text)[:60], f"an action is text, not {type(text).__name__}")
        long = too_long(text)
        if long is not None:
            raise MalformedAction(text, long)
        return own(self, text)

    parse._text_guarded = True  # type: ignore[attr-defined]
    return parse


#: a game's own entry points that `Game.__init_subclass__` wraps: each refuses another game's
#: state (and a seat not at the table, an over-long text) before the game's code sees it
_GUARDS: dict[str, tuple[Callable[[Any], Any], str]] = {
    "legal_actions": (_guard_legal, "_seat_guarded"),
    "to_act": (_guard_to_act, "_state_guarded"),
    "parse": (_guard_parse, "_text_guarded"),
}


class Game:
    """One stateless object per game. Subclasses fill the class attributes and the hooks."""

    info: ClassVar[GameInfo]
    Options: ClassVar[type[BaseModel]]
    catalogue: ClassVar[Catalogue]
    grammar: ClassVar[Grammar]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game's own public entry points are wrapped once here, not in each game, so that
        bad input is refused in the same words everywhere and before the game's code runs:
        `legal_actions` refuses another game's state, and gives a seat that is not to act now
        (one not at the table included) [] — never another seat's hand; `to_act` refuses another
        game's state; `parse` refuses what is not text or is too long to be a move. The game's
        own functions stay reachable as `__wrapped__` (the search lists any seat's moves with
        it), and `_raw_to_act` is the game's own `to_act`, for the base class's entry points,
        which have checked the state already."""
        super().__init_subclass__(**kwargs)
        for name, (guard, mark) in _GUARDS.items():
            own = cls.__dict__.get(name)
            if own is not None and not getattr(own, mark, False):
                setattr(cls, name, guard(own))
                if name == "to_act":
                    cls._raw_to_act = own  # type: ignore[method-assign]

    def own_state(self, state: State) -> None:
        """Refuse (WrongGame) a state that is not one of this game's, before anything reads or
        changes it. A state holds its game's own Options model, one class per game."""
        if type(getattr(state, "options", None)) is not self.Options or not isinstance(state, State):
            raise WrongGame(self.info.name, state)

    # -- starting -------------------------------------------------------------------------

    def options(self, **values: Any) -> BaseModel:
        """Validated options; a clear sentence for each problem (an unknown option is one)."""
        # (no option given, as in most games: no name to look up, and pydantic's model_fields
        # costs a random game of Bura a fifth of its time)
        known = getattr(self.Options, "model_fields", {}) if values else {}
        unknown = sorted(k for k in values if k not in known)
        if unknown and self.Options.model_config.get("extra") != "allow":
            names = ", ".join(sorted(known)) or "none"
            raise BadOptions(
                f"Bad options for {self.info.name}: no option called {', '.join(map(repr, unknown))}"
                f" (options: {names})."
            )
        try:
            # strict: True is not the number 1, nor "5" the number 5 (the command line and the
            # setup form turn what a person types into numbers and booleans first)
            return self.Options.model_validate(values, strict=True)
        except ValidationError as exc:
            problems = []
            for err in exc.errors():
                where = ".".join(str(p) for p in err["loc"]) or "options"
                problems.append(f"{where}: {err['msg']}")
            raise BadOptions(f"Bad options for {self.info.name}: " + "; ".join(problems)) from None

    def new(
        self,
        players: int | Sequence[str],
        seed: int | None = None,
        deck: Sequence[str | int] | None = None,
        **options: Any,
    ) -> State:
        """A new game. `deck` stacks the first deal (top card first); see the game's help."""
        if type(players) is int:
            # check the count before building names: g.new(10**9) refuses at once
            count = players
        elif isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
            raise BadOptions(
                f"Players must be a number of players or a list of names, not {type(players).__name__}."
            )
        else:
            count = len(players)
        if not self.info.min_players <= count <= self.info.max_players:
            raise BadOptions(
                f"{self.info.name} is for {self.info.players_phrase}, not {count}."
            )
        if type(players) is int:
            names = [f"Player {i + 1}" for i in range(players)]
        else:
            names = check_names(list(players))
        seed = check_seed(seed)
        opts = self.options(**options)
        self.check_players(len(names), opts)
        if seed is None:
            seed = int.from_bytes(os.urandom(6), "big")
        ids = None
        if deck is not None:
            if isinstance(deck, (str, bytes)) or not isinstance(deck, Sequence):
                raise BadOptions(f"A stacked deck is a list of cards, not {type(deck).__name__}.")
            for c in deck:
                if type(c) is not str and type(c) is not int:
                    raise BadOptions(f"Bad stacked deck: a card is a name or a number, not {type(c).__name__}.")
            try:
                ids = self.catalogue.ids(deck)
            except ValueError as exc:
                raise BadOptions(f"Bad stacked deck: {exc}") from None
        return self.setup(names, Rng(seed), opts, ids)

    def check_players(self, players: int, options: BaseModel) -> None:
        """Raise BadOptions when a player count does not suit the options."""

    def stacked(self, full: Sequence[int], deck: Sequence[int] | None, rng: Rng) -> list[int]:
        """The deck to deal from: the stacked order if given (it must be a whole deck), else a
        shuffle. Index 0 is the top card."""
        if deck is None:
            return rng.shuffled(full)
        if sorted(deck) != sorted(full):
            missing = [self.catalogue.slug(c) for c in set(full) - set(deck)]
            extra = [self.catalogue.slug(c) for c in set(deck) - set(full)]
            parts = []
            if missing:
                parts.append("missing " + ", ".join(sorted(missing)))
            if extra:
                parts.append("not in this deck: " + ", ".join(sorted(extra)))
            if len(deck) != len(full) and not parts:
                parts.append(f"{len(deck)} cards given, {len(full)} needed (a card twice?)")
            raise BadOptions("Bad stacked deck: " + "; ".join(parts) + ".")
        return list(deck)

    # -- hooks every game writes -------------------------------------------------------------

    def setup(self, names: list[str], rng: Rng, options: BaseModel, deck: list[int] | None) -> State:
        raise NotImplementedError

    def to_act(self, state: State) -> tuple[int, ...]:
        raise NotImplementedError

    _raw_to_act = to_act  # the game's own `to_act`, unguarded (see `__init_subclass__`)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        raise NotImplementedError

    def play(self, state: State, seat: int, action: Action, events: list[Event] | None) -> None:
        """Carry out a legal action (already checked). Append events when `events` is a list."""
        raise NotImplementedError

    def zones(self, state: State) -> list[Zone]:
        """Every card of the game is in exactly one zone."""
        raise NotImplementedError

    def final(self, state: State) -> ResultView:
        """The result of a finished game."""
        raise NotImplementedError

    def team(self, seat: int, players: int) -> int | None:
        """The fixed partnership `seat` plays in, as a number shared by partners; None in a game
        without fixed partnerships. Partners always finish together (the strength table does
        not count a bot's partner among the seats it beat)."""
        return None

    def placings(self, state: State) -> list[int]:
        """`final(state).placings` (1 = first; equal numbers are ties). Search bots ask this once
        per playout: a game may answer it without building the whole result."""
        return self.final(state).placings

    # -- hooks with defaults -----------------------------------------------------------------

    def why_not(self, state: State, seat: int, action: Action) -> str | None:
        """None when the action is legal now, else the reason in a sentence. A game that can say
        both in one place defines this, and `check` and `explain` both answer from it."""
        raise NotImplementedError

    def common_refusal(self, state: State, seat: int, action: Action, turn: int) -> str | None:
        """The refusals a `why_not` of a game with one seat to act opens with, in the same words
        in every game: the game is over, it is `turn`'s turn and not `seat`'s, or the action is
        no move of this game (an unknown verb, or the wrong number of arguments)."""
        if state.over:
            return "The game is over."
        if seat != turn:
            return f"It is {state.names[turn]}'s turn, not yours."
        kinds = self.grammar.verbs.get(action.verb)
        if kinds is None or len(action.args) != len(kinds):
            return f"That is not a move of {self.info.name}."
        return None

    @staticmethod
    def between_hands(hand_no: int, verb: str, hand_over: bool) -> tuple[bool, str | None]:
        """The `deal` step between hands, for games whose next dealer deals by an action:
        (settled, reason). Between hands only `deal` is allowed; during a hand `deal` is not.
        `settled` False: the action is neither, the game's own checks go on."""
        if hand_over:
            return True, None if verb == "deal" else f"Hand {hand_no} is over: deal the next hand first."
        if verb == "deal":
            return True, f"Hand {hand_no} is still being played."
        return False, None

    def _has_why_not(self) -> bool:
        return type(self).why_not is not Game.why_not

    def explain(self, state: State, seat: int, action: Action) -> str:
        """Why a well-formed action is illegal now, in a sentence a player understands."""
        if self._has_why_not():
            return self.why_not(state, seat, action) or "That move is allowed now."
        return "that is not one of the moves allowed now"

    def check(self, state: State, seat: int, action: Action) -> str | None:
        """None when legal, else the reason. Override for speed where listing is costly."""
        if self._has_why_not():
            return self.why_not(state, seat, action)
        if action in self.legal_actions(state, seat):
            return None
        return self.explain(state, seat, action)

    def rematch_options(
        self, result: ResultView, options: dict[str, Any], state: State | None = None
    ) -> dict[str, Any]:
        """The options of a rematch at the same seats, given the finished game's result, its
        options and (when at hand) its final state. By default the same options; a game whose
        rules say who starts the next game (the loser, the next dealer) overrides this."""
        return dict(options)

    def pass_first_deal(self, options: dict[str, Any], start: State) -> dict[str, Any]:
        """The rematch's options once the first deal has moved on: in a game with a
        `first_dealer` option, the seat on the left of whoever dealt this game's first hand
        (`start` is this game's opening state) deals the next game's first, as the deal passes
        from hand to hand. A game whose rules say otherwise overrides this."""
        dealer = getattr(start, "dealer", None)
        if "first_dealer" not in getattr(self.Options, "model_fields", {}) or not isinstance(dealer, int):
            return dict(options)
        return {**options, "first_dealer": left_of(dealer, start.players)}

    def card_mark(self, state: State, card: int) -> str:
        """A short reason when the game makes this card special now ("trump", "penalty"), else
        "". Asked only for cards the observing seat sees; the hand marks those cards."""
        return ""

    def card_facts(self, card: Card, obs: Observation, options: BaseModel) -> list[tuple[str, str]]:
        """What matters about a card in this game, as (label, text) lines for the card inspector
        (card points, the trump, the rank order). Built from what the seat sees (`obs`) and the
        options only, so it can tell nothing hidden. The name, rank, suits and types are shown
        by the table from the catalogue; this adds the game's own lines."""
        return []

    def describe(self, state: State, seat: int | None) -> dict[str, Any]:
        """Extra Observation fields (board, trick, status, prompt, phase, extra, seat facts)."""
        return {}

    def label(self, state: State, action: Action) -> str:
        """An action in words, for buttons and menus."""
        words = []
        for arg in action.args:
            c = self.catalogue.find(arg)
            words.append(c.name if c is not None and arg == c.slug else arg.capitalize())
        return " ".join([action.verb.capitalize(), *words])

    def phase(self, state: State) -> str:
        return "over" if state.over else "play"

    #: each of the game's phases (as `phase` names them) in players' words, for the table's
    #: status lines: "Special lead?" where the phase is "ask", "Hand over" for "scored". A phase
    #: given "" is not shown (the prompt and the status already say it); "play" and "over" need
    #: no entry. The names themselves stay the game's own, for tests, bots and saves.
    phase_words: ClassVar[Mapping[str, str]] = {}

    def phase_label(self, phase: str) -> str:
        """The phase in players' words, or "" where the table shows none."""
        return self.phase_words.get(phase, "")

    # -- the public contract ---------------------------------------------------------------

    def parse(self, text: str) -> Action:
        return self.grammar.parse(text)

    def format(self, action: Action) -> str:
        return str(action)

    def is_over(self, state: State) -> bool:
        try:
            if type(state.options) is self.Options:
                return state.over
        except AttributeError:
            pass
        self.own_state(state)
        return state.over

    def result(self, state: State) -> ResultView | None:
        self.own_state(state)
        return self.final(state) if state.over else None

    def apply(
        self, state: State, seat: int, action: Action | str, events: bool = True
    ) -> list[Event]:
        """Validate, then carry out. Raises a DeckTableError and changes nothing on refusal."""
        global _listed, _forgot
        memo = _listed
        if memo is not None and memo[0] is state and type(seat) is int and memo[1] == seat:
            for listed in memo[2]:  # (a plain loop: any(map(is_, ...)) cost 0.5 us a move)
                if listed is action:
                    # the very action object the last `legal_actions` of this seat in this
                    # unchanged state listed: the state was this game's, the game not over, the
                    # seat to act, the action its own and legal, when it was listed
                    break
            else:
                action = self._checked(state, seat, action)
        else:
            action = self._checked(state, seat, action)
        _listed = None
        hand_no = state.hand_no
        out: list[Event] | None = [] if events else None
        self.play(state, seat, action, out)
        if state.known_in:
            if state.hand_no != hand_no:
                state.known_in.clear()  # a new deal: a card may be back where it was, unseen
                _forgot = None
            else:
                self.forget_departed(state)
        return out if out is not None else []

    def _checked(self, state: State, seat: int, action: Action | str) -> Action:
        """`apply`'s checks of an action it was not just given by `legal_actions`: the action
        (parsed from text), or a DeckTableError, before anything changes, for another game's
        state, an action that is not one of this game's moves, a game over, a seat not at the
        table or not to act, and an illegal move."""
        if type(getattr(state, "options", None)) is not self.Options:
            self.own_state(state)
        if isinstance(action, str):
            action = self.parse(action)
        elif isinstance(action, Action):
            misfit = self.grammar.misfit(action)
            if misfit is not None:
                try:
                    shown = str(action)
                except TypeError:
                    shown = repr(action)[:60]
                raise MalformedAction(shown, misfit)
        else:
            raise MalformedAction(
                repr(action)[:60], f"an action is text or an Action, not {type(action).__name__}"
            )
        if state.over:
            raise GameOver()
        if type(seat) is not int or not 0 <= seat < state.players:
            raise BadSeat(seat, state.players)
        if seat not in self._raw_to_act(state):
            raise NotYourTurn(seat, state.names[seat])
        if not _listed_has(state, seat, action):  # an action just listed as legal is legal
            why = self.check(state, seat, action)
            if why is not None:
                raise IllegalMove(action, why)
        return action

    def observe(self, state: State, seat: int | None) -> Observation:
        """What `seat` may know (None: a spectator who sees only public zones)."""
        self.own_state(state)
        if seat is not None and (type(seat) is not int or not 0 <= seat < state.players):
            raise BadSeat(seat, state.players)  # a seat not at the table sees no more than a spectator
        zones = []
        for z in self.zones(state):
            seen = z.vis.sees(z.owner, seat)
            zones.append(
                ZoneView(
                    name=z.name,
                    label=z.label or z.name.capitalize(),
                    owner=z.owner,
                    visible=seen,
                    cards=[self.catalogue.slug(c) for c in z.cards] if seen else [],
                    count=len(z.cards),
                    kind=z.kind,
                    tricks=z.tricks,
                    top_first=z.top_first,
                )
            )
        acting = list(self.to_act(state)) if not state.over else []
        legal: list[ActionView] = []
        if seat is not None and seat in acting:
            verbs = self.grammar.verbs
            for a in self.legal_actions(state, seat):
                legal.append(
                    ActionView(
                        text=str(a),
                        label=self.label(state, a),
                        card=self.grammar.card_of(a),
                        cell=self.grammar.cell_of(a),
                        cards=_cards_named(verbs.get(a.verb, ()), a.args),
                    )
                )
        extra = self.describe(state, seat)
        if self.rank_order and "rank_order" not in extra:
            extra["rank_order"] = list(self.rank_order)
        if type(self).card_mark is not Game.card_mark and "card_marks" not in extra:
            marks: dict[str, str] = {}
            for z in zones:
                for slug in z.cards:
                    if slug not in marks:
                        marks[slug] = self.card_mark(state, self.catalogue.by_slug[slug].id)
            extra["card_marks"] = {k: v for k, v in marks.items() if v}
        seat_facts: dict[int, dict[str, str]] = extra.pop("seat_facts", {})
        seats = [
            SeatView(seat=i, name=n, score=state.scores[i], facts=seat_facts.get(i, {}))
            for i, n in enumerate(state.names)
        ]
        phase = extra.pop("phase", self.phase(state))
        return Observation(
            game=self.info.id,
            seat=seat,
            phase=phase,
            phase_label=extra.pop("phase_label", self.phase_label(phase)),
            to_act=acting,
            seats=seats,
            zones=zones,
            legal=legal,
            score_sheet=[list(r) for r in state.sheet],
            over=state.over,
            result=self.result(state),
            **extra,
        )

    #: games whose determinize takes a seat's memory (`remember`): Circle Search
    remembers: ClassVar[bool] = False
    #: a solitaire (or any game) whose lower score is better: search bots aim low. Games for
    #: several players need not say: the bots tell it from the placings of random games.
    lower_scores_win: ClassVar[bool] = False
    #: moves built step by step with steps that take others back (Adaman's spend / unspend /
    #: cancel): a bot could go round in circles, so Match keeps a bot from bringing its seat's
    #: view back to one it has already had (see `Match._unrepeated`)
    bots_avoid_repeats: ClassVar[bool] = False
    #: an optional fast random playout for search bots, `playout(state, rand, limit) -> moves`:
    #: uniformly random legal moves (a random seat among those to act, then a random action of
    #: its legal ones, as the generic loop picks) with events off, until the game ends, the hand
    #: ends (the score sheet grows or the hand number changes), its `horizon` passes, or `limit`
    #: moves are made. A game defines it only where the generic loop is its search's bottleneck.
    #: Each takes an optional `trace` list that collects the moves as (seat, action), for the
    #: test that replays them.
    playout: ClassVar[Any] = None
    #: where a game's `playout` is not uniformly random but guided, what guides it, in a line
    #: (Old Janx Spirit: a random rummy hand almost never goes out, so a random playout tells the
    #: search next to nothing). None: `playout` draws as the generic loop does, move for move,
    #: and only sooner. A guided playout still makes only legal moves, keeps some randomness, and
    #: plays every seat alike; it changes how the bots play, so the game's strength rows are
    #: played again.
    playout_guided: ClassVar[str | None] = None
    #: the search's playouts learn from the search itself at the levels that say how much
    #: (`Budget.learn`: strong): each legal move is weighed by its mean value so far to the seat
    #: that made it, over this decision's iterations, and the best is played, some moves at
    #: random (MAST). It changes how those levels play, so a game turns it on only where its
    #: strength rows were played again with it and it showed a gain (Rally). The game's own
    #: `playout` is then not used: the generic loop lists every legal move.
    playout_learns: ClassVar[bool] = False
    #: the search's tree, below its root, makes the decisions the game's `playout_action`
    #: answers as that policy does, for every seat (from each sample's hands), rather than
    #: trying each legal move there: only the searching seat's move now is searched every way.
    #: For decisions with many answers on a long path, where the tree's first tries (each legal
    #: move once, at every node) make most of what it learns: King's auction, where those tries
    #: ran every auction below the root up to 12 or 13 tricks and had dealers play Down on a
    #: gift of seven, so the search valued its own opening bid by auctions no one would hold and
    #: opened at 6 or 7 on hands worth two tricks (issue 34). It changes how the game's bots play, so its
    #: strength rows are played again.
    policy_in_tree: ClassVar[bool] = False
    #: iterations per move for a level in this game where it differs from the level's budget
    #: (`decktable.bots.search.LEVELS`), for a game whose search stops playing better well before
    #: strong's budget: there medium at its usual budget plays as strong does, and the levels
    #: would be two names for one opponent (Lórum: medium thinks 40 iterations, easy 10). Like a
    #: guided playout, it changes how those levels play, so the game's rows are played again.
    level_iterations: ClassVar[Mapping[str, int]] = {}
    #: the game's ranks from high to low, in the catalogue's rank numbers, where its order is not
    #: the catalogue's (Polignac: K Q J A 10 9 8 7): the observation carries it, and the table
    #: sorts a hand "by rank" in this order rather than by a list of games of its own
    rank_order: ClassVar[tuple[int, ...]] = ()

    def random_legal(self, state: State, seat: int, rand: Any) -> Action | None:
        """One of `seat`'s legal actions drawn as the search draws at a node it has not seen:
        `la[int(rand() * len(la))]` of the game's own `legal_actions`, one call to `rand`; None,
        with no call, when there is none. A game whose lists are long and costly to build (a
        draw in Chicago has 31 discards) overrides this to build only the action drawn: the
        search meets a new node with each sampled hand."""
        fn = type(self).legal_actions
        la = getattr(fn, "__wrapped__", fn)(self, state, seat)
        if not la:
            return None
        return la[int(rand() * len(la))]

    def convention(self, state: State, seat: int) -> tuple[Action, str] | None:
        """A move every search bot makes by the table's convention rather than by searching,
        and a line on why (the hint shows it), or None. For a move whose worth lies in what a
        partner reads from it, which random playouts cannot value: Envite's signal to one's
        captain says truly what the hand holds, and a bot captain's samples trust it
        (`Envite.adjust_sample`). `state` is a determinization for `seat`: only its own cards
        and what is public may decide."""
        return None

    def search_key(self, state: State, seat: int) -> Any:
        """What `seat`, about to act in `state`, knows that the searching bot does not, in a few
        classes (hashable), at a decision where that knowledge decides (a bid); None elsewhere.
        The search keeps another seat's choices apart per class, so its model of an opponent's
        bid follows the hand the sample gave that opponent, as the opponent's own bid follows its
        hand (without it, one statistic serves every hand the opponent might hold: an opponent
        who accepts every raise, or none). `state` is a sample: the class is read from it,
        never from the real hands. Few classes: each is learnt from its own visits, so a bigger
        budget learns them better (Envite's stakes)."""
        return None

    def unseen_moves(self, state: State, seat: int, searcher: int) -> Callable[[Action], Any] | None:
        """Where the searching bot's seat `searcher` cannot tell some of `seat`'s moves in `state`
        apart (cards discarded face down: it sees how many, not which), what it sees of a move,
        as a function of the move (hashable); None, as by default, where it sees each move as it
        is. The search then makes `seat`'s move as a chance event, drawn as `random_legal` draws
        it, with no figures kept for it, and files what follows under what `searcher` saw: its
        own later choices are learnt once for each thing it could have seen, not once for each
        hidden choice a sample's hand allowed (Chicago: an opponent's 31 discards of five drawn
        cards, hardly ever the same twice, left each of the searcher's later choices a new node
        at almost every visit). `state` is a sample."""
        return None

    def horizon(self, state: State) -> Any:
        """The stretch of play a search started in `state` looks no further than (hashable), where
        the game judges the rest without playing it (`estimate`); None, as by default: the
        search plays on to the end of the hand. The search's playouts (the generic loop and the
        game's own `playout`) stop as soon as the horizon differs from where they began. For a
        game whose hand is long and whose later part, played at random, is judged as well by a
        table (Mattis: a search in the first phase stops where the second begins)."""
        return None

    def estimate(self, state: State) -> list[float]:
        """Each seat's worth, 0..1 as a placing's (first 1, last 0), of a state a playout left
        at its `horizon`: what the rest of the hand, played at random, would give it. Called on
        the search's samples only, never on the real state."""
        raise NotImplementedError(f"{type(self).__name__} sets a horizon but no estimate")

    def playout_action(self, state: State, seat: int, legal: Sequence[Action], rand: Any) -> Action | None:
        """The search's default policy for `seat`'s move in a playout, where random choice misleads
        it; None, as by default, to draw at random as before. `legal` is what the search's
        generic loop listed (`legal_actions`); the answer must be one of them. `rand` is the
        playout's generator (a `random()` function): a policy that narrows the choice (no claim,
        no close) draws among what is left with it, one call, as the loop draws.

        Used only in playouts: the search's tree still tries every legal move at its nodes and
        learns each one's worth, so a policy changes what a move is judged worth, not what may
        be chosen. It is for the decisions that are not a card, whose random choice throws a
        hand away (Schnapsen's claim of 66 and its close: a random claim is mostly wrong, so the
        search's samples see a close and a throw-away and judge the close good). It plays every
        seat alike, from `state`, which in a search is a sample: only what that seat may know
        (its hand, what is public) should decide, never another seat's hidden cards. Cheap: it
        is asked at every playout move, so it returns None at once where it has nothing to say
        (a card to follow).

        A game that defines it changes how its bots play: its strength rows are played again and
        measured head to head against the search before it (same seeds, seats swapped). A game
        with its own fast `playout` calls it there itself (`policy_step` does the generic
        step); the search's generic loop calls it at every move, before MAST's choice at a
        level whose playouts learn. A game without one makes exactly the moves it made before:
        the search does not ask, and no draw of `rand` is spent."""
        return None

    def random_step(self, state: State, seat: int, rand: Any, trace: list[tuple[int, Action]] | None = None) -> bool:
        """One uniformly random legal move of `seat`, events off, as the search's generic loop
        plays it: for the steps a fast `playout` leaves to the rules. False when `seat` has none."""
        la = self.legal_actions(state, seat)
        if not la:
            return False
        a = la[int(rand() * len(la))]
        if trace is not None:
            trace.append((seat, a))
        self.play(state, seat, a, None)
        return True

    def policy_step(self, state: State, seat: int, rand: Any, trace: list[tuple[int, Action]] | None = None) -> bool:
        """One playout move of `seat` as the search's generic loop makes it: the game's
        `playout_action` where it has one and gives an answer, else a uniformly random legal move
        (as `random_step`). For a game's own fast `playout`, at the decisions its policy covers.
        Like the loop, it asks the policy only where there is a choice, so a fast playout makes
        the loop's very moves with the same draws. False when `seat` has no legal move."""
        la = self.legal_actions(state, seat)
        if not la:
            return False
        a = self.playout_action(state, seat, la, rand) if len(la) > 1 else None  # as the loop asks
        if a is None:
            a = la[int(rand() * len(la))]
        if trace is not None:
            trace.append((seat, a))
        self.play(state, seat, a, None)
        return True

    def determinize(self, state: State, seat: int | None, rng: Rng) -> State:
        """A full state consistent with what `seat` knows, for search bots: the cards of every
        zone hidden from it are pooled, sorted, shuffled and dealt back into the same zones in the
        same numbers, and the state gets a new generator (the real one knows the next deal).

        Honest by construction as far as cards go: the result depends only on what the seat
        sees and on `rng`, never on where the hidden cards really are. A game with secret facts
        that are not cards (a declared suit, a bluff) or public facts about hidden cards (no
        counting card in Rally's discards) re-draws or keeps those in `adjust_sample`; cards that
        everyone saw go into a hand stay there (`reveal_into`). A game whose sampling is its own
        overrides this."""
        other = state.clone()
        self.redeal(other, seat, rng)
        self.adjust_sample(other, seat, rng)
        return other

    def adjust_sample(self, other: State, seat: int | None, rng: Rng) -> None:
        """After the generic re-deal of `determinize`, in place: what else the sample must draw
        afresh or keep (another seat's secret declaration, a rule that keeps a card out of a
        hand). Games with nothing more leave it; one that overrides it keeps the generic re-deal
        and its prepared `determinizer`."""

    def determinizer(self, state: State, seat: int | None) -> Callable[[Rng], State]:
        """`determinize(state, seat, rng)` as a function of `rng`, prepared once for a search that
        samples the same state thousands of times: the same states from the same draws, sooner.
        Where the game keeps the generic `determinize` and every hidden zone is a list the state
        holds (a slot, or a row of a slot), which zones are hidden, the sorted pool and the kept
        cards are worked out here once; otherwise each call is `determinize`."""
        cls = type(self)
        if cls.determinize is not Game.determinize or cls.redeal is not Game.redeal:
            return lambda rng: self.determinize(state, seat, rng)
        keep = state.known_in
        hidden = [z for z in self.zones(state) if z.cards and not z.vis.sees(z.owner, seat)]
        paths: list[tuple[str, int]] = []
        for z in hidden:
            path = _path_of(state, z.cards)
            if path is None or path in paths:
                return lambda rng: self.determinize(state, seat, rng)
            paths.append(path)
        if keep:
            pool = sorted(c for z in hidden for c in z.cards if keep.get(c) != z.name)
        else:
            pool = sorted(c for z in hidden for c in z.cards)
        steps: list[tuple[str, int, list[int], int]] = []
        for (slot, row), z in zip(paths, hidden):
            kept = [c for c in z.cards if keep.get(c) == z.name] if keep else []
            steps.append((slot, row, kept, len(z.cards) - len(kept)))
        clone, lazy = state.clone, Rng.lazy
        adjust = self.adjust_sample if cls.adjust_sample is not Game.adjust_sample else None

        def deal(rng: Rng) -> State:
            other = clone()
            cards = pool[:]
            rng.shuffle(cards)
            i = 0
            for slot, row, kept, n in steps:
                place = getattr(other, slot) if row < 0 else getattr(other, slot)[row]
                place[:] = kept + cards[i : i + n]
                i += n
            other.rng = lazy(int(rng.random() * 2**53))
            if adjust is not None:
                adjust(other, seat, rng)
            return other

        return deal

    def reveal_into(self, state: State, cards: Iterable[int], zone: str) -> None:
        """`cards` went into the hidden zone `zone` in everyone's sight (taken from a public pile,
        a stopped trick picked up, a won pile turned into a hand): until they leave it, everyone
        knows they are there, and `determinize` leaves them there. `Game.apply` forgets a card
        once it has left (played, discarded, passed on)."""
        global _forgot
        known = state.known_in
        memo = _forgot
        if memo is None or memo[0] is not state or memo[1] is not known or memo[2] != len(known):
            _forgot = None
            for c in cards:
                known[c] = zone
            return
        # the last look at this state learns the cards too: the zone is looked at again at the
        # next move (the cards may not be in it yet), a zone they were known in before is not
        by_name = memo[4]
        entry = by_name.get(zone)
        if entry is None:
            place = memo[3].get(zone)
            if place is None:  # a zone held nowhere in the state: the whole look
                _forgot = None
                for c in cards:
                    known[c] = zone
                return
            entry = by_name[zone] = [place[0], place[1], None, []]
            memo[5].append(entry)
        group = entry[3]
        for c in cards:
            was = known.get(c)
            if was is not None:
                if was == zone:
                    continue
                by_name[was][3].remove(c)
            known[c] = zone
            group.append(c)
        entry[2] = None  # looked at again at the next move
        memo[2] = len(known)

    def forget_departed(self, state: State) -> None:
        """Drop from `known_in` each card no longer in the zone it was seen going into: where it
        is now was not seen, or is public anyway.

        `apply` asks this after every move while a card is known, so it does not build the
        game's zones (with their labels: 71% of Emu Ranchers' random play did): it reads each
        zone's cards where the state holds them, learnt from `zones` once per game and state
        class, as a zone's name names the same place in every state of a game ("hand2" is
        always the third hand). A zone not met yet, or held nowhere in the state (a list built
        by `zones`), takes the whole listing, as before."""
        global _forgot
        known = state.known_in
        memo = _forgot
        if memo is not None and memo[0] is state and memo[1] is known and memo[2] == len(known):
            # nothing came to be known since the last look, when every known card was where it
            # was seen going: only a zone whose cards have changed since can have lost one
            emptied = False
            for entry in memo[5]:
                slot, row, before, group = entry
                cards = getattr(state, slot) if row < 0 else getattr(state, slot)[row]
                if cards != before:
                    entry[2] = cards[:]
                    if len(group) > 4:  # a set of the zone: some dozen known cards in a long hand
                        have: Any = set(cards)
                        if have.issuperset(group):
                            continue
                    else:
                        for c in group:
                            if c not in cards:
                                break
                        else:
                            continue
                        have = cards
                    kept = []
                    for c in group:
                        if c in have:
                            kept.append(c)
                        else:
                            del known[c]
                    entry[3] = kept
                    emptied = emptied or not kept
            if emptied:  # a zone with no known card left is not looked at again
                memo[5][:] = [e for e in memo[5] if e[3]]
                by_name = memo[4]
                for name in [name for name, e in by_name.items() if not e[3]]:
                    del by_name[name]
            memo[2] = len(known)
            return
        _forgot = None
        places = _ZONE_PLACES.get((type(self), type(state)))
        if places is None:
            places = _ZONE_PLACES[(type(self), type(state))] = {
                z.name: _path_of(state, z.cards) for z in self.zones(state)
            }
        # each zone's cards looked up once per move (a few zones hold a few dozen known cards)
        where: dict[str, Any] = {}
        for name in set(known.values()):
            place = places.get(name)
            if place is None:  # a zone not met yet (at another player count), or built by `zones`
                listed = self.zones(state)
                for z in listed:
                    if z.name not in places:
                        places[z.name] = _path_of(state, z.cards)
                where = {z.name: z.cards for z in listed}
                for c in [c for c, name in known.items() if c not in where.get(name, ())]:
                    del known[c]
                return
            slot, row = place
            where[name] = getattr(state, slot) if row < 0 else getattr(state, slot)[row]
        groups: dict[str, list[int]] = {name: [] for name in where}
        for c, name in known.items():
            groups[name].append(c)
        by_name: dict[str, list[Any]] = {}
        for name, group in groups.items():
            cards = where[name]
            kept = [c for c in group if c in cards]
            if len(kept) != len(group):
                for c in group:
                    if c not in cards:
                        del known[c]
            if kept:
                slot, row = places[name]
                by_name[name] = [slot, row, cards[:], kept]
        # remembered for the next move of this state (see above)
        _forgot = [state, known, len(known), places, by_name, list(by_name.values())]

    def redeal(
        self, other: State, seat: int | None, rng: Rng, keep: dict[int, str] | None = None
    ) -> None:
        """Re-deal, in place, the cards of the zones of `other` hidden from `seat` (see
        `determinize`); `keep` maps a card that everyone knows is in a hidden zone to that zone's
        name, where it stays (as do the cards of `known_in`). Then give `other` a fresh
        generator drawn from `rng`."""
        if other.known_in:
            keep = {**other.known_in, **(keep or {})}
        hidden = [z for z in self.zones(other) if z.cards and not z.vis.sees(z.owner, seat)]
        if keep:
            pool = sorted(c for z in hidden for c in z.cards if keep.get(c) != z.name)
        else:
            pool = sorted(c for z in hidden for c in z.cards)
        rng.shuffle(pool)
        i = 0
        for z in hidden:
            cards = z.cards
            kept = [c for c in cards if keep.get(c) == z.name] if keep else []
            n = len(cards) - len(kept)
            cards[:] = kept + pool[i : i + n]
            i += n
        other.rng = Rng.lazy(int(rng.random() * 2**53))

    def remember(self, memory: dict[str, Any], obs: Observation) -> None:
        """Note in a bot's `memory` what its seat is shown now (`obs` is that seat's
        observation: nothing else reaches it). Only games with `remembers` are asked."""

    def recalled(self, memory: dict[str, Any], share: float, rng: Rng) -> dict[str, Any]:
        """What a seat whose memory is a person's, not a machine's, recalls of `memory` at one
        decision: each thing it was shown, kept with the chance `share` (`Budget.recall`), drawn
        from `rng`. Games with `remembers` override this; by default all is recalled."""
        return memory

    def determinize_known(
        self, state: State, seat: int | None, rng: Rng, memory: dict[str, Any] | None
    ) -> State:
        """`determinize`, also consistent with what the seat remembers (games with `remembers`
        override this; by default memory adds nothing)."""
        return self.determinize(state, seat, rng)
