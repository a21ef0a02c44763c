"""Request forms: what a browser posts, checked and turned into a command for the engine (base: `FormSchema`)."""
