"""Rules tests for Emu Ranchers (RULES.md section 7)."""

from __future__ import annotations

import itertools
import random

import pytest

from decktable.cards.decktet import BASIC_IDS, COURTS, DECKTET, EXCUSE, PAWNS, card
from decktable.engine.errors import BadOptions, GameOver, IllegalMove, NotYourTurn
from decktable.engine.registry import get_game, resolve
from decktable.rulesets.emu_ranchers.rules import (
    DRAW,
    EXC,
    GAME,
    OUT,
    PLAY,
    RANK,
    SCORED,
    WILD,
    EmuRanchersState,
    deck_ids,
    is_legal_stack,
    score_bird,
    score_text,
    upkeep,
    value_of,
)

g = GAME


def slug(c: int) -> str:
    return DECKTET[c].slug


def ids(names) -> list[int]:
    return [card(x) for x in names]


def build(
    hands=((), ()),
    birds=((), ()),
    deck=None,
    discard=(),
    turn=0,
    step=PLAY,
    extended="none",
    years=4,
    first=0,
) -> EmuRanchersState:
    """A position put together by hand. Cards used nowhere else go to the draw pile when `deck` is
    None, else to the bottom of the discard pile (so every card is in one zone)."""
    st = g.new(["Ann", "Bob"], seed=5, extended=extended, years=years)
    st.hands = [ids(h) for h in hands]
    st.birds = [[ids(b) for b in side] for side in birds]
    st.discard = ids(discard)
    used = [c for h in st.hands for c in h] + [c for side in st.birds for b in side for c in b] + st.discard
    if deck is not None:
        st.deck = ids(deck)
        used += st.deck
    assert len(set(used)) == len(used)
    rest = [c for c in deck_ids(extended) if c not in used]
    if deck is None:
        st.deck = rest
    else:
        st.discard += rest
    st.turn, st.first, st.step = turn, first, step
    st.just_discarded, st.queue, st.excused = -1, [], [-1, -1]
    g.rebuild(st)
    return st


def all_cards(st) -> list[int]:
    return sorted(c for z in g.zones(st) for c in z.cards)


def run(st, *moves: tuple[int, str]) -> list[str]:
    texts = []
    for seat, text in moves:
        texts.extend(e.text for e in g.apply(st, seat, text))
    return texts


def legal(st, seat) -> list[str]:
    return [str(a) for a in g.legal_actions(st, seat)]


def why(st, seat, text) -> str:
    before = st.snapshot()
    with pytest.raises(IllegalMove) as exc:
        g.apply(st, seat, text)
    assert st.snapshot() == before
    return exc.value.why


def birds(st, p) -> list[list[str]]:
    return [[slug(c) for c in b] for b in st.birds[p]]


# -- registry and info ----------------------------------------------------------------------------


def test_info_and_registry():
    info = resolve("Emu Ranchers")
    assert info.id == "emu_ranchers" and info.layout.value == "tableau"
    assert (info.min_players, info.max_players) == (2, 2)
    assert get_game("emu_ranchers") is g
    with pytest.raises(BadOptions):
        g.new(3)


# -- the test cases of RULES.md section 7 ----------------------------------------------------------


def test_orange_bird_8_9_crown_loses_6():
    bird = ids(["diplomat", "pact", "bard"])  # Suns 8, 9, Crown
    assert is_legal_stack(bird)
    assert score_bird(bird)[0] == -6
    assert score_text(bird).endswith("= -6")


def test_blue_bird_ace_to_crown_scores_18():
    bird = ids(["ace-waves", "journey", "sailor", "discovery", "lunatic", "mill", "sea"])  # Waves A 3 4 5 6 8 C
    assert is_legal_stack(bird)
    assert score_bird(bird)[0] == 18
    # the upkeep removed is 4 + 6 + 8 (fewest cards among the sums of exactly 18)
    assert "upkeep 4 + 6 + 8 = 18; 8 left + 10 for the Ace and Crown = 18" in score_text(bird)


def test_morgans_bird_with_a_pawn():
    bird = ids(["ace-moons", "journey", "lunatic", "harvest"])  # Moons A 3 6, Pawn (Moons/Suns/Leaves)
    assert is_legal_stack(bird)
    score, vals = score_bird(bird)
    assert score == 5 and vals == (1, 3, 6, 9)  # the Pawn counts as 9
    # the derived values: the Pawn as 8 or 7
    assert value_of([3, 6, 8], 5) == -6
    assert value_of([3, 6, 7], 5) == -7
    # and the other bird of the same shape with a Court
    assert score_bird(ids(["ace-moons", "journey", "lunatic", "rite"]))[0] == 5


