"""Pass (part of scope.py's Checker): the effect statements (move, draw, show, swap, ...) and the
places, players and collections they take, each checked for the kind of value it needs."""
from __future__ import annotations

from ..ir import nodes as n
from .types import ANY, INT, LOCATION, MAP, NONE, PLAYER, Type, a_type, kind, list_of


class Effects:
    """Mixin of the Checker: one method per effect statement, and what their arguments must be."""

    def s_Move(self, s: n.Move):
        self.expr(s.item)
        self.place(s.dest)

    def s_Draw(self, s: n.Draw):
        if s.count is not None:
            self.expect(s.count, INT, self.expr(s.count), "how many to draw")
        self.zone(s.source)
        self.place(s.dest)

    def s_Effect(self, s: n.Effect):
        if s.verb == "shuffle":
            self.zone(s.target)
        elif not self._whole_var(s.target):
            self.expr(s.target)

    def _whole_var(self, e) -> bool:
        """`reveal track` / `show track to …` of a per-player variable names every seat's entry."""
        if isinstance(e, n.Name) and self.scope.lookup(e.name) is None and e.name in self.ctx.game.vars \
                and self.ctx.game.vars[e.name].per_player:
            self.used.add(e.name)
            self.uses(e.span, e.name)
            return True
        return False

    def s_Show(self, s: n.Show):
        if not self._whole_var(s.item):
            self.expr(s.item)
        self.players(s.to)

    def s_Rotate(self, s: n.Rotate):
        self.expr(s.item)
        self.expect(s.amount, INT, self.expr(s.amount), "the rotation")

    def s_Swap(self, s: n.Swap):
        self.expr(s.first)
        self.expr(s.second)

    def s_Announce(self, s: n.Announce):
        self.expr(s.text)
        if s.to is not None:
            self.players(s.to)

    def s_Mark(self, s: n.Mark):
        self.expect(s.target, LOCATION, self.expr(s.target), "what is marked")

    # -- places, players, collections ---------------------------------------------
    def place(self, e) -> None:
        got = self.expr(e)
        if got not in (ANY, LOCATION, NONE) and got.head != "zone of":
            self.ctx.error(e.span, f"a place to put things must be a zone or a location, but this is {a_type(got)}")

    def zone(self, e) -> None:
        got = self.expr(e)
        if got is not ANY and got.head != "zone of" and got is not LOCATION:
            self.ctx.error(e.span, f"this should be a zone, but it is {a_type(got)}")

    def player(self, e) -> None:
        self.expect(e, PLAYER, self.expr(e), "the player")

    def players(self, e) -> None:
        got = self.expr(e)
        if got not in (PLAYER, list_of(PLAYER), ANY, list_of(ANY)):
            self.ctx.error(e.span, f"this should be a player or a list of players, but it is {a_type(got)}")

    def collection(self, e) -> Type:
        got = self.expr(e)
        if got.head == "zone of":
            return list_of(kind(got.name))
        if got is LOCATION:
            return list_of(ANY)
        if got not in (ANY, MAP) and not got.is_list:
            self.ctx.error(e.span, f"this should be a list to go through, but it is {a_type(got)}")
            return list_of(ANY)
        return got if got.is_list else list_of(ANY)
