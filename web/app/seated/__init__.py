"""The seated table every game with seats shares (:class:`app.seated.table.SeatedTable`)."""