def test_morgans_bird_after_a_nine():
    bird = ids(["ace-moons", "journey", "lunatic", "harvest", "pact"])  # ... Pawn, then the 9
    assert is_legal_stack(bird)
    score, vals = score_bird(bird)
    assert score == 13 and vals == (1, 3, 6, 8, 9)  # the Pawn can only be 7 or 8; 8 is better


# -- scoring details ------------------------------------------------------------------------------


def test_upkeep_takes_the_smallest_sum_of_at_least_18():
    assert upkeep([9, 5, 4])[0] == 18
    assert upkeep([8, 7, 5])[0] == 20  # no subset makes 18 or 19 exactly... 8+7+5 = 20
    assert upkeep([9, 7, 3, 2])[0] == 18  # 9+7+2
    assert value_of([9, 7, 3, 2], 0) == 3
    assert value_of([8, 7, 5], 0) == 0  # all number cards removed, nothing left
    assert value_of([8, 7, 5], 5) == 5  # an Ace alone remains: 0 + 5
    assert value_of([2, 3], 10) == -13 - 10


def test_bird_with_no_number_left_scores_zero():
    bird = ids(["author", "mountain", "chance-meeting"])  # Moons 2, 4, 7: 13 -> -5
    assert is_legal_stack(bird) and score_bird(bird)[0] == -5
    bird = ids(["origin", "mill", "darkness"])  # Waves 2, 8, 9 = 19: all removed, nothing left
    assert is_legal_stack(bird)
    assert score_bird(bird)[0] == 0


def test_falling_bird_with_a_court_counts_best_rank():
    bird = ids(["sea", "darkness", "consul", "journey"])  # Waves Crown, 9, Court, 3: the Court is 4..8
    assert is_legal_stack(bird)
    score, vals = score_bird(bird)
    # Court 4 or 5: total 16 or 17 -> -7 or -6; Court 6, 7 or 8: every number card pays the
    # upkeep, the Crown remains -> 0 + 5 = 5
    assert score == 5
    assert vals[0] == 10 and vals[2] in (6, 7, 8)


# -- stack legality ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "names, ok",
    [
        (["forest", "chance-meeting"], True),  # Moons/Leaves 5, 7 rising
        (["chance-meeting", "forest", "ace-leaves"], True),  # falling 7, 5, Ace
        (["forest", "chance-meeting", "merchant"], True),  # Leaves 5, 7, 9 (ranks skipped)
        (["forest", "chance-meeting", "mill"], True),  # Leaves 5, 7, 8
        (["forest", "chance-meeting", "market"], False),  # 5, 7, 6: not monotone
        (["lunatic", "forest"], True),  # 6 then 5 sharing Moons: falling
        (["forest", "sailor"], True),  # 5 Moons/Leaves, 4 Waves/Leaves: Leaves, falling
        (["forest", "sailor", "journey"], False),  # the Journey (Moons/Waves) has no Leaves
        (["ace-moons", "huntress"], True),
        (["huntress", "ace-moons"], True),
        (["huntress", "pact", "ace-moons"], True),
        (["pact", "huntress"], True),  # 9 then the Crown of Moons: rising
        (["forest", "harvest", "chance-meeting"], True),  # the Pawn is 6
        (["forest", "harvest", "market"], False),  # 5, Pawn, 6: no rank between
        (["forest", "harvest", "diplomat"], True),
        (["merchant", "harvest"], True),  # 9 then a wild: falling
        (["harvest", "forest"], False),  # a wild cannot be at the bottom
        (["pact", "harvest", "watchman", "journey"], True),  # Moons 9, P, P, 3: falling, 8..4 free
        (["author", "harvest"], True),  # Moons 2 then a wild: rising only
        (["author", "harvest", "ace-moons"], False),
        (["diplomat", "harvest", "watchman"], True),  # 8 then two wilds: rising leaves only 9, falling works
        (["diplomat", "harvest", "watchman", "pact"], False),  # ... and a 9 on top closes both ways
        (["excuse"], False),
        (["forest", "excuse"], False),
    ],
)
def test_stack_legality(names, ok):
    cards = ids(names)
    assert is_legal_stack(cards) == ok
    assert brute_legal(cards) == ok


