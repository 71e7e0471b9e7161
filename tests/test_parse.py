"""Each construct parses into the IR expected (spans take no part in equality)."""
from __future__ import annotations

import pytest

from ruledsl.ir import nodes as n
from ruledsl.ir.build import build_text

N = n.Name
L = n.Literal


def decl(text):
    (d,) = build_text(text).decls
    return d


def body(text):
    """The statements of a one-rule file."""
    return decl("rule r():\n" + "".join("    " + line + "\n" for line in text.strip("\n").split("\n"))).body


def expr(text):
    (s,) = body(f"let x = {text}")
    return s.value


DECLS = [
    ('game "Tillinghast"', n.GameDecl("Tillinghast")),
    ("extends \"base.rules\"", n.Extends("base.rules")),
    ("players 2..5", n.Players(2, 5)),
    ("players 4", n.Players(4, 4)),
    ('seats Red, Blue "Blue seat"', n.Seats((n.LabelledName("Red"), n.LabelledName("Blue", "Blue seat")))),
    ('option months: 4..5 = 4 "Months to survive"',
     n.OptionDecl("months", n.RangeType(4, 5), L(4), "Months to survive")),
    ('enum Action: Move1 "Move 1", Pass', n.EnumDecl("Action", (n.LabelledName("Move1", "Move 1"), n.LabelledName("Pass")))),
    ("enum Side:\n    Control,\n    Insanity\n", n.EnumDecl("Side", (n.LabelledName("Control"), n.LabelledName("Insanity")))),
    ("kind Ghost, position visible to owner", n.KindDecl("Ghost", (), n.Visibility("owner"))),
    ("kind Card:\n    value: int\n    range: text = \"1-3\", visible to all\n",
     n.KindDecl("Card", (n.FieldDecl("value", n.TypeName("int")),
                         n.FieldDecl("range", n.TypeName("text"), L("1-3"), n.Visibility("all"))))),
    ("zone hand: hand of Card, per player, face up, capacity 8",
     n.ZoneDecl("hand", "hand", "Card", True, None, "up", L(8))),
    ("zone deck: deck of Card, visible to nobody:\n    3 x Card(value: 1)\n    Card(value: v) for each v in 2..4\n",
     n.ZoneDecl("deck", "deck", "Card", visibility=n.Visibility("nobody"), contents=(
         n.Content("Card", L(3), (("value", L(1)),)),
         n.Content("Card", None, (("value", N("v")),), "v", n.Range(L(2), L(4)))))),
    ("var health: int = 3, per player, visible to owner",
     n.VarDecl("health", n.TypeName("int"), L(3), True, n.Visibility("owner"))),
    ("var marks: list of location = []", n.VarDecl("marks", n.ListType(n.TypeName("location")), n.ListLit(()))),
    ("const hours = {6: Cursed}", n.ConstDecl("hours", n.MapLit(((L(6), N("Cursed")),)))),
    ("die d6: 1..6", n.DieDecl("d6", n.Range(L(1), L(6)))),
    ("define twice(x) = x * 2", n.DefineDecl("twice", ("x",), n.Binary("*", N("x"), L(2)))),
    ("rule go(p, q):\n    pass\n", n.RuleDecl("go", ("p", "q"), (n.Jump("pass"),))),
    ("setup:\n    pass\n", n.SetupDecl((n.Jump("pass"),))),
    ("flow:\n    win players\n", n.FlowDecl((n.Win(N("players")),))),
    ("whenever g enters sq where sq is Grave:\n    pass\n",
     n.TriggerDecl("enters", (n.Jump("pass"),), "g", "sq", n.Binary("is", N("sq"), N("Grave")))),
    ("after each action:\n    pass\n", n.TriggerDecl("action", (n.Jump("pass"),))),
    ('scenario "s" with players: 3:\n    expect true\n',
     n.ScenarioDecl("s", (("players", L(3)),), (n.Expect(L(True)),))),
    ("board B:\n    edge hall\n    location A \"Aa\" is Hot with size: 1\n    location C\n    hall: A - C, C -> A when open\n",
     n.BoardDecl("B", False, (n.LocationDecl("A", "Aa", ("Hot",), (("size", L(1)),)), n.LocationDecl("C")),
                 (("hall", None),), (n.EdgesDecl("hall", (("A", "-", "C"), ("C", "->", "A")), N("open")),))),
]


