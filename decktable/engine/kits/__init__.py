"""Rules mechanics shared by many games: dealing, tricks, grids, melds, card points.

A game that needs a variation teaches the kit the variation rather than writing its own.
"""
