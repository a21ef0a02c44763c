"""The toy's engine layer, as companion/games/ is the app's."""
