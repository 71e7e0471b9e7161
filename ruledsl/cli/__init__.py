"""The `ruledsl` command: one module per subcommand, gathered in main.py."""
