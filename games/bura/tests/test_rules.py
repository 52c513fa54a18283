"""Bura rules: RULES.md section 14, its test cases, our readings, and random full games.

Every game here goes through the public API from a stacked deck: seat 1 deals a stacked deck, so
seat 0 (Ann) gets the 1st, 3rd and 5th cards and leads first, Bea gets the 2nd, 4th and 6th, the
7th is turned up for trump and the 8th is the top of the stock.
"""

from __future__ import annotations

import random
from itertools import permutations

import pytest

import decktable
from decktable.engine.actions import Action
from decktable.engine.errors import BadOptions, IllegalMove, MalformedAction, NotYourTurn
from decktable.rulesets.bura.rules import FULL, POINTS, SLUG, answer_wins

G = decktable.get_game("bura")
NAMES = ["Ann", "Bea"]
ALL = [SLUG[c] for c in FULL]
ANN, BEA = 0, 1


def stack(ann: list[str], bea: list[str], up: str, stock: list[str] = (), rest: list[str] | None = None) -> list[str]:
    """The deck that deals `ann` and `bea`, turns up `up`, and has `stock` on top of the stock
    (top first); the remaining cards follow in `rest` order (default: the pack's order)."""
    head = [ann[0], bea[0], ann[1], bea[1], ann[2], bea[2], up, *stock]
    tail = [s for s in (rest if rest is not None else ALL) if s not in head]
    deck = head + tail
    assert sorted(deck) == sorted(ALL)
    return deck


def new(ann: list[str], bea: list[str], up: str, stock: list[str] = (), **opts):
    return G.new(NAMES, seed=11, deck=stack(ann, bea, up, stock), **opts)


def both_pass(st) -> None:
    assert G.to_act(st) == (ANN, BEA)
    G.apply(st, ANN, "pass")
    G.apply(st, BEA, "pass")


def trick(st, lead: str, answer: str) -> list[str]:
    """Both pass the question (when asked), the leader leads, the other answers; the event texts."""
    if G.phase(st) == "ask":
        both_pass(st)
    leader = G.to_act(st)[0]
    out = [e.text for e in G.apply(st, leader, lead)]
    out += [e.text for e in G.apply(st, 1 - leader, answer)]
    return out


def last_winner(st) -> int:
    return G.observe(st, None).trick.last_winner


def tokens(st) -> list[int]:
    return [s.score for s in G.observe(st, None).seats]


# -- the deck and the tables ------------------------------------------------------------------------


def test_the_pack_has_36_cards_and_120_points() -> None:
    st = new(["6h", "7h", "8h"], ["6d", "7d", "8d"], "6s")
    cards = [c for z in G.zones(st) for c in z.cards]
    assert len(cards) == 36 == len(set(cards))
    assert sum(POINTS[c] for c in cards) == 120
    assert sorted(POINTS[c] for c in cards if POINTS[c]) == [2] * 4 + [3] * 4 + [4] * 4 + [10] * 4 + [11] * 4


def test_deal_from_a_stacked_deck() -> None:
    st = new(["6h", "7h", "8h"], ["6d", "7d", "8d"], "6s", ["as", "ks"])
    assert G.observe(st, ANN).zone("hand0").cards == ["6h", "7h", "8h"]
    assert G.observe(st, BEA).zone("hand1").cards == ["6d", "7d", "8d"]
    obs = G.observe(st, None)
    assert obs.zone("up").cards == ["6s"]
    assert obs.status["Trump"] == "Spades"
    assert obs.status["Pot"] == "2 tokens"
    assert tokens(st) == [19, 19]
    assert obs.zone("stock").count == 29 and not obs.zone("stock").visible
    # the top of the stock goes to the trick winner first
    trick(st, "lead 6h", "answer 6d")  # different plain suits: the leader wins
    assert "as" in G.observe(st, ANN).zone("hand0").cards
    assert "ks" in G.observe(st, BEA).zone("hand1").cards


# -- who wins a trick (section 14 test cases) ---------------------------------------------------------


