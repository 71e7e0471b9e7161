"""Effects: every change to a state and the events that tell players of it."""
