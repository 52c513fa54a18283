"""Schnapsen benchmarks for issue 34: our levels against the `schnapsen` package's bots, the search
with its playout policy against the search before it, and how often a level's closes and claims
come right. A benchmark, not a test: nothing in decktable imports this file.

    python tools/schnapsen_bench.py setup                      # the outside package, once
    python tools/schnapsen_bench.py outside --level strong --seeds 0-49 --out /tmp/out.jsonl
    python tools/schnapsen_bench.py h2h --seeds 0-99 --out /tmp/h2h.jsonl
    python tools/schnapsen_bench.py duel --first strong --rest medium --seeds 0-49 --out /tmp/d.jsonl
    python tools/schnapsen_bench.py report /tmp/out.jsonl [...]

Every run plays games to 7 game points, each seed twice with the seats swapped: the deals are the
same from both seats (the state's own generator deals, and no bot draws from it). Our engine
referees; search bots run their whole iteration budget with no clock (as the strength table
does), so a seed gives the same games on any machine. A line per game goes to `--out`, one
record per hand in it; `report` counts hands, games and decisions with 95% Wilson intervals.

The outside bot (`outside`): the `schnapsen` package, version 0.0.5 (the VU Amsterdam course
platform, GPL-3.0-or-later), is kept out of decktable: `setup` installs it with
`pip install --no-deps --target` into a folder of its own (default
~/.cache/decktable-bench/schnapsen-0.0.5, or $SCHNAPSEN_BENCH_LIB), and only this script puts
that folder on its path. Its bots package imports scikit-learn and flask for bots we do not use,
so the script loads `schnapsen.game`, `schnapsen.deck` and the rdeep and random bots' modules
without running `schnapsen/bots/__init__.py`.

How the adapter bridges the package's reading to ours, giving neither side an edge:
- The bot decides from its own engine's view: at each of its turns it is handed a
  perspective whose legal moves are ours in the package's terms and whose `make_assumption`
  samples the hidden cards honestly (`Game.determinize` of our engine for its seat: the cards it
  has not seen, re-dealt, the marriage cards it saw kept where they are) and builds the
  package's `GameState` from the sample, for its rollouts under its own rules.
- No closing in the package: the bot never closes; when our side has closed, the bot's sample
  has an empty talon (the stock is out of play), so its rollouts play strict rules without
  drawing, which is what play after a close is; its choice is among our legal moves.
- The package ends a hand at 66 by itself: the bot's side claims 66 for it whenever it is to
  lead with 66 or more by our count, and after the last trick claims with 66, else ends the
  hand without a claim, which is what its engine does. Our bots decide their own claims.
- Marriage points wait for the next trick won in the package: the bot's view holds marriage
  points as pending until its side wins a trick after the marriage, as its engine would; our
  engine scores as ours does.
- The package always leads the King from a marriage: its marriage move is carried out as the
  marriage and the lead of the King; our bots may lead either, as our rules allow.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import json
import math
import os
import random
import subprocess
import sys
import time
import types
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import decktable  # noqa: E402
from decktable.bots.base import RandomBot, Turn  # noqa: E402
from decktable.bots.search import LEVELS, SearchBot  # noqa: E402
from decktable.engine.actions import Action  # noqa: E402
from decktable.engine.game import Game  # noqa: E402
from decktable.engine.rng import Rng  # noqa: E402
from decktable.rulesets.schnapsen.rules import (  # noqa: E402
    CLAIM,
    JACK_OF,
    KING_OF,
    PTS,
    QUEEN_OF,
    SLUG,
    SUIT_IX,
    Schnapsen,
    card_points,
)

G: Schnapsen = decktable.get_game("schnapsen")  # type: ignore[assignment]
VERSION = "0.0.5"
LIB = Path(os.environ.get("SCHNAPSEN_BENCH_LIB", Path.home() / ".cache" / "decktable-bench" / f"schnapsen-{VERSION}"))


class BeforePolicy(Schnapsen):
    """Schnapsen as the search saw it before issue 34: no playout policy, random claims and
    closes in its playouts (the search makes exactly the moves it made then)."""

    playout_action = Game.playout_action  # type: ignore[assignment]


BEFORE = BeforePolicy()

# -- agents: (real state, seat, legal, rng) -> action; the real state is never handed to a bot -----


class Agent:
    name = "agent"

    def act(self, st: Any, seat: int, legal: list[Action]) -> list[Action]:
        raise NotImplementedError

    def new_game(self, seed: int, seat: int) -> None:
        pass


class OurBot(Agent):
    """One of our levels, deciding from a determinization of its seat, as Match hands it."""

    def __init__(self, level: str, game: Game = G, tag: str = "") -> None:
        self.level = level
        self.game = game
        self.name = level + tag
        self.bot: Any = None
        self.rng = Rng(0)

    def new_game(self, seed: int, seat: int) -> None:
        if self.level == "random":
            self.bot = RandomBot()
        else:
            self.bot = SearchBot(self.level, dataclasses.replace(LEVELS[self.level], seconds=None))
        self.rng = Rng(seed * 7919 + seat)

    def act(self, st: Any, seat: int, legal: list[Action]) -> list[Action]:
        if len(legal) == 1:
            return [legal[0]]
        turn = Turn(self.game, seat, G.determinize(st, seat, self.rng), list(legal))
        return [self.bot.decide(turn, self.rng)]


# -- playing and recording ----------------------------------------------------------------------


def play_game(seed: int, agents: list[Agent]) -> dict[str, Any]:
    """One game to 7 from `seed`, agents[s] in seat s. Each hand's record: its dealer, who closed
    and whether the close was made, each claim (seat, right), the sheet row."""
    st = G.new(["A", "B"], seed=seed)
    for s, ag in enumerate(agents):
        ag.new_game(seed, s)
    hands: list[dict[str, Any]] = []
    cur: dict[str, Any] = {"dealer": st.dealer, "claims": [], "closer": None, "exch": [], "mar": []}
    pending = [0, 0]  # marriage points the package would still hold back (see the docstring)
    think = [0.0, 0.0]
    moves = [0, 0]
    while not st.over:
        seat = G.to_act(st)[0]
        legal = G.legal_actions(st, seat)
        if st.phase == "scored":
            G.apply(st, seat, legal[0], events=False)
            cur = {"dealer": st.dealer, "claims": [], "closer": None, "exch": [], "mar": []}
            pending = [0, 0]
            continue
        agents[seat].pending = pending  # type: ignore[attr-defined]
        t0 = time.process_time()
        chosen = agents[seat].act(st, seat, legal)
        think[seat] += time.process_time() - t0
        moves[seat] += 1
        for a in chosen:
            hand = st.hand_no
            if a.verb == "claim":
                cur["claims"].append([seat, G.points(st, seat) >= 66])
            elif a.verb == "close":
                cur["closer"] = seat
            elif a.verb == "exchange":
                cur["exch"].append(seat)
            elif a.verb == "marry":
                cur["mar"].append(seat)
                pending[seat] += 40 if SUIT_NAMES.index(a.args[0]) == st.trump else 20
            tricks = list(st.tricks)
            G.apply(st, seat, a, events=False)
            if st.hand_no == hand and st.phase not in ("scored", "over"):
                for w in (0, 1):
                    if st.tricks[w] > tricks[w]:
                        pending[w] = 0
            if st.phase in ("scored", "over") and st.hand_no == hand and len(st.sheet) > len(hands):
                row = st.sheet[-1]
                cur["row"] = list(row)
                cur["points"] = [G.points(st, 0), G.points(st, 1)]
                if cur["closer"] is not None:
                    cur["close_made"] = row[cur["closer"]] > 0
                hands.append(cur)
            if st.over or st.phase == "scored":
                break
    return {"seed": seed, "agents": [a.name for a in agents], "scores": list(st.scores), "hands": hands,
            "think": [round(t, 2) for t in think], "moves": moves}


SUIT_NAMES: list[str] = []  # filled below from the grammar's suits


def _suits() -> None:
    from decktable.cards.french import SUITS

    SUIT_NAMES.extend(SUITS)


_suits()


def parse_seeds(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        if "-" in part:
            a, b = part.split("-")
            out.extend(range(int(a), int(b) + 1))
        elif part:
            out.append(int(part))
    return out


def run_pairs(seeds: list[int], make: Callable[[], tuple[Agent, Agent]], out: Path) -> None:
    """Each seed twice, the first agent in seat 0 then in seat 1; a line per game, appended."""
    done = set()
    if out.exists():
        for line in out.read_text().splitlines():
            d = json.loads(line)
            done.add((d["seed"], d["first_seat"]))
    for seed in seeds:
        for first_seat in (0, 1):
            if (seed, first_seat) in done:
                continue
            first, other = make()
            agents = [first, other] if first_seat == 0 else [other, first]
            t0 = time.time()
            rec = play_game(seed, agents)
            rec["first_seat"] = first_seat
            rec["wall_s"] = round(time.time() - t0, 1)
            with out.open("a") as fh:
                fh.write(json.dumps(rec, separators=(",", ":")) + "\n")
            print(f"seed {seed} first in seat {first_seat}: {rec['scores']} hands {len(rec['hands'])} "
                  f"think {rec['think']} ({rec['wall_s']} s)", flush=True)


# -- the outside bot ---------------------------------------------------------------------------------


def load_package() -> types.SimpleNamespace:
    """schnapsen.game, schnapsen.deck and the rdeep and random bots, from LIB, without the bots
    package's __init__ (which imports scikit-learn and flask for bots not used here)."""
    root = LIB / "schnapsen"
    if not (root / "game.py").exists():
        raise SystemExit(f"the schnapsen package is not in {LIB}: run `python tools/schnapsen_bench.py setup`")
    sys.path.insert(0, str(LIB))
    import schnapsen  # noqa: F401  (the package's own __init__ is empty)

    bots = types.ModuleType("schnapsen.bots")
    bots.__path__ = [str(root / "bots")]  # a package without its __init__
    sys.modules["schnapsen.bots"] = bots

    def load(name: str) -> Any:
        spec = importlib.util.spec_from_file_location(f"schnapsen.bots.{name}", root / "bots" / f"{name}.py")
        mod = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
        sys.modules[spec.name] = mod  # type: ignore[union-attr]
        spec.loader.exec_module(mod)  # type: ignore[union-attr]
        return mod

    rand_mod = load("rand")
    rdeep_mod = load("rdeep")
    import schnapsen.deck as deck
    import schnapsen.game as game

    return types.SimpleNamespace(game=game, deck=deck, RandBot=rand_mod.RandBot, RdeepBot=rdeep_mod.RdeepBot)


