"""Flask blueprints, one per area; views parse, call the domain, render."""
