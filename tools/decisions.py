"""How often the strong bot's special decisions succeed (issue 34's decision-quality table).

    python tools/decisions.py [--games schnapsen,bura,...] [--per-cell 6] [--seconds 300] [--markdown]
    python tools/decisions.py --games king --option first_hand=7   # King's positive hands only

Plays seeded games as the strength table does (`python -m decktable.strength`: the same seeds,
100 + game number, the strong seat rotating with the game number, Envite's strong seats as a
partnership, no clock) with strong against random and against medium, and judges each decision
of a strong seat that is not a card when its hand ends:

- Schnapsen: a close is *made* when the closer scores game points in that hand.
- Bura: a claim of 31 is *right* when the claimer holds 31 or more.
- Toepen: a knock is *won* when the knocker wins the hand; a fold *saved points* when the folder,
  had it stayed in (the same position with `stay` instead, the rest of the hand played by medium
  searches in every seat), would have lost more tokens than the fold cost.
- King: an auction contract (the strong seat won the auction) is *made* when the bidder, playing
  Up, takes at least the tricks bid; contracts played Down risk nothing by the bid (it moves
  tricks to the dealer, which in Down costs the dealer) and are counted apart.
- Rally: a contract the strong seat calls (Solo, Prop, or Cop as the declarer's partner) is
  *made* when its side reaches the break-even (its game points for the hand are not negative).
- Envite: a raise by a strong captain (a raise, or a raise answering one) is *won* when its team
  takes the hand (a raise declined is won).

Each cell plays at most `--per-cell` games (the first game numbers), and starts no game after
`--seconds` of CPU time in that cell: the table gives the games played and the cases counted.
A tool, not a test: it costs minutes of CPU (strong thinks 3,000 iterations a move).
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from decktable.engine.registry import get_game  # noqa: E402
from decktable.engine.rng import Rng  # noqa: E402

SEED0 = 100  # as decktable.strength
GAMES = ("schnapsen", "bura", "toepen", "king", "rally", "envite")
#: each game's decisions, in the table's words: (key, what is counted, what success is called)
KINDS: dict[str, list[tuple[str, str, str]]] = {
    "schnapsen": [("close", "closes", "made")],
    "bura": [("claim", "claims of 31", "right")],
    "toepen": [("knock", "knocks", "won"), ("fold", "folds", "saved points")],
    "king": [("auction", "auction contracts (Up)", "made"), ("auction_down", "auction contracts (Down)", "—")],
    "rally": [("contract", "contracts (Solo, Prop, Cop)", "made")],
    "envite": [("raise", "raises", "won")],
}


@dataclasses.dataclass
class Pending:
    kind: str
    seat: int
    data: Any = None


def _strong_seats(gid: str, game: Any, players: int, game_no: int) -> set[int]:
    seat = game_no % players
    mine = game.team(seat, players)
    return {s for s in range(players) if s == seat or (mine is not None and game.team(s, players) == mine)}


def _fold_saved(g: Any, before: Any, seat: int, seed: int) -> bool:
    """Toepen: had `seat` stayed in, would it have lost more than the fold cost (stake - 1)?
    The rest of the hand is played by medium searches, each from its own seat's view."""
    from decktable.bots.search import LEVELS, search

    st = before.clone()
    tokens0 = st.scores[seat]
    cost = min(st.value - 1, tokens0)  # what the fold paid
    g.play(st, seat, g.parse("stay"), None)
    sheet0, hand0 = len(st.sheet), st.hand_no
    rng = Rng(seed)
    moves = 0
    while not st.over and len(st.sheet) == sheet0 and st.hand_no == hand0 and moves < 200:
        p = g.to_act(st)[0]
        la = g.legal_actions(st, p)
        a = la[0] if len(la) == 1 else search(g, g.determinize(st, p, rng), p, rng, LEVELS["medium"].iterations)
        g.play(st, p, a, None)
        moves += 1
    return tokens0 - st.scores[seat] > cost


def judge_move(gid: str, g: Any, before: Any, seat: int, action: str, after: Any, pend: list[Pending],
               tally: dict[str, list[int]], seed: int) -> None:
    """A strong seat's move: note a decision to judge at the hand's end, or judge it now."""
    verb = action.split()[0]
    if gid == "schnapsen" and verb == "close":
        pend.append(Pending("close", seat))
    elif gid == "bura" and verb == "claim":
        from decktable.rulesets.bura.rules import CLAIM_AT

        t = tally["claim"]
        t[0] += 1
        t[1] += before.points[seat] >= CLAIM_AT
    elif gid == "toepen" and verb == "knock":
        pend.append(Pending("knock", seat))
    elif gid == "toepen" and verb == "fold":
        t = tally["fold"]
        t[0] += 1
        t[1] += _fold_saved(g, before, seat, seed)
    elif gid == "rally" and verb in ("solo", "prop", "cop"):
        pend.append(Pending("contract", seat))
    elif gid == "envite" and verb == "raise":
        pend.append(Pending("raise", seat))


