"""Save files and play history, in the user's data directory."""
