"""The parts every table is made of, whatever its game: its own game and that game's save
(:mod:`.keeping`), and the guided first game (:mod:`.guiding`). A table composes them; none
of them names a game or reads a game's field."""
