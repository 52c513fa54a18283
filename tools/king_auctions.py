"""King's auction contracts of the strong bot, with every dealer made to auction (issue 34).

    python tools/king_auctions.py --games 0-24            # the search as it is (policy in the tree)
    python tools/king_auctions.py --games 0-24 --old      # the tree tries every bid (before a8d7fb0)

`tools/decisions.py` judges the auctions the bots choose to hold; since the strong tree bids as
its policy does (`Game.policy_in_tree`), dealers seldom choose an auction, so its cells hold
almost no contract. Here every dealer of King's positive hands (`first_hand=7`) takes the
auction, so each hand has one, and the strong seat's won auctions are judged: *made* when it took
at least the tricks it bid. Games are seeded as the strength table's (100 + game number, the
strong seat rotating with the game number), strong against three medium bots, no clock.
"""

from __future__ import annotations

import argparse
import dataclasses
import time

from _common import load_decktable


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="0-9", help="game numbers, FIRST-LAST")
    ap.add_argument("--old", action="store_true", help="the tree tries every bid (policy_in_tree off)")
    args = ap.parse_args()
    load_decktable()
    from decktable.engine.registry import get_game
    from decktable.rulesets.king import rules as king
    from decktable.session.match import Match, Seat

    king.King.policy_in_tree = not args.old
    game = get_game("king")
    first, last = (int(x) for x in args.games.split("-"))
    won = made = up = 0
    bids: list[int] = []
    bidder_points = 0
    margin = 0.0
    t0 = time.process_time()
    for gno in range(first, last + 1):
        seat = gno % 4
        seats = [Seat(f"Bot {i + 1}", "bot", "strong" if i == seat else "medium") for i in range(4)]
        m = Match(game, seats, seed=100 + gno, options={"first_hand": 7})
        for bot in m.bots.values():
            bot.budget = dataclasses.replace(bot.budget, seconds=None)
        while not m.state.over:
            st = m.state
            if st.phase == "choose":  # the dealer's choice of contract: always the auction here
                m.act(st.turn, king.A_AUCTION)
                continue
            rows = len(st.sheet)
            if m.bot_step() is None:
                break
            st = m.state
            if len(st.sheet) != rows and st.high_bidder == seat and st.dealer != seat:
                won += 1
                bids.append(st.high)
                made += st.tricks[seat] >= st.high
                up += st.down == 0
                bidder_points += st.sheet[-1][seat]
        sc = m.state.scores
        margin += sc[seat] - (sum(sc) - sc[seat]) / 3
        played = gno + 1 - first
        print(f"game {gno}: auctions won {won}, made {made}, played Up {up}, bids {sorted(bids)}, "
              f"bidder {bidder_points / max(1, won):+.0f} a hand, strong's margin {margin / played:+.1f} a game, "
              f"{time.process_time() - t0:.0f} CPU-s", flush=True)


if __name__ == "__main__":
    main()
