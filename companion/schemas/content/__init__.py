"""Content loaders: the data/ folders read and checked at start-up (base: `ContentSchema`)."""
