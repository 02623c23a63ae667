"""Bidding systems as data: one module per system, each a tuple ``RULES`` of rule records."""
