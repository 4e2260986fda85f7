"""Balance reports."""
