"""Engine tests: the generator, notation grammar, registry, catalogue facts and the shared kits."""

from __future__ import annotations

import pytest

import decktable
from decktable.cards.decktet import (
    ACES,
    BASIC_IDS,
    COURTS,
    CROWNS,
    DECKTET,
    EXCUSE,
    EXTENDED_IDS,
    PAWNS,
    SUITS,
    card,
)
from decktable.engine import registry
from decktable.engine.actions import CARD, CARDS, CELL, INT, SUIT, WORD, Action, Grammar
from decktable.engine.errors import (
    BadOptions,
    DeckTableError,
    GameOver,
    IllegalMove,
    MalformedAction,
    NotYourTurn,
    SaveError,
    UnknownGame,
)
from decktable.engine.game import State, Vis, Zone, _plain
from decktable.engine.kits import dealing, grid, tricks
from decktable.engine.rng import Rng

# ---------------------------------------------------------------------------------------------
# Rng: the same order on every Python version (it only uses random.Random.random()).


def test_rng_shuffle_is_stable():
    assert Rng(12345).shuffled(list(range(10))) == [1, 3, 9, 5, 8, 7, 2, 6, 0, 4]
    deck = list(range(36))
    Rng(0).shuffle(deck)
    assert deck == [0, 3, 21, 22, 9, 2, 25, 7, 11, 31, 1, 20, 28, 24, 10, 4, 34, 33, 19, 18,
                    5, 27, 17, 6, 35, 29, 15, 13, 32, 23, 12, 16, 8, 14, 26, 30]


def test_rng_draws_after_shuffle_are_stable():
    r = Rng(12345)
    r.shuffled(list(range(10)))
    assert r.below(1000) == 432
    assert r.random() == pytest.approx(0.5620784880758429, abs=0, rel=0)


def test_rng_clone_and_state():
    r = Rng(7)
    r.random()
    c = r.clone()
    assert c.seed == 7
    assert c.getstate() == r.getstate()
    assert [c.random() for _ in range(5)] == [r.random() for _ in range(5)]
    # independent afterwards
    c.random()
    assert c.getstate() != r.getstate()


def test_a_lazy_rng_draws_as_one_seeded_at_once_and_its_clones_on_their_own():
    """`Rng.lazy` builds its generator at the first draw: the numbers are those of `Rng(seed)`,
    and clones taken before any draw each draw that same sequence, unaffected by one another."""
    lazy = Rng.lazy(99)
    twin = lazy.clone()
    assert lazy.getstate() == Rng(99).getstate()
    first = [lazy.random() for _ in range(5)]
    plain = Rng(99)
    assert first == [plain.random() for _ in range(5)]
    assert [twin.random() for _ in range(5)] == first  # the clone kept the unbuilt generator
    deck = list(range(20))
    Rng.lazy(3).shuffle(deck)
    assert deck == Rng(3).shuffled(list(range(20)))


def test_rng_below_and_choice():
    r = Rng(3)
    vals = [r.below(6) for _ in range(2000)]
    assert set(vals) == set(range(6))
    with pytest.raises(ValueError):
        r.below(0)
    assert Rng(5).choice("abc") in "abc"
    shuffled = Rng(9).shuffled([1, 2, 3, 4, 5])
    assert sorted(shuffled) == [1, 2, 3, 4, 5]


def test_rng_distinct_draws_as_below_does_skipping_repeats():
    a, b = Rng(11), Rng(11)
    got = a.distinct(5, 3)
    expected: list[int] = []
    while len(expected) < 3:
        i = b.below(5)
        if i not in expected:
            expected.append(i)
    assert got == expected and a.draws == b.draws and a.random() == b.random()
    assert sorted(Rng(3).distinct(4, 4)) == [0, 1, 2, 3] and Rng(3).distinct(4, 0) == []
    with pytest.raises(ValueError):
        Rng(1).distinct(2, 3)


