"""`python -m ruledsl` runs the command line."""
from .cli.main import main

main()
