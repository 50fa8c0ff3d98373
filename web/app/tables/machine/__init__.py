"""Perpetual-Motion Machine's table package: what the shell shows before the game is opened
(``DECLARED``); the table (:mod:`.table`) and its board (:mod:`.board`), imported when it is."""

from app.seated.declare import declare

# About: the rulebook names no author; the mat numbers are this edition's own
DECLARED = declare("machine", "{name}, after its printed rulebook (the mat's numbers are this "
                   "app's own)")
