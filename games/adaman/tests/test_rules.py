"""Rules tests for Adaman (RULES.md section 6)."""

from __future__ import annotations

import random

import pytest

from decktable.cards.decktet import BASIC_IDS, DECKTET, card
from decktable.engine.actions import Action
from decktable.engine.errors import BadOptions, GameOver, IllegalMove, MalformedAction
from decktable.engine.registry import get_game, resolve
from decktable.engine.rng import Rng
from decktable.rulesets.adaman.rules import GAME, IS_P, PERSONALITIES, RANK, AdamanState

g = GAME

# The help's stacked-deck example: capital Savage Castle Mill Pact Sea; the Painter goes to the
# palace; resources Ace of Leaves, Desert, Ace of Moons, Journey, Ace of Waves; then the deck
# starts with the Forest (capital refill), the Author (to the palace), the Cave and Ace of Suns.
EXAMPLE = (
    "savage castle mill pact sea "
    "ace-leaves painter desert ace-moons journey ace-waves "
    "forest author cave ace-suns"
).split()


def stack(front: list[str]) -> list[str]:
    """A whole basic deck: `front` on top, then every other card in catalogue order."""
    ids = [card(x) for x in front]
    assert len(set(ids)) == len(ids)
    rest = [DECKTET[i].slug for i in BASIC_IDS if i not in ids]
    return list(front) + rest


def slugs(ids: list[int]) -> list[str]:
    return [DECKTET[c].slug for c in ids]


def build(capital, resources, palace=(), controlled=(), deck=(), scoring=True) -> AdamanState:
    """A state put together by hand; every other basic card goes to the spent pile."""
    st = g.new(1, seed=1, scoring=scoring)
    st.capital = [card(x) for x in capital]
    st.resources = [card(x) for x in resources]
    st.palace = [card(x) for x in palace]
    st.controlled = [card(x) for x in controlled]
    st.deck[:] = [card(x) for x in deck]
    used = set(st.capital + st.resources + st.palace + st.controlled + st.deck)
    assert len(used) == len(st.capital + st.resources + st.palace + st.controlled + st.deck)
    st.gone = [i for i in BASIC_IDS if i not in used]
    st.target, st.chosen, st.outcome, st.over = -1, [], "", False
    st.scores = [0]
    st.sheet = []
    return st


def legal(st) -> list[str]:
    return [str(a) for a in g.legal_actions(st, 0)]


def why(st, text: str) -> str:
    with pytest.raises(IllegalMove) as exc:
        g.apply(st, 0, text)
    return exc.value.why


def run(st, *texts: str) -> None:
    for t in texts:
        g.apply(st, 0, t)


def all_cards(st) -> list[int]:
    return sorted(c for z in g.zones(st) for c in z.cards)


# -- registry and info ----------------------------------------------------------------------------


def test_info_and_registry():
    info = resolve("adaman")
    assert info.solo is True
    assert info.hidden_information is False
    assert info.min_players == info.max_players == 1
    assert info.layout.value == "tableau"
    assert get_game("Adaman") is g
    with pytest.raises(BadOptions):
        g.new(2, seed=1)


# -- the seed's test cases -----------------------------------------------------------------------


def test_personality_ranks_add_to_66():
    assert len(PERSONALITIES) == 11
    assert sorted(RANK[c] for c in PERSONALITIES) == [2, 3, 3, 4, 5, 6, 6, 8, 9, 10, 10]
    assert sum(RANK[c] for c in PERSONALITIES) == 66
    assert RANK[card("bard")] == RANK[card("huntress")] == 10
    assert RANK[card("ace-leaves")] == 1


def test_savage_paid_with_ace_of_leaves_and_desert():
    st = g.new(1, deck=stack(EXAMPLE))
    assert "target savage" in legal(st)
    run(st, "target savage")
    assert set(legal(st)) >= {"spend ace-leaves", "spend desert", "cancel"}
    assert "done" not in legal(st)
    run(st, "spend ace-leaves", "spend desert")
    assert "done" in legal(st)
    assert g.observe(st, 0).status["Paying"] == "3 of 3"
    run(st, "done")
    assert slugs(st.controlled) == ["savage"]
    assert slugs(st.gone) == ["ace-leaves", "desert"]


def test_win_score_74_with_castle_and_ace_left():
    others = [DECKTET[c].slug for c in PERSONALITIES if DECKTET[c].slug != "savage"]
    st = build(capital=["savage"], resources=["ace-leaves", "desert", "castle", "ace-moons"], controlled=others)
    run(st, "target savage", "spend ace-leaves", "spend desert", "done")
    assert st.over and st.outcome == "win"
    assert slugs(st.resources) == ["castle", "ace-moons"]
    res = g.result(st)
    assert res.scores == [74]
    assert res.placings == [1]
    assert res.summary == "Won: all eleven personalities controlled — 74 points."
    assert st.sheet == [[74]]


