"""Search trees: nodes keyed by what a seat observed, edges with UCB statistics."""
from __future__ import annotations

import math

WIDEN = 24    # options a node tries before progressive widening holds back the rest


class Node:
    """A node: children by key (an action's label, or what a seat observed of a step), and
    per action label the edge statistics [visits, total reward, times available]."""
    __slots__ = ("children", "edges", "visits")

    def __init__(self):
        self.children: dict = {}
        self.edges: dict = {}
        self.visits = 0

    def child(self, key) -> "Node":
        node = self.children.get(key)
        if node is None:
            node = self.children[key] = Node()
        return node

    def select(self, labels: list, rng, exploration: float):
        """(label, untried): an action never tried here (at random), else the best by UCB1 with
        availability counts (an action counts only the times it was legal here). Progressive
        widening: among many options (more than WIDEN), a new one is tried only while fewer than
        WIDEN + sqrt(visits here) have been, so that a menu of hundreds is searched in depth
        on some rather than once on each."""
        edges = self.edges
        self.visits += 1
        untried = []
        tried = []
        for label in labels:
            edge = edges.get(label)
            if edge is None:
                edge = edges[label] = [0, 0.0, 0]
            edge[2] += 1
            if edge[0] == 0:
                untried.append(label)
            else:
                tried.append(label)
        if untried and (len(labels) <= WIDEN or not tried or len(tried) < WIDEN + math.sqrt(self.visits)):
            return rng.choice(untried), True
        best, best_score = None, -math.inf
        for label in tried:
            visits, total, available = edges[label]
            score = total / visits + exploration * math.sqrt(math.log(available) / visits)
            if score > best_score:
                best, best_score = label, score
        return best, False

    def update(self, label: str, reward: float) -> None:
        edge = self.edges[label]
        edge[0] += 1
        edge[1] += reward

    def most_visited(self, labels: list):
        """The label among labels visited most here (ties: the higher mean), or None."""
        best, best_key = None, None
        for label in labels:
            edge = self.edges.get(label)
            if edge is None or edge[0] == 0:
                continue
            key = (edge[0], edge[1] / edge[0])
            if best_key is None or key > best_key:
                best, best_key = label, key
        return best
