"""Text to parse tree: the Lark LALR parser, indentation, and friendly syntax errors."""
from __future__ import annotations

import functools
import re

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.indenter import Indenter

from . import parse_tables, slips
from .errors import Diagnostic, RulesError
from .grammar_file import grammar_path
from .printable import quoted
from .source import Span



class _RulesIndenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB", "LBRACE"]
    CLOSE_PAREN_types = ["RPAR", "RSQB", "RBRACE"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 4


@functools.lru_cache(maxsize=None)
def parser(start: str = "start") -> Lark:
    """The parser for a whole file (start) or a lone expression (expr)."""
    # Building the LALR tables takes most of a second: they are kept in the private cache folder
    # (parse_tables.py), never in Lark's own cache (a pickle in the shared temporary folder).
    return parse_tables.build(
        grammar_path().read_text(encoding="utf-8"),
        {"postlex": _RulesIndenter(), "propagate_positions": True},
        parser="lalr",
        lexer="contextual",
        start=start,
        maybe_placeholders=True,
    )


@functools.lru_cache(maxsize=1)
def keywords() -> tuple[str, ...]:
    """The language's keywords: the words the grammar spells out (for editors: completion, highlighting)."""
    words = set()
    for terminal in parser().terminals:
        pattern = terminal.pattern
        if pattern.type == "str" and re.fullmatch(r"[a-z]+", pattern.value):
            words.add(pattern.value)
        elif pattern.type == "re":   # "up" | "down" becomes (?:up|down)
            alternatives = re.fullmatch(r"(?:\(\?:)?([a-z|]+)\)?", pattern.value)
            if alternatives:
                words.update(alternatives.group(1).split("|"))
    return tuple(sorted(words))


# How the expected terminals of a syntax error are named to a user.
_READABLE = {
    "NAME": "a name",
    "INT": "a number",
    "STRING": 'a "string"',
    "LONG_STRING": 'a """map"""',
    "_NL": "the end of the line",
    "_INDENT": "an indented block",
    "_DEDENT": "the end of the block",
    "$END": "the end of the file",
    "COLON": "':'",
    "COMMA": "','",
    "LPAR": "'('",
    "RPAR": "')'",
    "LSQB": "'['",
    "RSQB": "']'",
    "LBRACE": "'{'",
    "RBRACE": "'}'",
    "EQUAL": "'='",
    "DOT": "'.'",
    "UP_DOWN": "'up' or 'down'",
    "END": "'top' or 'bottom'",
    "CHAIN_OP": "'-' or '->'",
    "ADD_OP": "'+' or '-'",
    "MUL_OP": "'*', '/' or '%'",
    "LEGALITY": "'legal' or 'illegal'",
    "TRIGGER_VERB": "'enters' or 'leaves'",
    "ORDERED": "'ordered'",
    "GRID": "'grid'",
}


def _readable(terminal: str, lark: Lark) -> str:
    if terminal in _READABLE:
        return _READABLE[terminal]
    for term in lark.terminals:
        if term.name == terminal and term.pattern.type == "str":
            return f"'{term.pattern.value}'"
    return terminal.lower()


def _found(token: Token | None) -> str:
    if token is None or token.type == "$END":
        return "end of file"
    if token.type == "_NL":
        return "end of line"
    if token.type == "_INDENT":
        return "indentation"
    if token.type == "_DEDENT":
        return "end of a block"
    return f"'{quoted(str(token))}'"       # a token may be a long string: never more than a little of it


def _expected(err: UnexpectedInput, lark: Lark) -> str:
    names = sorted({_readable(t, lark) for t in (getattr(err, "expected", None) or getattr(err, "allowed", None) or [])})
    if not names:
        return ""
    if len(names) > 8:
        keywords = [n for n in names if n.startswith("'")]
        others = [n for n in names if not n.startswith("'")]
        names = others + keywords[: max(0, 8 - len(others))] + ["..."]
    return "expected " + ", ".join(names)


def syntax_diagnostic(err: UnexpectedInput, path: str, text: str, lark: Lark) -> Diagnostic:
    line = getattr(err, "line", None) or 1
    column = getattr(err, "column", None) or 1
    if isinstance(err, UnexpectedCharacters):
        char = text[err.pos_in_stream] if err.pos_in_stream < len(text) else "?"
        hint = ""
        if char == "\t":
            hint = "use spaces for indentation"
        elif char == "'":
            hint = 'strings use double quotes: "like this"'
        return Diagnostic("error", Span(path, line, column, line, column + 1),
                          f"unexpected character {char!r}", hint)
    missing = _missing_block(text, line)
    if missing is not None and isinstance(err, UnexpectedToken):
        return Diagnostic("error", Span(path, line, column, line, column + 1), "expected an indented block",
                          f"indent the lines after `{missing}` further than it")
    if isinstance(err, UnexpectedToken):
        token = err.token
        if token.type == "$END" or not getattr(token, "line", None):
            line, column = _end_position(text)
        elif token.type in ("_INDENT", "_DEDENT") and token.end_line:
            # The Indenter places these at the newline; point at the line they start.
            line, column = token.end_line, token.end_column
        else:
            line, column = token.line, token.column
        end_col = column + max(1, len(str(token))) if token.type not in ("_NL", "_INDENT", "_DEDENT", "$END") else column + 1
        message = f"unexpected {_found(token)}"
        expected = _expected(err, lark)
        hint = expected
        if token.type == "_INDENT":
            message = "unexpected indentation"
            hint = "indent only the lines of a block, after a line ending in ':'"
        elif "_INDENT" in (err.expected or ()) and token.type != "_INDENT":
            hint = "a line ending in ':' must be followed by an indented block"
        slip = slips.hint_for(text, line, token)
        if slip is not None:
            hint = slip
        return Diagnostic("error", Span(path, line, column, line, end_col), message, hint)
    if isinstance(err, UnexpectedEOF):
        line, column = _end_position(text)
        return Diagnostic("error", Span(path, line, column), "unexpected end of file", _expected(err, lark))
    return Diagnostic("error", Span(path, line, column), str(err).splitlines()[0])


def _missing_block(text: str, line: int) -> str | None:
    """The line before `line` when it opens a block (ends in ':') that `line` does not indent."""
    lines = text.splitlines()
    if not 1 <= line <= len(lines):
        return None
    current = lines[line - 1]
    for prev in reversed(lines[: line - 1]):
        code = prev.split("#", 1)[0].rstrip()
        if not code:
            continue
        if not code.endswith(":"):
            return None
        indent = lambda t: len(t) - len(t.lstrip(" \t"))
        if current.strip() and indent(current) <= indent(prev):
            return code.strip()
        return None
    return None


def _end_position(text: str) -> tuple[int, int]:
    lines = text.rstrip("\n").splitlines() or [""]
    return len(lines), len(lines[-1]) + 1


def _dedent_error(path: str, text: str) -> Diagnostic:
    line, column = _end_position(text)
    return Diagnostic("error", Span(path, line, 1), "indentation does not match any outer block",
                      "line the block up with the lines above it")


def parse_text(text: str, path: str = "<string>", start: str = "start") -> Tree:
    """Parse rules text into a Lark tree; raise RulesError on a syntax error."""
    if not text.endswith("\n"):
        text += "\n"
    lark = parser(start)
    try:
        return lark.parse(text)
    except UnexpectedInput as err:
        problem = RulesError(syntax_diagnostic(err, path, text, lark))
        # The parser wanted more: had the text gone on, the error would be elsewhere (ir/incremental.py).
        problem.at_end = isinstance(err, UnexpectedEOF) or (
            isinstance(err, UnexpectedToken) and err.token.type == "$END")
        raise problem from None
    except Exception as err:  # the Indenter raises DedentError, a plain Exception
        if type(err).__name__ == "DedentError":
            raise RulesError(_locate_dedent(text, path)) from None
        raise


def _locate_dedent(text: str, path: str) -> Diagnostic:
    """Find the first line whose indentation matches no enclosing level."""
    levels = [0]
    depth = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        depth += raw.count("(") + raw.count("[") + raw.count("{")
        depth -= raw.count(")") + raw.count("]") + raw.count("}")
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        indent = len(raw) - len(raw.lstrip(" \t"))
        if depth - (raw.count("(") + raw.count("[") + raw.count("{")) + (raw.count(")") + raw.count("]") + raw.count("}")) > 0:
            continue  # a line inside brackets: its indentation does not count
        popped = []
        if indent > levels[-1]:
            levels.append(indent)
        else:
            while indent < levels[-1]:
                popped.append(levels.pop())
            if indent != levels[-1]:
                options = sorted(set(popped + [levels[-1]]))
                return Diagnostic("error", Span(path, number, indent + 1),
                                  "indentation does not match any outer block",
                                  "indent this line by " + " or ".join(str(o) for o in options)
                                  + " spaces, like a block it could belong to")
    return _dedent_error(path, text)
