"""The Blue Chip Bridge table-manager protocol (version 18), both sides.

The wire of computer bridge: WBridge5, Blue Chip Bridge, Q-Plus, ben and the robots of the
computer championships all speak it. :mod:`~contractbridge.bluechip.protocol` reads and
writes its messages (pure functions); :mod:`~contractbridge.bluechip.manager` is a table
manager that seats four clients and runs a teams or pairs match, recorded as PBN and LIN and
scored in IMPs; :mod:`~contractbridge.bluechip.client` puts one of our robots in a seat at
any table manager. The message sequence and the variations met in the wild are in
``docs/bluechip.md``.

This package sits at the top layer, beside the server: it uses the game's robots, the files
and the scoring, and nothing below imports it.
"""
