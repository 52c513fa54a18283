"""Packages: the `games/` and `themes/` folders install as `decktable.rulesets` and
`decktable.themes`, so decktable claims no top-level module name but its own. (The public
function `decktable.games()` keeps its name, so the folder's package is called `rulesets`.)"""

from setuptools import find_packages, setup

MAPPED = {"decktable.rulesets": "games", "decktable.themes": "themes"}


def _mapped(prefix: str, folder: str) -> list[str]:
    return [prefix] + [f"{prefix}.{p}" for p in find_packages(folder)]


setup(
    packages=find_packages(include=["decktable", "decktable.*"])
    + [p for prefix, folder in MAPPED.items() for p in _mapped(prefix, folder)],
    package_dir=MAPPED,
)
