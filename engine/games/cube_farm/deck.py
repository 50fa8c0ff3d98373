"""The Cube Farm deck: every card of this edition, as data, in one place.

The seed rulebook has the rules but not the cards, so this deck is our own design (RULINGS.md
4.9). A card is 3 squares wide and 2 tall as written here (its rotation 0); the table may turn it
a quarter turn at a time. Each square is one token:

* ``.`` floor;
* ``E`` an elevator square;
* an item (floor with a bonus): ``Co`` Coffee Machine 2, ``So`` Soda Machine 2, ``Wa`` Water
  Cooler 2, ``La`` Laser Printer 3, ``Su`` Supply Cabinet 3, ``Ph`` Photocopier 4;
* ``c`` a cube unit, followed by the sides that are openings (``n e s w``; every other side is
  a wall): ``cs`` is a single cubicle whose door faces south;
* ``r`` / ``v`` a negative cube unit (Receptionist -2 / Vice President -3), sides as for ``c``.

Design (counts in :data:`DESIGN_COUNTS`, the rationale in the rules page):

* most cubicles are singles with three walls, in rows facing a corridor, so a card usually
  offers a claim and the corridor carries the walk to the elevator;
* eight cards have "half" units open towards a card edge: alone they are singles, but two such
  halves meeting across a card edge make a double cube (worth 2 base points);
* items are scattered on corridor squares (33 on 47 cards), more of the cheap 2-point ones
  (20) than Laser Printers and Supply Cabinets (8) or Photocopiers (5);
* four Receptionists and three Vice Presidents, two of them in offices of two units and two of
  them in halves open to a card edge (they spread into the cubicle they meet; a card may not
  make them meet a claimed one);
* three elevator cards in the deck besides the starting one; they are floor on both sides of a
  two-square shaft, so cubes built around them can wall them off.

Every card has at least one *safe edge*: a side of the card on which no square has an opening.
Turned so that edge faces the table and laid beyond the table's extreme row, it touches only
that edge and joins nothing, so every card always has a legal placement (tests check this).
"""

from __future__ import annotations

from collections import Counter

# Items: token -> (name, value). Walking range equals the value.
ITEMS: dict[str, tuple[str, int]] = {
    "Co": ("Coffee Machine", 2),
    "So": ("Soda Machine", 2),
    "Wa": ("Water Cooler", 2),
    "La": ("Laser Printer", 3),
    "Su": ("Supply Cabinet", 3),
    "Ph": ("Photocopier", 4),
}

# Negative characters: token letter -> (name, value).
NEGATIVES: dict[str, tuple[str, int]] = {
    "r": ("Receptionist", -2),
    "v": ("Vice President", -3),
}

START_CARD = "E0"

# id -> (top row, bottom row), three tokens each.
CARDS: dict[str, tuple[str, str]] = {
    # The starting elevator and the three in the deck: a shaft with floor on both sides.
    "E0": (". E .", ". E ."),
    "E1": (". E .", ". E ."),
    "E2": (". E .", ". E ."),
    "E3": (". E .", ". E ."),
    # Rows of three singles facing a corridor (10).
    "C01": ("cs cs cs", ". . ."),
    "C02": ("cs cs cs", ". . ."),
    "C03": ("cs cs cs", ". Co ."),
    "C04": ("cs cs cs", "So . ."),
    "C05": ("cs cs cs", ". . Wa"),
    "C06": ("cs cs cs", ". La ."),
    "C07": ("cs cs cs", "Su . ."),
    "C08": ("cs cs cs", ". . Ph"),
    "C09": ("cs cs cs", "Co . ."),
    "C10": ("cs cs cs", ". Wa ."),
    # Two singles and a corridor with an item or an opening north (8).
    "C11": ("cs . cs", ". Co ."),
    "C12": ("cs Wa cs", ". . ."),
    "C13": ("cs . cs", ". Ph ."),
    "C14": ("cs . cs", ". So ."),
    "C15": ("cs . cs", ". . ."),
    "C16": ("cs La cs", ". . ."),
    "C17": ("cs . .", ". . cn"),
    "C18": ("cs . .", "Su . cn"),
    # Four singles facing a middle aisle (5).
    "C19": ("ce . cw", "ce . cw"),
    "C20": ("ce . cw", "ce . cw"),
    "C21": ("ce Co cw", "ce . cw"),
    "C22": ("ce . cw", "ce So cw"),
    "C23": ("ce Ph cw", "ce . cw"),
    # Back to back: doors open onto whatever lies north and south (3).
    "C24": ("cn cn cn", "cs cs cs"),
    "C25": ("cn cn cn", "cs cs cs"),
    "C26": ("cn . cn", "cs Wa cs"),
    # Halves open towards a card edge: doubles across card edges (8).
    "C27": ("csw cs ces", ". . ."),
    "C28": ("csw cs ces", ". Co ."),
    "C29": ("csw . ces", ". La ."),
    "C30": ("csw . ces", ". . ."),
    "C31": ("cnw . .", "csw . So"),
    "C32": ("cne . .", "ces . Wa"),
    "C33": ("cew . cs", ". . ."),
    "C34": ("csw cs cs", ". . Su"),
    # Doubles inside one card (3).
    "C35": ("ces cw .", ". . Ph"),
    "C36": ("ces cw .", ". . Co"),
    "C37": ("cs ces cw", ". . ."),
    # Lounges: open floor with items (3).
    "C38": (". Co .", ". . ."),
    "C39": (". . .", "La . Wa"),
    "C40": ("Ph . .", ". . So"),
    # Receptionists (4) and Vice Presidents (3).
    "C41": ("rs cs cs", ". . ."),
    "C42": ("cs rs cs", ". Co ."),
    "C43": ("rsw . cs", ". . So"),
    "C44": ("ce . rw", "ce . cw"),
    "C45": ("cs . ves", ". . ."),
    "C46": ("ves cw cs", ". . ."),
    "C47": ("cs ves cw", ". Su ."),
}

