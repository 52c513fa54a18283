"""The public API under bad input, for every game at every player count: each refusal is a
`DeckTableError` (one of its typed subclasses) and changes nothing.

These are the cases a fuzz of the API over all 21 games found (issue 35): a seat that is not at
the table given to `observe` (Lórum's Hairy Ape, held facing out, showed seat -1 every hand), a
stacked deck of non-cards, an action text too long to be a move, a number too long to read,
another game's state, options of the wrong type, a bot level that does not exist. Positions are
reached by random legal play from a seed.
"""

from __future__ import annotations

import random
from typing import Any, Iterator

import pytest

import decktable
from decktable.engine.actions import INT, MAX_ACTION_CHARS, Action
from decktable.engine.errors import (
    BadOptions,
    BadSeat,
    DeckTableError,
    MalformedAction,
    NotYourTurn,
    WrongGame,
)
from decktable.engine.game import Game, State

PARAMS = [
    pytest.param(info.id, n, id=f"{info.id}-{n}p") for info in decktable.games() for n in info.player_counts
]
GAME_IDS = [info.id for info in decktable.games()]
parametrize = pytest.mark.parametrize("gid, n", PARAMS)


def states(g: Game, n: int, seed: int = 1, steps: int = 30, every: int = 6) -> Iterator[State]:
    """States along one random game: the start, then every `every` moves."""
    r = random.Random(seed)
    st = g.new(n, seed=seed)
    for k in range(steps):
        if k % every == 0:
            yield st
        if g.is_over(st):
            return
        seat = r.choice(g.to_act(st))
        g.apply(st, seat, r.choice(g.legal_actions(st, seat)), events=False)


def refused(fn: Any, *args: Any, **kwargs: Any) -> DeckTableError:
    """The DeckTableError `fn` raises (any other exception, or none, fails the test)."""
    try:
        fn(*args, **kwargs)
    except DeckTableError as exc:
        return exc
    raise AssertionError(f"{getattr(fn, '__name__', fn)}{args!r:.80} was accepted")


@parametrize
def test_observe_refuses_a_seat_not_at_the_table(gid: str, n: int) -> None:
    g = decktable.get_game(gid)
    for st in states(g, n):
        before = st.snapshot()
        for seat in (-1, n, 99, -99, "0", 1.0, True, [0]):
            exc = refused(g.observe, st, seat)
            assert isinstance(exc, BadSeat), (seat, exc)
        assert st.snapshot() == before
        g.observe(st, None)  # a spectator
        for seat in range(n):
            assert g.observe(st, seat).seat == seat


def test_lorum_hairy_ape_facing_out_shows_no_seat_every_hand() -> None:
    """Lórum's Hairy Ape held facing out: each seat sees the others' hands, so a seat number that
    is nobody's (-1, 99) saw all four. The game starts at that hand."""
    g = decktable.get_game("lorum")
    r = random.Random(4)
    st = g.new(4, seed=4, start="hairy_ape")
    while st.facing_out:
        for seat in (-1, 4, 99):
            with pytest.raises(BadSeat):
                g.observe(st, seat)
        spectator = g.observe(st, None)
        assert spectator.zones and all(not z.cards for z in spectator.zones if z.name.startswith("hand"))
        seat = r.choice(g.to_act(st))
        g.apply(st, seat, r.choice(g.legal_actions(st, seat)))


@parametrize
def test_a_stacked_deck_of_non_cards_is_refused(gid: str, n: int) -> None:
    g = decktable.get_game(gid)
    for deck in ([None], [1.5], [True], [[0]], "savage", b"xy", 52, {"a": 1}):
        exc = refused(g.new, n, seed=1, deck=deck)
        assert isinstance(exc, BadOptions), (deck, exc)


@parametrize
def test_an_action_text_longer_than_a_move_is_refused_before_parsing(gid: str, n: int) -> None:
    """A legal move padded with spaces past the cap reads as the move once parsed: refused, the
    text is no move. So is a text of 200,000 words, at once."""
    g = decktable.get_game(gid)
    for st in states(g, n):
        if g.is_over(st):
            continue
        seat = g.to_act(st)[0]
        move = str(g.legal_actions(st, seat)[0])
        padded = move + " " * (MAX_ACTION_CHARS + 1 - len(move))
        before = st.snapshot()
        for text in (padded, "play " + "x " * 200_000):
            exc = refused(g.apply, st, seat, text)
            assert isinstance(exc, MalformedAction), exc
            assert f"no move is longer than {MAX_ACTION_CHARS}" in str(exc)
            assert len(str(exc)) < 300
            assert isinstance(refused(g.parse, text), MalformedAction)
        assert st.snapshot() == before
        g.apply(st, seat, move.center(MAX_ACTION_CHARS))  # at the cap: still read