def brute_legal(cards) -> bool:
    """The definition: a hatchable bottom card, one common suit, and some direction and distinct
    wild ranks 2..9 that make the ranks strictly monotone."""
    if not cards or RANK[cards[0]] == 0:
        return False
    common = set(SUITS_OF[cards[0]])
    for c in cards:
        common &= set(SUITS_OF[c])
    if not common or any(RANK[c] == 0 and not WILD[c] for c in cards):
        return False
    wild_pos = [i for i, c in enumerate(cards) if WILD[c]]
    for combo in itertools.product(range(2, 10), repeat=len(wild_pos)):
        ranks = [RANK[c] for c in cards]
        for i, v in zip(wild_pos, combo):
            ranks[i] = v
        if all(a < b for a, b in zip(ranks, ranks[1:])) or all(a > b for a, b in zip(ranks, ranks[1:])):
            return True
    return False


SUITS_OF = [DECKTET[i].suits for i in range(len(DECKTET))]


def test_legality_matches_brute_force_on_random_stacks():
    rng = random.Random(11)
    pool = list(BASIC_IDS) + list(PAWNS) + list(COURTS)
    legal_count = 0
    for _ in range(4000):
        n = rng.randint(1, 6)
        cards = rng.sample(pool, n)
        if rng.random() < 0.5:  # bias towards one suit so that many stacks are legal
            s = rng.choice(SUITS_OF[cards[0]] or ("moons",))
            same = [c for c in pool if s in SUITS_OF[c]]
            cards = rng.sample(same, min(n, len(same)))
            if rng.random() < 0.7:
                fixed = sorted((c for c in cards if RANK[c]), key=lambda c: RANK[c], reverse=rng.random() < 0.5)
                wild = [c for c in cards if not RANK[c]]
                cards = fixed[:1] + wild + fixed[1:] if fixed else wild
                if rng.random() < 0.2:
                    rng.shuffle(cards)
        assert is_legal_stack(cards) == brute_legal(cards), [slug(c) for c in cards]
        legal_count += brute_legal(cards)
    assert legal_count > 500  # the sample really tests legal stacks too


def test_wild_scoring_matches_brute_force():
    rng = random.Random(3)
    moons = [c for c in BASIC_IDS if "moons" in SUITS_OF[c]]
    wilds = [card("harvest"), card("watchman"), card("consul"), card("rite")]
    checked = 0
    for _ in range(300):
        fixed = sorted(rng.sample(moons, rng.randint(1, 5)), key=lambda c: RANK[c])
        if rng.random() < 0.5:
            fixed.reverse()
        stack_ = fixed[:1]
        rest = fixed[1:]
        for w in rng.sample(wilds, rng.randint(1, 3)):
            rest.insert(rng.randint(0, len(rest)), w)
        stack_ += rest
        if not brute_legal(stack_):
            continue
        checked += 1
        best = None
        wpos = [i for i, c in enumerate(stack_) if WILD[c]]
        for combo in itertools.product(range(2, 10), repeat=len(wpos)):
            r = [RANK[c] for c in stack_]
            for i, v in zip(wpos, combo):
                r[i] = v
            if all(a < b for a, b in zip(r, r[1:])) or all(a > b for a, b in zip(r, r[1:])):
                bonus = 5 * ((1 in r) + (10 in r))
                v = value_of([x for x in r if 2 <= x <= 9], bonus)
                best = v if best is None else max(best, v)
        assert score_bird(stack_)[0] == best
    assert checked > 50


# -- setup and options --------------------------------------------------------------------------


def test_setup_deals_six_each_and_leaves_the_discard_empty():
    st = g.new(["Ann", "Bob"], seed=1)
    assert [len(h) for h in st.hands] == [6, 6]
    assert len(st.deck) == 24 and st.discard == []
    assert all_cards(st) == list(BASIC_IDS)
    assert st.hand_no == 1 and st.step == PLAY and g.to_act(st) == (st.first,)
    for ext, extra in (("pawns", PAWNS), ("courts", COURTS)):
        st = g.new(2, seed=1, extended=ext)
        assert all_cards(st) == sorted(list(BASIC_IDS) + [EXCUSE, *extra])
        assert len(st.deck) == 29


def test_first_player_is_random_in_year_one():
    firsts = {g.new(2, seed=s).first for s in range(40)}
    assert firsts == {0, 1}


def test_options_are_validated():
    with pytest.raises(BadOptions):
        g.new(2, years=0)
    with pytest.raises(BadOptions):
        g.new(2, extended="both")
    with pytest.raises(BadOptions):
        g.new(2, colour="blue")
    st = g.new(2, seed=1, years=2, extended="courts")
    assert st.options.years == 2 and st.options.extended == "courts"