def test_rng_weighted_index_follows_its_weights_from_one_draw():
    """One `random()` per index; a weight of 0 is never drawn; frequencies follow the weights
    (3 : 0 : 1 over 8,000 draws, well inside four standard deviations)."""
    a, b = Rng(5), Rng(5)
    x = b.random() * 4
    assert a.weighted_index([3, 0, 1]) == (0 if x < 3 else 2) and a.draws == b.draws == 1
    rng = Rng(6)
    counts = [0, 0, 0]
    for _ in range(8000):
        counts[rng.weighted_index([3, 0, 1])] += 1
    assert counts[1] == 0 and abs(counts[0] - 6000) < 4 * (8000 * 0.75 * 0.25) ** 0.5
    assert Rng(1).weighted_index([0, 0, 7]) == 2
    for bad in ([], [0, 0], [2, -1]):
        with pytest.raises(ValueError):
            Rng(1).weighted_index(bad)


def test_rng_fork_is_deterministic_and_distinct():
    a, b = Rng(11), Rng(11)
    fa, fb = a.fork(1), b.fork(1)
    assert fa.random() == fb.random()
    assert Rng(11).fork(1).random() != Rng(11).fork(2).random()


# ---------------------------------------------------------------------------------------------
# Grammar: parse/format round trips, messages quoting the input.

G = Grammar(
    {
        "play": (CARD,),
        "lead": (CARD, SUIT),
        "place": (CARD, CELL),
        "influence": (CELL,),
        "bid": (WORD,),
        "take": (INT,),
        "meld": (CARDS,),
        "pass": (),
    },
    DECKTET,
    SUITS,
    words={"bid": ("most", "least")},
)


@pytest.mark.parametrize(
    "text, action",
    [
        ("play savage", Action("play", ("savage",))),
        ("play The Savage", Action("play", ("savage",))),
        ("  PLAY   savage ", Action("play", ("savage",))),
        ("play chance meeting", Action("play", ("chance-meeting",))),
        ("play chance-meeting", Action("play", ("chance-meeting",))),
        ("play ace of moons", Action("play", ("ace-moons",))),
        ("play moons ace", Action("play", ("ace-moons",))),
        ("play light keeper", Action("play", ("light-keeper",))),
        ("lead market knots", Action("lead", ("market", "knots"))),
        ("lead market knot", Action("lead", ("market", "knots"))),
        ("lead chance meeting leaves", Action("lead", ("chance-meeting", "leaves"))),
        ("place savage c4", Action("place", ("savage", "c4"))),
        ("influence c4", Action("influence", ("c4",))),
        ("bid most", Action("bid", ("most",))),
        ("take 3", Action("take", ("3",))),
        ("take -2", Action("take", ("-2",))),
        ("meld savage ace-wyrms chance meeting", Action("meld", ("savage", "ace-wyrms", "chance-meeting"))),
        ("pass", Action("pass", ())),
    ],
)
def test_grammar_parses(text, action):
    assert G.parse(text) == action
    assert G.parse(str(action)) == action
    assert str(G.parse(text)) == str(action)


def test_every_card_slug_round_trips_in_every_position():
    for c in DECKTET:
        for a in (Action("play", (c.slug,)), Action("place", (c.slug, "a1")), Action("lead", (c.slug, "suns")),
                  Action("meld", (c.slug, c.slug))):
            assert G.parse(str(a)) == a
        assert G.parse(f"play {c.name}") == Action("play", (c.slug,))


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("frobnicate", "unknown verb 'frobnicate'"),
        ("", "empty"),
        ("   ", "empty"),
        ("play", "takes <card>"),
        ("play nosuchcard", "no card called 'nosuchcard'"),
        ("play savage now", "unexpected 'now'"),
        ("lead savage", "takes <card> <suit>"),
        ("lead savage stars", "'stars' is not a suit"),
        ("place savage 4c", "'4c' is not a cell"),
        ("bid lots", "'lots' is not one of most, least"),
        ("take three", "'three' is not a number"),
        ("meld", "needs at least one card"),
        ("meld savage nosuch", "no card called 'nosuch'"),
        ("pass now", "unexpected 'now'"),
    ],
)
def test_grammar_malformed_messages_quote_input(text, fragment):
    with pytest.raises(MalformedAction) as info:
        G.parse(text)
    msg = str(info.value)
    assert repr(text) in msg
    assert fragment in msg
    assert info.value.text == text