def _seven_nine(answer: list[str], bea_third: str | None = None) -> int:
    """Ann leads the 7 and 9 of Hearts (Spades trump); Bea answers with `answer`."""
    bea = answer + [bea_third or next(s for s in ["ad", "kd", "qd"] if s not in answer)][: 3 - len(answer)]
    st = new(["7h", "9h", "6c"], bea, "6s")
    trick(st, "lead 7h 9h", "answer " + " ".join(answer))
    return last_winner(st)


@pytest.mark.parametrize(
    "answer, winner",
    [
        (["8h", "jh"], BEA),  # 8 beats the 7, Jack beats the 9
        (["jh", "8h"], BEA),  # named in any order
        (["7s", "8s"], BEA),  # two trumps
        (["8h", "7s"], BEA),  # the 8 over the 7, a trump over the 9
        (["10h", "ah"], BEA),  # the 10 ranks just below the Ace
        (["8h", "6h"], ANN),  # the 6 beats nothing: only one led card is beaten
        (["8h", "ad"], ANN),  # a plain Ace of another suit beats nothing
        (["6h", "jd"], ANN),  # neither beats
        (["8h", "9d"], ANN),
    ],
)
def test_seven_and_nine_led_together(answer: list[str], winner: int) -> None:
    assert _seven_nine(answer) == winner


def test_the_beating_pairing_is_searched_not_positional() -> None:
    # Spades trump. Against the 7 and 9 of Hearts, Bea's 6 of Spades (listed first) beats either
    # card but her 8 of Hearts only the 7: the pairing 8h->7h, 6s->9h must be found.
    st = new(["7h", "9h", "6c"], ["8h", "6s", "kd"], "qs")
    trick(st, "lead 9h 7h", "answer 8h 6s")
    assert last_winner(st) == BEA


@pytest.mark.parametrize(
    "lead, answer, winner",
    [
        ("7h", "9d", ANN),  # single cards of two different plain suits: the leader wins
        ("ad", "6h", ANN),
        ("7h", "9h", BEA),  # same suit: the higher
        ("9h", "7h", ANN),
        ("kh", "10h", BEA),  # 10 over King
        ("ah", "6s", BEA),  # a trump beats a plain card
        ("7s", "ah", ANN),  # a plain Ace does not beat a trump
        ("7s", "8s", BEA),  # higher trump
    ],
)
def test_single_card_tricks(lead: str, answer: str, winner: int) -> None:
    ann = [lead] + [s for s in ["6c", "7c", "8c"] if s != lead][:2]
    bea = [answer] + [s for s in ["qc", "kc", "jc"] if s != answer][:2]
    st = new(ann, bea, "qs")
    trick(st, f"lead {lead}", f"answer {answer}")
    assert last_winner(st) == winner


def test_answer_wins_oracle_matches_brute_force() -> None:
    """The rules' function against an independent statement of the rule, on random tricks."""
    rng = random.Random(5)
    order = ["6", "7", "8", "9", "j", "q", "k", "10", "a"]

    def beats(a: str, b: str, trump: str) -> bool:
        if a[-1] == b[-1]:
            return order.index(a[:-1]) > order.index(b[:-1])
        return a[-1] == trump

    from decktable.rulesets.bura.rules import ID_OF

    for _ in range(3000):
        k = rng.choice([1, 2, 3])
        cards = rng.sample(ALL, 2 * k)
        led, ans = cards[:k], cards[k:]
        trump = rng.choice("shdc")
        expect = any(all(beats(ans[p[i]], led[i], trump) for i in range(k)) for p in permutations(range(k)))
        assert answer_wins([ID_OF[c] for c in led], [ID_OF[c] for c in ans], "shdc".index(trump)) == expect


# -- leads and answers: what is allowed ------------------------------------------------------------


def test_leads_are_one_to_three_cards_of_one_suit_and_listed_in_full() -> None:
    st = new(["7h", "9h", "ah"], ["6d", "7d", "kc"], "6s")
    both_pass(st)
    leads = sorted(str(a) for a in G.legal_actions(st, ANN) if a.verb == "lead")
    assert leads == sorted(
        ["lead 7h", "lead 9h", "lead ah", "lead 7h 9h", "lead 7h ah", "lead 9h ah", "lead 7h 9h ah"]
    )
    assert "claim" in [str(a) for a in G.legal_actions(st, ANN)]


