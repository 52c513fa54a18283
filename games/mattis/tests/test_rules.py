"""Mattis rules: RULES.md section 21, its test cases, our readings, and random full games checked
against a small independent oracle. Every game starts from a stacked deck through the public API.

Stacked decks deal one card at a time from seat 0 (the dealer is the last seat); the stock follows,
top card first. Most tests let everyone play blind from the stock, so the stock order decides the
tricks of phase 1 and so the won piles, i.e. the hands of phase 2.
"""

from __future__ import annotations

import random

import pytest

import decktable
from decktable.cards.french import FRENCH, card
from decktable.engine.actions import Action
from decktable.engine.errors import BadOptions, IllegalMove, MalformedAction, NotYourTurn

G = decktable.get_game("mattis")
RANK = {c.slug: c.rank for c in FRENCH}
SUIT = {c.slug: c.suits[0] for c in FRENCH}
FRENCH_ID = {c.slug: i for i, c in enumerate(FRENCH)}


def build(n: int, hands: dict[int, list[str]], tricks: list[dict[int, str] | int], tail: list[str]) -> list[str]:
    """A deck: `hands` dealt (3 each), then a stock of blind tricks and `tail` (its last card
    makes trump). A trick is {seat: card} or a seat number: a filler trick that seat wins with the
    highest card left, the others giving the lowest. Tricks are laid out in play order, the leader
    being seat 0 first and then each trick's winner."""
    used = {c for h in hands.values() for c in h} | {c for t in tricks if isinstance(t, dict) for c in t.values()}
    used |= set(tail)
    pool = sorted((c.slug for c in FRENCH if c.slug not in used), key=lambda s: (RANK[s], s))
    deck = [hands[k % n][k // n] for k in range(3 * n)]
    fill = sum(1 for t in tricks if isinstance(t, int))
    tops = pool[len(pool) - fill:][::-1]  # filler winners' cards, highest first
    lows = pool[: len(pool) - fill][::-1]  # the others' cards, highest first
    pool = []
    leader = 0
    for t in tricks:
        if isinstance(t, int):
            top = tops.pop(0)
            rest, lows = lows[: n - 1], lows[n - 1 :]
            assert all(RANK[c] < RANK[top] for c in rest)
            others = iter(rest)
            t = {s: (top if s == t else next(others)) for s in range(n)}
        order = [(leader + k) % n for k in range(n)]
        deck.extend(t[s] for s in order)
        best = max(RANK[c] for c in t.values())
        winners = [s for s, c in t.items() if RANK[c] == best]
        assert len(winners) == 1, t
        leader = winners[0]
    deck.extend(tail)
    assert not tops and not lows and len(deck) == 52 and len(set(deck)) == 52
    return deck


def act(st, seat: int, text: str):
    return G.apply(st, seat, text)


def hand(st, seat: int) -> list[str]:
    return G.observe(st, seat).zone(f"hand{seat}").cards


def legal(st, seat: int) -> list[str]:
    return [str(a) for a in G.legal_actions(st, seat)]


def refused(st, seat: int, text: str) -> str:
    before = st.snapshot()
    with pytest.raises(IllegalMove) as err:
        G.apply(st, seat, text)
    assert st.snapshot() == before
    return err.value.why


def blind_until_one(st) -> None:
    """Everyone plays blind while the stock allows it (at least two cards)."""
    while st.phase == "collect" and len(st.stock) >= 2:
        act(st, G.to_act(st)[0], "blind")


# -- scenario A: three players; Ann wins nearly everything, Bea and Cai two tricks each --------------

NAMES = ["Ann", "Bea", "Cai"]
A_HANDS = {0: ["ad", "kd", "qd"], 1: ["2d", "3d", "4d"], 2: ["2h", "3h", "4h"]}
A_TRICKS: list[dict[int, str] | int] = [
    {1: "9h", 0: "7h", 2: "8h"},
    {1: "kc", 0: "2c", 2: "3c"},
    {2: "10h", 0: "3s", 1: "4c"},
    {2: "jc", 0: "5c", 1: "6c"},
] + [0] * 10


def scenario_a():
    return G.new(NAMES, seed=1, deck=build(3, A_HANDS, A_TRICKS, ["2s"]))


def to_phase_two_a(tricks: list[dict[int, str] | int] = A_TRICKS, **options):
    """Scenario A's deal (or its hands with other `tricks`) played to the second phase."""
    st = G.new(NAMES, seed=1, deck=build(3, A_HANDS, tricks, ["2s"]), **options)
    blind_until_one(st)
    for a, b, c in (("ad", "2d", "2h"), ("kd", "3d", "3h"), ("qd", "4d", "4h")):
        act(st, 0, f"play {a}")
        act(st, 1, f"play {b}")
        act(st, 2, f"play {c}")
    assert st.phase == "piles" and legal(st, 0) == ["begin"]
    act(st, 0, "begin")
    return st


def test_deal_three_each_and_the_dealers_left_leads() -> None:
    st = scenario_a()
    assert [len(hand(st, s)) for s in range(3)] == [3, 3, 3]
    assert sorted(hand(st, 0)) == sorted(A_HANDS[0])
    obs = G.observe(st, None)
    assert obs.zone("stock").count == 43 and obs.zone("stock").cards == []
    assert G.to_act(st) == (0,) and obs.phase == "collect"
    assert "blind" in legal(st, 0) and set(legal(st, 0)) == {"play ad", "play kd", "play qd", "blind"}


def test_highest_rank_wins_whatever_the_suit_and_no_duty_to_follow() -> None:
    st = G.new(NAMES, seed=1, deck=build(3, {0: ["2h", "3h", "4h"], 1: ["kc", "5d", "6d"], 2: ["qh", "7d", "8d"]},
                                        [0] * 14, ["2s"]))
    act(st, 0, "play 4h")
    assert set(legal(st, 1)) == {"play 5d", "play 6d", "play kc", "blind"}  # any card, no following
    act(st, 1, "play kc")
    events = act(st, 2, "play qh")
    assert any(e.text == "Bea takes the trick (3 cards) with the King of Clubs." for e in events)
    obs = G.observe(st, 2)
    assert sorted(obs.zone("won1").cards) == ["4h", "kc", "qh"]
    assert G.to_act(st) == (1,)  # the winner leads
    assert [len(hand(st, s)) for s in range(3)] == [3, 3, 3]  # everyone drew back to three
    assert obs.zone("stock").count == 40


def test_blind_play_turns_up_the_top_card_and_needs_two_in_the_stock() -> None:
    st = scenario_a()
    top = st.stock[0]
    events = act(st, 0, "blind")
    assert FRENCH[top].slug == "7h"
    assert events[0].text == "Ann plays blind from the stock and turns up the 7 of Hearts."
    assert hand(st, 0) == sorted(A_HANDS[0], key=card)  # the hand is untouched
    assert G.observe(st, 1).trick.plays[0].note == "blind"
    blind_until_one(st)
    obs = G.observe(st, 0)
    assert obs.zone("stock").count == 1 and "blind" not in legal(st, 0)
    why = refused(st, 0, "blind")
    assert "Only the last stock card is left" in why


def test_last_stock_card_makes_trump_and_the_trump_maker() -> None:
    st = scenario_a()
    blind_until_one(st)
    won = [len(G.observe(st, None).zone(f"won{s}").cards) for s in range(3)]
    assert won == [30, 6, 6]
    act(st, 0, "play ad")
    act(st, 1, "play 2d")
    events = act(st, 2, "play 2h")
    text = " ".join(e.text for e in events)
    assert "Ann draws the last card of the stock and shows it: the 2 of Spades" in text
    obs = G.observe(st, 1)
    assert obs.zone("trumpcard").cards == ["2s"] and obs.zone("stock").count == 0
    assert obs.status["Trump"] == "Spades (made by Ann)"
    assert obs.seats[0].facts["Trump maker"] == "yes"
    # each count agrees with the pile shown; the maker's trump card lies beside it, said apart
    for s in range(3):
        pile = len(obs.zone(f"won{s}").cards)
        assert obs.seats[s].facts["Won"] == (f"{pile} + trump" if s == 0 else str(pile))
    assert [len(hand(st, s)) for s in range(3)] == [2, 2, 2]  # the last card went to the pile
    assert "blind" not in legal(st, 0)


def test_phase_two_hands_are_the_won_piles() -> None:
    st = to_phase_two_a()
    assert st.phase == "shed"
    assert sorted(hand(st, 1)) == sorted(["9h", "7h", "8h", "kc", "2c", "3c"])
    assert sorted(hand(st, 2)) == sorted(["10h", "3s", "4c", "jc", "5c", "6c"])
    assert len(hand(st, 0)) == 40 and "2s" in hand(st, 0)
    obs = G.observe(st, 1)
    assert obs.zone("hand0").cards == [] and obs.zone("hand0").count == 40  # hidden, counted
    assert obs.seats[0].facts["Cards"] == "40"
    assert G.to_act(st) == (0,)  # the trump maker leads
    assert obs.trick.last == []  # the last trick of phase 1 is in hands now: not named


def test_sequences_beat_as_rules_md_says() -> None:
    """RULES 21: 7-8-9 of hearts beats a single 6; a single 10 beats 7-8-9; any trump beats it."""
    st = to_phase_two_a()
    act(st, 0, "play 6h")
    assert set(legal(st, 1)) == {"play 7h", "play 8h", "play 9h", "play 7h 8h", "play 8h 9h", "play 7h 8h 9h"}
    assert "You can beat the 6 of Hearts" in refused(st, 1, "pickup")
    assert "does not beat the 6 of Hearts" in refused(st, 1, "play kc")
    assert "not a sequence" in refused(st, 1, "play 7h 9h")
    act(st, 1, "play 9h 7h 8h")  # typed in any order
    obs = G.observe(st, 2)
    assert obs.status["To beat"] == "the 7–9 of Hearts (Bea)"
    assert obs.status["Beaten by"] == "a Heart above the 9 (a card or a sequence), or any trump (Spades)"
    assert "To beat: the 7–9 of Hearts" in obs.trick.note
    assert set(legal(st, 2)) == {"play 10h", "play 3s"}
    other = st.clone()
    act(other, 2, "play 3s")  # any trump beats the sequence
    assert other.discard and not other.table
    events = act(st, 2, "play 10h")  # a single 10 beats 7-8-9
    assert any("The trick is complete (3 plays)" in e.text for e in events)
    assert sorted(G.observe(st, 0).zone("discard").cards) == sorted(["6h", "7h", "8h", "9h", "10h"])
    assert G.to_act(st) == (2,)  # the last play leads the next trick


def test_pick_up_the_lowest_play_and_must_beat_if_able() -> None:
    st = to_phase_two_a()
    for seat, text in ((0, "play 6h"), (1, "play 7h 8h 9h"), (2, "play 10h")):
        act(st, seat, text)
    act(st, 2, "play 4c 5c 6c")
    act(st, 0, "play ac")
    assert legal(st, 1) == ["pickup"]
    assert G.label(st, Action("pickup")) == "Pick up the 4–6 of Clubs (the lowest play)"
    events = act(st, 1, "pickup")
    assert events[0].text == "Bea cannot beat it and picks up the 4–6 of Clubs (played by Cai)."
    assert {"4c", "5c", "6c"} <= set(hand(st, 1))
    assert [[FRENCH[c].slug for c in p] for p in st.table] == [["ac"]]
    assert legal(st, 2) == ["play 3s"]  # only a trump beats an Ace
    act(st, 2, "play 3s")
    assert G.observe(st, 0).status["Trick"] == "2 of 3 plays"
    assert "play 4s" in legal(st, 0) and "pickup" not in legal(st, 0)
    act(st, 0, "play 4s")
    assert not st.table and G.to_act(st) == (0,)


def test_refusals_in_words_and_notation() -> None:
    st = to_phase_two_a()
    with pytest.raises(NotYourTurn):
        G.apply(st, 1, "play 7h")
    assert "no stock in the second phase" in refused(st, 0, "blind")
    assert "nothing to pick up" in refused(st, 0, "pickup")
    assert "You do not hold the 9 of Hearts" in refused(st, 0, "play 9h")
    with pytest.raises(MalformedAction):
        G.parse("pickup now")
    a = G.parse("play 9h 7h 8h")
    assert a == Action("play", ("7h", "8h", "9h")) and G.parse(str(a)) == a
    assert G.label(st, a) == "Play the 7–9 of Hearts (3 cards)"
    assert G.label(st, G.parse("play 6h")) == "Play the 6 of Hearts"
    st1 = scenario_a()
    assert "one card at a time" in refused(st1, 0, "play ad kd")
    assert "still going" in refused(st1, 0, "begin")
    assert "already begun" in refused(st, 0, "begin")
    assert "nothing to pick up" in refused(st1, 0, "pickup")


# -- scenario B: a tie broken by further plays, and a blåmattis -------------------------------------

B_HANDS = {0: ["5d", "6d", "7d"], 1: ["ks", "qs", "3c"], 2: ["kh", "qh", "ah"]}


def scenario_b():
    return G.new(NAMES, seed=2, deck=build(3, B_HANDS, [0] * 13, ["2c", "4c", "8c", "9s"]))


def test_tie_is_broken_by_further_plays_and_blamattis() -> None:
    st = scenario_b()
    for _ in range(13 * 3):
        act(st, G.to_act(st)[0], "blind")
    assert len(st.stock) == 4 and G.to_act(st) == (0,)
    act(st, 0, "play 5d")
    assert "blind" in legal(st, 1)
    act(st, 1, "play ks")
    events = act(st, 2, "play kh")
    assert any("Bea and Cai tie with Kings" in e.text for e in events)
    assert G.to_act(st) == (1,)
    assert G.observe(st, 1).trick.note.startswith("Tie: Bea and Cai play again")
    act(st, 1, "play qs")
    act(st, 2, "play qh")  # tie again
    assert G.to_act(st) == (1,)
    act(st, 1, "play 3c")
    events = act(st, 2, "play ah")
    texts = " ".join(e.text for e in events)
    assert "Cai takes the trick (7 cards) with the Ace of Hearts." in texts
    # Cai draws three first; the last card goes to Ann: she makes trump (Spades)
    assert "Ann draws the last card of the stock and shows it: the 9 of Spades" in texts
    assert "the first phase is over" in texts
    assert "Bea won no cards and is blåmattis" in texts
    # a pause: the won piles lie face up until the trump maker begins the second phase
    assert st.phase == "piles" and G.to_act(st) == (0,) and legal(st, 0) == ["begin"]
    assert "begin the second phase" in refused(st, 0, "play 6d")
    act(st, 0, "begin")
    obs = G.observe(st, 0)
    assert st.phase == "shed" and obs.seats[1].facts["Blåmattis"] == "yes"
    assert sorted(hand(st, 2)) == sorted(["5d", "ks", "kh", "qs", "qh", "3c", "ah", "2c", "4c", "8c"])
    assert hand(st, 1) == [] and G.to_act(st) == (0,)
    # RULES 21 test case: a blåmattis must pick up the lowest play on the first turn
    act(st, 0, "play 6d")
    assert legal(st, 1) == ["pickup"]
    act(st, 1, "pickup")
    assert hand(st, 1) == ["6d"] and not st.table
    # the table is empty after a pick-up: the next player leads afresh (our reading)
    assert G.to_act(st) == (2,) and "pickup" not in legal(st, 2)
    assert G.observe(st, 2).status["Trick"] == "0 of 3 plays"


# -- scenario C: four players, a trick of four plays ---------------------------------------------------

FOUR = ["Ann", "Bea", "Cai", "Dan"]
C_HANDS = {0: ["kd", "qd", "3d"], 1: ["4d", "5d", "6d"], 2: ["7d", "8d", "9d"], 3: ["10d", "jd", "2d"]}
C_TRICKS: list[dict[int, str] | int] = [
    {3: "7h", 0: "3h", 1: "4h", 2: "2h"},
    {1: "9h", 0: "5c", 2: "6c", 3: "7c"},
    {2: "kh", 0: "8c", 1: "9c", 3: "10c"},
] + [0] * 6


def test_four_players_trick_completes_at_four_plays() -> None:
    st = G.new(FOUR, seed=3, deck=build(4, C_HANDS, C_TRICKS, ["ad", "2c", "3c", "2s"]))
    blind_until_one(st)  # the last trick of blind plays is not complete: Dan is to play from hand
    assert G.to_act(st) == (3,) and "blind" not in legal(st, 3)
    events = act(st, 3, "play 2d")
    assert any("Dan draws the last card of the stock" in e.text for e in events)
    for cards in (("kd", "4d", "7d", "10d"), ("qd", "5d", "8d", "jd")):
        for seat, c in enumerate(cards):
            act(st, seat, f"play {c}")
    act(st, 3, "begin")
    assert st.phase == "shed" and G.to_act(st) == (3,)
    assert sorted(hand(st, 3)) == sorted(["7h", "3h", "4h", "2h", "2s"])
    act(st, 3, "play 2h")
    act(st, 0, "play 5h")
    assert legal(st, 1) == ["play 9h"]
    act(st, 1, "play 9h")
    assert len(st.table) == 3 and G.observe(st, 2).status["Trick"] == "3 of 4 plays"
    assert legal(st, 2) == ["play kh"]
    events = act(st, 2, "play kh")
    assert any("The trick is complete (4 plays)" in e.text for e in events)
    assert not st.table and len(st.discard) == 4 and G.to_act(st) == (2,)


# -- scenario D: three players; Bea goes out in the middle of a trick ---------------------------------

# Bea wins only the 7-9 of Hearts, Cai only Clubs; Ann everything else and trump (Spades)
D_TRICKS: list[dict[int, str] | int] = [
    {1: "9h", 0: "7h", 2: "8h"},
    {2: "jc", 0: "5c", 1: "6c"},
    {2: "qc", 0: "4c", 1: "7c"},
] + [0] * 11


def bea_goes_out_mid_trick(**options):
    """Ann leads the 6 of Hearts and Bea beats it with her whole hand, the 7-9 of Hearts: she is
    out after the trick's second play, with three players in the game when it began."""
    st = to_phase_two_a(D_TRICKS, **options)
    assert hand(st, 1) == ["7h", "8h", "9h"] and hand(st, 2) == ["4c", "5c", "6c", "7c", "jc", "qc"]
    act(st, 0, "play 6h")
    events = act(st, 1, "play 7h 8h 9h")
    assert any("Bea has no cards left and is out (1st)" in e.text for e in events)
    return st, events


def test_a_trick_needs_as_many_plays_as_players_at_its_start() -> None:
    """The rules count the players at the start of the trick: Bea going out does not shorten it,
    so Cai, who cannot beat the 9 of Hearts, must pick up the lowest play (the 6)."""
    st, events = bea_goes_out_mid_trick()
    assert not any("The trick is complete" in e.text for e in events)
    assert G.to_act(st) == (2,) and legal(st, 2) == ["pickup"]
    assert G.observe(st, 2).status["Trick"] == "2 of 3 plays"
    act(st, 2, "pickup")
    assert "6h" in hand(st, 2) and st.table == [[FRENCH_ID["7h"], FRENCH_ID["8h"], FRENCH_ID["9h"]]]
    assert G.to_act(st) == (0,) and "pickup" not in legal(st, 0) and "play 10h" in legal(st, 0)
    act(st, 0, "play 10h")  # the second play on the table again: the trick still goes on
    assert G.observe(st, 2).status["Trick"] == "2 of 3 plays" and legal(st, 2) == ["pickup"]


def test_pick_ups_that_empty_the_table_end_the_trick() -> None:
    """Bea's trick needs three plays, but only Ann and Cai are left: Cai picks up each play he
    cannot beat and Ann must beat her own until she cannot either. When the table is empty the
    next lead begins a new trick of two plays (the old one would have gone round for ever)."""
    st, _ = bea_goes_out_mid_trick()
    for _ in range(200):
        if not st.table:
            break
        seat = G.to_act(st)[0]
        moves = legal(st, seat)
        assert "pickup" in moves or seat == 0  # Cai never can beat: he holds no trump
        act(st, seat, "pickup" if "pickup" in moves else next(m for m in moves if len(m.split()) == 2))
        assert G.observe(st, seat).status["Trick"] in ("1 of 3 plays", "2 of 3 plays") or not st.table
    assert not st.table and st.turns < 200
    assert G.observe(st, 0).status["Trick"] == "0 of 2 plays"
    seat = G.to_act(st)[0]
    act(st, seat, next(m for m in legal(st, seat) if len(m.split()) == 2))
    assert G.observe(st, seat).status["Trick"] == "1 of 2 plays"


def test_the_house_rule_counts_the_players_still_in() -> None:
    """With trick_count=still_in the trick ends at its second play, as Bea goes out: Cai leads."""
    st, events = bea_goes_out_mid_trick(trick_count="still_in")
    assert any("The trick is complete (2 plays)" in e.text for e in events)
    assert not st.table and G.to_act(st) == (2,) and "pickup" not in legal(st, 2)
    assert "play 4c" in legal(st, 2)


# -- the end, options, random games ------------------------------------------------------------------


def test_the_last_player_holding_cards_is_the_mattis() -> None:
    st = to_phase_two_a()
    rng = random.Random(4)
    while not G.is_over(st):
        s = G.to_act(st)[0]
        G.apply(st, s, rng.choice(G.legal_actions(st, s)))
    res = G.result(st)
    loser = [s for s in range(3) if res.placings[s] == 3]
    assert len(loser) == 1 and res.scores[loser[0]] == -1
    assert res.summary == f"{NAMES[loser[0]]} is the last one holding cards: {NAMES[loser[0]]} is the mattis."
    assert G.observe(st, None).seats[loser[0]].facts["Mattis"] == "yes"
    assert sorted(res.placings) == [1, 2, 3]


def test_stop_rule() -> None:
    st = to_phase_two_a(max_turns=3)
    act(st, 0, "play 6h")
    act(st, 1, "play 7h")
    events = act(st, 2, "play 10h")
    assert G.is_over(st)
    res = G.result(st)
    assert res.summary.startswith("Stopped by the turn limit: Ann holds the most cards")
    assert res.placings[0] == 3 and res.scores == [-1, 0, 0]
    assert any("stop rule" in e.text for e in events)


def test_options() -> None:
    with pytest.raises(BadOptions):
        G.new(3, seed=1, first_dealer=3)
    st = G.new(5, seed=1, first_dealer=2)
    assert G.to_act(st) == (3,)
    for n in (3, 8):
        st = G.new(n, seed=9)
        assert G.observe(st, None).zone("stock").count == 52 - 3 * n


def _oracle_beats(play: list[str], target: list[str], trump: str) -> bool:
    ps, ts = SUIT[play[0]], SUIT[target[0]]
    if ps == ts:
        return min(RANK[c] for c in play) > max(RANK[c] for c in target)
    return ps == trump


def _oracle_plays(held: list[str]) -> list[list[str]]:
    """Every single card and every run of consecutive ranks of one suit in a hand."""
    out = []
    for c in held:
        run = [c]
        out.append(list(run))
        while True:
            nxt = next((d for d in held if SUIT[d] == SUIT[c] and RANK[d] == RANK[run[-1]] + 1), None)
            if nxt is None:
                break
            run.append(nxt)
            out.append(list(run))
    return out


@pytest.mark.parametrize("n", [3, 5, 8])
def test_random_games_against_an_oracle(n: int) -> None:
    """Phase 1 tricks go to the highest rank (checked when no tie happened); every phase-2 play
    beats the one before it; a pick-up takes the oldest play; the game ends with one mattis."""
    for seed in range(12):
        st = G.new(n, seed=seed)
        rng = random.Random(seed)
        while not G.is_over(st):
            s = G.to_act(st)[0]
            acts = G.legal_actions(st, s)
            a = rng.choice(acts)
            table = [[FRENCH[c].slug for c in p] for p in st.table]
            held = [FRENCH[c].slug for c in st.hands[s]]
            phase = st.phase
            G.apply(st, s, a)
            if phase != "shed":
                continue
            trump = ("spades", "hearts", "diamonds", "clubs")[st.trump]
            if a.verb == "play" and table:
                assert _oracle_beats(list(a.args), table[-1], trump)
            if a.verb == "pickup":
                assert [[FRENCH[c].slug for c in p] for p in st.table] == table[1:]
                assert not any(_oracle_beats(p, table[-1], trump) for p in _oracle_plays(held))
        res = G.result(st)
        assert res is not None and all(res.placings[s] == max(res.placings) for s in st.mattis)
        if not st.stopped:
            assert len(st.mattis) == 1 and sorted(res.placings) == list(range(1, n + 1))
        assert sum(len(z.cards) for z in G.zones(st)) == 52


def test_second_phase_moves_are_every_beating_play_of_the_hand() -> None:
    """Against an independent oracle (every single and upward sequence of the hand, kept when it
    beats the last play on the table by RULES.md), over random second-phase positions: the
    same plays in the same order, and pick up only when none beats."""
    from decktable.rulesets.mattis.rules import PICKUP, RUN, SINGLE, SUIT, plays_in

    g = decktable.get_game("mattis")
    seen = 0
    for seed in range(40):
        st = g.new(3, seed=seed)
        r = random.Random(seed)
        for _ in range(600):
            if st.over:
                break
            seat = g.to_act(st)[0]
            legal = g.legal_actions(st, seat)
            if st.phase == "shed" and st.table:
                target = st.table[-1]
                tsuit, thigh = SUIT[target[0]], target[-1]
                want = [SINGLE[lo] if lo == hi else RUN[lo][hi] for lo, hi in plays_in(st.hands[seat])
                        if (SUIT[lo] == tsuit and lo > thigh) or (SUIT[lo] == st.trump and tsuit != st.trump)]
                assert legal == (want or [PICKUP])
                seen += 1
            g.apply(st, seat, r.choice(legal), events=False)
    assert seen > 500


def test_a_look_back_at_a_trick_lists_every_card_of_a_sequence() -> None:
    """Random seeded games until a finished phase-2 trick held a sequence: the view's last trick
    has each play's every card, in order, under its seat (it had only the top card); and in
    phase 2 no play is tagged "led" (after a pick-up it tagged a beat)."""
    from decktable.rulesets.mattis.rules import SLUG

    found = 0
    for seed in range(40):
        st = G.new(["Ann", "Bob", "Cy"], seed=seed)
        r = random.Random(seed)
        for _ in range(600):
            if G.is_over(st):
                break
            (seat,) = G.to_act(st)
            G.apply(st, seat, r.choice(G.legal_actions(st, seat)))
            if G.phase(st) == "shed":  # a pick-up takes the lead away: no play is tagged as led
                assert G.observe(st, 0).trick.leader is None
            if any(len(p) > 1 for p in st.last):
                want = [(s, SLUG[c]) for s, p in zip(st.last_seats, st.last) for c in p]
                got = [(p.seat, p.card) for p in G.observe(st, 0).trick.last]
                assert got == want
                found += 1
        if found >= 5:
            break
    assert found >= 5