def test_grammar_rejects_non_text():
    with pytest.raises(MalformedAction):
        G.parse(None)  # type: ignore[arg-type]
    with pytest.raises(MalformedAction):
        G.parse(42)  # type: ignore[arg-type]


def test_grammar_card_and_cell_of():
    assert G.card_of(Action("place", ("savage", "c4"))) == "savage"
    assert G.cell_of(Action("place", ("savage", "c4"))) == "c4"
    assert G.card_of(Action("influence", ("c4",))) is None
    assert G.cell_of(Action("play", ("savage",))) is None
    assert G.card_of(Action("meld", ("bard", "sea"))) == "bard"
    assert G.card_of(Action("pass")) is None
    assert G.usage("lead") == "<card> <suit>"
    assert G.usage("pass") == "no arguments"


def test_action_is_a_hashable_value():
    a = Action("play", ("savage",))
    assert a == Action("play", ("savage",))
    assert hash(a) == hash(Action("play", ("savage",)))
    assert a.text == "play savage"
    assert str(Action("pass")) == "pass"
    with pytest.raises(Exception):
        a.verb = "lead"  # type: ignore[misc]
    # its own constructor (the slots set directly, for speed) keeps the dataclass's ways: by
    # keyword, a default, equal values hashed alike, not equal to another verb's, a plain repr,
    # copied and pickled as a value
    import copy
    import dataclasses
    import pickle

    b = Action(verb="play", args=("savage",))
    assert b == a and hash(b) == hash(a) and b != Action("lead", ("savage",))
    assert Action("pass") == Action("pass", ()) and Action("pass").args == ()
    assert repr(a) == "Action(verb='play', args=('savage',))"
    assert dataclasses.replace(a, verb="lead") == Action("lead", ("savage",))
    assert pickle.loads(pickle.dumps(a)) == a and copy.deepcopy(a) == a
    assert len({a, b, Action("play", ("savage",))}) == 1


# ---------------------------------------------------------------------------------------------
# Errors


def test_errors_are_value_errors_under_one_base():
    for cls in (MalformedAction, IllegalMove, NotYourTurn, GameOver, BadOptions, UnknownGame, SaveError):
        assert issubclass(cls, DeckTableError)
        assert issubclass(cls, ValueError)
    e = IllegalMove(Action("play", ("savage",)), "you must follow Suns")
    assert "play savage" in str(e) and "you must follow Suns" in str(e) and e.why == "you must follow Suns"
    assert "Ann" in str(NotYourTurn(1, "Ann"))
    assert "seat 2" in str(NotYourTurn(2))
    assert "over" in str(GameOver())
    u = UnknownGame("zork", ["jacynth", "nonesuch"])
    assert "'zork'" in str(u) and "jacynth" in str(u)


# ---------------------------------------------------------------------------------------------
# Registry


def test_registry_lists_games_with_valid_infos():
    infos = decktable.games()
    ids = [i.id for i in infos]
    assert len(ids) == len(set(ids))
    for info in infos:
        assert info.min_players >= 1 and info.max_players >= info.min_players
        assert info.name and info.summary
        assert registry.resolve(info.id) is info


def test_registry_resolves_by_id_and_display_name():
    infos = decktable.games()
    if not infos:
        pytest.skip("no games registered yet")
    for info in infos:
        assert registry.resolve(info.name) == info
        assert registry.resolve(info.name.upper()) == info
        assert registry.resolve(info.name.replace(" ", "-").lower()) == info
        assert registry.resolve(info.id.replace("_", " ")) == info


def test_registry_accent_insensitive(monkeypatch):
    from decktable.engine.models import GameInfo

    fake = GameInfo(id="lorum", name="Lórum", family="french", min_players=4, max_players=4,
                    layout="trick", summary="x")
    monkeypatch.setattr(registry, "_infos", lambda: {"lorum": fake})
    assert registry.resolve("Lórum") is fake
    assert registry.resolve("lorum") is fake
    assert registry.resolve("LORUM") is fake
    assert registry.resolve("Lo\u0301rum") is fake  # combining accent
    with pytest.raises(UnknownGame) as info:
        registry.resolve("loremipsum")
    assert "lorum" in str(info.value)


