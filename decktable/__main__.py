"""`python -m decktable` runs the command line."""

from __future__ import annotations

from decktable.cli import main

raise SystemExit(main())
