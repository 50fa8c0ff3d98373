"""Machiavelli's table package: what the shell shows before the game is opened (``DECLARED``);
the table (:mod:`.table`), its board (:mod:`.board`) and its Hint (:mod:`.hint`), imported
when it is."""

from app.seated.declare import declare

# penalty points for the cards left: fewer is better
DECLARED = declare("machiavelli", "{name}, a traditional Italian rummy (also played as "
                   "Manipulation)", scores="low")