@parametrize
def test_a_number_too_long_to_read_is_no_move(gid: str, n: int) -> None:
    """Lórum's `pick` with 5,000 digits raised a plain ValueError (Python will not read a number
    that long); every verb taking a number is asked, as text and as an Action value."""
    g = decktable.get_game(gid)
    verbs = [v for v, kinds in g.grammar.verbs.items() if INT in kinds]
    for st in states(g, n):
        if g.is_over(st):
            continue
        seat = g.to_act(st)[0]
        before = st.snapshot()
        for verb in verbs or ["play"]:
            for digits in ("9" * 5000, "1" + "0" * 180):
                args = tuple(digits if k == INT else "x" for k in g.grammar.verbs.get(verb, (INT,)))
                for action in (" ".join((verb, *args)), Action(verb, args)):
                    refused(g.apply, st, seat, action)
        assert st.snapshot() == before


@pytest.mark.parametrize("gid", GAME_IDS)
def test_another_games_state_is_refused_before_anything_is_touched(gid: str) -> None:
    """King and Polignac took each other's (and Getaway's) states and played on them; Emu
    Ranchers left a Thricewise state changed when it refused it."""
    g = decktable.get_game(gid)
    mine = g.new(g.info.min_players, seed=2)
    seat = g.to_act(mine)[0]
    move = g.legal_actions(mine, seat)[0]
    for other in GAME_IDS:
        if other == gid:
            continue
        og = decktable.get_game(other)
        st = og.new(og.info.min_players, seed=2)
        before = st.snapshot()
        for call in (
            lambda: g.apply(st, seat, move),
            lambda: g.apply(st, seat, str(move)),
            lambda: g.legal_actions(st, seat),
            lambda: g.to_act(st),
            lambda: g.observe(st, seat),
            lambda: g.observe(st, None),
            lambda: g.is_over(st),
            lambda: g.result(st),
        ):
            exc = refused(call)
            assert isinstance(exc, WrongGame), (other, exc)
        assert st.snapshot() == before, other
    for junk in (None, 5, "state", object()):
        assert isinstance(refused(g.apply, junk, 0, move), WrongGame)
        assert isinstance(refused(g.observe, junk, None), WrongGame)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_options_are_strict(gid: str) -> None:
    """`target=True` was taken as 1 and `max_hands="5"` as 5: a number is a number, a yes or no
    a boolean."""
    g = decktable.get_game(gid)
    n = g.info.min_players
    for name, f in g.Options.model_fields.items():
        default = f.default
        if type(default) is int:
            bad: tuple[Any, ...] = (True, str(default), float(default))
        elif type(default) is bool:
            bad = (int(default), str(default).lower(), "yes")
        elif default is None:  # a seat, as a number
            bad = (True, "0", 0.0)
        else:
            bad = (1, None, [default])
        for value in bad:
            exc = refused(g.new, n, seed=1, **{name: value})
            assert isinstance(exc, BadOptions), (name, value, exc)
        g.new(n, seed=1, **{name: default})


@pytest.mark.parametrize("gid", GAME_IDS)
def test_play_out_refuses_a_level_that_does_not_exist(gid: str) -> None:
    g = decktable.get_game(gid)
    n = g.info.min_players
    for bots in (["bogus"] * n, [None] * n, "random", 3):
        assert isinstance(refused(decktable.play_out, g, bots, seed=1), BadOptions)
    assert isinstance(refused(decktable.play_out, 7, ["random"] * n), BadOptions)


