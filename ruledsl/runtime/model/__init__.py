"""Values and state: the handles rules compute with, the state as plain data, and a game's tables."""