def test_mixed_suits_cannot_be_led_and_a_refusal_changes_nothing() -> None:
    st = new(["7h", "9d", "ah"], ["6d", "7d", "kc"], "6s")
    both_pass(st)
    before = st.snapshot()
    with pytest.raises(IllegalMove) as exc:
        G.apply(st, ANN, "lead 7h 9d")
    assert "one suit" in str(exc.value)
    with pytest.raises(IllegalMove) as exc:
        G.apply(st, ANN, "lead 7h 7h")
    assert "twice" in str(exc.value)
    with pytest.raises(IllegalMove) as exc:
        G.apply(st, ANN, "lead kh")
    assert "do not hold the King of Hearts" in str(exc.value)
    with pytest.raises(IllegalMove):
        G.apply(st, ANN, "answer 7h")
    with pytest.raises(NotYourTurn):
        G.apply(st, BEA, "lead 6d")
    assert st.snapshot() == before


def test_the_answer_has_as_many_cards_as_the_lead_any_cards() -> None:
    st = new(["7h", "9h", "ah"], ["6d", "7d", "kc"], "6s")
    both_pass(st)
    G.apply(st, ANN, "lead 7h 9h")
    answers = sorted(str(a) for a in G.legal_actions(st, BEA) if a.verb == "answer")
    assert answers == ["answer 6d 7d", "answer 6d kc", "answer 7d kc"]  # no duty to follow
    before = st.snapshot()
    with pytest.raises(IllegalMove) as exc:
        G.apply(st, BEA, "answer 6d")
    assert "exactly 2 cards" in str(exc.value)
    assert st.snapshot() == before


def test_notation_puts_cards_in_hand_order() -> None:
    assert G.parse("lead 9h 7h") == G.parse("lead 7h 9h") == Action("lead", ("7h", "9h"))
    assert G.parse("answer ah 10h") == Action("answer", ("10h", "ah"))  # 10 ranks below the Ace
    assert str(G.parse("lead 7h 9h")) == "lead 7h 9h"
    with pytest.raises(MalformedAction):
        G.parse("claim 31")
    with pytest.raises(MalformedAction):
        G.parse("announce straight")
    st = new(["7h", "9h", "ah"], ["6d", "7d", "kc"], "6s")
    both_pass(st)
    assert G.label(st, G.parse("lead 7h 9h")) == "Lead the 7 of Hearts and the 9 of Hearts"
    assert G.label(st, Action("claim")) == "Claim 31"


# -- the special-lead question ----------------------------------------------------------------------


def test_both_players_are_asked_before_every_lead_and_it_tells_nothing() -> None:
    # Ann holds a Bura (Spades trump); whatever she answers, Bea's view is the same
    plain = new(["6s", "7s", "8s"], ["6d", "7d", "kc"], "as")
    assert G.to_act(plain) == (ANN, BEA)
    assert [str(a) for a in G.legal_actions(plain, ANN)] == ["pass", "announce bura", "claim"]
    assert [str(a) for a in G.legal_actions(plain, BEA)] == ["pass", "claim"]
    told = plain.clone()
    G.apply(told, ANN, "announce bura")
    quiet = plain.clone()
    assert G.apply(quiet, ANN, "pass") == []  # no event tells the answer
    assert G.observe(told, BEA) == G.observe(quiet, BEA)
    assert G.observe(told, None) == G.observe(quiet, None)
    assert G.to_act(told) == G.to_act(quiet) == (BEA,)
    # a hand without a special lead sees the same prompt
    assert G.observe(plain, ANN).prompt == G.observe(plain, BEA).prompt


def test_announcing_what_you_do_not_hold_is_refused() -> None:
    st = new(["6s", "7s", "8h"], ["6d", "7d", "kc"], "as")
    before = st.snapshot()
    for word, why in (("bura", "three trumps"), ("aces", "three Aces"), ("molodka", "other than trump")):
        with pytest.raises(IllegalMove) as exc:
            G.apply(st, ANN, f"announce {word}")
        assert why in str(exc.value)
    assert st.snapshot() == before


