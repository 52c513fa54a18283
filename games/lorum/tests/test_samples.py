"""What a Lórum bot's samples keep of what everyone saw: a player who did not follow the suit led
in a trick hand holds none of it, and one who passed in Domino holds no card the rows would then
have taken; in the Hairy Ape held facing out nobody must follow, so nothing is learnt. Reached by
play from test_rules' stacked deals."""

from __future__ import annotations

from decktable.rulesets.lorum.rules import FULL, SLUG
from decktable.testing import sampled_hands

from .test_rules import ANN, APE, BEA, CY, DAN, DOMINO, G, SPREAD, new, run

ID = {SLUG[c]: c for c in FULL}
RANKS = ["7", "8", "9", "10", "j", "q", "k", "a"]


def samples(st, seat: int, n: int = 300) -> list[list[set[str]]]:
    return sampled_hands(G, st, seat, n, seed=9)


def test_a_player_who_did_not_follow_holds_none_of_the_suit() -> None:
    """No hearts: Ann leads the Ace of clubs, Bea and Cy throw hearts. In Dan's samples neither
    holds a club, so the five clubs he cannot see are all Ann's; before they answered, some
    samples gave them clubs."""
    st = new(SPREAD, start="no_hearts")
    run(st, [(ANN, "play ac")])
    assert any(any(c.endswith("c") for c in hands[BEA]) for hands in samples(st, DAN))
    run(st, [(BEA, "play 7h"), (CY, "play 8h")])
    for hands in samples(st, DAN):
        assert not any(c.endswith("c") for c in hands[BEA] | hands[CY])
        assert {"kc", "qc", "jc", "10c", "9c"} <= hands[ANN]


def _fitting(st) -> set[str]:
    """The cards the Domino rows take now, worked out from what the table shows: each row's next
    card down and up, and the base rank in a suit with no row."""
    obs = G.observe(st, None)
    base = obs.status["Base rank"].lower().replace("jack", "j").replace("queen", "q").replace("king", "k")
    base = base.replace("ace", "a")
    out = set()
    for s, suit in enumerate("shdc"):
        row = obs.zone(f"row{s}").cards
        if not row:
            out.add(base + suit)
            continue
        lo, hi = RANKS.index(row[0][:-1]) - 1, RANKS.index(row[-1][:-1]) + 1
        out |= {RANKS[i] + suit for i in (lo, hi) if 0 <= i < len(RANKS)}
    return out


def test_a_domino_pass_shows_no_card_the_rows_would_take() -> None:
    """test_rules' Domino game up to Cy's pass (he holds only the King and Ace of diamonds): in
    Dan's samples Cy holds none of the cards the rows took at that moment."""
    st = new(DOMINO, start="domino")
    run(st, [(ANN, "play 10h"), (BEA, "play 9h"), (CY, "play jh"), (DAN, "play 8h"),
             (ANN, "play 10s"), (BEA, "play 10d"), (CY, "play 10c"),
             (DAN, "play qh"), (ANN, "play js"), (BEA, "play 9d"), (CY, "play jc"),
             (DAN, "play kh"), (ANN, "play qs"), (BEA, "play 8d"), (CY, "play 9c"),
             (DAN, "play qc"), (ANN, "play ks"), (BEA, "play 7d"), (CY, "play 8c"),
             (DAN, "play ah"), (ANN, "play 9s"), (BEA, "play as"), (CY, "play 7c"),
             (DAN, "play kc"), (ANN, "play 8s")])
    texts = run(st, [(BEA, "play jd")])
    assert texts[-1] == "Cy cannot play and passes."
    fitting = _fitting(st)
    assert fitting and "qd" in fitting
    for hands in samples(st, DAN):
        assert not fitting & hands[CY]
        assert hands[CY] == {"kd", "ad"}  # all that is left him: Ann's 7s and Bea's Queen both fit


def test_the_hairy_ape_held_facing_out_shows_nothing_and_held_open_does() -> None:
    """Facing out nobody knows their own cards, so not following tells nothing; in the open
    variant Dan throwing a club on spades shows he has none, and Bea's samples keep it."""
    st = new(APE, start="hairy_ape")
    run(st, [(ANN, "pick 1"), (BEA, "pick 1"), (CY, "pick 1"), (DAN, "pick 1")])  # nobody follows the 7s
    assert st.barred == [0, 0, 0, 0]
    st = new(APE, start="hairy_ape", hairy_ape_open=True)
    run(st, [(ANN, "play 7s"), (BEA, "play 9s"), (CY, "play as")])
    assert any(any(c.endswith("s") for c in hands[DAN]) for hands in samples(st, BEA))
    run(st, [(DAN, "play 7c")])
    assert not any(any(c.endswith("s") for c in hands[DAN]) for hands in samples(st, BEA))


def test_a_heart_opening_no_hearts_shows_a_hand_of_hearts() -> None:
    """A heart may open No hearts only from a hand of nothing else: once Ann leads one, Bea's
    samples give Ann the seven hearts Bea cannot see, and nothing more."""
    st = new((
        "7h 8h 9h 10h jh qh kh ah",
        "7s 8s 9s 10s js qs ks as",
        "7d 8d 9d 10d jd qd kd ad",
        "7c 8c 9c 10c jc qc kc ac",
    ), start="no_hearts")
    hearts = {r + "h" for r in RANKS}
    assert any(hands[ANN] != hearts for hands in samples(st, BEA, 50))  # before the lead: any eight
    run(st, [(ANN, "play 7h")])
    for hands in samples(st, BEA, 100):
        assert hands[ANN] == {"8h", "9h", "10h", "jh", "qh", "kh", "ah"}


def test_what_play_rules_out_is_never_held_in_random_games() -> None:
    """Soundness, over 20 random games (every hand type): after each move, no player holds a card
    its plays and passes were taken to rule out. A wrong inference would send the bots' samples
    away from the real deal for good."""
    import random

    for seed in range(20):
        st = G.new(4, seed=seed)
        r = random.Random(seed)
        while not st.over:
            s = r.choice(G.to_act(st))
            G.apply(st, s, r.choice(G.legal_actions(st, s)), events=False)
            for p in range(4):
                assert not any(st.barred[p] >> c & 1 for c in st.hands[p]), (seed, p)
