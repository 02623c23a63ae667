"""game layer."""
