"""Trick play: what may follow, who wins. Games plug in the two rules that differ.

- a *follow rule* says which cards of a hand answer the lead (Nonesuch: carries the named suit;
  Type Trump: shares a suit, or is a trump when a trump is led);
- a *strength rule* ranks a play within the trick, or says it cannot win (None).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Hashable, Sequence


@dataclass(slots=True)
class Trick:
    """A trick in progress: the leader, the plays in order, and what the lead called for."""

    leader: int
    plays: list[tuple[int, int]] = field(default_factory=list)  # (seat, card)
    named: str | None = None  # a suit named by the leader, where the game has one

    def clone(self) -> Trick:
        return Trick(self.leader, self.plays[:], self.named)

    @property
    def lead_card(self) -> int | None:
        return self.plays[0][1] if self.plays else None

    def cards(self) -> list[int]:
        return [c for _, c in self.plays]

    def complete(self, players: int) -> bool:
        return len(self.plays) >= players


def follow_options(hand: Sequence[int], answers: Callable[[int], bool]) -> list[int]:
    """The cards that may be played: those that answer the lead, or the whole hand if none do."""
    ok = [c for c in hand if answers(c)]
    return ok if ok else list(hand)


def winner(
    plays: Sequence[tuple[int, int]],
    strength: Callable[[int], Hashable | None],
    later_wins_ties: bool = False,
) -> int:
    """Index in `plays` of the winning play. `strength(card)` gives a comparable value, or None
    for a card that cannot win. Equal strengths go to the earlier play unless `later_wins_ties`."""
    best_i = -1
    best = None
    for i, (_, card) in enumerate(plays):
        s = strength(card)
        if s is None:
            continue
        if best_i < 0 or s > best or (later_wins_ties and s == best):  # type: ignore[operator]
            best_i, best = i, s
    if best_i < 0:
        return 0
    return best_i
