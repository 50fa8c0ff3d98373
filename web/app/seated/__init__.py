"""The seated table every game with seats shares (:class:`app.seated.table.SeatedTable`), and
what such a game declares before it is opened (:mod:`app.seated.declare`). The package itself
imports nothing, so that a module of it (the remote seats' protocols) may be imported from
below the table contract without an import circle."""
