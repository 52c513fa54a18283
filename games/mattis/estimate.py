"""What the second phase is worth to each seat, judged from the cards it begins with.

A search started in the first phase looks no further than its end (`Mattis.horizon`): a random
playout of the second phase runs a hundred moves and more (twice the first phase at three
players, eight times at eight) and tells the search only how random shedding ends. This table
tells it the same thing without the moves: each seat's expected placing in a random second phase
(first out 1, the mattis 0), as a linear sum over the cards it will hold (each rank, trump or
not), whether it makes trump (it leads) and whether it is blåmattis, centred on the table's mean.
The weights are fitted, one set per number of players, by least squares over random first
phases, each judged by random second phases played from its end: `python -m
decktable.rulesets.mattis.estimate` fits them again and prints the table below (numpy, as the
fit alone needs it).

Read from the weights: low plain cards cost the most, high plain cards and trumps little or
nothing, and at three or four players a trump is worth having. The table is judged in
`tests/test_estimate.py` against random second phases of deals the fit never saw.
"""

from __future__ import annotations

import random
from typing import Any

#: per number of players: making trump, blåmattis, then the thirteen plain ranks (2 to Ace) and
#: the thirteen trump ranks, each a card's worth to its holder in a random second phase (the
#: fit's output: 1,500 first phases a table, each judged by 60 second phases)
WEIGHTS: dict[int, tuple[float, ...]] = {
    3: (
        0.0125, -0.0,
        -0.0878, -0.0452, -0.0412, -0.0329, -0.0291, -0.0238, -0.0211, -0.0154, -0.0124, -0.0119, -0.0031, -0.0037, 0.0059,
        0.0065, 0.0032, 0.0075, 0.0057, 0.0052, 0.005, 0.007, 0.0116, 0.0068, 0.0068, 0.0124, 0.0117, 0.0131,
    ),
    4: (
        0.0353, 0.1325,
        -0.0761, -0.0512, -0.0397, -0.0362, -0.0324, -0.0265, -0.0226, -0.0188, -0.0153, -0.0136, -0.0115, -0.0054, -0.0005,
        0.0001, 0.0086, 0.0013, 0.0053, -0.0032, -0.0021, 0.0075, 0.0015, 0.0082, 0.0066, 0.0068, 0.0063, 0.0125,
    ),
    5: (
        0.0461, 0.1557,
        -0.069, -0.045, -0.039, -0.035, -0.0296, -0.029, -0.0252, -0.0193, -0.0178, -0.0176, -0.0116, -0.009, -0.0054,
        -0.0053, -0.004, -0.0015, 0.0031, 0.001, -0.001, 0.0001, 0.0026, 0.0031, 0.0045, -0.0012, 0.0116, 0.005,
    ),
    6: (
        0.0812, 0.1494,
        -0.0598, -0.0454, -0.045, -0.0395, -0.0347, -0.0301, -0.0288, -0.0268, -0.0222, -0.0187, -0.0155, -0.0121, -0.0098,
        -0.0002, -0.0057, -0.0058, -0.0067, -0.0044, 0.0065, 0.0001, 0.0021, -0.002, 0.0009, -0.0028, -0.0002, 0.0036,
    ),
    7: (
        0.0733, 0.1465,
        -0.0555, -0.0473, -0.0404, -0.0365, -0.0348, -0.0345, -0.0274, -0.0267, -0.0232, -0.0195, -0.0176, -0.0203, -0.01,
        -0.0148, -0.007, -0.0049, -0.0117, -0.0021, -0.0025, -0.0073, 0.0024, -0.0015, -0.0049, -0.001, 0.0016, -0.0045,
    ),
    8: (
        0.1164, 0.0931,
        -0.0616, -0.0474, -0.0417, -0.0375, -0.0361, -0.0352, -0.0335, -0.0321, -0.0286, -0.0222, -0.024, -0.0216, -0.0152,
        -0.012, -0.0078, -0.0221, -0.0105, -0.0068, -0.013, -0.0104, 0.0002, -0.0046, -0.0034, -0.0016, 0.0012, 0.0021,
    ),
}


