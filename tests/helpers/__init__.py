"""What several test modules share, one module per subject; fixtures they all use are in conftest.py."""
