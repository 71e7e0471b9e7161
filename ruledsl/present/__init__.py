"""What a seat's screen shows, as plain data in the rules' own words (the presentation model).

model.py   the data: Screen, its boards, zones, pieces, values, decision, and Move (a step shown)
texts.py   a view's values and components read back in the rules' words (labels by type)
build.py   screen_of(state, seat): the Screen of a seat, built from its view
moves.py   move_of(before, after, …): one action as an animation step (what changed)
guide.py   how to play: the rules' own explanation, descriptions, phases, options, ending
fit.py     labels too long for their room, shortened with a legend

The terminal (ruledsl/cli) renders a Screen; a web page can render the same one
(Screen.to_json()). Built only from view(seat), a Screen never shows more than
the seat may see.
"""
from .build import screen_of
from .model import Screen

__all__ = ["screen_of", "Screen"]