def worths(state: Any) -> list[float]:
    """Each seat's expected placing value (0..1, summing to half the table, as placings do) from
    the cards each will hold in the second phase: its hand, its won pile and, for the trump
    maker, the trump card. Read at the end of the first phase."""
    st = state
    n = st.players
    w = WEIGHTS[n]
    trump = st.trump
    raw = []
    for s in range(n):
        v = w[0] if s == st.maker else 0.0
        for pile in (st.hands[s], st.won[s], st.trump_zone if s == st.maker else ()):
            for c in pile:
                v += w[2 + 13 + c % 13] if c // 13 == trump else w[2 + c % 13]
        if st.blue[s]:  # set as the first phase ends (`Mattis._end_collect`)
            v += w[1]
        raw.append(v)
    mean = sum(raw) / n
    return [min(1.0, max(0.0, 0.5 + v - mean)) for v in raw]


def features(state: Any, seat: int) -> list[float]:
    """The fit's inputs for one seat, in `WEIGHTS` order (counts of cards per rank)."""
    st = state
    f = [0.0] * 28
    f[0] = float(seat == st.maker)
    f[1] = float(st.blue[seat])
    cards = list(st.hands[seat]) + list(st.won[seat]) + (list(st.trump_zone) if seat == st.maker else [])
    for c in cards:
        f[2 + (13 if c // 13 == st.trump else 0) + c % 13] += 1
    return f


def ends_of_first_phase(players: int, count: int, seed: int) -> list[Any]:
    """`count` states at the end of a random first phase (the pause before the second)."""
    from decktable.rulesets.mattis.rules import GAME, PAUSE

    out = []
    for k in range(count):
        st = GAME.new(players, seed=seed + k)
        r = random.Random(seed + k)
        while st.phase != PAUSE:
            GAME.random_step(st, GAME.to_act(st)[0], r.random, None)
        out.append(st)
    return out


def second_phase_outcomes(state: Any, playouts: int, rand: Any) -> list[float]:
    """Each seat's mean placing value over `playouts` random second phases from `state`."""
    from decktable.rulesets.mattis.rules import GAME

    n = state.players
    total = [0.0] * n
    for _ in range(playouts):
        st = state.clone()
        GAME.playout(st, rand, 100_000)
        for s, p in enumerate(GAME.placings(st)):
            total[s] += (n - p) / (n - 1)
    return [t / playouts for t in total]


def fit(players: int, states: int = 1500, playouts: int = 60, seed: int = 0, ridge: float = 1.0) -> tuple[float, ...]:
    """Weights for `players`: least squares (a little ridge) of each seat's outcome, less the
    table's mean, on its features, less the table's mean."""
    import numpy as np

    rand = random.Random(seed).random
    xs, ys = [], []
    for st in ends_of_first_phase(players, states, seed):
        f = np.array([features(st, s) for s in range(players)])
        y = np.array(second_phase_outcomes(st, playouts, rand))
        xs.extend(f - f.mean(0))
        ys.extend(y - y.mean())
    x, y = np.array(xs), np.array(ys)
    coef = np.linalg.solve(x.T @ x + ridge * np.eye(x.shape[1]), x.T @ y)
    return tuple(round(float(c), 4) for c in coef)


def main() -> None:
    import sys

    wanted = [int(a) for a in sys.argv[1:]] or list(range(3, 9))
    for n in wanted:
        w = fit(n)
        print(f"    {n}: (")
        for part in (w[0:2], w[2:15], w[15:28]):  # maker and blåmattis, plain ranks, trump ranks
            print("        " + " ".join(f"{x!r}," for x in part))
        print("    ),", flush=True)


if __name__ == "__main__":
    main()
