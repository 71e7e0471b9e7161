"""The intermediate representation: immutable nodes (nodes.py), the tree-to-IR builder
(build.py), ASCII maps (maps.py) and a whole game's merged definitions (game.py)."""
