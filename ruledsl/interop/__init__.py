"""A game as other libraries see it: integer actions, observation strings and tensors (for OpenSpiel, PettingZoo)."""