# -- setup and stacked decks -------------------------------------------------------------------------


def test_stacked_deck_setup():
    st = g.new(1, deck=stack(EXAMPLE))
    assert slugs(st.capital) == ["savage", "castle", "mill", "pact", "sea"]
    assert slugs(st.palace) == ["painter"]
    assert slugs(st.resources) == ["ace-leaves", "desert", "ace-moons", "journey", "ace-waves"]
    assert slugs(st.deck[:4]) == ["forest", "author", "cave", "ace-suns"]
    assert len(st.deck) == 36 - 11
    assert all_cards(st) == list(BASIC_IDS)
    # the worked example: only the Savage can be paid for
    assert legal(st) == ["target savage"]


def test_bad_stacked_deck():
    with pytest.raises(BadOptions):
        g.new(1, deck=EXAMPLE)
    with pytest.raises(BadOptions):
        g.new(1, deck=stack(EXAMPLE)[:-1] + ["excuse"])


def test_random_setup_is_sound():
    for seed in range(200):
        st = g.new(1, seed=seed)
        assert all_cards(st) == list(BASIC_IDS)
        assert not any(IS_P[c] for c in st.resources)
        assert len(st.capital) == 5
        if not st.over:
            assert len(st.resources) == 5 and len(st.palace) <= 5


def test_same_seed_same_game():
    assert g.new(1, seed=42).snapshot() == g.new(1, seed=42).snapshot()


# -- moves, refills, end conditions --------------------------------------------------------------------


def test_refill_capital_first_then_resources_with_palace():
    st = g.new(1, deck=stack(EXAMPLE))
    events = []
    for t in ("target savage", "spend ace-leaves", "spend desert", "done"):
        events += g.apply(st, 0, t)
    assert slugs(st.capital) == ["castle", "mill", "pact", "sea", "forest"]
    assert slugs(st.palace) == ["painter", "author"]
    assert slugs(st.resources) == ["ace-moons", "journey", "ace-waves", "cave", "ace-suns"]
    assert not st.over
    texts = [e.text for e in events]
    assert "Player 1 controls the Savage, spending the Ace of Leaves (1) and the Desert (2)." in texts
    assert texts.index("Dealt to the capital: the Forest (5).") < texts.index(
        "The Author turns up among the resources and goes to the palace."
    )
    assert all_cards(st) == list(BASIC_IDS)


def test_non_personality_joins_resources_beyond_five():
    st = build(
        capital=["castle", "bard"],
        resources=["windfall", "ace-moons", "journey", "ace-waves", "mill", "ace-leaves"],
    )
    run(st, "target castle", "spend windfall", "done")
    assert slugs(st.resources) == ["ace-moons", "journey", "ace-waves", "mill", "ace-leaves", "castle"]
    assert slugs(st.gone[-1:]) == ["windfall"]
    assert slugs(st.controlled) == []


def test_overpaying_is_allowed_and_unspend():
    st = build(capital=["savage", "bard"], resources=["ace-leaves", "desert", "end", "ace-suns"])
    run(st, "target savage", "spend end", "spend ace-leaves")
    assert "done" in legal(st)
    run(st, "unspend end")
    assert st.chosen == [card("ace-leaves")]
    assert "done" not in legal(st)
    run(st, "spend end", "spend desert", "done")
    assert slugs(st.resources) == ["ace-suns"]


def test_the_observation_names_the_resources_chosen_to_pay():
    """Issue 10: the cards already spent on a payment are exposed so the table marks them."""
    st = build(capital=["savage", "bard"], resources=["ace-leaves", "desert", "end", "ace-suns"])
    assert g.observe(st, 0).chosen == []
    run(st, "target savage", "spend end", "spend ace-leaves")
    assert g.observe(st, 0).chosen == ["end", "ace-leaves"]
    run(st, "unspend end")
    assert g.observe(st, 0).chosen == ["ace-leaves"]
    run(st, "cancel")
    assert g.observe(st, 0).chosen == []


def test_cancel_returns_to_choosing():
    st = g.new(1, deck=stack(EXAMPLE))
    before = st.snapshot()
    run(st, "target savage", "spend ace-leaves", "cancel")
    assert st.target == -1 and st.chosen == []
    assert st.snapshot() == before
    assert legal(st) == ["target savage"]