def test_stacked_deck_deals_alternately_from_seat_0():
    front = "author desert origin journey painter savage mountain sailor battle forest discovery soldier pact".split()
    order = front + [slug(c) for c in BASIC_IDS if slug(c) not in front]
    st = g.new(["Ann", "Bob"], seed=9, deck=order)
    assert [slug(c) for c in st.hands[0]] == ["author", "origin", "painter", "mountain", "battle", "discovery"]
    assert [slug(c) for c in st.hands[1]] == ["desert", "journey", "savage", "sailor", "forest", "soldier"]
    assert slug(st.deck[0]) == "pact" and len(st.deck) == 24
    with pytest.raises(BadOptions):
        g.new(2, seed=9, deck=order[:-1])


# -- the turn ---------------------------------------------------------------------------------------


def test_hatch_then_draw_from_deck_or_discard():
    st = build(
        hands=[["forest", "chance-meeting", "harvest", "ace-moons", "pact", "sea"], ["diplomat", "mill", "cave", "end", "author", "desert"]],
        discard=["castle"],
    )
    assert "hatch harvest" not in legal(st, 0) and "hatch forest" in legal(st, 0)
    assert why(st, 0, "draw deck") == "Play a card first: hatch a bird, grow a bird or discard, then draw."
    texts = run(st, (0, "hatch forest"))
    assert texts == ["Ann hatches bird 1 with the Forest (5)."]
    assert st.step == DRAW and legal(st, 0) == ["draw deck", "draw discard"]
    assert why(st, 0, "hatch pact") == "Draw a card first: your turn ends with a draw."
    texts = run(st, (0, "draw discard"))
    assert texts == ["Ann takes the Castle (7) from the discard pile."]
    assert card("castle") in st.hands[0] and st.discard == []
    assert g.to_act(st) == (1,) and st.step == PLAY
    run(st, (1, "discard author"))
    assert legal(st, 1) == ["draw deck"]
    assert why(st, 1, "draw discard") == "You discarded this turn, so you must draw from the draw pile."
    top = st.deck[0]
    texts = run(st, (1, "draw deck"))
    assert texts[0].startswith("Bob draws a card from the draw pile;") and DECKTET[top].name not in texts[0]
    assert top in st.hands[1] and len(st.hands[1]) == 6
    # Ann grows bird 1 (Forest 5) with the Chance Meeting (7): the bird now rises
    run(st, (0, "grow chance-meeting 1"))
    assert birds(st, 0) == [["forest", "chance-meeting"]]
    assert st.step == DRAW


def test_draw_discard_refused_when_the_pile_is_empty():
    st = build(hands=[["forest", "pact", "sea", "mill", "cave", "end"], ["diplomat", "author", "desert", "origin", "journey", "painter"]])
    run(st, (0, "hatch forest"))
    assert legal(st, 0) == ["draw deck"]
    assert why(st, 0, "draw discard") == "The discard pile is empty: draw from the draw pile."


