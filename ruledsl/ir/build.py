"""Parse tree to IR: one small method per grammar alias, no meaning checked here (the methods
live in build_decls, build_stmts and build_exprs, mixed into one Lark Transformer)."""
from __future__ import annotations

from lark import Token, Transformer, Tree
from lark.exceptions import UnexpectedInput

from .. import parse as _parse
from ..errors import Diagnostic, RulesError
from ..limits import MAX_DIGITS, MAX_NESTING, with_commas
from ..source import Span
from . import nodes as n
from .build_decls import Declarations
from .build_exprs import Expressions
from .build_stmts import Statements
from .build_support import LoneSurrogate, closing_brace, respan, unquote


class _Builder(Declarations, Statements, Expressions, Transformer):
    """Turns a Lark tree into IR nodes. Methods are named after grammar rules/aliases."""

    def __init__(self, path: str):
        super().__init__(visit_tokens=True)
        self.path = path

    # -- helpers ---------------------------------------------------------
    def span(self, meta) -> Span:
        if getattr(meta, "empty", True):
            return Span(self.path, 0, 0)
        return Span(self.path, meta.line, meta.column, meta.end_line, meta.end_column)

    def tspan(self, tok: Token) -> Span:
        return Span(self.path, tok.line, tok.column, tok.end_line or tok.line,
                    tok.end_column or tok.column + len(tok))

    def unquote(self, tok: Token) -> str:
        """A STRING token's text (build_support.unquote); half of a UTF-16 pair in it is an error
        here, where the file is, not later when the text is printed or compared."""
        try:
            return unquote(str(tok))
        except LoneSurrogate as err:
            column = tok.column + 1 + err.offset
            at = Span(self.path, tok.line, column, tok.line, column + len(err.written))
            shown = err.written if err.written.startswith("\\") else f"U+{ord(err.written):04X}"
            raise RulesError(Diagnostic("error", at, f"'{shown}' is half of a UTF-16 pair, not a character",
                                        "write the character itself, or both halves of its pair "
                                        "(\\uD83D\\uDE00 for 😀)")) from None

    def template(self, tok: Token) -> n.Expr:
        """A STRING token: a Literal, or a Template when it has {expr} parts."""
        text = self.unquote(tok)
        span = self.tspan(tok)
        if "{" not in text and "}" not in text:
            return n.Literal(text, span=span)
        parts: list = []
        buf = ""
        i = 0
        while i < len(text):
            ch = text[i]
            if ch == "{" and text.startswith("{{", i):
                buf += "{"
                i += 2
            elif ch == "}" and text.startswith("}}", i):
                buf += "}"
                i += 2
            elif ch == "{":
                close = closing_brace(text, i)
                if close < 0:
                    raise RulesError(Diagnostic("error", span, "unclosed '{' in a string",
                                                "write {{ for a literal brace"))
                if buf:
                    parts.append(buf)
                    buf = ""
                inner = Span(self.path, tok.line, tok.column + i + 2, tok.line, tok.column + close + 1)
                parts.append(self.inner_expr(text[i + 1:close], inner))
                i = close + 1
            elif ch == "}":
                raise RulesError(Diagnostic("error", span, "unmatched '}' in a string",
                                            "write }} for a literal brace"))
            else:
                buf += ch
                i += 1
        if buf:
            parts.append(buf)
        if all(isinstance(p, str) for p in parts):
            return n.Literal("".join(parts), span=span)
        return n.Template(tuple(parts), span=span)

    def inner_expr(self, text: str, span: Span) -> n.Expr:
        if not text.strip():
            raise RulesError(Diagnostic("error", span, "empty {} in a string", "put an expression inside, like {p}"))
        try:
            tree = _parse.parser("expr").parse(text)
        except UnexpectedInput as err:
            raise RulesError(Diagnostic("error", span, f"cannot read {{{text}}} in a string",
                                        _parse.syntax_diagnostic(err, self.path, text, _parse.parser("expr")).hint)) from None
        try:
            expr = build(tree, self.path)
        except RulesError as err:
            d = err.diagnostic
            raise RulesError(Diagnostic("error", span, d.message, d.hint)) from None
        return respan(expr, span)

    def as_template(self, expr) -> n.Template:
        if isinstance(expr, n.Template):
            return expr
        return n.Template((expr.value,), span=expr.span)

    # -- tokens ------------------------------------------------------------
    def INT(self, tok):
        return tok  # kept as a token so callers can read both value and position

    def number(self, tok: Token) -> int:
        """An INT token's value; a number too long to be a count or a score is an error
        (Python itself refuses to read one of over 4,300 digits)."""
        if len(tok) > MAX_DIGITS:
            raise RulesError(Diagnostic("error", self.tspan(tok), f"this number has {with_commas(len(tok))} digits; "
                                        f"numbers in rules have at most {MAX_DIGITS}",
                                        "no board game counts that high: check for a typing slip"))
        return int(tok)


def _check_depth(tree: Tree, path: str) -> None:
    """Refuse a tree nested deeper than MAX_NESTING, naming where it gets too deep: every later
    stage walks the tree recursively, and Python's stack is not a limit to report."""
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_NESTING:
            meta = node.meta
            line, column = (meta.line, meta.column) if not getattr(meta, "empty", True) else (1, 1)
            raise RulesError(Diagnostic("error", Span(path, line, column, line, column + 1),
                                        f"this nests more than {MAX_NESTING} levels deep",
                                        "split long expressions into `let` steps, and deep blocks into rules"))
        stack.extend((child, depth + 1) for child in node.children if isinstance(child, Tree))


def build(tree: Tree, path: str) -> n.RulesFile:
    """The IR of one parsed file."""
    _check_depth(tree, path)
    try:
        return _Builder(path).transform(tree)
    except Exception as err:  # Lark wraps errors raised in callbacks, sometimes twice
        inner = err
        while hasattr(inner, "orig_exc"):
            inner = inner.orig_exc
        if isinstance(inner, (RulesError, RecursionError)):
            raise inner from None
        raise


def build_text(text: str, path: str = "<string>") -> n.RulesFile:
    """Parse and build: rules text to the IR of one file."""
    return build(_parse.parse_text(text, path), path)


def build_expr(text: str, path: str = "<string>") -> n.Expr:
    """Parse and build one expression (used for --option values and templates)."""
    try:
        tree = _parse.parser("expr").parse(text)
    except UnexpectedInput as err:
        raise RulesError(_parse.syntax_diagnostic(err, path, text, _parse.parser("expr"))) from None
    return build(tree, path)
