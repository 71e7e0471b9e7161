"""Sentinels shared by the program's name tables and the compilers."""

MISSING_NAME = object()      # a name that names nothing
