"""Trick play: what may follow, who wins. Games plug in the two rules that differ.

- a *follow rule* says which cards of a hand answer the lead (Nonesuch: carries the named suit;
  Type Trump: shares a suit, or is a trump when a trump is led);
- a *strength rule* ranks a play within the trick, or says it cannot win (None).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Hashable, Iterable, Sequence


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


def shows_void(plays: Sequence[tuple[int, int]], card: int, suit_of: Sequence[int]) -> int:
    """What playing `card` to the trick `plays` tells everyone, where a player must follow the
    suit led if able: the led suit's bit (`1 << suit_of[lead]`) when `card` is of another suit
    (its player holds none of the suit led), else 0 (nothing, and nothing on a lead). For the
    public voids a bot's samples keep (`dealing.keep_voids`); a game whose plays may leave the
    suit for another reason (King's King of Hearts at its first chance) says so itself."""
    if not plays:
        return 0
    led = suit_of[plays[0][1]]
    return 0 if suit_of[card] == led else 1 << led


def head_shows(
    card: int,
    deck: Iterable[int],
    follows: Callable[[int], bool],
    beats: Callable[[int], bool],
    trumps: Callable[[int], bool] | None = None,
) -> list[int]:
    """What playing `card` under strict play (`head_options`, with the same tests of the lead)
    tells everyone: the cards of `deck` its player cannot hold. A card that follows and beats
    tells nothing; one that follows without beating, that none follows and beats; one that does
    not follow, that none follows; and, not a trump either, that none is a trump. For the
    exclusions a bot's samples keep (`dealing.keep_voids`, one bit a card)."""
    if follows(card):
        return [] if beats(card) else [c for c in deck if follows(c) and beats(c)]
    out = [c for c in deck if follows(c)]
    if trumps is not None and not trumps(card):
        out += [c for c in deck if trumps(c)]
    return out


def winner(
    plays: Sequence[tuple[int, int]],
    strength: Callable[[int], Hashable | None],
    later_wins_ties: bool = False,
    eligible: Callable[[int], bool] | None = None,
) -> int:
    """Index in `plays` of the winning play. `strength(card)` gives a comparable value, or None
    for a card that cannot win. Equal strengths go to the earlier play unless `later_wins_ties`.

    `eligible(seat)` (optional) rates seats, not cards: the plays of a seat it refuses cannot win
    (Toepen: a player who has folded). When no eligible play has a strength, the earliest play of
    an eligible seat wins (without `eligible`: the first play); with no eligible seat at all, 0."""
    best_i = -1
    best = None
    first = -1
    for i, (seat, card) in enumerate(plays):
        if eligible is not None and not eligible(seat):
            continue
        if first < 0:
            first = i
        s = strength(card)
        if s is None:
            continue
        if best_i < 0 or s > best or (later_wins_ties and s == best):  # type: ignore[operator]
            best_i, best = i, s
    if best_i < 0:
        return first if first >= 0 else 0
    return best_i


def head_options(
    hand: Sequence[int],
    follows: Callable[[int], bool],
    beats: Callable[[int], bool],
    trumps: Callable[[int], bool] | None = None,
) -> list[int]:
    """Strict play (Schnapsen after the stock is closed, Sixty-Six, Bezique's last tricks): cards
    that follow the lead and beat it; else cards that follow; else trumps (when `trumps` is given);
    else the whole hand. `beats(card)` is only asked of cards that follow."""
    same = [c for c in hand if follows(c)]
    if same:
        higher = [c for c in same if beats(c)]
        return higher if higher else same
    if trumps is not None:
        trump_cards = [c for c in hand if trumps(c)]
        if trump_cards:
            return trump_cards
    return list(hand)


def beating_assignment(
    led: Sequence[int], answer: Sequence[int], beats: Callable[[int, int], bool]
) -> tuple[int, ...] | None:
    """Multi-card tricks (Bura): a one-to-one pairing in which every answer card beats its led
    card, as `pairing[i]` = the index in `answer` of the card set against `led[i]`; None when no
    such pairing exists (then the leader wins). `beats(answer_card, led_card)`. Tries every
    pairing, so it is meant for a handful of cards (3 cards: 6 pairings)."""
    n = len(led)
    if n != len(answer):
        return None
    if n == 1:
        return (0,) if beats(answer[0], led[0]) else None
    from itertools import permutations

    for perm in permutations(range(n)):
        if all(beats(answer[perm[i]], led[i]) for i in range(n)):
            return perm
    return None


def beats_play(
    play: Sequence[int],
    target: Sequence[int],
    suit_of: Callable[[int], Hashable],
    rank_of: Callable[[int], int],
    trump: Hashable | None = None,
) -> bool:
    """Beating games (Mattis, and Durak-like games): whether `play` beats `target`, each one card
    or a sequence of one suit. It beats when it is of the same suit and every card of it ranks
    above every card of the target, or when it is trump and the target is not. The number of
    cards does not matter. Both must be non-empty and of one suit each (the caller checks)."""
    ps = suit_of(play[0])
    if ps == suit_of(target[0]):
        return min(rank_of(c) for c in play) > max(rank_of(c) for c in target)
    return trump is not None and ps == trump


def suit_runs(
    hand: Sequence[int],
    suit_of: Callable[[int], Hashable],
    rank_of: Callable[[int], int],
    min_len: int = 2,
) -> list[list[int]]:
    """Every sequence in a hand: `min_len` or more cards of one suit with consecutive ranks
    (each card once, ranks as `rank_of` gives them; no wrap-around). Each sequence is listed
    low to high, by suit as the suits first appear in the hand, then by lowest card, then length."""
    by_suit: dict[Hashable, list[int]] = {}
    for c in hand:
        by_suit.setdefault(suit_of(c), []).append(c)
    out: list[list[int]] = []
    for cards in by_suit.values():
        cards = sorted(cards, key=rank_of)
        start = 0
        for i in range(1, len(cards) + 1):
            if i == len(cards) or rank_of(cards[i]) != rank_of(cards[i - 1]) + 1:
                block = cards[start:i]
                for a in range(len(block)):
                    for b in range(a + min_len, len(block) + 1):
                        out.append(block[a:b])
                start = i
    return out


def stopped_trick(
    plays: Sequence[tuple[int, int]],
    answers: Callable[[int], bool],
    strength: Callable[[int], Hashable],
) -> int | None:
    """A trick that stops as soon as someone cannot follow (Getaway): None while every play after
    the lead answers it; else the index in `plays` of the play whose player picks up the whole
    trick, the strongest play that answers the lead (earlier play on equal strength). Only plays
    before the first one that does not answer count; the lead always answers."""
    for i in range(1, len(plays)):
        if not answers(plays[i][1]):
            return winner(plays[:i], lambda c: strength(c) if answers(c) else None)
    return None