def test_palace_overflow_during_setup_is_utter_loss():
    deck = stack("castle mill pact sea cave author painter savage sailor soldier lunatic ace-leaves".split())
    st = g.new(1, deck=deck)
    assert st.over and st.outcome == "utter"
    assert len(st.palace) == 6
    assert g.to_act(st) == () and g.legal_actions(st, 0) == []
    assert g.result(st).scores == [0]
    assert g.result(st).summary.startswith("Utter loss")
    with pytest.raises(GameOver):
        g.apply(st, 0, "target castle")


def test_sixth_palace_card_on_refill_is_utter_loss():
    front = (
        "savage castle mill pact sea "
        "author painter sailor soldier lunatic ace-leaves desert ace-moons journey ace-waves "
        "forest penitent cave"
    ).split()
    st = g.new(1, deck=stack(front))
    assert len(st.palace) == 5 and not st.over
    run(st, "target savage", "spend ace-leaves", "spend desert", "done")
    assert st.over and st.outcome == "utter"
    assert slugs(st.palace) == ["author", "painter", "sailor", "soldier", "lunatic", "penitent"]
    assert slugs(st.deck[:1]) == ["cave"]  # dealing stopped at once
    assert g.result(st).scores == [0]
    assert all_cards(st) == list(BASIC_IDS)


def test_loss_when_no_move_left():
    others = [DECKTET[c].slug for c in PERSONALITIES if DECKTET[c].slug not in ("savage", "bard")]
    st = build(capital=["savage", "bard"], resources=["ace-leaves", "desert"], controlled=others)
    run(st, "target savage", "spend ace-leaves", "spend desert", "done")
    assert st.over and st.outcome == "loss"
    res = g.result(st)
    assert res.scores == [56]
    assert res.summary == "Lost: no move left with 1 personality uncontrolled — 56 points."


def test_loss_when_personalities_are_only_in_the_deck():
    # gap 3: no legal move, nothing in the rows to win over, personalities still in the deck
    st = g.new(1, deck=stack("sea end calamity windfall pact ace-moons ace-suns ace-waves ace-leaves ace-wyrms".split()))
    assert st.over and st.outcome == "loss"
    assert not any(IS_P[c] for c in st.capital + st.palace)
    assert g.result(st).scores == [0]
    assert g.result(st).summary == "Lost: no move left with 11 personalities uncontrolled — 0 points."


def test_scoring_off():
    others = [DECKTET[c].slug for c in PERSONALITIES if DECKTET[c].slug != "savage"]
    st = build(capital=["savage"], resources=["ace-leaves", "desert", "castle"], controlled=others, scoring=False)
    run(st, "target savage", "spend ace-leaves", "spend desert", "done")
    res = g.result(st)
    assert res.scores == [1]
    assert res.summary == "Won: all eleven personalities controlled."
    with pytest.raises(BadOptions):
        g.new(1, seed=1, scoring="perhaps")


# -- a whole won game from a stacked deck -----------------------------------------------------------

WON_DECK = (
    "calamity market bard soldier ace-wyrms pact betrayal discovery cave ace-knots forest savage "
    "castle end ace-waves battle sailor ace-suns huntress origin mill windfall desert mountain "
    "author merchant painter ace-moons ace-leaves penitent chance-meeting diplomat journey sea "
    "darkness lunatic"
).split()
WON_MOVES = [
    "target soldier", "spend cave", "done",
    "target savage", "spend betrayal", "done",
    "target bard", "spend discovery", "spend castle", "done",
    "target sailor", "spend end", "done",
    "target market", "spend battle", "spend origin", "done",
    "target forest", "spend market", "done",
    "target huntress", "spend pact", "spend forest", "done",
    "target author", "spend ace-knots", "spend ace-moons", "done",
    "target painter", "spend mountain", "done",
    "target diplomat", "spend ace-suns", "spend chance-meeting", "done",
    "target penitent", "spend darkness", "done",
    "target merchant", "spend windfall", "done",
    "target lunatic", "spend sea", "done",
]


def test_whole_won_game():
    st = g.new(1, deck=WON_DECK)
    for i, t in enumerate(WON_MOVES):
        assert not st.over, i
        g.apply(st, 0, t)
    assert st.over and st.outcome == "win"
    assert slugs(st.resources) == ["ace-leaves", "journey"]
    assert g.result(st).scores == [70]
    assert len(st.controlled) == 11
    assert all_cards(st) == list(BASIC_IDS)


# -- explain --------------------------------------------------------------------------------------


