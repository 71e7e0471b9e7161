"""Hand-written plain-Python random playouts of bundled games: the yardsticks of ruledsl's speed."""
