"""The session layer: a game being played, above the engine and below the screens.

The engine (`decktable.engine`) is the ground floor: the contract every game follows, the
registry, the errors and the kits shared by games; it imports nothing of decktable above it. A
session is what sits on top of it: the match (`match.Match`: its seats — a person at the keyboard,
a remote device, a bot —, the log, undo, the hand-off decision and autosave, which drive the bots
and the store) and resuming a saved match (`resume.load_match`). The TUI, the bot worker's users,
the shared table's remote seats, lessons and the benchmark all drive a session; the engine never
imports one, and the store reads and writes save files without knowing what a Match is.

Never imports Textual.
"""
