"""Pictures of the commands' answers, drawn with matplotlib (the optional extra ``videopoker[plot]``).

Each picture is a pure function of its command's JSON (exactly what ``--json`` prints) and a file:
whatever the JSON holds can be drawn again later from a saved copy, and nothing here reaches into
the engine, so a plot cannot show a figure the JSON does not (the import contract holds it: this
room imports only :mod:`videopoker.errors`).  matplotlib loads only when a picture is drawn, through
:mod:`~videopoker.plots.figure`, so no command starts slower for it.
"""
