"""Lórum rules: RULES.md section 17, its test cases, our readings, and random full games.

Every game here goes through the public API from a stacked deck. A stacked game is dealt by seat 3
(Dan), one card at a time from his left, so card k of the deck goes to seat k % 4: Ann (seat 0)
gets cards 1, 5, 9 …, and Ann plays first. The `start` option begins the cycle at the hand type
under test, so the stacked deal is that hand; later hands are shuffled from the seed.
"""

from __future__ import annotations

import random

import pytest

import decktable
from decktable.engine.errors import BadOptions, IllegalMove, MalformedAction, NotYourTurn
from decktable.rulesets.lorum.rules import FULL, SLUG, max_train_total

G = decktable.get_game("lorum")
NAMES = ["Ann", "Bea", "Cy", "Dan"]
ANN, BEA, CY, DAN = 0, 1, 2, 3
ALL = [SLUG[c] for c in FULL]


def stack(ann: str, bea: str, cy: str, dan: str) -> list[str]:
    """The deck that deals these four hands (space-separated slugs, eight each)."""
    hands = [h.split() for h in (ann, bea, cy, dan)]
    assert all(len(h) == 8 for h in hands)
    deck = [hands[k % 4][k // 4] for k in range(32)]
    assert sorted(deck) == sorted(ALL), sorted(set(ALL) - set(deck))
    return deck


def new(hands: tuple[str, str, str, str], **opts):
    return G.new(NAMES, seed=7, deck=stack(*hands), **opts)


def chips(st) -> list[int]:
    return [int(s.score) for s in G.observe(st, None).seats]


def pot(st) -> int:
    return G.observe(st, None).extra["pot"]


def run(st, moves: list[tuple[int, str]]) -> list[str]:
    out: list[str] = []
    for seat, text in moves:
        assert G.to_act(st) == (seat,), (text, G.to_act(st))
        out += [e.text for e in G.apply(st, seat, text)]
    return out


# A deal where Ann, Bea and Cy all take hearts and Dan takes none (and no trick):
#  1. Ann leads ac; Bea and Cy have no clubs and throw 7h and 8h; Dan follows 7c: Ann wins 2 hearts.
#  2. Ann leads 7d; Bea wins with ad; Cy throws 9h; Dan follows 8d: Bea wins 1 heart.
#  3. Bea leads 7s; Cy wins with as; Dan follows 8s; Ann throws 10h.
#  4-8. Cy leads his spades and wins everything else, the four high hearts among it.
SPREAD = (
    "ac kc qc jc 10c 9c 7d 10h",
    "7h ad 7s jh qh kh ah 9d",
    "8h 9h as ks qs js 10s 9s",
    "7c 8c 8d 10d jd qd kd 8s",
)
SPREAD_PLAY = [
    (ANN, "play ac"), (BEA, "play 7h"), (CY, "play 8h"), (DAN, "play 7c"),
    (ANN, "play 7d"), (BEA, "play ad"), (CY, "play 9h"), (DAN, "play 8d"),
    (BEA, "play 7s"), (CY, "play as"), (DAN, "play 8s"), (ANN, "play 10h"),
    (CY, "play ks"), (DAN, "play kd"), (ANN, "play kc"), (BEA, "play jh"),
    (CY, "play qs"), (DAN, "play qd"), (ANN, "play qc"), (BEA, "play qh"),
    (CY, "play js"), (DAN, "play jd"), (ANN, "play jc"), (BEA, "play kh"),
    (CY, "play 10s"), (DAN, "play 10d"), (ANN, "play 10c"), (BEA, "play ah"),
    (CY, "play 9s"), (DAN, "play 8c"), (ANN, "play 9c"), (BEA, "play 9d"),
]


# -- No hearts -------------------------------------------------------------------------------------


def test_no_hearts_one_player_takes_none_and_receives_eight():
    st = new(SPREAD)
    assert G.phase(st) == "no_hearts"
    texts = run(st, SPREAD_PLAY)
    assert chips(st) == [98, 99, 95, 108]
    assert pot(st) == 0
    assert any("Dan took none and is paid by the others (8 chips)" in t for t in texts)
    assert G.observe(st, None).score_sheet == [[-2, -1, -5, 8]]
    assert G.phase(st) == "scored"


def test_no_hearts_one_player_takes_all_eight_and_receives_24():
    # Ann holds only hearts, so she may lead one to the first trick (gap 3); nobody can follow
    st = new((
        "7h 8h 9h 10h jh qh kh ah",
        "7s 8s 9s 10s 7d 8d 9d 10d",
        "js qs ks as jd qd kd ad",
        "7c 8c 9c 10c jc qc kc ac",
    ))
    assert [a.text for a in G.observe(st, ANN).legal][0] == "play 7h"
    others = {BEA: ["7s", "8s", "9s", "10s", "7d", "8d", "9d", "10d"],
              CY: ["js", "qs", "ks", "as", "jd", "qd", "kd", "ad"],
              DAN: ["7c", "8c", "9c", "10c", "jc", "qc", "kc", "ac"]}
    for i, h in enumerate(["ah", "kh", "qh", "jh", "10h", "9h", "8h", "7h"]):
        run(st, [(ANN, f"play {h}")] + [(s, f"play {others[s][i]}") for s in (BEA, CY, DAN)])
    assert chips(st) == [124, 92, 92, 92]
    assert pot(st) == 0


def test_no_heart_lead_to_the_first_trick_while_holding_another_suit():
    st = new(SPREAD)
    before = st.snapshot()
    with pytest.raises(IllegalMove) as err:
        G.apply(st, ANN, "play 10h")
    assert "No heart may be led to the first trick" in str(err.value)
    assert st.snapshot() == before
    assert "play 10h" not in [a.text for a in G.observe(st, ANN).legal]


def test_follow_suit_is_enforced_with_a_reason():
    st = new(SPREAD)
    run(st, [(ANN, "play ac"), (BEA, "play 7h"), (CY, "play 8h")])
    before = st.snapshot()
    with pytest.raises(IllegalMove) as err:  # Dan holds clubs
        G.apply(st, DAN, "play 8d")
    assert st.snapshot() == before
    assert "You must follow suit: you hold clubs." in str(err.value)
    with pytest.raises(NotYourTurn):
        G.apply(st, ANN, "play kc")
    with pytest.raises(IllegalMove) as err2:
        G.apply(st, DAN, "play ac")
    assert "You do not hold the Ace of Clubs" in str(err2.value)
    with pytest.raises(MalformedAction):
        G.apply(st, DAN, "play 7c extra")
    with pytest.raises(IllegalMove):
        G.apply(st, DAN, "pick 1")  # slots only in the Hairy Ape


# -- Queens ----------------------------------------------------------------------------------------


def test_queens_one_player_takes_all_four_and_receives_30():
    st = new(SPREAD, start="queens")
    assert G.phase(st) == "queens"
    run(st, SPREAD_PLAY)  # Cy takes qs (his own), qd, qc and qh in tricks 4-8
    assert chips(st) == [90, 90, 130, 90]


def test_queens_two_players_take_none_and_get_five_each():
    st = new(SPREAD, start="queens")
    play = list(SPREAD_PLAY)
    # Ann leads her own Queen of Clubs to the first trick instead of the Ace, and keeps the Ace
    play[0] = (ANN, "play qc")
    play[18] = (ANN, "play ac")
    run(st, play)
    # Ann took the Queen of Clubs (1), Cy the other three (2 + 3 + 4 = 9); Bea and Dan none
    assert chips(st) == [99, 105, 91, 105]
    assert G.observe(st, None).seats[CY].facts["Queens (value)"] == "9"


def test_queens_stop_early_once_all_four_are_taken():
    st = new(SPREAD, start="queens", stop_early=True)
    texts = run(st, SPREAD_PLAY[:20])  # all four queens fall in trick 5
    assert G.phase(st) == "scored"
    assert any("All four queens are taken" in t for t in texts)
    assert chips(st) == [90, 90, 130, 90]


# -- No tricks -------------------------------------------------------------------------------------


def test_no_tricks_pays_one_a_trick_like_no_hearts():
    st = new(SPREAD, start="no_tricks")
    run(st, SPREAD_PLAY)
    # tricks: Ann 1, Bea 1, Cy 6, Dan 0 -> Dan is paid 8
    assert chips(st) == [99, 99, 94, 108]


# -- the payment table, every row, by an independent oracle ------------------------------------------


def oracle(units: list[int]) -> tuple[list[int], int]:
    total = sum(units)
    takers = sum(1 for u in units if u)
    if takers == 4:
        return [-u for u in units], total
    if takers == 3:
        return [(-u if u else total) for u in units], 0
    if takers == 2:
        return [(-u if u else total // 2) for u in units], 0
    return [(3 * total if u else -total) for u in units], 0


def test_random_games_pay_by_the_tables_and_keep_every_chip():
    """Full random games: every hand's chip changes and pot are recomputed from what the public
    observation shows (captures, cards left, the Train total) by an oracle written here."""
    queen = {"qh": 4, "qd": 3, "qs": 2, "qc": 1}
    value = {"a": 11, "k": 4, "q": 3, "j": 2, "10": 1}
    seen_rows = set()
    for seed in range(12):
        rng = random.Random(seed)
        st = G.new(NAMES, seed=seed, train_thresholds="21-42-63-84" if seed % 3 == 0 else "25-50-75-100")
        while not G.is_over(st):
            obs = G.observe(st, None)
            before, pot_before, kind = chips(st), obs.extra["pot"], obs.extra["type"]
            train_before = obs.extra.get("total", 0)
            seat = G.to_act(st)[0]
            G.apply(st, seat, rng.choice(G.legal_actions(st, seat)), events=False)
            after = G.observe(st, None)
            assert sum(chips(st)) + after.extra["pot"] == 400
            if obs.phase == "scored":  # a deal: nothing is paid
                assert chips(st) == before
                continue
            if G.phase(st) != "scored" and not G.is_over(st):
                if kind == "train":
                    paid = [b - a for a, b in zip(chips(st), before)]
                    cut = (21, 42, 63, 84) if seed % 3 == 0 else (25, 50, 75, 100)
                    total = after.extra["total"]
                    fee = sum(i + 1 for i, t in enumerate(cut) if train_before < t <= total)
                    assert paid[seat] == fee and after.extra["pot"] == pot_before + fee
                continue
            delta = [a - b for a, b in zip(chips(st), before)]
            won = [after.zone(f"won{s}").cards for s in range(4)]
            left = [after.zone(f"hand{s}").count for s in range(4)]
            if kind in ("no_hearts", "queens", "no_tricks"):
                if kind == "no_hearts":
                    units = [sum(1 for c in w if c.endswith("h")) for w in won]
                elif kind == "queens":
                    units = [sum(queen.get(c, 0) for c in w) for w in won]
                else:
                    units = [int(after.seats[s].facts["Tricks"]) for s in range(4)]
                want, into = oracle(units)
                seen_rows.add(sum(1 for u in units if u))
                assert delta == want, (kind, units, delta)
                assert after.extra["pot"] == pot_before + into
            elif kind == "hairy_ape":
                taker = [s for s in range(4) if "kh" in won[s]]
                assert len(taker) == 1
                assert delta == [-4 if s == taker[0] else 0 for s in range(4)]
                assert after.extra["pot"] == pot_before + 4
            elif kind == "quart":
                out = [s for s in range(4) if left[s] == 0]
                assert len(out) == 1
                assert delta == [sum(left) if s == out[0] else -left[s] for s in range(4)]
            elif kind == "domino":
                out = [s for s in range(4) if left[s] == 0]
                assert len(out) == 1
                assert delta == [pot_before + sum(left) if s == out[0] else -left[s] for s in range(4)]
                assert after.extra["pot"] == 0
            elif kind == "train":
                assert sum(value.get(c[:-1], 0) for c in after.zone("pile").cards) == 84
        res = G.result(st)
        assert res is not None and len(res.placings) == 4
        assert G.observe(st, None).extra["pot"] == 0  # every cycle ends with Domino
        assert len(G.observe(st, None).score_sheet) == 28
        best = max(res.scores)
        assert res.placings == [1 + sum(1 for x in res.scores if x > s) for s in res.scores]
        assert [i for i, s in enumerate(res.scores) if s == best] == res.winners
    assert {1, 2, 3, 4} & seen_rows


# -- Hairy Ape ---------------------------------------------------------------------------------------


APE = (
    "7s 8s 9c 10c jc qc kc ac",
    "7h 9s qd kd ad 10h jh qh",
    "7d kh as ks qs js 10s 9h",
    "7c 8c 8d 9d 10d jd ah 8h",
)


def test_hairy_ape_shows_the_other_hands_and_never_your_own():
    st = new(APE, start="hairy_ape")
    assert G.phase(st) == "hairy_ape"
    obs = G.observe(st, ANN)
    assert not obs.zone("hand0").visible and obs.zone("hand0").cards == [] and obs.zone("hand0").count == 8
    # the others' cards in the order they are held (the deal's order: the slots are not sorted)
    assert obs.zone("hand1").cards == "7h 9s qd kd ad 10h jh qh".split()
    assert obs.zone("hand2").visible and obs.zone("hand3").visible
    assert [a.text for a in obs.legal] == [f"pick {k}" for k in range(1, 9)]
    assert obs.legal[2].label == "Play the card in slot 3"
    assert obs.legal[0].card is None
    # a spectator sees no hand at all
    assert not any(G.observe(st, None).zone(f"hand{s}").visible for s in range(4))
    # naming a card is refused without telling whether you hold it
    for text in ("play 7s", "play ah"):
        with pytest.raises(IllegalMove) as err:
            G.apply(st, ANN, text)
        assert "you cannot see your own cards" in str(err.value)
    with pytest.raises(IllegalMove):
        G.apply(st, ANN, "pick 9")


def test_hairy_ape_nobody_follows_then_a_follower_takes_the_king():
    st = new(APE, start="hairy_ape")
    # trick 1: Ann's slot 1 is the 7s; nobody follows spades -> everyone takes back their own card
    texts = run(st, [(ANN, "pick 1"), (BEA, "pick 1"), (CY, "pick 1"), (DAN, "pick 1")])
    assert "Ann plays the card in slot 1: the 7 of Spades." in texts
    assert any("Nobody followed spades" in t and "Ann leads again" in t for t in texts)
    obs = G.observe(st, None)
    assert [obs.zone(f"won{s}").cards for s in range(4)] == [["7s"], ["7h"], ["7d"], ["7c"]]
    assert G.to_act(st) == (ANN,)
    # trick 2: Ann 8s, Bea 9s (follows), Cy kh, Dan 8c -> Bea's 9s wins and she captures the King
    texts = run(st, [(ANN, "pick 1"), (BEA, "pick 1"), (CY, "pick 1"), (DAN, "pick 1")])
    assert any("Bea wins the trick with the 9 of Spades" in t for t in texts)
    assert any("Bea captures the King of Hearts and pays 4 chips into the pot" in t for t in texts)
    assert chips(st) == [100, 96, 100, 100] and pot(st) == 4
    assert G.phase(st) == "scored"  # the hand stops at once
    assert [G.observe(st, None).zone(f"hand{s}").count for s in range(4)] == [6, 6, 6, 6]
    assert G.to_act(st) == (DAN,)  # Dan's next hand: Train
    assert [a.text for a in G.observe(st, DAN).legal] == ["deal"]
    G.apply(st, DAN, "deal")
    assert G.phase(st) == "train" and pot(st) == 4
    assert G.observe(st, ANN).zone("hand0").visible  # your own hand is yours again


def test_hairy_ape_king_back_to_its_holder_counts_as_captured():
    st = new((
        "7s 8s 9c 10c jc qc kc ac",
        "7h 9s qd kd ad 10h jh qh",
        "kh 7d as ks qs js 10s 9h",
        "7c 8c 8d 9d 10d jd ah 8h",
    ), start="hairy_ape")
    texts = run(st, [(ANN, "pick 1"), (BEA, "pick 1"), (CY, "pick 1"), (DAN, "pick 1")])
    assert any("Cy captures the King of Hearts" in t for t in texts)
    assert chips(st) == [100, 100, 96, 100] and pot(st) == 4


def test_hairy_ape_open_variant_is_an_ordinary_trick_hand():
    st = new(APE, start="hairy_ape", hairy_ape_open=True)
    obs = G.observe(st, ANN)
    assert obs.zone("hand0").visible and not obs.zone("hand1").visible
    assert "play 7s" in [a.text for a in obs.legal]
    run(st, [(ANN, "play 9c"), (BEA, "play 7h"), (CY, "play kh")])
    with pytest.raises(IllegalMove) as err:
        G.apply(st, DAN, "play ah")
    assert "You must follow suit: you hold clubs." in str(err.value)
    run(st, [(DAN, "play 8c")])
    assert chips(st) == [96, 100, 100, 100] and G.phase(st) == "scored"


# -- Train -----------------------------------------------------------------------------------------


def test_train_maximum_is_84_so_the_100_threshold_never_pays():
    values = {14: 11, 13: 4, 12: 3, 11: 2, 10: 1}
    ranks = [int(s[:-1]) if s[:-1].isdigit() else {"j": 11, "q": 12, "k": 13, "a": 14}[s[:-1]] for s in ALL]
    assert sum(values.get(r, 0) for r in ranks) == 84 == max_train_total()
    assert max_train_total() < 100


TRAIN = (
    "ah ac 7s 8s 9s 10s 7h 8h",
    "as kh kc 9h 10h jh qh js",
    "ad kd qd jd 10d 9d 8d 7d",
    "ks qs qc jc 10c 9c 8c 7c",
)


def test_train_running_total_and_thresholds():
    st = new(TRAIN, start="train")
    assert G.observe(st, ANN).status["Next threshold"] == "25 (pays 1 chip)"
    texts = run(st, [(ANN, "play ah"), (BEA, "play as"), (CY, "play ad")])
    assert texts[-1] == ("Cy plays the Ace of Diamonds (11): the total is 33, reaching 25, so Cy pays "
                         "1 chip into the pot (the pot holds 1).")
    obs = G.observe(st, DAN)
    assert obs.status["Running total"] == "33" and obs.status["Next threshold"] == "50 (pays 2 chips)"
    assert "Play the 7 of Clubs (0: total 33)" in [a.label for a in obs.legal]
    assert "Play the Queen of Spades (3: total 36)" in [a.label for a in obs.legal]
    run(st, [(DAN, "play ks"), (ANN, "play ac")])  # 37, 48
    run(st, [(BEA, "play kh")])  # 52: Bea pays 2
    assert chips(st) == [100, 98, 99, 100] and pot(st) == 3
    # play the rest out: the last threshold reached is 75 (3 chips); the total ends at 84
    order = {ANN: "7s 8s 9s 10s 7h 8h", BEA: "kc 9h 10h jh qh js", CY: "kd qd jd 10d 9d 8d 7d",
             DAN: "qs qc jc 10c 9c 8c 7c"}
    left = {s: v.split() for s, v in order.items()}
    seat = CY
    while G.phase(st) == "train":
        texts = run(st, [(seat, f"play {left[seat].pop(0)}")])
        seat = (seat + 1) % 4
    assert any("The Train is over at a total of 84" in t for t in texts)
    assert pot(st) == 6 and sum(chips(st)) == 394


def test_train_reachable_thresholds_pay_four_at_84():
    st = new(TRAIN, start="train", train_thresholds="21-42-63-84")
    rng = random.Random(1)
    while G.phase(st) == "train":
        seat = G.to_act(st)[0]
        G.apply(st, seat, rng.choice(G.legal_actions(st, seat)))
    assert pot(st) == 1 + 2 + 3 + 4


# -- Quart -----------------------------------------------------------------------------------------


QUART = (
    "kh 9h 7s 8s 9s 10s js qs",
    "ah 7d 8d 9d 10d jd qd kd",
    "7h ks as ad 7c 8c 9c 10c",
    "8h 10h jh qh jc qc kc ac",
)


def test_quart_sequence_wraps_from_ace_to_seven_and_stops_after_four():
    st = new(QUART, start="quart")
    evs = G.apply(st, ANN, "play kh")
    texts = [e.text for e in evs]
    assert texts[:4] == [
        "Ann starts a sequence with the King of Hearts.",
        "Bea holds the Ace of Hearts and must play it.",
        "Cy holds the 7 of Hearts and must play it.",
        "Dan holds the 8 of Hearts and must play it.",
    ]
    assert [e.kind for e in evs[1:4]] == ["forced"] * 3
    assert "four cards are down" in texts[4]
    assert G.observe(st, None).zone("table").cards == ["kh", "ah", "7h", "8h"]
    assert G.to_act(st) == (DAN,)  # the last to play starts the next sequence, with any card
    assert len(G.observe(st, DAN).legal) == 7


def test_quart_stops_at_a_played_card_and_pays_the_first_out():
    st = new(QUART, start="quart")
    run(st, [(ANN, "play kh")])  # K A 7 8 of hearts; Dan starts
    texts = run(st, [(DAN, "play 10h")])  # J Q of hearts are Dan's own; K is played: stop
    assert texts[1:3] == ["Dan holds the Jack of Hearts and must play it.",
                          "Dan holds the Queen of Hearts and must play it."]
    assert "the King of Hearts is already played" in texts[3]
    # Dan: jc qc kc ac left; the Jack of Clubs runs Q K A of clubs (all Dan's): four, Dan again
    texts = run(st, [(DAN, "play jc")])  # Q K A of clubs are Dan's too: his hand empties
    assert texts[-1].startswith("Dan is out of cards first")
    # Dan is paid a chip for every card the others hold
    assert G.phase(st) == "scored"
    left = [G.observe(st, None).zone(f"hand{s}").count for s in range(4)]
    assert left == [7, 7, 7, 0]
    assert chips(st) == [93, 93, 93, 121]


# -- Domino ----------------------------------------------------------------------------------------


DOMINO = (
    "10h 7s 8s 9s 10s js qs ks",
    "9h as 7d 8d 9d 10d jd qd",
    "jh kd ad 7c 8c 9c 10c jc",
    "7h 8h qh kh ah qc kc ac",
)


def test_domino_rows_base_rank_passes_and_the_pot():
    st = new(DOMINO, start="domino")
    run(st, [(ANN, "play 10h")])
    obs = G.observe(st, BEA)
    assert obs.status["Base rank"] == "10"
    assert obs.zone("row1").cards == ["10h"]
    assert sorted(a.text for a in obs.legal) == ["play 10d", "play 9h"]
    with pytest.raises(IllegalMove) as err:
        G.apply(st, BEA, "play 8d")
    assert "There is no Diamonds row yet" in str(err.value)
    run(st, [(BEA, "play 9h"), (CY, "play jh"), (DAN, "play 8h")])
    with pytest.raises(IllegalMove) as err:
        G.apply(st, ANN, "play 7s")
    assert "There is no Spades row yet" in str(err.value)
    run(st, [(ANN, "play 10s"), (BEA, "play 10d"), (CY, "play 10c")])
    assert G.observe(st, None).zone("row1").cards == ["8h", "9h", "10h", "jh"]
    # Dan: 7h qh (fit hearts); he lays qh; Ann js; Bea 9d; Cy 9c; Dan kh; Ann 9s; ...
    texts = run(st, [(DAN, "play qh"), (ANN, "play js"), (BEA, "play 9d"), (CY, "play jc")])
    with pytest.raises(IllegalMove) as err:
        G.apply(st, DAN, "play ac")
    assert "the Clubs row runs 10 to Jack, so it takes the 9 or the Queen" in str(err.value)
    texts = run(st, [(DAN, "play kh"), (ANN, "play qs"), (BEA, "play 8d"), (CY, "play 9c"),
                     (DAN, "play qc"), (ANN, "play ks"), (BEA, "play 7d"), (CY, "play 8c"),
                     (DAN, "play ah"), (ANN, "play 9s"), (BEA, "play as"), (CY, "play 7c"),
                     (DAN, "play kc"), (ANN, "play 8s")])
    # Cy holds only the King and Ace of Diamonds; the Diamonds row runs 7 to Jack after Bea's
    # Jack, so he cannot play and is passed over automatically
    texts = run(st, [(BEA, "play jd")])
    assert texts[-1] == "Cy cannot play and passes."
    assert G.to_act(st) == (DAN,)
    rng = random.Random(4)
    passes = 1
    while G.phase(st) == "domino":
        seat = G.to_act(st)[0]
        texts = [e.text for e in G.apply(st, seat, rng.choice(G.legal_actions(st, seat)))]
        passes += sum("cannot play and passes" in t for t in texts)
    obs = G.observe(st, None)
    left = [obs.zone(f"hand{s}").count for s in range(4)]
    out = left.index(0)
    assert chips(st)[out] == 100 + sum(left)
    assert obs.extra["pot"] == 0
    assert passes > 0
    assert any("takes the whole pot" in t for t in texts)


# -- the game's shape ------------------------------------------------------------------------------


def test_28_hands_seven_types_per_dealer_in_order():
    st = G.new(NAMES, seed=3)
    rng = random.Random(0)
    seen: list[tuple[str, int]] = []
    while not G.is_over(st):
        obs = G.observe(st, None)
        if obs.phase != "scored" and (not seen or seen[-1][0] != obs.extra["hand"]):
            seen.append((obs.extra["hand"], obs.extra["type"], obs.extra["dealer"]))
        seat = G.to_act(st)[0]
        G.apply(st, seat, rng.choice(G.legal_actions(st, seat)), events=False)
    assert [h for h, _, _ in seen] == list(range(1, 29))
    types = ["no_hearts", "queens", "no_tricks", "hairy_ape", "train", "quart", "domino"]
    assert [t for _, t, _ in seen] == types * 4
    dealers = [d for _, _, d in seen]
    assert all(dealers[i] == (dealers[0] + i // 7) % 4 for i in range(28))


def test_short_game_options():
    st = G.new(NAMES, seed=1, rounds=1, start="domino")
    assert G.observe(st, None).extra["hands"] == 1
    st = G.new(NAMES, seed=1, rounds=2, start="train")
    assert G.observe(st, None).extra["hands"] == 6
    with pytest.raises(BadOptions):
        G.new(NAMES, seed=1, rounds=5)
    with pytest.raises(BadOptions):
        G.new(NAMES, seed=1, start="hearts")
    with pytest.raises(BadOptions):
        G.new(["Ann", "Bea", "Cy"], seed=1)


def test_name_is_found_without_its_accent():
    assert decktable.get_game("Lorum") is G and decktable.get_game("Lórum") is G
    assert G.info.name == "Lórum" and G.info.family == "french" and G.info.layout.value == "trick"


def test_notation_and_labels():
    st = new(SPREAD)
    for a in G.legal_actions(st, ANN):
        assert G.parse(str(a)) == a
    assert G.label(st, G.parse("play ac")) == "Lead the Ace of Clubs"
    assert G.parse("play ace of clubs") == G.parse("play ac")


@pytest.mark.parametrize("rank, words", [("a", "an Ace"), ("8", "an 8"), ("7", "a 7")])
def test_domino_names_the_base_rank_with_its_article(rank: str, words: str) -> None:
    """The prompt and the refusal once the first card set the base rank: "an Ace", "an 8"."""
    for seed in range(200):  # the first deal whose first player holds a card of that rank
        st = G.new(NAMES, seed=seed, start="domino")
        (first,) = G.to_act(st)
        card = next((a.text for a in G.observe(st, first).legal if a.text.split()[1][:-1] == rank), None)
        if card is not None:
            break
    else:
        raise AssertionError(f"no deal of 200 gives the first player a rank {rank}")
    G.apply(st, first, card)
    (nxt,) = G.to_act(st)
    obs = G.observe(st, nxt)
    assert f"or {words} to start a new row" in obs.prompt
    suit = card[-1]
    other = next((c for c in G.observe(st, nxt).zone(f"hand{nxt}").cards
                  if c[-1] != suit and c[:-1] != rank), None)
    assert other is not None  # eight cards, not all of one suit and the base rank
    with pytest.raises(IllegalMove) as err:
        G.apply(st, nxt, f"play {other}")
    assert f"it can only be started with {words}, the base rank" in str(err.value)


@pytest.mark.parametrize("start", ["train", "quart", "domino"])
def test_hands_with_no_tricks_have_no_trick_area(start: str) -> None:
    """The table shows a trick area only where the hand is played in tricks (issue 33): the
    observation has no trick in the Train, Quart and Domino; the hands of tricks have one."""
    st = G.new(NAMES, seed=3, start=start)
    assert G.observe(st, None).trick is None and G.observe(st, 0).trick is None
    st = G.new(NAMES, seed=3, start="no_hearts")
    assert G.observe(st, 0).trick is not None