def test_unknown_game():
    with pytest.raises(UnknownGame) as info:
        decktable.get_game("no such game at all")
    assert "'no such game at all'" in str(info.value)
    assert isinstance(info.value, DeckTableError)


def test_get_game_returns_a_game_matching_its_info():
    for info in decktable.games():
        try:
            g = decktable.get_game(info.id)
        except ModuleNotFoundError as exc:
            if exc.name and exc.name.startswith(f"decktable.rulesets.{info.id}"):
                continue  # registered but its rules are not written yet
            raise
        assert g.info.id == info.id
        assert g.info.name == info.name
        assert decktable.get_game(info.name) is g


# ---------------------------------------------------------------------------------------------
# The Decktet catalogue (facts from CARDS.md)

P, L, E = "personality", "location", "event"


def test_catalogue_sizes_and_ids():
    assert len(DECKTET) == 45
    assert BASIC_IDS == tuple(range(36)) and EXTENDED_IDS == tuple(range(45))
    assert DECKTET[EXCUSE].kind == "excuse" and DECKTET[EXCUSE].suits == ()
    assert [DECKTET[i].kind for i in PAWNS] == ["pawn"] * 4
    assert [DECKTET[i].kind for i in COURTS] == ["court"] * 4
    assert [DECKTET[i].kind for i in range(6)] == ["ace"] * 6
    assert sorted(CROWNS) == sorted(SUITS)
    for s, i in ACES.items():
        assert DECKTET[i].suits == (s,) and DECKTET[i].rank == 1
    slugs = [c.slug for c in DECKTET]
    assert len(set(slugs)) == 45


def test_catalogue_lookups():
    assert card("savage") == DECKTET.by_slug["savage"].id
    assert DECKTET.find("The Savage").slug == "savage"
    assert DECKTET.find("the chance meeting").slug == "chance-meeting"
    assert DECKTET.find("Ace of Knots").slug == "ace-knots"
    assert DECKTET.find("knots ace").slug == "ace-knots"
    assert DECKTET.find("light keeper").slug == "light-keeper"
    assert DECKTET.find("nosuch") is None
    assert DECKTET.slug(card("bard")) == "bard"
    assert DECKTET.name(card("bard")) == "The Bard"
    assert DECKTET.ids(["savage", 0, "Bard"]) == [card("savage"), 0, card("bard")]
    with pytest.raises(ValueError, match="nosuch"):
        DECKTET.ids(["nosuch"])
    with pytest.raises(ValueError):
        DECKTET.ids([45])
    with pytest.raises(ValueError):
        card("nosuch")
    sav = DECKTET[card("savage")]
    assert sav.rank == 3 and sav.suits == ("leaves", "wyrms") and sav.types == {P}
    assert sav.has_suit("wyrms") and not sav.has_suit("suns")
    assert str(sav) == "The Savage"
    assert DECKTET[card("origin")].types == {L, E}
    assert DECKTET[card("end")].kind == "crown" and DECKTET[card("end")].rank == 10


def _by_suit(kind: str) -> list[int]:
    return [sum(1 for c in DECKTET.cards[:36] if kind in c.types and s in c.suits) for s in SUITS]


def test_decktet_types():
    for t in (P, L, E):
        assert sum(1 for c in DECKTET.cards[:36] if t in c.types) == 11
    assert SUITS == ("moons", "suns", "waves", "leaves", "wyrms", "knots")
    assert _by_suit(P) == [4, 4, 2, 3, 3, 4]
    assert _by_suit(L) == [2, 3, 5, 5, 3, 2]
    assert _by_suit(E) == [3, 2, 3, 4, 3, 4]
    assert sum(c.rank for c in DECKTET.cards[:36] if P in c.types) == 66
    assert all(not DECKTET[i].types for i in range(6))  # Aces have no type


def test_each_suit_has_one_card_of_each_rank():
    for s in SUITS:
        ranks = sorted(c.rank for c in DECKTET.cards[:36] if s in c.suits)
        assert ranks == list(range(1, 11)), s