def test_a_bura_beats_three_aces_and_wins_the_hand_and_the_pot() -> None:
    # Hearts trump. Ann, the normal leader, holds three plain Aces; Bea holds a Bura.
    st = new(["as", "ad", "ac"], ["7h", "8h", "9h"], "6h")
    assert [str(a) for a in G.legal_actions(st, ANN)] == ["pass", "announce aces", "claim"]
    # a special lead to announce: no reflex "No special lead"; a Bura says what its trick takes
    assert G.observe(st, ANN).no_default and G.observe(st, BEA).no_default
    assert "Announce a Bura (three trumps): its trick takes the pot (2)" in [a.label for a in G.observe(st, BEA).legal]
    assert G.apply(st, ANN, "announce aces") == []
    texts = [e.text for e in G.apply(st, BEA, "announce bura")]
    assert "Ann announces three Aces; Bea announces a Bura." in texts
    assert any("Bea leads the 7 of Hearts, the 8 of Hearts and the 9 of Hearts (a Bura)" in t for t in texts)
    assert G.to_act(st) == (ANN,)
    assert [str(a) for a in G.legal_actions(st, ANN)] == ["answer as ad ac", "claim"]
    G.apply(st, ANN, "answer as ad ac")
    assert last_winner(st) == BEA
    assert G.phase(st) == "scored"  # the hand is over at once
    assert tokens(st) == [19, 21]
    assert G.observe(st, None).score_sheet == [[-1, 1]]
    assert G.to_act(st) == (BEA,)  # the winner deals the next hand
    G.apply(st, BEA, "deal")
    assert G.observe(st, None).status["Dealer"] == "Bea" and tokens(st) == [18, 20]


def test_three_aces_beat_a_molodka_and_play_on_as_a_normal_trick() -> None:
    # Spades trump. Ann (normal leader) has a Molodka in Clubs; Bea has three Aces, one a trump.
    st = new(["6c", "7c", "8c"], ["ah", "ad", "as"], "6s")
    G.apply(st, BEA, "announce aces")
    texts = [e.text for e in G.apply(st, ANN, "announce molodka")]
    assert "Ann announces a Molodka; Bea announces three Aces." in texts
    assert G.to_act(st) == (ANN,)
    G.apply(st, ANN, "answer 6c 7c 8c")
    assert last_winner(st) == BEA
    assert G.phase(st) == "ask" and tokens(st) == [19, 19]  # play goes on; Bea leads next
    assert G.observe(st, None).trick.leader is None
    both_pass(st)
    assert G.to_act(st) == (BEA,)


def test_the_same_special_lead_twice_leaves_the_lead_with_the_normal_leader() -> None:
    st = new(["6c", "7c", "8c"], ["6d", "7d", "8d"], "6s")
    G.apply(st, ANN, "announce molodka")
    texts = [e.text for e in G.apply(st, BEA, "announce molodka")]
    assert any("Ann, who has the lead, keeps it" in t for t in texts)
    assert G.observe(st, None).trick.plays[0].card == "6c"
    G.apply(st, BEA, "answer 6d 7d 8d")
    assert last_winner(st) == ANN


@pytest.mark.parametrize(
    "ann, bea, winner",
    [
        (["6s", "7s", "8s"], ["9s", "js", "qs"], BEA),  # the answering Bura beats all three
        (["9s", "js", "qs"], ["6s", "7s", "8s"], ANN),
        (["6s", "js", "as"], ["7s", "qs", "10s"], ANN),  # the trump Ace cannot be beaten
    ],
)
def test_two_buras(ann: list[str], bea: list[str], winner: int) -> None:
    st = new(ann, bea, "ks")
    G.apply(st, ANN, "announce bura")
    G.apply(st, BEA, "announce bura")
    G.apply(st, BEA, "answer " + " ".join(bea))
    assert last_winner(st) == winner
    assert G.phase(st) == "scored"
    assert tokens(st)[winner] == 21


def test_the_leader_may_lead_three_trumps_without_announcing() -> None:
    st = new(["6s", "7s", "8s"], ["9s", "js", "qs"], "ks")
    both_pass(st)
    G.apply(st, ANN, "lead 6s 7s 8s")
    G.apply(st, BEA, "answer 9s js qs")
    assert last_winner(st) == BEA
    assert G.phase(st) == "ask"  # a plain trick: the hand goes on


