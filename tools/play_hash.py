"""A fingerprint of every game's random play, for changes that must not change behaviour.

    python tools/play_hash.py [--games a,b] [--n N] [--obs-n M] > hashes.txt

For every game and player count, N seeded random games through the public API: every legal
list, every event (text, kind, seat, data) and each result are hashed, with events on; the same
games with events off must reach the same final state (its snapshot is hashed too). The first M
games also hash the acting seat's and a spectator's observation at every move. One line per game
and player count; diff two runs (before and after a change, same seeds).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _common import chosen_games, load_decktable  # noqa: E402


def play(g, n: int, seed: int, obs: bool, h, events: bool) -> None:
    rng = random.Random(seed)
    state = g.new(n, seed=seed)
    steps = 0
    while not g.is_over(state) and steps < 20_000:
        acting = g.to_act(state)
        seat = rng.choice(acting)
        legal = g.legal_actions(state, seat)
        h.update(repr((acting, seat, [str(a) for a in legal])).encode())
        if obs:
            h.update(g.observe(state, seat).model_dump_json().encode())
            h.update(g.observe(state, None).model_dump_json().encode())
        a = rng.choice(legal)
        ev = g.apply(state, seat, a, events=events)
        h.update(repr(state.known_in).encode())  # what everyone saw go into a hidden zone
        for e in ev:
            h.update(repr((e.text, e.kind, e.seat, sorted(e.data.items(), key=repr))).encode())
        steps += 1
    h.update(repr(steps).encode())
    r = g.result(state)
    h.update((r.model_dump_json() if r is not None else "-").encode())
    h.update(repr(state.snapshot()).encode())


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", default="")
    ap.add_argument("--n", type=int, default=12)
    ap.add_argument("--obs-n", type=int, default=3)
    ap.add_argument("--root", default="", help="a checkout to take decktable and its games from")
    args = ap.parse_args()
    decktable = load_decktable(args.root)
    infos = chosen_games(decktable, args.games)
    for info in infos:
        g = decktable.get_game(info.id)
        if args.root:
            assert sys.modules[type(g).__module__].__file__.startswith(args.root)
        for n in info.player_counts:
            on, off = hashlib.sha256(), hashlib.sha256()
            for seed in range(args.n):
                play(g, n, seed, seed < args.obs_n, on, True)
                play(g, n, seed, False, off, False)
            print(f"{info.id}-{n}p on={on.hexdigest()[:16]} off={off.hexdigest()[:16]}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