@pytest.mark.parametrize("text,expected", DECLS, ids=[d[0].split("\n")[0][:40] for d in DECLS])
def test_declaration(text, expected):
    got = decl(text)
    if isinstance(got, n.BoardDecl):  # edge kinds carry their span beside the name
        got = n.BoardDecl(got.name, got.grid, got.locations, tuple((k, None) for k, _ in got.edge_kinds), got.edges)
    assert got == expected


STATEMENTS = [
    ("let n = 1", n.Let("n", L(1))),
    ("set p.health to 2", n.Set(n.Attr(N("p"), "health"), L(2))),
    ("increase score by 3", n.Set(N("score"), L(3), "+")),
    ("decrease score by 3", n.Set(N("score"), L(3), "-")),
    ("move c to bottom of deck face down", n.Move(N("c"), N("deck"), "bottom", "down")),
    ("draw 2 from bottom of deck to top of p.hand face up",
     n.Draw(L(2), N("deck"), n.Attr(N("p"), "hand"), "bottom", "up", "top")),
    ("draw from bag to pool", n.Draw(None, N("bag"), N("pool"))),
    ("shuffle deck", n.Effect("shuffle", N("deck"))),
    ("reveal c", n.Effect("reveal", N("c"))),
    ("hide c", n.Effect("hide", N("c"))),
    ("show c to [p]", n.Show(N("c"), n.ListLit((N("p"),)))),
    ("rotate t by 90", n.Rotate(N("t"), L(90))),
    ("swap a with b", n.Swap(N("a"), N("b"))),
    ('announce "hi {p}" to [p]', n.Announce(n.Template(("hi ", N("p"))), n.ListLit((N("p"),)))),
    ("mark sq as Lit", n.Mark(N("sq"), "Lit", True)),
    ("unmark sq as Lit", n.Mark(N("sq"), "Lit", False)),
    ("do go(1, p)", n.Do("go", (L(1), N("p")))),
    ("win [p]", n.Win(n.ListLit((N("p"),)))),
    ("end game", n.EndGame()),
    ("end game ranking each p in players by p.a, -p.b",
     n.EndGame("p", N("players"), (n.Attr(N("p"), "a"), n.Unary("-", n.Attr(N("p"), "b"))))),
    ("stop", n.Jump("stop")),
    ("return", n.Jump("return")),
    ('expect legal "move A1" by p', n.ExpectLegal(True, L("move A1"), N("p"))),
    ("force roll(d6) = 6", n.Force(n.Call("roll", (N("d6"),)), L(6))),
    ('play "pass"', n.Play(L("pass"))),
    ("if a:\n    pass\nelif b:\n    stop\nelse:\n    return",
     n.If((n.Branch(N("a"), (n.Jump("pass"),)), n.Branch(N("b"), (n.Jump("stop"),))), (n.Jump("return"),))),
    ("for each p in players:\n    pass", n.ForEach("p", N("players"), (n.Jump("pass"),))),
    ("repeat 3 times:\n    pass", n.Repeat("times", L(3), (n.Jump("pass"),))),
    ("repeat until done:\n    pass", n.Repeat("until", N("done"), (n.Jump("pass"),))),
    ("while going:\n    pass", n.Repeat("while", N("going"), (n.Jump("pass"),))),
    ("repeat:\n    stop", n.Repeat("forever", None, (n.Jump("stop"),))),
    ("match c.action:\n    case A, B:\n        pass\n    else:\n        stop",
     n.Match(n.Attr(N("c"), "action"), (n.Case((N("A"), N("B")), (n.Jump("pass"),)),), (n.Jump("stop"),))),
    ('choose d from C where d != x by p secretly as "go {d}":\n    pass\nelse:\n    stop',
     n.Choose("d", N("C"), (n.Jump("pass"),), n.Binary("!=", N("d"), N("x")), chooser=N("p"), secretly=True,
              label=n.Template(("go ", N("d"))), orelse=(n.Jump("stop"),))),
    ("choose 4 ordered cs from hand:\n    pass",
     n.Choose("cs", N("hand"), (n.Jump("pass"),), count_min=L(4), count_max=L(4), ordered=True, multiple=True)),
    ("choose (ceil(count(xs) / 2)) ys from xs:\n    pass",
     n.Choose("ys", N("xs"), (n.Jump("pass"),), count_min=n.Call("ceil", (n.Binary("/", n.Call("count", (N("xs"),)), L(2)),)),
              count_max=n.Call("ceil", (n.Binary("/", n.Call("count", (N("xs"),)), L(2)),)), multiple=True)),
    ("choose 1..2 rs from rabbits:\n    pass",
     n.Choose("rs", N("rabbits"), (n.Jump("pass"),), count_min=L(1), count_max=L(2), multiple=True)),
    ('choose by p:\n    option "a {s}" for each s in S if s > 1:\n        pass\n    option "b":\n        stop',
     n.Menu((n.Option(n.Template(("a ", N("s"))), (n.Jump("pass"),), "s", N("S"), n.Binary(">", N("s"), L(1))),
             n.Option(n.Template(("b",)), (n.Jump("stop"),))), N("p"))),
    ('phase "Month {m}":\n    pass', n.Phase(n.Template(("Month ", N("m"))), (n.Jump("pass"),))),
    ("turn p:\n    pass", n.Turn(N("p"), (n.Jump("pass"),))),
]