def judge_hand(gid: str, before: Any, after: Any, strong: set[int], pend: list[Pending],
               tally: dict[str, list[int]]) -> None:
    """The hand is over (`after`; `before` the state just before its last move): judge what is pending."""
    row = after.sheet[-1] if after.sheet else None
    if gid == "king" and after.hand_no > 6 and after.contract == "auction" and after.high_bidder in strong:
        if after.down == 1:
            tally["auction_down"][0] += 1
        else:
            t = tally["auction"]
            t[0] += 1
            t[1] += after.tricks[after.high_bidder] >= after.high
    for p in pend:
        t = tally[p.kind]
        t[0] += 1
        if p.kind == "close":
            t[1] += bool(row) and row[p.seat] > 0
        elif p.kind == "knock":
            t[1] += after.winner == p.seat
        elif p.kind == "contract":
            t[1] += bool(row) and row[p.seat] >= 0
        elif p.kind == "raise":
            t[1] += after.hand_winner == p.seat % 2
    pend.clear()


def play_one(gid: str, rest: str, game_no: int, options: dict[str, Any] | None = None) -> dict[str, list[int]]:
    """One seeded game, strong against `rest` (with the game's `options`, else the strength
    table's); per decision kind [cases, successes]."""
    from decktable.session.match import Match, Seat
    from decktable.strength import MATCH_OPTIONS, table_size

    g = get_game(gid)
    n = table_size(gid)
    strong = _strong_seats(gid, g, n, game_no)
    bots = ["strong" if s in strong else rest for s in range(n)]
    m = Match(g, [Seat(f"Bot {i + 1}", "bot", lv) for i, lv in enumerate(bots)], seed=SEED0 + game_no,
              options=options or MATCH_OPTIONS.get(gid) or None)
    for bot in m.bots.values():
        budget = getattr(bot, "budget", None)
        if budget is not None:
            bot.budget = dataclasses.replace(budget, seconds=None)  # type: ignore[attr-defined]
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    pend: list[Pending] = []
    k = 0
    while not g.is_over(m.state):
        before = m.state.clone()
        step = m.bot_step()
        if step is None:
            break
        seat = step[0]
        after = m.state
        k += 1
        if seat in strong:
            judge_move(gid, g, before, seat, m.log[-1].action, after, pend, tally, SEED0 * 1000 + game_no * 100 + k)
        if len(after.sheet) != len(before.sheet) or after.over:
            judge_hand(gid, before, after, strong, pend, tally)
    return tally


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--per-cell", type=int, default=6, help="games at most per game and opponent")
    ap.add_argument("--seconds", type=float, default=300.0, help="CPU seconds after which a cell starts no game")
    ap.add_argument("--against", default="random,medium")
    ap.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                    help="a game option for every game played (e.g. King's first_hand=7: only its positive hands)")
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args(argv)
    options: dict[str, Any] = {}
    for kv in args.option:
        k, _, v = kv.partition("=")
        options[k] = int(v) if v.lstrip("-").isdigit() else v
    rows = []
    for gid in [x.strip() for x in args.games.split(",") if x.strip()]:
        for rest in [x.strip() for x in args.against.split(",") if x.strip()]:
            total: dict[str, list[int]] = defaultdict(lambda: [0, 0])
            t0 = time.process_time()
            played = 0
            for game_no in range(args.per_cell):
                if time.process_time() - t0 > args.seconds:
                    break
                for kind, (c, s) in play_one(gid, rest, game_no, options).items():
                    total[kind][0] += c
                    total[kind][1] += s
                played += 1
            cpu = time.process_time() - t0
            for kind, what, word in KINDS[gid]:
                c, s = total[kind]
                rate = "—" if word == "—" or not c else f"{s / c:.0%}"
                got = f"{s} {word}" if word != "—" else "not judged"
                rows.append((gid, what, rest, played, c, got, rate, cpu))
                print(f"{gid:<10} {what:<28} vs {rest:<7} games {played:>3}  cases {c:>4}  {got:<20} {rate:>5}"
                      f"  ({cpu:.0f} CPU s)", flush=True)
    if args.markdown:
        print()
        print("| game | strong's decision | against | games | cases | succeeded | rate |")
        print("|---|---|---|---:|---:|---|---:|")
        for gid, what, rest, played, c, got, rate, _cpu in rows:
            print(f"| {gid} | {what} | {rest} | {played} | {c} | {got} | {rate} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