def test_each_number_rank_holds_every_suit_once():
    for r in range(2, 10):
        cards = [c for c in DECKTET.cards[:36] if c.rank == r]
        assert len(cards) == 3
        assert sorted(s for c in cards for s in c.suits) == sorted(SUITS)


def test_seed_checks():
    # Moons+Suns together at ranks 4, 8 and 9; Leaves+Wyrms only on the Savage
    ms = sorted(c.rank for c in DECKTET.cards[:36] if set(c.suits) == {"moons", "suns"})
    assert ms == [4, 8, 9]
    lw = [c.slug for c in DECKTET.cards[:36] if set(c.suits) == {"leaves", "wyrms"}]
    assert lw == ["savage"]


def test_extended_cards():
    ext = {c.slug: c for c in DECKTET.cards[36:]}
    assert ext["watchman"].suits == ("moons", "wyrms", "knots")
    assert ext["island"].suits == ("suns", "waves", "wyrms")
    assert ext["window"].types == {L}
    assert all(c.rank is None for c in ext.values())


# ---------------------------------------------------------------------------------------------
# Kits


def test_deal_round_robin_from_top():
    deck = list(range(20))
    hands = dealing.deal(deck, 3, 4)
    assert hands == [[0, 3, 6, 9], [1, 4, 7, 10], [2, 5, 8, 11]]
    assert deck == list(range(12, 20))


def test_deal_batches_and_first():
    deck = list(range(12))
    hands = dealing.deal(deck, 2, 6, first=1, batch=3)
    assert hands == [[3, 4, 5, 9, 10, 11], [0, 1, 2, 6, 7, 8]]
    assert deck == []


def test_deal_uneven_batch_and_too_few():
    deck = list(range(10))
    hands = dealing.deal(deck, 2, 5, batch=2)
    assert hands == [[0, 1, 4, 5, 8], [2, 3, 6, 7, 9]]
    with pytest.raises(ValueError):
        dealing.deal(list(range(5)), 2, 3)


def test_draw_and_left_of():
    deck = [5, 6, 7]
    assert dealing.draw(deck, 2) == [5, 6] and deck == [7]
    assert dealing.draw(deck, 5) == [7] and deck == []
    assert dealing.draw(deck) == []
    assert dealing.left_of(3, 4) == 0
    assert dealing.left_of(1, 4, 2) == 3


def test_first_dealer_option_stacked_or_random():
    dealing.check_first_dealer("Getaway", None, 3)
    dealing.check_first_dealer("Getaway", 2, 3)
    with pytest.raises(BadOptions, match="Bad options for Getaway: first_dealer is seat 3, but seats run 0 to 2"):
        dealing.check_first_dealer("Getaway", 3, 3)
    assert dealing.first_dealer(4, Rng(1), 2, stacked=True) == 2
    assert dealing.first_dealer(4, Rng(1), None, stacked=True) == 3
    a, b = Rng(7), Rng(7)
    assert dealing.first_dealer(4, a, None, stacked=False) == b.below(4)


def test_trick_follow_and_winner():
    suns = lambda c: "suns" in DECKTET[c].suits  # noqa: E731
    hand = [card("savage"), card("bard"), card("desert")]
    assert tricks.follow_options(hand, suns) == [card("bard"), card("desert")]
    assert tricks.follow_options([card("savage")], suns) == [card("savage")]
    t = tricks.Trick(leader=2)
    assert t.lead_card is None
    t.plays += [(2, card("painter")), (3, card("bard")), (0, card("desert"))]
    assert t.lead_card == card("painter")
    assert t.cards() == [card("painter"), card("bard"), card("desert")]
    assert not t.complete(4) and t.complete(3)
    c = t.clone()
    c.plays.append((1, 0))
    assert len(t.plays) == 3

    # follow suit Suns, highest rank wins; Wyrms trump (Desert trumps, rank 2)
    def strength(cid):
        cc = DECKTET[cid]
        if "wyrms" in cc.suits:
            return (1, cc.rank)
        if "suns" in cc.suits:
            return (0, cc.rank)
        return None

    assert tricks.winner(t.plays, strength) == 2
    assert tricks.winner([(0, card("painter")), (1, card("bard"))], strength) == 1
    # ties: earlier wins unless later_wins_ties
    same = [(0, card("painter")), (1, card("savage")), (2, card("painter"))]
    flat = lambda cid: 0  # noqa: E731
    assert tricks.winner(same, flat) == 0
    assert tricks.winner(same, flat, later_wins_ties=True) == 2
    # nobody can win: the lead (index 0)
    assert tricks.winner(same, lambda cid: None) == 0


