"""File formats: scenario files, campaign and game exports, the card library (base: `FileSchema`)."""
