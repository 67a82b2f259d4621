"""Every change to a room, one module per domain, each action a short check-then-do function.

An action opens the room's unit of work (``rooms.table.open_table``), checks
who may do what, and changes the table; saving, versions, deadlines and what
is published after commit are the table's (docs/architecture.md).
``rooms.services`` is the public face of these modules.
"""
