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
        0.0172, -0.0097,
        -0.0847, -0.047, -0.0405, -0.0333, -0.0311, -0.0234, -0.0203, -0.0152, -0.0136, -0.0105, -0.0077, -0.0048, 0.0048,
        0.0104, 0.0042, 0.0063, 0.0059, 0.0063, 0.0023, 0.0052, 0.0125, 0.0047, 0.0088, 0.0079, 0.01, 0.0153,
    ),
    4: (
        0.0328, 0.1306,
        -0.0741, -0.0494, -0.0382, -0.0363, -0.0319, -0.0266, -0.0244, -0.0198, -0.0147, -0.0129, -0.0125, -0.0073, 0.0,
        0.0016, 0.0052, 0.0045, 0.0066, -0.0011, 0.0026, 0.0045, 0.0028, 0.0089, 0.007, 0.0106, 0.0056, 0.0152,
    ),
    5: (
        0.0469, 0.1451,
        -0.0658, -0.0447, -0.039, -0.0356, -0.0313, -0.0282, -0.0259, -0.0214, -0.0194, -0.0196, -0.0149, -0.0119, -0.0082,
        -0.0079, -0.0042, -0.0028, 0.0029, 0.0018, -0.0015, 0.0005, 0.0021, 0.0035, 0.0035, 0.0023, 0.0091, 0.0049,
    ),
    6: (
        0.0754, 0.1162,
        -0.0581, -0.0468, -0.0458, -0.0404, -0.0381, -0.038, -0.0359, -0.0332, -0.0268, -0.0237, -0.0221, -0.0191, -0.02,
        -0.0071, -0.0095, -0.0138, -0.0106, -0.0068, 0.0026, -0.0053, 0.0021, -0.0038, 0.0004, -0.0017, 0.0026, 0.0079,
    ),
    7: (
        0.0668, 0.0843,
        -0.0533, -0.0519, -0.0468, -0.0446, -0.0452, -0.0426, -0.0368, -0.0388, -0.0347, -0.0322, -0.0341, -0.0351, -0.0303,
        -0.0252, -0.0189, -0.0162, -0.0203, -0.0092, -0.0061, -0.0124, 0.0042, -0.0016, -0.0011, 0.0096, 0.0104, 0.0069,
    ),
    8: (
        0.1004, 0.0464,
        -0.0589, -0.0527, -0.0463, -0.044, -0.0441, -0.045, -0.0437, -0.0426, -0.0405, -0.0365, -0.0398, -0.036, -0.0346,
        -0.0227, -0.0188, -0.0281, -0.0174, -0.0143, -0.0162, -0.0114, 0.0018, -0.0019, 0.0023, 0.0073, 0.0127, 0.0113,
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
