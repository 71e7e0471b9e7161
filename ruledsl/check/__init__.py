"""The checker: passes over a merged game's IR, each in its own module.

names.py   every name resolves (with "did you mean"), nothing defined twice
types.py   expressions have the types their places need
boards.py  boards hang together (networkx): edges to nothing, unreachable places
flow.py    the flow can end, decisions have choosers, jumps sit in loops
"""
