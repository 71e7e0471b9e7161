"""Benchmarks: playout speed, ruledsl beside hand-written references and OpenSpiel (see README.md)."""
