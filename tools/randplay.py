"""Random play through the public API, beside the bench's bare list engine, in one process.

    python tools/randplay.py [--secs S] [--repeat R] [--games a,b] [--root CHECKOUT]

For every game and player count: decisions a second of random games through `legal_actions` +
`apply` (action objects, events off), as `decktable.bench.random_game` plays them (seeds 0, 1, ...
for S seconds), and the ratio to the bench's reference (`reference_game`, the issue's mini_trick:
four players, 36 cards, plain lists). On a shared machine the two are measured in turn R times,
in CPU seconds of this process, and the best of each is kept. `anchor` scales a game's figure to
a reference of 697k decisions a second (issue 36's run). `--root` takes decktable and its games
from another checkout (a copy of the code before a change), for before-and-after figures.
"""

from __future__ import annotations

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _common import chosen_games, load_decktable, rate  # noqa: E402

ANCHOR_REF = 697_000


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--secs", type=float, default=0.5)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--games", default="")
    ap.add_argument("--root", default="", help="a checkout to take decktable and its games from")
    args = ap.parse_args()
    decktable = load_decktable(args.root)
    from decktable.bench import random_game, reference_game

    ref_rng = random.Random(1)  # one generator for all its games, as the bench's bench_reference

    def reference(seed: int) -> int:
        return reference_game(ref_rng)

    infos = chosen_games(decktable, args.games)
    print(f"code from {os.path.dirname(os.path.dirname(decktable.__file__))}; best of {args.repeat} x {args.secs}s "
          f"(CPU time); ratio = game / reference (mini_trick) in this process")
    print(f"{'game':<22}{'decisions/s':>12}{'reference':>11}{'ratio':>8}{'at anchor':>11}")
    for info in infos:
        g = decktable.get_game(info.id)
        random_game(g, info.player_counts[0], 999)  # warm: imports, caches
        for n in info.player_counts:
            best_g = best_r = 0.0
            for _ in range(args.repeat):
                best_r = max(best_r, rate(reference, args.secs / 2))
                best_g = max(best_g, rate(lambda s: random_game(g, n, s), args.secs))
            label = f"{info.id}-{n}p"
            print(f"{label:<22}{best_g:>12,.0f}{best_r:>11,.0f}{best_g / best_r:>7.2f}x{best_g * ANCHOR_REF / best_r:>11,.0f}",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
