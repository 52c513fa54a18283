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
        0.0119, 0.0428,
        -0.0879, -0.048, -0.039, -0.0318, -0.031, -0.0227, -0.0222, -0.0169, -0.014, -0.0089, -0.0058, -0.0036, 0.0053,
        0.0122, 0.0024, 0.0002, 0.0077, 0.0074, 0.0054, 0.0121, 0.009, 0.0043, 0.0075, 0.0112, 0.0112, 0.0153,
    ),
    4: (
        0.0351, 0.1271,
        -0.0751, -0.0518, -0.0392, -0.0375, -0.0305, -0.0258, -0.0234, -0.0192, -0.0154, -0.0131, -0.0108, -0.0063, -0.0013,
        0.0012, 0.0116, 0.0009, 0.0053, -0.0003, 0.0011, 0.0038, 0.0026, 0.0112, 0.0059, 0.0075, 0.009, 0.0142,
    ),
    5: (
        0.0489, 0.1587,
        -0.0666, -0.0456, -0.0394, -0.0354, -0.0294, -0.0292, -0.0252, -0.0182, -0.0175, -0.0179, -0.0122, -0.0095, -0.0049,
        -0.0062, -0.0027, -0.0012, 0.0009, 0.0031, -0.0018, -0.0001, 0.0007, 0.0028, 0.0004, 0.0001, 0.0099, 0.0031,
    ),
    6: (
        0.0802, 0.1476,
        -0.0607, -0.046, -0.0444, -0.0394, -0.033, -0.0312, -0.0307, -0.0275, -0.0211, -0.0177, -0.0144, -0.0108, -0.0105,
        -0.0, -0.0065, -0.0061, -0.0065, -0.0015, 0.0043, 0.0015, 0.0056, -0.0043, 0.0004, -0.0026, -0.0007, 0.0042,
    ),
    7: (
        0.0754, 0.1474,
        -0.0559, -0.0478, -0.0406, -0.037, -0.036, -0.0333, -0.0255, -0.0267, -0.0233, -0.0204, -0.0189, -0.0207, -0.01,
        -0.0131, -0.007, -0.0057, -0.0113, -0.0008, -0.0023, -0.0085, 0.0036, -0.002, -0.0045, 0.0019, 0.0037, -0.0012,
    ),
    8: (
        0.1158, 0.0935,
        -0.0606, -0.0468, -0.0418, -0.0373, -0.0373, -0.0355, -0.0332, -0.032, -0.0281, -0.0227, -0.0232, -0.0226, -0.0159,
        -0.0123, -0.0101, -0.0214, -0.013, -0.0057, -0.012, -0.0071, -0.0007, -0.0029, -0.0028, -0.0005, 0.0027, 0.0017,
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