def test_explain_messages():
    st = g.new(1, deck=stack(EXAMPLE))
    before = st.snapshot()
    assert why(st, "spend desert") == "Choose a target first."
    assert why(st, "done") == "Choose a target first."
    assert why(st, "cancel") == "Choose a target first."
    assert why(st, "target castle") == "Your resources sharing a suit with the Castle add up to only 2; it needs 7."
    assert why(st, "target ace-leaves") == (
        "The Ace of Leaves is one of your resources; targets come from the capital or the palace."
    )
    assert why(st, "target forest") == "The Forest is not in the capital or the palace."
    assert why(st, "target excuse") == "The Excuse is not used in Adaman (basic deck only)."
    assert why(st, "target painter") == "Your resources sharing a suit with the Painter add up to only 2; it needs 3."
    assert st.snapshot() == before
    run(st, "target savage")
    assert why(st, "spend castle") == "The Castle is not one of your resources."
    assert why(st, "spend ace-moons") == "The Ace of Moons shares no suit with the Savage."
    assert why(st, "done") == "Spend 3 more: the chosen cards add up to 0 of 3."
    run(st, "spend ace-leaves")
    assert why(st, "done") == "Spend 2 more: the chosen cards add up to 1 of 3."
    assert why(st, "spend ace-leaves") == "The Ace of Leaves is already chosen."
    assert why(st, "unspend desert") == "The Desert is not among the chosen cards."
    assert why(st, "target castle") == "You are already paying for the Savage; cancel first to choose another target."


def test_explain_no_shared_suit_target():
    st = build(capital=["bard", "savage"], resources=["ace-leaves", "journey", "forest"])
    assert why(st, "target bard") == "None of your resources shares a suit with the Bard (Suns)."
    assert g.explain(st, 0, Action("target", ("savage",))) == "That move is allowed now."


def test_malformed():
    st = g.new(1, seed=3)
    with pytest.raises(MalformedAction):
        g.apply(st, 0, "play savage")
    with pytest.raises(MalformedAction):
        g.apply(st, 0, "target nobody")


# -- what is shown -----------------------------------------------------------------------------------


def test_observation_status_prompt_and_zones():
    st = g.new(1, deck=stack(EXAMPLE))
    obs = g.observe(st, 0)
    assert [z.name for z in obs.zones] == ["deck", "palace", "capital", "resources", "controlled", "gone"]
    deck = obs.zone("deck")
    assert deck.visible is False and deck.cards == [] and deck.count == 25 and deck.kind == "pile"
    assert obs.zone("gone").label == "Spent"
    assert obs.phase == "target"
    assert [a.text for a in obs.legal] == ["target savage"]
    assert obs.legal[0].card == "savage"
    run(st, "target savage", "spend ace-leaves")
    obs = g.observe(st, 0)
    assert obs.phase == "pay"
    assert obs.status["Target"] == "The Savage (3)"
    assert obs.status["Paying"] == "1 of 3"
    assert "1 of 3" in obs.prompt
    assert obs.extra == {"target": "savage", "chosen": ["ace-leaves"], "paid": 1, "need": 3}
    labels = {a.text: a.label for a in obs.legal}
    assert labels["spend desert"] == "Spend the Desert (2)"
    assert labels["cancel"] == "Cancel"
    # the hidden deck order does not change what the player sees
    other = g.determinize(st, 0, Rng(9))
    assert g.observe(other, 0) == g.observe(st, 0)


def test_notation_round_trip():
    st = g.new(1, deck=stack(EXAMPLE))
    run(st, "target savage")
    for a in g.legal_actions(st, 0):
        assert g.parse(str(a)) == a


# -- random play -------------------------------------------------------------------------------------


def _universe() -> list[Action]:
    out = [Action("done"), Action("cancel")]
    for i in BASIC_IDS:
        for v in ("target", "spend", "unspend"):
            out.append(Action(v, (DECKTET[i].slug,)))
    return out


def test_check_agrees_with_legal_actions():
    universe = _universe()
    for seed in range(30):
        st = g.new(1, seed=seed)
        r = random.Random(seed)
        while not st.over:
            acts = g.legal_actions(st, 0)
            assert acts
            listed = set(acts)
            for a in universe:
                assert (g.check(st, 0, a) is None) == (a in listed), (seed, str(a))
            g.apply(st, 0, r.choice(acts))


def test_random_games_to_the_end():
    outcomes = set()
    for seed in range(400):
        st = g.new(1, seed=seed)
        r = random.Random(seed)
        steps = 0
        while not g.is_over(st):
            assert g.to_act(st) == (0,)
            g.apply(st, 0, r.choice(g.legal_actions(st, 0)), events=(seed % 10 == 0))
            steps += 1
            assert steps < 20000
        assert all_cards(st) == list(BASIC_IDS)
        res = g.result(st)
        assert res.placings == [1] and len(res.scores) == 1
        if st.outcome == "loss":
            assert res.scores[0] == sum(RANK[c] for c in st.controlled) < 66
        outcomes.add(st.outcome)
    assert {"loss", "utter"} <= outcomes