def test_explain_messages_for_growing():
    bob = ["cave", "desert", "painter", "discovery", "soldier", "origin"]
    st = build(
        hands=[["savage", "forest", "harvest", "excuse", "watchman", "ace-waves"], bob],
        birds=[[["journey", "chance-meeting"], ["lunatic"], ["pact", "diplomat"], ["ace-moons"], ["end"]], []],
        extended="pawns",
    )
    # bird 1: Journey 3 (Moons/Waves), Chance Meeting 7 (Moons/Leaves): Moons, rising
    assert why(st, 0, "grow savage 1") == "The Savage shares no suit with this bird (Moons)."
    assert why(st, 0, "grow forest 1") == "This bird is rising: play a rank above 7."
    # bird 2: the Lunatic alone (6, Moons/Waves)
    assert why(st, 0, "grow savage 2") == "The Savage shares no suit with this bird (Moons or Waves)."
    # bird 3: Moons/Suns 9 then 8: falling; bird 4: the Ace of Moons: rising only; bird 5: the End
    assert {"grow forest 3", "grow forest 4", "grow savage 5", "grow forest 5"} <= set(legal(st, 0))
    assert why(st, 0, "grow ace-waves 4") == "The Ace of Waves shares no suit with this bird (Moons)."

    st2 = build(
        hands=[["savage", "market", "harvest", "excuse", "watchman", "ace-waves"], bob],
        birds=[[["merchant", "chance-meeting"], ["sea", "darkness"]], []],
        extended="pawns",
    )
    # bird 1: Merchant 9 (Leaves/Knots), Chance Meeting 7 (Moons/Leaves): Leaves, falling
    assert why(st2, 0, "grow ace-waves 1") == "The Ace of Waves shares no suit with this bird (Leaves)."
    assert "grow market 1" in legal(st2, 0) and "grow savage 1" in legal(st2, 0)

    st3 = build(
        hands=[["savage", "market", "harvest", "excuse", "watchman", "mill"], bob],
        birds=[[["forest", "chance-meeting"], ["sea", "darkness", "lunatic"], ["end"], ["author", "diplomat"]], []],
        extended="pawns",
    )
    assert why(st3, 0, "grow market 1") == "This bird is rising: play a rank above 7."
    assert why(st3, 0, "grow mill 2") == "This bird is falling: play a rank below 6."
    assert "grow savage 3" in legal(st3, 0)
    assert why(st3, 0, "grow excuse 1") == (
        "The Excuse can never join a bird (it has no suit and no rank); you may only hold it or discard it."
    )
    assert why(st3, 0, "hatch harvest") == "Pawns cannot hatch a bird: a wild card may only grow a bird of one of its suits."
    assert why(st3, 0, "hatch excuse") == "The Excuse cannot hatch a bird: it has no suit and no rank."
    assert why(st3, 0, "grow savage 9") == "You have no bird 9: your birds are numbered 1 to 4."
    assert why(st3, 0, "grow diplomat 1") == "The Diplomat is not in your hand."
    # the Watchman (Moons/Wyrms/Knots) on Author-Diplomat (Moons 2, 8 rising): only 9 is free
    # (asked of a copy: `apply` trusts the last listing of this very state, and the lines below
    # edit the state outside `apply`, as no caller of the public API may)
    assert "grow watchman 4" in legal(st3.clone(), 0)
    st3.deck.remove(card("pact"))
    st3.birds[0][3].append(card("pact"))
    g.rebuild(st3)
    assert why(st3, 0, "grow watchman 4") == (
        "The Watchman is wild (any rank 2 to 9), but this bird is rising and already at 9: no free rank is left for it."
    )
    assert why(st3, 0, "hatch consul") == "The Consul is not used in this game (extended cards: pawns)."
    # a bird that has reached the Crown
    st3.deck.remove(card("huntress"))
    st3.birds[0][3].append(card("huntress"))
    g.rebuild(st3)
    assert why(st3, 0, "grow watchman 4").endswith("no free rank is left for it.")
    assert why(st3, 0, "grow savage 1") == "This bird is rising: play a rank above 7."


def test_open_bird_and_courts_cannot_hatch():
    st = build(
        hands=[["sea", "consul", "excuse", "ace-suns", "bard", "desert"], ["diplomat", "mill", "cave", "end", "author", "painter"]],
        birds=[[["lunatic"], ["journey"]], []],
        extended="courts",
    )
    assert why(st, 0, "hatch consul") == "Courts cannot hatch a bird: a wild card may only grow a bird of one of its suits."
    # bird 1: the Lunatic alone (6, Moons/Waves); the Consul (Moons/Waves/Knots) may grow it
    assert "grow consul 1" in legal(st, 0) and "grow consul 2" in legal(st, 0)
    run(st, (0, "grow consul 1"), (0, "draw deck"))
    # Lunatic 6 then a Court: it could still rise (Court 7 or more) or fall (Court 5 or less)
    assert (st.bup[0][0], st.bdown[0][0]) == (7, 5)
    assert g.observe(st, 1).zone("bird-0-1").label.startswith("Ann's bird 1 (Moons/Waves, open)")
    st.turn, st.step = 0, PLAY
    # the Sea is the Crown of Waves: the bird rises (Court 7 to 9, then the Crown)
    assert "grow sea 1" in legal(st, 0)


def test_explain_for_a_bird_that_may_still_go_either_way():
    st = build(
        hands=[["lunatic", "forest", "sea", "ace-suns", "bard", "desert"], ["diplomat", "mill", "cave", "end", "author", "painter"]],
        birds=[[["discovery", "consul"], ["journey"]], []],
        extended="courts",
    )
    # bird 1: the Discovery (5, Suns/Waves) then the Consul (Moons/Waves/Knots): Waves; above 6 or below 4
    assert why(st, 0, "grow lunatic 1") == "This bird can still rise or fall: play a rank above 6 or below 4."
    # bird 2: the Journey alone (3, Moons/Waves): any other Moons or Waves rank may go on it
    assert {"grow lunatic 2", "grow forest 2", "grow sea 2"} <= set(legal(st, 0))
    assert all_cards(st) == sorted(deck_ids("courts"))


def test_same_rank_on_a_single_card_bird():
    st = build(
        hands=[["discovery", "sea", "bard", "ace-suns", "desert", "painter"], ["diplomat", "mill", "cave", "end", "author", "pact"]],
        birds=[[["forest"]], []],
    )
    # the Discovery (5, Suns/Waves) shares no suit with the Forest (Moons/Leaves)
    assert why(st, 0, "grow discovery 1") == "The Discovery shares no suit with this bird (Moons or Leaves)."