def test_grid_names_and_parse():
    assert grid.name((2, 3)) == "c4"
    assert grid.parse("c4", 6, 6) == (2, 3)
    assert grid.parse("C4 ", 6, 6) == (2, 3)
    assert grid.parse("g1", 6, 6) is None
    assert grid.parse("a7", 6, 6) is None
    assert grid.parse("a0", 6, 6) is None
    assert grid.parse("4c", 6, 6) is None
    assert grid.parse("a", 6, 6) is None
    for cell in grid.cells(6, 6):
        assert grid.parse(grid.name(cell), 6, 6) == cell
    assert len(list(grid.cells(3, 2))) == 6


def test_grid_neighbours():
    assert sorted(grid.neighbours((0, 0), 6, 6)) == [(0, 1), (1, 0)]
    assert len(list(grid.neighbours((2, 2), 6, 6))) == 4
    assert len(list(grid.neighbours((2, 2), 6, 6, grid.KING))) == 8
    assert len(list(grid.neighbours((0, 0), 6, 6, grid.KING))) == 3


def test_grid_components():
    members = [(0, 0), (1, 0), (1, 1), (3, 3), (4, 4), (3, 4)]
    comps = grid.components(members)
    assert comps == [[(0, 0), (1, 0), (1, 1)], [(3, 3), (3, 4), (4, 4)]]
    # diagonals join with KING moves
    assert len(grid.components([(0, 0), (1, 1)], dirs=grid.KING)) == 1
    assert len(grid.components([(0, 0), (1, 1)])) == 2
    # a link rule: only cells sharing a "colour"
    colour = {(0, 0): "a", (1, 0): "a", (2, 0): "b"}
    comps = grid.components(colour, linked=lambda x, y: colour[x] == colour[y])
    assert comps == [[(0, 0), (1, 0)], [(2, 0)]]
    assert grid.components([]) == []


def test_grid_lines_through():
    lines = list(grid.lines_through((2, 2), 3))
    assert len(lines) == 12  # 4 directions x 3 offsets
    assert all((2, 2) in line and len(line) == 3 for line in lines)
    assert ((0, 2), (1, 2), (2, 2)) in lines
    assert ((2, 2), (3, 3), (4, 4)) in lines
    assert ((1, 3), (2, 2), (3, 1)) in lines
    assert len(set(lines)) == 12


# ---------------------------------------------------------------------------------------------
# State base: clone and snapshot


class _S(State):
    __slots__ = ("hands", "trick", "table", "flags")


def _state() -> _S:
    from pydantic import BaseModel

    class O(BaseModel):
        x: int = 1

    s = _S(["Ann", "Bob"], Rng(4), O())
    s.hands = [[1, 2, 3], [4, 5]]
    s.trick = tricks.Trick(0, [(0, 1)])
    s.table = {"a1": [7], "b2": []}
    s.flags = {3, 1}
    return s


def test_state_clone_is_deep_and_independent():
    s = _state()
    c = s.clone()
    assert c.snapshot() == s.snapshot()
    c.hands[0].append(9)
    c.trick.plays.append((1, 4))
    c.table["a1"].append(8)
    c.flags.add(5)
    c.rng.random()
    c.scores[0] = 5
    assert s.hands == [[1, 2, 3], [4, 5]]
    assert s.trick.plays == [(0, 1)]
    assert s.table == {"a1": [7], "b2": []}
    assert s.flags == {1, 3}
    assert s.scores == [0, 0]
    assert c.snapshot() != s.snapshot()