@parametrize
def test_every_refusal_is_typed_and_changes_nothing(gid: str, n: int) -> None:
    """A small fuzz: seats, texts and Action values that are wrong in every way at once."""
    g = decktable.get_game(gid)
    verbs = list(g.grammar.verbs)
    for st in states(g, n, seed=3, steps=24, every=8):
        texts: list[Any] = ["", " ", "\x00", "pass pass", "play", "deal now", 5, None, b"pass", 1.5]
        texts += [f"{v} {w}" for v in verbs for w in ("-1", "0", "a1", "zz99", "hearts", "9" * 150, "9" * 5000)]
        texts += [Action(verbs[0], ("x",) * 300), Action("play", ("a" * 300,)), Action(None, ())]  # type: ignore[arg-type]
        before = st.snapshot()
        for seat in (*range(n), -1, n, None, True, "0"):
            for action in texts:
                try:
                    g.apply(st, seat, action)  # type: ignore[arg-type]
                except DeckTableError:
                    pass
                else:  # a legal move after all: carry on from it
                    before = st.snapshot()
                assert st.snapshot() == before, (seat, action)
            if not g.is_over(st) and (type(seat) is not int or not 0 <= seat < n):
                move = g.legal_actions(st, g.to_act(st)[0])[0]
                assert isinstance(refused(g.apply, st, seat, move), NotYourTurn)
            assert isinstance(g.legal_actions(st, seat), list)  # type: ignore[arg-type]


# -- random play through the public API is not slowed by its own bookkeeping (issue 36) -------


@parametrize
def test_a_move_just_listed_as_legal_is_not_checked_again(gid: str, n: int, monkeypatch: Any) -> None:
    """Chicago worked out each move's legality twice: listing the moves, and again in `check`
    inside `apply`. A move from the list is played as it is; one listed before the state changed,
    or for another seat, is checked as before (and refused when it is no longer legal)."""
    g = type(decktable.get_game(gid))()
    checked: list[Action] = []
    own_check = g.check

    def check(state: State, seat: int, action: Action) -> str | None:
        checked.append(action)
        return own_check(state, seat, action)

    monkeypatch.setattr(g, "check", check)
    r = random.Random(5)
    st = g.new(n, seed=5)
    stale_refused = 0
    for _ in range(120):
        if g.is_over(st):
            break
        seat = r.choice(g.to_act(st))
        legal = g.legal_actions(st, seat)
        action = r.choice(legal)
        g.apply(st, seat, action, events=False)
        assert checked == [], (action, checked)
        if g.is_over(st) or seat not in g.to_act(st):
            continue
        now = g.legal_actions(st, seat)
        stale = [a for a in legal if a not in now]
        if stale:  # listed before the move, illegal since: checked, and refused
            with pytest.raises(DeckTableError):
                g.apply(st, seat, stale[0])
            assert checked[-1:] == [stale[0]]
            checked.clear()
            stale_refused += 1
    text_move = g.legal_actions(st, g.to_act(st)[0])[0] if not g.is_over(st) else None
    if text_move is not None:  # a text naming a listed move is that move
        g.apply(st, g.to_act(st)[0], str(text_move))
        assert checked == []


@parametrize
def test_a_move_does_not_build_the_zones_to_forget_departed_cards(gid: str, n: int, monkeypatch: Any) -> None:
    """`apply` forgot the cards that left the hand everyone saw them go into by building the
    game's whole display zones, labels and all, at every move (71% of Emu Ranchers' random
    play); it reads the hands where the state holds them. What it forgets is what the zones
    say, move for move: a clone plays the same move and forgets by the zones."""
    g = type(decktable.get_game(gid))()
    r = random.Random(6)
    st = g.new(n, seed=6)
    built = []
    own_zones = g.zones
    monkeypatch.setattr(g, "zones", lambda state: built.append(1) or own_zones(state))
    for _ in range(400):
        if g.is_over(st):
            break
        seat = r.choice(g.to_act(st))
        action = r.choice(g.legal_actions(st, seat))
        twin, hand_before = st.clone(), st.hand_no
        g.apply(st, seat, action, events=False)
        g.play(twin, seat, action, None)  # the same move, and the old way of forgetting
        if twin.known_in and twin.hand_no != hand_before:
            twin.known_in.clear()
        elif twin.known_in:
            where = {z.name: z.cards for z in own_zones(twin)}
            for c in [c for c, name in twin.known_in.items() if c not in where.get(name, ())]:
                del twin.known_in[c]
        assert st.known_in == twin.known_in, (seat, action)
    assert len(built) <= 1  # where the hands are is learnt once, for each game and player count
