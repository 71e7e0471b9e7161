"""The intermediate representation: immutable nodes (nodes/: expressions, statements,
declarations), the tree-to-IR builder (build.py and its parts build_decls, build_stmts,
build_exprs), ASCII maps (maps.py) and a whole game's merged definitions (game.py)."""