# -- claiming 31 --------------------------------------------------------------------------------------


def test_a_claim_with_30_points_pays_the_pot_and_ends_the_hand() -> None:
    # Clubs trump. Ann leads J, K, A of Hearts; Bea's 10 and Queen beat two of them, her 6 beats
    # nothing: Ann takes 2 + 4 + 11 + 10 + 3 + 0 = 30 points.
    st = new(["jh", "kh", "ah"], ["6h", "qh", "10h"], "6c", training=True)
    trick(st, "lead jh kh ah", "answer 6h qh 10h")
    assert last_winner(st) == ANN
    assert G.observe(st, ANN).status["Your points (training)"] == "30"
    assert G.phase(st) == "ask"
    texts = [e.text for e in G.apply(st, ANN, "claim")]
    assert any("only 30 points" in t and "pays 2 tokens" in t and "now holds 4" in t for t in texts)
    assert tokens(st) == [17, 19]
    assert G.observe(st, None).status["Pot"] == "4 tokens"
    assert G.phase(st) == "scored"
    assert G.to_act(st) == (ANN,)  # a void hand: the deal passes from Bea to Ann
    G.apply(st, ANN, "deal")
    assert tokens(st) == [16, 18]
    assert G.observe(st, None).status["Pot"] == "6 tokens"


def test_a_claim_with_31_points_takes_the_pot() -> None:
    # Spades trump. Ann leads J, K, A of Diamonds: Bea's Queen beats the Jack, her plain Ace of
    # Hearts and 6 of Clubs beat nothing: 2 + 4 + 11 + 3 + 11 + 0 = 31 for Ann.
    st = new(["jd", "kd", "ad"], ["qd", "ah", "6c"], "6s")
    trick(st, "lead jd kd ad", "answer qd ah 6c")
    assert last_winner(st) == ANN
    both_pass(st)
    texts = [e.text for e in G.apply(st, ANN, "claim")]
    assert any("31 points" in t and "wins the hand" in t for t in texts)
    assert tokens(st) == [21, 19]
    assert G.observe(st, None).score_sheet == [[1, -1]]


def test_the_responder_may_claim_before_answering() -> None:
    st = new(["jd", "kd", "ad"], ["qd", "ah", "6c"], "6s")
    both_pass(st)
    G.apply(st, ANN, "lead jd")
    assert "claim" in [str(a) for a in G.legal_actions(st, BEA)]
    G.apply(st, BEA, "claim")  # 0 points: wrong
    assert tokens(st) == [19, 17]
    # the led card stays on the table until the next deal: no card is lost
    assert G.observe(st, None).zone("trick").cards == ["jd"]


def test_running_points_are_never_shown_without_training() -> None:
    st = new(["jd", "kd", "ad"], ["qd", "ah", "6c"], "6s")
    trick(st, "lead jd kd ad", "answer qd ah 6c")
    for seat in (None, ANN, BEA):
        obs = G.observe(st, seat)
        assert not any("point" in k.lower() for k in obs.status)
        facts = [v for sv in obs.seats for v in sv.facts.values()] + list(obs.status.values())
        assert "31" not in facts
        assert not any("point" in k for k in obs.extra)
    trained = new(["jd", "kd", "ad"], ["qd", "ah", "6c"], "6s", training=True)
    trick(trained, "lead jd kd ad", "answer qd ah 6c")
    assert G.observe(trained, ANN).status["Your points (training)"] == "31"
    assert G.observe(trained, BEA).status["Your points (training)"] == "0"  # her own, not Ann's
    assert "Your points (training)" not in G.observe(trained, None).status


def test_won_piles_are_face_down_even_to_their_owner() -> None:
    st = new(["jd", "kd", "ad"], ["qd", "ah", "6c"], "6s")
    trick(st, "lead jd kd ad", "answer qd ah 6c")
    # the trick lies face up until the next lead, then goes face down
    assert sorted(G.observe(st, None).zone("last_trick").cards) == sorted(["jd", "kd", "ad", "qd", "ah", "6c"])
    both_pass(st)
    lead = next(a for a in G.legal_actions(st, ANN) if a.verb == "lead")
    G.apply(st, ANN, lead)
    for seat in (ANN, BEA, None):
        pile = G.observe(st, seat).zone("won0")
        assert not pile.visible and pile.cards == [] and pile.count == 6
    assert G.observe(st, None).zone("last_trick").cards == []