class Outside(Agent):
    """A bot of the `schnapsen` package in one of our seats (see the module docstring)."""

    def __init__(self, pkg: Any, kind: str = "rdeep", samples: int = 16, depth: int = 4) -> None:
        self.pkg = pkg
        self.kind = kind
        self.samples, self.depth = samples, depth
        self.name = kind if kind != "rdeep" else f"rdeep{samples}x{depth}"
        self.engine = pkg.game.SchnapsenGamePlayEngine()
        scorer = self.engine.trick_scorer

        class Scorer(type(scorer)):  # type: ignore[misc]
            """The package's scorer, but a rollout in which the follower already holds 66 (our
            side let a claim pass, which the package's engine never allows) ends there with the
            follower the winner, where the package raises."""

            def declare_winner(self, game_state: Any) -> Any:
                if game_state.follower.score.direct_points >= 66 and game_state.leader.score.direct_points < 66:
                    return game_state.follower, 1
                return super().declare_winner(game_state)

        self.engine.trick_scorer = Scorer()
        d = pkg.deck
        ranks = {14: d.Rank.ACE, 10: d.Rank.TEN, 13: d.Rank.KING, 12: d.Rank.QUEEN, 11: d.Rank.JACK}
        suits = {"s": d.Suit.SPADES, "h": d.Suit.HEARTS, "d": d.Suit.DIAMONDS, "c": d.Suit.CLUBS}
        from decktable.cards.french import FRENCH

        self.card: dict[int, Any] = {}
        for c in range(len(FRENCH)):
            slug = SLUG[c]
            if slug and PTS[c]:
                self.card[c] = d.Card.get_card(ranks[FRENCH[c].rank], suits[slug[-1]])
        self.ours = {v: k for k, v in self.card.items()}
        self.pending = [0, 0]

    def new_game(self, seed: int, seat: int) -> None:
        self.rand = random.Random(seed * 104729 + seat)
        if self.kind == "rdeep":
            self.bot = self.pkg.RdeepBot(num_samples=self.samples, depth=self.depth, rand=self.rand)
        else:
            self.bot = self.pkg.RandBot(rand=self.rand)

    # our state -> the package's GameState, from `seat`'s side
    def to_pkg(self, st: Any) -> Any:
        g = self.pkg.game
        leader = st.trick[0][0] if st.trick else st.turn
        follower = 1 - leader
        hands = [list(st.hands[s]) + list(st.shown[s]) for s in (0, 1)]
        if st.trick:
            hands[leader].append(st.trick[0][1])  # the package's state is the one before the trick
        if st.closer >= 0 or not st.up_zone:
            talon_cards: list[int] = []  # after a close the stock is out of play: strict, no draws
        else:
            talon_cards = list(st.stock) + [st.up_zone[0]]
        trump = self.pkg.deck.Suit.__members__[SUIT_NAMES[st.trump].upper()]
        talon = g.Talon([self.card[c] for c in talon_cards], trump_suit=trump if not talon_cards else None)

        def state_of(s: int) -> Any:
            cards = card_points(st.won[s]) + card_points(st.late[s])
            held = min(self.pending[s], st.mar[s])
            score = g.Score(direct_points=cards + st.mar[s] - held, pending_points=held)
            won = [self.card[c] for c in st.won[s] + st.late[s]]
            return g.BotState(implementation=g._DummyBot(), hand=g.Hand([self.card[c] for c in hands[s]]),
                              score=score, won_cards=won)

        return g.GameState(leader=state_of(leader), follower=state_of(follower), talon=talon, previous=None)

    def moves(self, st: Any, legal: list[Action]) -> tuple[list[Any], dict[Any, list[Action]]]:
        g = self.pkg.game
        out, plan = [], {}
        for a in legal:
            if a.verb == "play":
                m = g.RegularMove(self.card[_ID[a.args[0]]])
                plan[m] = [a]
            elif a.verb == "exchange":
                m = g.TrumpExchange(self.card[JACK_OF[st.trump]])
                plan[m] = [a]
            elif a.verb == "marry":
                s = SUIT_NAMES.index(a.args[0])
                m = g.Marriage(self.card[QUEEN_OF[s]], self.card[KING_OF[s]])
                plan[m] = [a, Action("play", (SLUG[KING_OF[s]],))]  # the package leads the King
            else:
                continue
            out.append(m)
        return out, plan

    def act(self, st: Any, seat: int, legal: list[Action]) -> list[Action]:
        if st.phase == "last":  # its engine ends the hand: with 66 a claim, else the last trick's point
            return [CLAIM if G.points(st, seat) >= 66 else Action("pass")]
        if CLAIM in legal and not st.trick and st.married < 0 and G.points(st, seat) >= 66:
            return [CLAIM]  # its engine would have ended the hand at 66
        if st.married >= 0:  # only after a marriage move of its own, carried out whole below
            return [Action("play", (SLUG[KING_OF[st.married]],))]
        moves, plan = self.moves(st, legal)
        if len(moves) == 1:
            return plan[moves[0]]
        leader_move = None
        if st.trick:
            leader_move = self.pkg.game.RegularMove(self.card[st.trick[0][1]])
        view = _View(self, st, seat, moves)
        m = self.bot.get_move(view, leader_move)
        return plan[m]