def test_snapshot_is_a_frozen_plain_copy():
    s = _state()
    snap = s.snapshot()
    s.hands[0].append(9)
    s.trick.plays.append((1, 5))
    assert snap["hands"] == [[1, 2, 3], [4, 5]]
    assert snap["trick"]["plays"] == [(0, 1)]
    assert snap != s.snapshot()
    assert _plain({1, 2}) == [1, 2]
    assert _state().snapshot() == _state().snapshot()


def test_vis_sees():
    assert Vis.PUBLIC.sees(None, None) and Vis.PUBLIC.sees(0, 1)
    assert Vis.OWNER.sees(1, 1) and not Vis.OWNER.sees(1, 0) and not Vis.OWNER.sees(1, None)
    assert not Vis.NOBODY.sees(None, 0) and not Vis.NOBODY.sees(0, 0)
    assert Vis.OTHERS.sees(1, 0) and not Vis.OTHERS.sees(1, 1) and not Vis.OTHERS.sees(1, None)
    z = Zone("hand", [1, 2], Vis.OWNER, 0)
    assert z.kind == "row" and z.label == ""


def test_why_not_serves_both_check_and_explain() -> None:
    """A game that defines `why_not` answers `check` and `explain` from it, so the reason a move
    is refused is the one its legality test found."""
    import decktable
    from decktable.engine.game import Game

    g = decktable.get_game("adaman")
    assert type(g).why_not is not Game.why_not
    s = g.new(1, seed=1)
    action = g.parse("done")  # nothing targeted yet
    reason = g.check(s, 0, action)
    assert reason and reason == g.explain(s, 0, action)
    legal = g.legal_actions(s, 0)[0]
    assert g.check(s, 0, legal) is None
    assert g.explain(s, 0, legal) == "That move is allowed now."


# ---------------------------------------------------------------------------------------------
# Issue 6: seeds, names and the API's edges, for every registered game.


def _registered_games() -> list[object]:
    out = []
    for info in decktable.games():
        try:
            out.append(decktable.get_game(info.id))
        except Exception:  # a game still being written may not load: its own tests say why
            continue
    return out


GAMES = _registered_games()
GAME_IDS = [g.info.id for g in GAMES]


@pytest.mark.parametrize("seed", ["abc", True, False, 1.5, b"5", -1, -5, 2**63, 18446744073709551621, [1]])
def test_new_refuses_seeds_outside_0_to_2_63(seed) -> None:
    g = decktable.get_game("jacynth")
    with pytest.raises(BadOptions, match="seed"):
        g.new(2, seed=seed)


def test_new_takes_seeds_from_0_to_2_63_minus_1() -> None:
    g = decktable.get_game("jacynth")
    assert g.new(2, seed=0).seed == 0
    assert g.new(2, seed=2**63 - 1).seed == 2**63 - 1
    assert 0 <= g.new(2).seed < 2**63
    assert g.new(2, seed=5).snapshot() != g.new(2, seed=-5 + 10 + 1).snapshot()


def test_seed_from_text() -> None:
    from decktable.engine.game import seed_from_text

    assert seed_from_text(" 42 ") == 42 and seed_from_text("") is None
    for bad in ("-5", "abc", "1.5", "9223372036854775808", "1" * 100, "٣"):
        with pytest.raises(BadOptions, match="seed"):
            seed_from_text(bad)


def test_new_refuses_a_huge_player_count_at_once() -> None:
    import time

    g = decktable.get_game("jacynth")
    start = time.perf_counter()
    with pytest.raises(BadOptions, match="not 1000000000"):
        g.new(10**9)
    assert time.perf_counter() - start < 0.5


@pytest.mark.parametrize(
    "names, words",
    [
        (["Ann", ""], "empty"),
        (["Ann", "  "], "empty"),
        (["Ann", 7], "text"),
        (["Ann", None], "text"),
        ("AB", "list of names"),
        (["Ann", "ann"], "Two seats"),
        (["Ann", "A" * 25], "1 to 24"),
        (["Ann", "B\x1b[31m"], "control"),
        (["Ann", "B\x85c"], "control"),  # C1
        (["Ann", "B\x7f"], "control"),
        (["Ann", "B\n"], "space"),
        (["Ann", " Bob"], "space"),
    ],
)
def test_new_checks_names(names, words) -> None:
    g = decktable.get_game("jacynth")
    with pytest.raises(BadOptions, match=words):
        g.new(names)