# -- drawing ---------------------------------------------------------------------------------------


def _play_out(st, rng: random.Random, prefer: int) -> list[tuple[int, int, int, int]]:
    """Play a hand with no claims and no announcements, leading `prefer` cards when possible.
    Returns (cards left in the stock, cards each still needs, left after, hand size after) per trick."""
    out = []
    while G.phase(st) not in ("final", "scored"):
        if G.phase(st) == "ask":
            both_pass(st)
            continue
        seat = G.to_act(st)[0]
        legal = [a for a in G.legal_actions(st, seat) if a.verb != "claim"]
        if G.phase(st) == "lead":
            best = max(len(a.args) for a in legal if len(a.args) <= prefer)
            legal = [a for a in legal if len(a.args) == best]
            obs = G.observe(st, None)
            left = obs.extra["stock"]
            size = obs.zone("hand0").count
            G.apply(st, seat, rng.choice(legal))
            seat = G.to_act(st)[0]
            G.apply(st, seat, rng.choice([a for a in G.legal_actions(st, seat) if a.verb == "answer"]))
            obs = G.observe(st, None)
            out.append((left, size - len(obs.zone("last_trick").cards) // 2, obs.extra["stock"], obs.zone("hand0").count))
    return out


def test_both_draw_back_to_three_unless_the_stock_falls_short() -> None:
    shortfalls = 0
    for seed in range(12):
        rng = random.Random(seed)
        deck = ALL[:]
        rng.shuffle(deck)
        st = G.new(NAMES, seed=1, deck=deck)
        log = _play_out(st, rng, prefer=3 if seed % 2 else 2)
        for left, kept, left_after, size_after in log:
            need = 3 - kept
            if left >= 2 * need:
                assert (left_after, size_after) == (left - 2 * need, 3)
            else:
                shortfalls += left > 0
                assert (left_after, size_after) == (left, kept)  # nobody draws; the rest is dead
        assert G.phase(st) == "final"
    assert shortfalls >= 3  # the rule was exercised


def test_the_up_card_is_drawn_last_by_the_second_drawer() -> None:
    rng = random.Random(3)
    st = new(["6h", "7h", "8h"], ["6d", "7d", "8d"], "9c")
    texts: list[str] = []
    while G.observe(st, None).zone("up").cards:
        if G.phase(st) == "ask":
            both_pass(st)
        leader = G.to_act(st)[0]
        lead = rng.choice([a for a in G.legal_actions(st, leader) if len(a.args) == 1])
        G.apply(st, leader, lead)
        texts = [e.text for e in G.apply(st, 1 - leader, rng.choice(
            [a for a in G.legal_actions(st, 1 - leader) if a.verb == "answer"]))]
    loser = 1 - last_winner(st)
    assert "9c" in G.observe(st, loser).zone(f"hand{loser}").cards
    assert any(f"{NAMES[loser]} takes the trump card, the 9 of Clubs" in t for t in texts)
    assert G.observe(st, 1 - loser).status["Trump card"] == f"drawn by {NAMES[loser]}"


def test_the_stock_has_one_name_and_one_count_everywhere() -> None:
    """The top line counts the stock zone; the status, the draw lines and the trump card's name
    say the same: the stock is the face-down pile, the turned-up card is 'the trump card'."""
    rng = random.Random(5)
    st = new(["6h", "7h", "8h"], ["6d", "7d", "8d"], "9c")
    while True:
        obs = G.observe(st, 0)
        stock = obs.zone("stock").count
        assert obs.status["Stock"] == (f"{stock} card{'s' * (stock != 1)}" if stock else "none left")
        assert "Up card" not in obs.status
        if obs.zone("up").cards:
            assert obs.status["Trump card"] == "9 of Clubs"
        if G.phase(st) == "ask":
            both_pass(st)
        if G.is_over(st) or G.phase(st) not in ("lead", "ask"):
            break
        leader = G.to_act(st)[0]
        G.apply(st, leader, rng.choice([a for a in G.legal_actions(st, leader) if len(a.args) == 1]))
        events = G.apply(st, 1 - leader, rng.choice(
            [a for a in G.legal_actions(st, 1 - leader) if a.verb == "answer"]))
        for e in events:
            assert "up card" not in e.text
            if e.kind == "draw" and G.observe(st, 0).zone("up").cards:
                left = G.observe(st, 0).zone("stock").count
                assert f"({left} card{'s' * (left != 1)} left in the stock, then the trump card)" in e.text


def test_when_the_cards_run_out_the_last_winner_may_claim_or_the_hand_is_drawn() -> None:
    rng = random.Random(8)
    deck = ALL[:]
    rng.shuffle(deck)
    st = G.new(NAMES, seed=1, deck=deck)
    _play_out(st, rng, prefer=1)
    assert G.phase(st) == "final"
    w = last_winner(st)
    assert G.to_act(st) == (w,)
    assert [str(a) for a in G.legal_actions(st, w)] == ["claim", "pass"]
    # the choice wins the pot or draws: each option says what it does, and none is the default
    seen = G.observe(st, w)
    assert seen.no_default and not G.observe(st, 1 - w).no_default
    assert [a.label for a in seen.legal] == ["Claim 31: right, you take the pot (2); wrong, you pay 2 into it",
                                             "End the hand without a claim: a draw, the pot (2) stays"]
    G.apply(st, w, "pass")
    assert G.phase(st) == "scored" and tokens(st) == [19, 19]
    assert G.observe(st, None).status["Pot"] == "2 tokens"
    dealer = G.observe(st, None).extra["dealer"]
    assert G.to_act(st) == (1 - dealer,)  # a drawn hand: the deal alternates
    G.apply(st, 1 - dealer, "deal")
    assert tokens(st) == [18, 18] and G.observe(st, None).status["Pot"] == "4 tokens"


# -- the end of the game -------------------------------------------------------------------------------


def test_a_player_who_cannot_pay_loses_the_game() -> None:
    st = new(["jh", "kh", "ah"], ["6h", "qh", "10h"], "6c", tokens=3)
    G.apply(st, ANN, "claim")  # 0 points: Ann owes 2 and has exactly 2, then none for an ante
    assert G.is_over(st)
    res = G.result(st)
    assert res.scores == [0, 6] and res.placings == [2, 1]
    st = new(["jh", "kh", "ah"], ["6h", "qh", "10h"], "6c", tokens=1)
    G.apply(st, BEA, "claim")  # Bea owes 2 and has nothing left after the ante
    assert G.is_over(st) and G.result(st).scores == [2, 0]
    with pytest.raises(Exception):
        G.apply(st, ANN, "claim")


def test_max_hands_stops_the_game() -> None:
    st = new(["jd", "kd", "ad"], ["qd", "ah", "6c"], "6s", max_hands=1)
    trick(st, "lead jd kd ad", "answer qd ah 6c")
    both_pass(st)
    G.apply(st, ANN, "claim")
    assert G.is_over(st)
    assert G.result(st).placings == [1, 2] and G.result(st).scores == [21, 19]


def test_bad_options_are_refused() -> None:
    with pytest.raises(BadOptions):
        G.new(NAMES, seed=1, tokens=0)
    with pytest.raises(BadOptions):
        G.new(3, seed=1)


# -- random games against an oracle of the tokens ---------------------------------------------------------


def test_random_games_conserve_tokens_and_end() -> None:
    """Tokens in front of the players plus the pot never change in total, and every game ends
    with the better placing for more tokens."""
    for seed in range(60):
        rng = random.Random(seed)
        st = G.new(NAMES, seed=seed, tokens=5)
        while not G.is_over(st):
            seat = rng.choice(G.to_act(st))
            G.apply(st, seat, rng.choice(G.legal_actions(st, seat)), events=seed % 2 == 0)
            pot = G.observe(st, None).extra["pot"]
            assert sum(tokens(st)) + pot == 10
        res = G.result(st)
        a, b = res.scores
        assert res.placings == ([1, 1] if a == b else [1, 2] if a > b else [2, 1])