_ID: dict[str, int] = {}


def _ids() -> None:
    from decktable.rulesets.schnapsen.rules import ID_OF

    _ID.update(ID_OF)


_ids()


class _View:
    """What the package's bot calls on its perspective (rdeep: valid_moves, make_assumption,
    get_engine), from our state for its seat, hiding what the seat cannot see."""

    def __init__(self, agent: Outside, st: Any, seat: int, moves: list[Any]) -> None:
        self._agent, self._st, self._seat, self._moves = agent, st, seat, moves

    def valid_moves(self) -> list[Any]:
        return list(self._moves)

    def get_engine(self) -> Any:
        return self._agent.engine

    def make_assumption(self, leader_move: Any, rand: random.Random) -> Any:
        sample = G.determinize(self._st, self._seat, Rng(rand.getrandbits(53)))
        return self._agent.to_pkg(sample)


# -- the report ----------------------------------------------------------------------------------


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def pct(k: float, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{k / n:.1%} of {n} (95% {lo:.0%}–{hi:.0%})" if n else "none"


def report(paths: list[Path]) -> None:
    for path in paths:
        lines = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
        if not lines:
            continue
        first = lines[0]["agents"][lines[0]["first_seat"]]
        other = lines[0]["agents"][1 - lines[0]["first_seat"]]
        hands = won = games = gwon = 0
        gp = 0.0
        closes = made = claims = right = 0
        oclaims = oright = ocloses = omade = 0
        think = nmoves = 0.0
        by_seed: dict[int, float] = {}
        for d in lines:
            me = d["first_seat"]
            games += 1
            gwon += d["scores"][me] > d["scores"][1 - me]
            think += d["think"][me]
            nmoves += d["moves"][me]
            for h in d["hands"]:
                hands += 1
                won += h["row"][me] > 0
                gp += h["row"][me] - h["row"][1 - me]
                if h["closer"] == me:
                    closes += 1
                    made += h.get("close_made", False)
                elif h["closer"] is not None:
                    ocloses += 1
                    omade += h.get("close_made", False)
                for s, ok in h["claims"]:
                    if s == me:
                        claims += 1
                        right += ok
                    else:
                        oclaims += 1
                        oright += ok
            by_seed[d["seed"]] = by_seed.get(d["seed"], 0) + (d["scores"][me] > d["scores"][1 - me])
        print(f"{path}: {first} against {other}, {games} games ({len(by_seed)} seeds, each from both seats)")
        print(f"  hands won      {pct(won, hands)}; game points a hand {gp / max(hands, 1):+.2f}")
        print(f"  games won      {pct(gwon, games)}")
        print(f"  {first} closes  made {pct(made, closes)}")
        print(f"  {first} claims  right {pct(right, claims)}")
        print(f"  {other} closes made {pct(omade, ocloses)}; claims right {pct(oright, oclaims)}")
        print(f"  {first} thinks {think / max(nmoves, 1) * 1000:.0f} ms a move (CPU, all its moves)")


# -- the command line ---------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python tools/schnapsen_bench.py", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("setup", help=f"install schnapsen=={VERSION} (no dependencies) into {LIB}")
    o = sub.add_parser("outside", help="one of our levels against the package's bot")
    o.add_argument("--level", default="strong", help="a level; 'before-' names it without the playout policy")
    o.add_argument("--bot", default="rdeep", choices=["rdeep", "rand"])
    o.add_argument("--samples", type=int, default=16)
    o.add_argument("--depth", type=int, default=4)
    h = sub.add_parser("h2h", help="strong with the playout policy against strong without it")
    du = sub.add_parser("duel", help="two of our levels (with the policy; 'before-' names a level without it)")
    du.add_argument("--first", default="strong")
    du.add_argument("--rest", default="medium")
    h.add_argument("--level", default="strong")
    for p in (o, h, du):
        p.add_argument("--seeds", default="0-49")
        p.add_argument("--out", type=Path, required=True)
    r = sub.add_parser("report")
    r.add_argument("paths", type=Path, nargs="+")
    args = ap.parse_args(argv)
    if args.cmd == "setup":
        LIB.mkdir(parents=True, exist_ok=True)
        return subprocess.call([sys.executable, "-m", "pip", "install", "--no-deps", "--target", str(LIB),
                                f"schnapsen=={VERSION}"])
    if args.cmd == "report":
        report(args.paths)
        return 0
    seeds = parse_seeds(args.seeds)
    def agent(name: str) -> Agent:
        if name.startswith("before-"):
            return OurBot(name[7:], BEFORE, "-before")
        return OurBot(name)

    if args.cmd == "outside":
        pkg = load_package()
        run_pairs(seeds, lambda: (agent(args.level), Outside(pkg, args.bot, args.samples, args.depth)), args.out)
    elif args.cmd == "h2h":
        run_pairs(seeds, lambda: (OurBot(args.level), OurBot(args.level, BEFORE, "-before")), args.out)
    else:
        run_pairs(seeds, lambda: (agent(args.first), agent(args.rest)), args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
