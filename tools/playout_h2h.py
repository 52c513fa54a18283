"""Head to head: a game's search with its playout policy (`Game.playout_action`, issue 34) against
the same search without it, at one level (strong by default). A benchmark, not a test.

    python tools/playout_h2h.py bura --seeds 0-19 --option tokens=6 --out /tmp/bura.jsonl
    python tools/playout_h2h.py king --seeds 0-9 --option first_hand=7 --out /tmp/king.jsonl
    python tools/playout_h2h.py --report /tmp/bura.jsonl

Each seed is played once with the policy's bot in every seat in turn (the other seats play the
search before the policy): at two players the seats swapped, at three or four each seat once.
In a partnership game (`Game.team`: Envite) the policy's bot plays with partners who use the
policy too, against a team of the search before it, each team in turn: two games a seed.
The deals are the same in every game of a seed (the state's own generator deals; the bots draw
from the match's). The search runs its level's whole budget with no clock, so a seed gives the
same games on any machine. A game's score is the share of the other seats the policy's bot
finished ahead of, a tie half, its partners left out (as the strength table's head-to-head rows
count it); the report gives the mean with a 95% Wilson interval and the mean score difference
per game.

    python tools/playout_h2h.py envite --seeds 0-29 --out /tmp/envite.jsonl
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import decktable  # noqa: E402
from decktable.bots.base import Turn  # noqa: E402
from decktable.engine.game import Game  # noqa: E402
from decktable.session.match import Match, Seat  # noqa: E402
from decktable.strength import table_size  # noqa: E402


def before(game: Game) -> Game:
    """The game as the search saw it before its playout policy: every playout move at random."""
    cls = type(f"{type(game).__name__}Before", (type(game),), {"playout_action": Game.playout_action})
    return cls()


class AsBefore:
    """A search bot that decides with the game before its policy; the match is the game's own."""

    def __init__(self, bot: Any, game: Game) -> None:
        self.bot, self.game = bot, game
        self.level = bot.level

    def decide(self, turn: Turn, rng: Any) -> Any:
        return self.bot.decide(Turn(self.game, turn.seat, turn.state, turn.legal), rng)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.bot, name)


def side(game: Game, seat: int, n: int) -> set[int]:
    """The seats that play as `seat` does: itself and, in a partnership game, its partners."""
    t = game.team(seat, n)
    return {s for s in range(n) if s == seat or (t is not None and game.team(s, n) == t)}


def policy_seats(game: Game, n: int) -> list[int]:
    """The seats the policy's bot takes in turn: every seat, or one seat of each team."""
    out: list[int] = []
    for s in range(n):
        if not any(s in side(game, o, n) for o in out):
            out.append(s)
    return out


def play(game_id: str, seed: int, new_seat: int, level: str, options: dict[str, Any]) -> dict[str, Any]:
    g = decktable.get_game(game_id)
    old = before(g)
    n = table_size(game_id)
    mine = side(g, new_seat, n)
    m = Match(g, [Seat(f"Bot {i + 1}", "bot", level) for i in range(n)], seed=seed, options=options or None)
    for s, bot in list(m.bots.items()):
        bot.budget = dataclasses.replace(bot.budget, seconds=None)
        if s not in mine:
            m.bots[s] = AsBefore(bot, old)
    t0 = time.process_time()
    m.run_bots(limit=10**7)
    r = g.result(m.state)
    pl = [int(p) for p in r.placings]
    me = pl[new_seat]
    others = [p for s, p in enumerate(pl) if s not in mine]
    score = sum(1.0 if me < p else 0.5 if me == p else 0.0 for p in others) / len(others)
    sc = [float(x) for x in r.scores]
    diff = sc[new_seat] - sum(x for s, x in enumerate(sc) if s not in mine) / len(others)
    d = {"game": game_id, "seed": seed, "new_seat": new_seat, "level": level, "options": options,
         "placings": pl, "scores": sc, "score": score, "diff": diff, "hands": len(m.state.sheet),
         "cpu_s": round(time.process_time() - t0, 1)}
    st = m.state
    if game_id == "king" and st.hand_no > 6:  # the last hand's contract: who bid what, and took what
        d["contract"] = {"dealer": st.dealer, "contract": st.contract, "trump": st.trump, "down": st.down,
                         "bidder": st.high_bidder, "bid": st.high, "tricks": list(st.tricks)}
    return d


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def report(paths: list[str]) -> None:
    for path in paths:
        if not Path(path).exists():
            continue
        ds = [json.loads(x) for x in Path(path).read_text().splitlines() if x.strip()]
        if not ds:
            continue
        k = sum(d["score"] for d in ds)
        lo, hi = wilson(k, len(ds))
        diff = sum(d["diff"] for d in ds) / len(ds)
        seeds = len({d["seed"] for d in ds})
        print(f"{ds[0]['game']} {ds[0]['level']} {ds[0]['options']}: policy vs before {k / len(ds):.1%} "
              f"of {len(ds)} games ({seeds} seeds), 95% {lo:.0%}-{hi:.0%}; score diff {diff:+.2f}/game; "
              f"cpu {sum(d['cpu_s'] for d in ds) / len(ds):.0f} s/game")
        auctions = [d for d in ds if d.get("contract", {}).get("bidder", -1) >= 0]
        for who, mine in (("policy", True), ("before", False)):
            won = [d["contract"] for d in auctions if (d["contract"]["bidder"] == d["new_seat"]) == mine]
            if won:
                made = sum(c["tricks"][c["bidder"]] >= c["bid"] for c in won)
                lo, hi = wilson(made, len(won))
                bids = sorted(c["bid"] for c in won)
                print(f"  auctions won by {who}: {len(won)}, made (tricks >= bid) {made} ({lo:.0%}-{hi:.0%}); "
                      f"bids {bids}; tricks {[c['tricks'][c['bidder']] for c in won]}")


def parse_seeds(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        if "-" in part:
            a, b = part.split("-")
            out.extend(range(int(a), int(b) + 1))
        elif part:
            out.append(int(part))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game", nargs="?")
    ap.add_argument("--seeds", default="0-9")
    ap.add_argument("--level", default="strong")
    ap.add_argument("--option", action="append", default=[], help="key=value, a game option (int if it reads as one)")
    ap.add_argument("--out")
    ap.add_argument("--report", nargs="*")
    a = ap.parse_args(argv)
    if a.report:
        report(a.report)
        return 0
    options: dict[str, Any] = {}
    for kv in a.option:
        k, v = kv.split("=", 1)
        options[k] = int(v) if v.lstrip("-").isdigit() else v
    out = Path(a.out)
    done = set()
    if out.exists():
        done = {(d["seed"], d["new_seat"]) for d in map(json.loads, out.read_text().splitlines())}
    n = table_size(a.game)
    seats = policy_seats(decktable.get_game(a.game), n)
    for seed in parse_seeds(a.seeds):
        for s in seats:
            if (seed, s) in done:
                continue
            d = play(a.game, seed, s, a.level, options)
            with out.open("a") as fh:
                fh.write(json.dumps(d) + "\n")
            print(f"seed {seed} policy in seat {s}: placings {d['placings']} scores {d['scores']} "
                  f"({d['cpu_s']} s)", flush=True)
    report([str(out)])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
