"""Cube Farm's table package: what the shell shows before the game is opened (``DECLARED``);
the table (:mod:`.table`) and its board (:mod:`.board`), imported when it is."""

from app.seated.declare import declare

# About: the rulebook names no author; the card list is this edition's own design
DECLARED = declare("cube-farm", "{name}, after its printed rulebook (the cards are this app's "
                   "own design)")
