"""`decktable serve`: the table in a web browser (server.py), the app behind each tab (child.py),
the page, its script and the fonts it needs (templates/, static/)."""