# -- year end ----------------------------------------------------------------------------------------


def year_end_position(extended="none", years=4, ann_hand=None, bob_hand=None, ann_birds=None, bob_birds=None):
    st = build(
        hands=[
            ann_hand or ["merchant", "savage", "castle", "author", "desert", "origin"],
            bob_hand or ["market", "journey", "painter", "ace-knots", "end", "sea"],
        ],
        birds=[
            ann_birds or [["forest", "chance-meeting"]],  # Leaves 5, 7 (Moons too)
            bob_birds or [["diplomat", "pact", "bard"]],  # Suns 8 9 Crown: -6
        ],
        deck=["cave"],
        extended=extended,
        years=years,
        first=0,
    )
    return st


def test_last_card_drawn_ends_the_year_and_play_out_follows():
    st = year_end_position()
    run(st, (0, "discard desert"))
    texts = run(st, (0, "draw deck"))
    assert "The draw pile is empty: year 1 is over." in " ".join(texts)
    # Bob (who did not draw the last card) plays out first, but his only bird (Suns 8 9 Crown)
    # can take none of his cards: he is done at once and his hand is discarded
    assert st.step == OUT and st.hands[1] == [] and g.to_act(st) == (0,)
    assert "Bob discards the rest of the hand: " in " ".join(texts)
    assert legal(st, 0) == ["grow merchant 1", "finish"]


def test_year_end_play_out_scoring_and_next_year():
    st = year_end_position(bob_birds=[["mill"]])  # Bob: a lone Mill (8, Waves/Leaves)
    run(st, (0, "discard desert"), (0, "draw deck"))
    assert g.to_act(st) == (1,)
    assert "grow journey 1" in legal(st, 1) and "hatch journey" not in legal(st, 1)
    assert why(st, 1, "hatch journey") == (
        "The year has ended: no new birds may be hatched; you may only grow your birds, then finish."
    )
    assert why(st, 1, "draw deck") == "The year has ended: nobody draws any more this year."
    assert why(st, 1, "discard journey") == (
        "The year has ended: play cards onto your birds, then finish; the cards left are discarded then."
    )
    run(st, (1, "grow journey 1"))  # Mill 8, Journey 3 (Waves): falling
    assert birds(st, 1) == [["mill", "journey"]]
    # nothing else fits (falling below 3 in Waves: Origin is Ann's... Bob has no Waves 2): auto-finished
    assert g.to_act(st) == (0,) and st.hands[1] == []
    assert legal(st, 0) == ["grow merchant 1", "finish"]
    # Forest 5, Meeting 7, Merchant 9 (Leaves): 21, all paid as upkeep -> 0; then Ann has nothing
    # left that fits, so her play-out ends by itself and the year is scored
    texts = run(st, (0, "grow merchant 1"))
    assert st.step == SCORED
    assert st.sheet == [[0, -7]]  # Bob: 8 + 3 = 11 -> -7
    assert st.scores == [0, -7]
    assert any("Ann, bird 1 (Leaves): 5, 7, 9: total 21; upkeep 5 + 7 + 9 = 21; 0 left = 0." == t for t in texts)
    assert "Year 1 scored: Ann +0, Bob -7 (totals 0 and -7)." in texts
    # the birds stay on the table until the next year is started, by its first player (Bob)
    assert g.to_act(st) == (1,) and legal(st, 1) == ["next"]
    assert why(st, 1, "hatch journey").startswith("Year 1 has been scored")
    texts = run(st, (1, "next"))
    assert texts == ["Year 2 begins: six new cards each; Bob plays first."]
    assert st.hand_no == 2 and st.first == 1 and g.to_act(st) == (1,) and st.step == PLAY
    assert [len(h) for h in st.hands] == [6, 6] and st.birds == [[], []] and st.discard == []
    assert all_cards(st) == list(BASIC_IDS)
    obs = g.observe(st, 0)
    assert obs.extra["last_year"][0] == "Year 1:" and obs.score_sheet == [[0, -7]]


def test_play_out_finish_discards_the_rest_of_the_hand():
    st = year_end_position(bob_birds=[["mill"]])
    run(st, (0, "discard desert"), (0, "draw deck"))
    n = len(st.discard)
    texts = run(st, (1, "finish"))
    assert texts[0] == "Bob is done growing birds this year."
    assert texts[1].startswith("Bob discards the rest of the hand: ")
    assert st.hands[1] == [] and len(st.discard) == n + 6


