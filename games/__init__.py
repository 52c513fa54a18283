"""One package per game. Each `games/<id>/__init__.py` has a plain INFO dict and `load()`."""