def test_new_keeps_markup_like_names_as_they_are() -> None:
    g = decktable.get_game("jacynth")
    st = g.new(["Ann[/]", "Sam [dad]"], seed=1)
    assert st.names == ["Ann[/]", "Sam [dad]"]
    assert [s.name for s in g.observe(st, 0).seats] == ["Ann[/]", "Sam [dad]"]


def _random_states(g, seed: int, steps: int):
    """States met along one random game (a few dozen per game, at every phase reached)."""
    import random

    r = random.Random(seed)
    st = g.new(g.info.min_players if seed % 2 else g.info.max_players, seed=seed)
    for _ in range(steps):
        yield st
        if g.is_over(st):
            return
        seat = r.choice(list(g.to_act(st)))
        legal = g.legal_actions(st, seat)
        assert legal, f"{g.info.id}: seat {seat} is to act but has no legal action"
        g.apply(st, seat, r.choice(legal), events=False)


@pytest.mark.parametrize("g", GAMES, ids=GAME_IDS)
def test_legal_actions_of_a_seat_not_to_act_is_empty(g) -> None:
    for seed in (1, 2):
        for st in _random_states(g, seed, 60):
            acting = set(g.to_act(st)) if not g.is_over(st) else set()
            for seat in range(-2, st.players + 2):
                if seat not in acting:
                    assert g.legal_actions(st, seat) == [], (g.info.id, seat, sorted(acting))
            for bad in (None, "0", 0.0, True):
                assert g.legal_actions(st, bad) == []


@pytest.mark.parametrize("g", GAMES, ids=GAME_IDS)
def test_apply_refuses_non_actions_and_extra_arguments(g) -> None:
    for st in _random_states(g, 3, 40):
        if g.is_over(st):
            break
        seat = g.to_act(st)[0]
        before = st.snapshot()
        for bad in (123, None, b"pass", 1.5, ["pass"]):
            with pytest.raises(MalformedAction):
                g.apply(st, seat, bad)
        for a in g.legal_actions(st, seat)[:5]:
            extra = Action(a.verb, (*a.args, "extra"))
            with pytest.raises(MalformedAction):
                g.apply(st, seat, extra)
            with pytest.raises(MalformedAction):
                g.apply(st, seat, f"{a} extra")
            if a.args:
                kinds = g.grammar.verbs[a.verb]
                shorter = Action(a.verb, a.args[:-1])
                if kinds and kinds[-1] == CARDS and len(a.args) > len(kinds):
                    # one card fewer of a several-card play is still a well-formed move: legal
                    # (a smaller discard), or refused as illegal, never a malformed one carried out
                    if shorter in g.legal_actions(st, seat):
                        continue
                    with pytest.raises((MalformedAction, IllegalMove)):
                        g.apply(st, seat, Action(a.verb, a.args[:-1]))
                else:
                    with pytest.raises(MalformedAction):
                        g.apply(st, seat, Action(a.verb, a.args[:-1]))
        assert st.snapshot() == before


def test_parse_refuses_non_text() -> None:
    g = decktable.get_game("type_trump")
    for bad in (123, None, b"play savage"):
        with pytest.raises(MalformedAction):
            g.parse(bad)


def test_grammar_misfit() -> None:
    grammar = Grammar({"play": (CARD,), "meld": (CARDS,), "pass": ()}, DECKTET, SUITS)
    assert grammar.misfit(Action("play", ("savage",))) is None
    assert grammar.misfit(Action("meld", ("savage", "bard"))) is None
    assert "unexpected 'x'" in grammar.misfit(Action("play", ("savage", "x")))
    assert grammar.misfit(Action("play", ())) is not None
    assert grammar.misfit(Action("meld", ())) is not None
    assert grammar.misfit(Action("pass", ("now",))) is not None
    assert grammar.misfit(Action("fly", ())) is not None
    assert grammar.misfit(Action("play", ("the savage",))) is not None
    assert "no card called 'x'" in grammar.misfit(Action("meld", ("savage", "x")))