def test_excuse_throws_away_a_losing_bird():
    st = year_end_position(
        extended="pawns",
        ann_hand=["excuse", "savage", "castle", "author", "desert", "origin"],
        ann_birds=[["forest", "chance-meeting"], ["ace-wyrms", "battle"]],  # Leaves 5 7: -6; Wyrms A 4: -19
        bob_birds=[["mill"]],
    )
    run(st, (0, "discard desert"), (0, "draw deck"))
    run(st, (1, "finish"))
    assert g.to_act(st) == (0,) and st.step == OUT
    assert why(st, 0, "excuse 2") == "First grow your birds as you like and finish; then you may use the Excuse."
    run(st, (0, "finish"))
    assert st.step == EXC and legal(st, 0) == ["excuse 1", "excuse 2", "keep"]
    st2 = st.clone()
    texts = run(st, (0, "excuse 2"))
    assert texts[0] == "Ann plays the Excuse and throws away bird 2 (it would have scored -19)."
    assert st.sheet == [[-6, -10]]
    assert card("excuse") in st.discard
    label = g.observe(st, 1).zone("bird-0-2").label
    assert label == "Ann's bird 2 (Wyrms, rising): thrown away (Excuse played), 0 points"
    # keeping every bird instead
    run(st2, (0, "keep"))
    assert st2.sheet == [[-25, -10]]


def test_excuse_only_for_a_losing_bird():
    st = year_end_position(
        extended="courts",
        ann_hand=["excuse", "savage", "castle", "author", "desert", "origin"],
        ann_birds=[["forest", "chance-meeting"], ["ace-wyrms", "battle", "soldier", "penitent", "betrayal", "darkness"]],
        bob_birds=[["mill"]],
    )
    run(st, (0, "discard desert"), (0, "draw deck"), (1, "finish"))
    # nothing in Ann's hand fits her birds: her play-out ends at once, with the Excuse question
    assert st.step == EXC and g.to_act(st) == (0,) and legal(st, 0) == ["excuse 1", "keep"]
    assert why(st, 0, "excuse 2") == "Bird 2 would not lose points (19 points): only a losing bird may be thrown away."
    assert why(st, 0, "finish") == "Decide first whether to throw away a losing bird with the Excuse, or keep them all."
    obs = g.observe(st, 1)
    assert obs.phase == "excuse" and obs.prompt == "Ann decides whether to use an Excuse on a losing bird."


def test_no_excuse_step_without_the_excuse():
    st = year_end_position(extended="pawns", bob_birds=[["mill"]])
    run(st, (0, "discard desert"), (0, "draw deck"), (1, "finish"))
    assert why(st, 0, "excuse 1") == "You may throw away a bird only if you hold the Excuse at the end of the year."
    run(st, (0, "finish"))
    assert st.step == SCORED


def test_game_ends_after_the_last_year():
    st = year_end_position(years=1, bob_birds=[["mill"]])
    texts = run(st, (0, "discard desert"), (0, "draw deck"), (1, "finish"), (0, "finish"))
    assert st.over and g.is_over(st)
    res = g.result(st)
    assert res.scores == [-6, -10] and res.placings == [1, 2]
    assert res.summary == "Ann wins with -6 points to -10."
    assert texts[-1] == res.summary
    assert birds(st, 0) == [["forest", "chance-meeting"]]  # the last year's birds stay on the table
    with pytest.raises(GameOver):
        g.apply(st, 0, "finish")


def test_tie_is_a_draw():
    st = year_end_position(years=1)  # Ann: Leaves 5 7 (-6); Bob: Suns 8 9 Crown (-6)
    run(st, (0, "discard desert"), (0, "draw deck"), (0, "finish"))
    assert st.over and st.scores == [-6, -6]
    res = g.result(st)
    assert res.placings == [1, 1] and res.summary == "A draw: Ann and Bob both have -6 points."


def test_first_player_alternates_each_year():
    st = g.new(["Ann", "Bob"], seed=4, years=3)
    firsts = []
    rng = random.Random(4)
    year = 0
    while not g.is_over(st):
        if st.hand_no != year:
            year = st.hand_no
            firsts.append(st.first)
            assert g.to_act(st) == (st.first,) and st.step == PLAY
        seat = g.to_act(st)[0]
        g.apply(st, seat, rng.choice(g.legal_actions(st, seat)), events=False)
    assert len(firsts) == 3 and firsts[1] == 1 - firsts[0] and firsts[2] == firsts[0]
    assert len(st.sheet) == 3 and st.scores == [sum(r[p] for r in st.sheet) for p in range(2)]


def test_not_your_turn():
    st = build(hands=[["forest", "pact", "sea", "mill", "cave", "end"], ["diplomat", "author", "desert", "origin", "journey", "painter"]])
    with pytest.raises(NotYourTurn):
        g.apply(st, 1, "hatch diplomat")