@pytest.mark.parametrize("text,expected", STATEMENTS, ids=[s[0].split("\n")[0][:40] for s in STATEMENTS])
def test_statement(text, expected):
    assert body(text) == (expected,)


EXPRESSIONS = [
    ("1 + 2 * 3", n.Binary("+", L(1), n.Binary("*", L(2), L(3)))),
    ("(1 + 2) * 3", n.Binary("*", n.Binary("+", L(1), L(2)), L(3))),
    ("a - b - c", n.Binary("-", n.Binary("-", N("a"), N("b")), N("c"))),
    ("not a and b or c", n.Binary("or", n.Binary("and", n.Unary("not", N("a")), N("b")), N("c"))),
    ("x not in xs", n.Binary("not in", N("x"), N("xs"))),
    ("x is not Grave", n.Binary("is not", N("x"), N("Grave"))),
    ("a <= b", n.Binary("<=", N("a"), N("b"))),
    ("1..n + 1", n.Range(L(1), n.Binary("+", N("n"), L(1)))),
    ("-x", n.Unary("-", N("x"))),
    ("p.hand.contents", n.Attr(n.Attr(N("p"), "hand"), "contents")),
    ("xs[0]", n.Index(N("xs"), L(0))),
    ("none", L(None)),
    ("false", L(False)),
    ('"a {{b}}"', L("a {b}")),
    ("distance(a, b, via: [hall])", n.Call("distance", (N("a"), N("b")), (("via", n.ListLit((N("hall"),))),))),
    ("count(each t in ts where t.v > 1)",
     n.Call("count", comp=n.Comprehension("t", N("ts"), n.Binary(">", n.Attr(N("t"), "v"), L(1))))),
    ("highest(each t in ts by t.v)", n.Call("highest", comp=n.Comprehension("t", N("ts"), by=n.Attr(N("t"), "v")))),
    ("sum(t.v for each t in ts)", n.Call("sum", comp=n.Comprehension("t", N("ts"), body=n.Attr(N("t"), "v")))),
    ("[each t in ts where t.v]", n.ListLit((), n.Comprehension("t", N("ts"), n.Attr(N("t"), "v")))),
    ("[1, 2,]", n.ListLit((L(1), L(2)))),
    ("{}", n.MapLit(())),
]


@pytest.mark.parametrize("text,expected", EXPRESSIONS, ids=[e[0] for e in EXPRESSIONS])
def test_expression(text, expected):
    assert expr(text) == expected


def test_spans_point_into_the_file():
    (s,) = body("let x = a + bb")
    assert (s.span.line, s.span.column) == (2, 5)
    assert (s.value.right.span.line, s.value.right.span.column, s.value.right.span.end_column) == (2, 17, 19)


def test_template_parts_carry_the_string_position():
    (s,) = body('announce "at {sq}"')
    assert (s.text.parts[1].span.line, s.text.parts[1].span.column) == (2, 19)


def test_newlines_inside_brackets_are_free():
    (s,) = body("let x = [1,\n        2,\n    3]")
    assert s.value == n.ListLit((L(1), L(2), L(3)))


@pytest.mark.parametrize("typed,text", [
    (r'"a\nb"', "a\nb"), (r'"a\tb"', "a\tb"), (r'"say \"hi\""', 'say "hi"'), (r'"a\\b"', "a\\b"),
    (r'"C:\games\x"', r"C:\games\x"), (r'"\u00e9\u0000"', "\u00e9\x00"), ('"café \\n"', "café \n"),
], ids=["newline", "tab", "quote", "backslash", "unknown escape kept", "code point", "letters beyond ASCII"])
def test_escapes_in_strings(typed, text):
    assert expr(typed) == L(text)