DECK_IDS: tuple[str, ...] = tuple(c for c in CARDS if c != START_CARD)

DESIGN_COUNTS: dict[str, int] = {
    "elevator cards in the deck": 3,
    "rows of three singles": 10,
    "two singles with a corridor": 8,
    "four singles on an aisle": 5,
    "back to back": 3,
    "halves open to a card edge": 8,
    "doubles inside a card": 3,
    "lounges": 3,
    "Receptionist cards": 4,
    "Vice President cards": 3,
}


def item_counts() -> Counter[str]:
    """How many of each item the deck holds (for the design note and tests)."""
    counts: Counter[str] = Counter()
    for cid in DECK_IDS:
        for row in CARDS[cid]:
            for tok in row.split():
                if tok in ITEMS:
                    counts[ITEMS[tok][0]] += 1
    return counts


# What a player calls a card: the rules list cards by id only, so each gets a short name from
# what is on it, in the words of the rules page's "kind of card" table (a row, a pair, an aisle,
# back to back, halves, a double, a lounge, a Receptionist, a Vice President, an elevator), led
# by its item: "Coffee row", "Copier aisle", "Cube pair". Identical cards share a name.
ITEM_WORDS: dict[str, str] = {"Co": "Coffee", "So": "Soda", "Wa": "Water", "La": "Printer",
                              "Su": "Supplies", "Ph": "Copier"}
KIND_ALONE: dict[str, str] = {"row": "Cube row", "pair": "Cube pair", "aisle": "Cube aisle",
                              "back-to-back": "Back-to-back", "halves": "Half cubes",
                              "double": "Double cube", "lounge": "Lounge",
                              "reception": "Reception", "reception aisle": "Reception aisle",
                              "VP office": "VP office", "elevator": "Elevator"}


def card_kind(card: str) -> str:
    """The card's kind, from its squares (the kinds of card of the rules page)."""
    top, bottom = (row.split() for row in CARDS[card])
    units = [t for t in (*top, *bottom) if t[0] in "crv"]
    sides = [set(t[1:]) for t in units]
    if "E" in top + bottom:
        return "elevator"
    aisle = len(units) == 4 and all(s in ({"e"}, {"w"}) for s in sides)
    if any(t[0] == "v" for t in units):
        return "VP office"
    if any(t[0] == "r" for t in units):
        return "reception aisle" if aisle else "reception"
    if not units:
        return "lounge"
    if aisle:
        return "aisle"
    if any(_joined(row[i], row[i + 1]) for row in (top, bottom) for i in range(2)):
        return "double"
    if any(len(s) > 1 or s & {"e", "w"} for s in sides):
        return "halves"  # a unit open towards a card edge
    up = [t for t in top if t[0] == "c"]
    down = [t for t in bottom if t[0] == "c"]
    if up and down and all(t == "cn" for t in up) and all(t == "cs" for t in down):
        return "back-to-back"
    return "row" if len(units) == 3 else "pair"


def _joined(west: str, east: str) -> bool:
    """Two units side by side in a row whose touching sides are both openings (a double)."""
    return west[0] in "crv" and east[0] in "crv" and "e" in west[1:] and "w" in east[1:]


def card_name(card: str) -> str:
    """"Coffee row", "Printer & Water lounge", "Cube pair", "Elevator": the card's name."""
    kind = card_kind(card)
    items = [ITEM_WORDS[t] for row in CARDS[card] for t in row.split() if t in ITEM_WORDS]
    if not items or kind == "elevator":
        return KIND_ALONE[kind]
    if kind in ("reception", "reception aisle", "VP office"):
        return f"{KIND_ALONE[kind]} & {items[0]}"
    return f"{' & '.join(items)} {kind}"
