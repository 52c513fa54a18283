"""Typed errors. Every one is a ValueError under DeckTableError and quotes what it refused."""

from __future__ import annotations


class DeckTableError(ValueError):
    """Base of every error the table raises on bad input."""


class MalformedAction(DeckTableError):
    """The text is not an action of this game's notation."""

    def __init__(self, text: str, why: str) -> None:
        self.text = text
        self.why = why
        shown = text if len(text) <= 60 else text[:40] + f"… ({len(text):,} characters)"
        super().__init__(f"{shown!r} is not a move: {why}")


class IllegalMove(DeckTableError):
    """A well-formed action that the rules forbid right now."""

    def __init__(self, action: object, why: str) -> None:
        self.action = action
        self.why = why
        super().__init__(f"{action} is not allowed: {why}")


class NotYourTurn(DeckTableError):
    """A seat tried to act while it is not among the seats to act."""

    def __init__(self, seat: int, name: str | None = None) -> None:
        self.seat = seat
        who = name or f"seat {seat}"
        super().__init__(f"It is not {who}'s turn.")


class BadSeat(NotYourTurn):
    """A seat that is not at this table: not a whole number from 0 to the number of players - 1
    (None, for a spectator, where an observation is asked for). It is nobody's turn, so it is a
    NotYourTurn too."""

    def __init__(self, seat: object, players: int) -> None:
        self.seat = seat  # type: ignore[assignment]
        shown = repr(seat) if len(repr(seat)) <= 40 else repr(seat)[:40] + "…"
        DeckTableError.__init__(
            self, f"There is no seat {shown} at this table: the seats are 0 to {players - 1}."
        )


class WrongGame(DeckTableError):
    """A state that is not a state of the game it was given to (another game's, or no state)."""

    def __init__(self, game: str, state: object) -> None:
        self.game = game
        super().__init__(f"That is not a game of {game} (it is a {type(state).__name__}); nothing was changed.")


class GameOver(DeckTableError):
    """An action was sent to a finished game."""

    def __init__(self) -> None:
        super().__init__("The game is over; no more moves can be made.")


class BadOptions(DeckTableError):
    """Options or player counts that the game does not accept."""


class UnknownGame(DeckTableError):
    """No game of that id or name is registered."""

    def __init__(self, name: str, known: list[str] | None = None) -> None:
        self.name = name
        hint = f" Known games: {', '.join(known)}." if known else ""
        super().__init__(f"No game called {name!r}.{hint}")


class SaveError(DeckTableError):
    """A save file that cannot be loaded; the message says what is wrong with it."""


class SaveInUse(SaveError):
    """A save another window is playing now (its lock is held): nothing is wrong with the file."""
