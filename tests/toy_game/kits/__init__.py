"""The toy's kits, as companion/kits/ holds the app's: found beside the rules (companion/kits/__init__.py)."""
