"""tournament layer."""