# -- observation -------------------------------------------------------------------------------------


def test_observation_shows_bird_values_and_status():
    st = build(
        hands=[["merchant", "savage", "castle", "author", "desert", "origin"], ["mill", "harvest", "painter", "ace-knots", "end", "sea"]],
        birds=[[["forest", "chance-meeting"], ["ace-moons", "journey", "lunatic", "watchman"]], [["diplomat", "pact", "bard"]]],
        discard=["cave"],
        extended="pawns",
    )
    obs = g.observe(st, 1)
    labels = {z.name: z.label for z in obs.zones}
    assert labels["bird-0-1"] == "Ann's bird 1 (Moons/Leaves, rising): -6 points"
    assert labels["bird-1-1"] == "Bob's bird 1 (Suns, rising): -6 points"
    assert labels["bird-0-2"] == "Ann's bird 2 (Moons, rising): 5 points (Watchman as 9)"
    assert obs.status["Year"] == "1 of 4" and obs.status["Discard"] == "The Cave"
    assert obs.status["Draw pile"] == f"{len(st.deck)} cards"
    assert obs.seats[0].facts["Birds worth"] == "-1"
    assert obs.extra["birds"][1][0]["value"] == -6
    hand0 = obs.zone("hand-0")
    assert not hand0.visible and hand0.cards == [] and hand0.count == 6
    assert obs.zone("deck").cards == []
    assert obs.zone("discard").cards == ["cave"]
    assert all_cards(st) == sorted(deck_ids("pawns"))


def test_labels():
    st = build(
        hands=[["merchant", "savage", "castle", "author", "desert", "origin"], ["mill", "journey", "painter", "ace-knots", "end", "sea"]],
        birds=[[["forest", "chance-meeting"]], []],
        discard=["cave"],
    )
    labels = {a.text: a.label for a in g.observe(st, 0).legal}
    assert labels["grow merchant 1"] == "Grow bird 1 with the Merchant (-6 → +0)"
    assert labels["hatch savage"] == "Hatch a bird with the Savage"
    run(st, (0, "hatch savage"))
    labels = {a.text: a.label for a in g.observe(st, 0).legal}
    assert labels == {"draw deck": "Draw from the draw pile", "draw discard": "Draw the Cave from the discard pile"}


# -- random games --------------------------------------------------------------------------------------


@pytest.mark.parametrize("extended", ["none", "pawns", "courts"])
def test_random_games_end_and_check_agrees_with_legal_actions(extended):
    verbs_seen = set()
    for seed in range(25):
        st = g.new(["Ann", "Bob"], seed=seed, extended=extended, years=2)
        rng = random.Random(seed)
        full = sorted(deck_ids(extended))
        steps = 0
        while not g.is_over(st):
            seat = g.to_act(st)[0]
            la = g.legal_actions(st, seat)
            assert la
            if steps % 11 == 0:  # every candidate action: check() is None exactly for the legal ones
                hand = st.hands[seat]
                nb = len(st.birds[seat])
                cands = [f"{v} {slug(c)}" for v in ("hatch", "discard") for c in full]
                cands += [f"grow {slug(c)} {b}" for c in hand for b in range(0, nb + 2)]
                cands += ["draw deck", "draw discard", "finish", "keep", "next"] + [f"excuse {b}" for b in range(0, nb + 2)]
                legal_set = {str(a) for a in la}
                for text in cands:
                    a = g.parse(text)
                    assert (g.check(st, seat, a) is None) == (text in legal_set), (seed, steps, text)
            a = rng.choice(la)
            verbs_seen.add(a.verb)
            g.apply(st, seat, a, events=steps % 2 == 0)
            steps += 1
            assert sorted(c for z in g.zones(st) for c in z.cards) == full
        assert len(st.sheet) == 2
    assert {"hatch", "grow", "discard", "draw", "finish", "next"} <= verbs_seen
    if extended != "none":
        assert {"excuse", "keep"} & verbs_seen


@pytest.mark.parametrize("extended", ["pawns", "courts"])
def test_observations_depend_only_on_what_the_seat_sees(extended):
    from decktable.engine.rng import Rng

    for seed in range(6):
        st = g.new(["Ann", "Bob"], seed=seed, extended=extended, years=2)
        rng = random.Random(seed)
        k = 0
        while not g.is_over(st):
            if k % 9 == 0:
                for s in (0, 1, None):
                    assert g.observe(g.determinize(st, s, Rng(k)), s) == g.observe(st, s)
            seat = g.to_act(st)[0]
            g.apply(st, seat, rng.choice(g.legal_actions(st, seat)), events=False)
            k += 1
