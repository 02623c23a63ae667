"""The web table: ``contractbridge serve`` (see ``docs/server.md``).

:func:`contractbridge.server.app.create_app` builds the ASGI app over a database URL; the
table it runs is :class:`contractbridge.server.tables.table.ServerTable` (a game table and its
stored event log); :mod:`~contractbridge.server.tables.views` decides what each seat is shown.
"""
