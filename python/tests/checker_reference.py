"""The verdict rules of three judge systems' default checkers, in plain
Python: the oracles test_checker_verdicts.py holds `poker verify`'s checker
protocols to. Each is written from the rule its system documents and
implements, not from poker's code, and shares nothing with it:

- problemtools_default: Kattis problemtools' default output validator (the
  rule DOMjudge's default compare follows too), with its validator flags;
- testlib_wcmp: testlib's `wcmp` checker (Codeforces, Polygon, ejudge);
- cms_white_diff: CMS's white-diff comparison of an output with the correct one.

Each takes the judge's answer (poker's own answers) and the contestant's
output as bytes, exactly as the files hold them."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Iterator

# C's isspace() in the "C" locale: what problemtools skips between tokens,
# and the whitespace CMS's white-diff collapses.
C_SPACE = b" \t\n\v\f\r"
# testlib's blanks: \v and \f are ordinary token bytes to testlib.
TESTLIB_BLANKS = b" \t\n\r"

# A run of separators, then a token (both possibly empty); matched at a position, these scan fast.
_C_GAP_TOKEN = re.compile(rb"([ \t\n\v\f\r]*)([^ \t\n\v\f\r]*)")
_TESTLIB_GAP_TOKEN = re.compile(rb"([ \t\n\r]*)([^ \t\n\r]*)")

# What glibc's scanf("%lf") consumes when it succeeds: a decimal number whose
# exponent may stop after the 'e' or its sign ("1e", "1e+" read as 1), or a
# hexadecimal one ("0x1p3", "0x.8", "0x." read as 0; "0x" alone fails), and
# the infinities and NaNs, which the validator then refuses as not finite.
_DECIMAL = rb"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]*)?"
_HEXADECIMAL = rb"[+-]?0[xX](?:(?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?[0-9]*)?|\.)"
_FINITE_FLOAT = re.compile(rb"(?P<decimal>" + _DECIMAL + rb")|(?P<hexadecimal>" + _HEXADECIMAL + rb")")

TESTLIB_MAX_FILE = 128 * 1024 * 1024
TESTLIB_MAX_TOKEN = 32 * 1024 * 1024


def c_string(token: bytes) -> bytes:
    """A token as the C functions see it through std::string::c_str(): up to its first NUL byte."""
    return token.split(b"\0", 1)[0]


def c_float(token: bytes) -> float | None:
    """The value of `token` if problemtools' isfloat() takes it as a float, else None.

    isfloat() is sscanf(s, "%lf%10s", ...) == 1 and a finite value: the whole
    C string (up to a NUL) must be one number as glibc's scanf reads it, and
    infinities, NaNs and values that overflow to infinity are not floats."""
    text = c_string(token)
    match = _FINITE_FLOAT.fullmatch(text)
    if match is None:
        return None
    if match.group("decimal") is not None:
        value = float(re.sub(rb"[eE][+-]?$", b"", text))
    else:
        sign, body = re.fullmatch(rb"([+-]?)0[xX](.*)", text, re.DOTALL).groups()
        body = re.sub(rb"[pP][+-]?$", b"", body)
        try:
            value = 0.0 if body == b"." else float.fromhex((sign + b"0x" + body).decode())
        except OverflowError:
            return None
        if sign == b"-" and body == b".":
            value = -0.0
    return value if math.isfinite(value) else None


@dataclass(frozen=True)
class ProblemtoolsFlags:
    case_sensitive: bool = False
    space_change_sensitive: bool = False
    float_absolute_tolerance: float = -1.0
    float_relative_tolerance: float = -1.0

    @property
    def use_floats(self) -> bool:
        """Numbers are compared as numbers once a tolerance is not negative."""
        return self.float_absolute_tolerance >= 0 or self.float_relative_tolerance >= 0


def problemtools_flags(flags: list[str]) -> ProblemtoolsFlags:
    """The validator flags problemtools' default validator understands.

    `float_tolerance X` sets both tolerances; a tolerance's value must be a
    float as isfloat() reads it. Any other word, or a missing or non-float
    value, is the validator's judge error: ValueError here."""
    options: dict[str, object] = {}
    words = iter(flags)
    for word in words:
        if word in ("case_sensitive", "space_change_sensitive"):
            options[word] = True
        elif word in ("float_absolute_tolerance", "float_relative_tolerance", "float_tolerance"):
            value = c_float(next(words, "").encode())
            if value is None:
                raise ValueError(f"{word} needs a finite float")
            if word == "float_tolerance":
                options["float_absolute_tolerance"] = options["float_relative_tolerance"] = value
            else:
                options[word] = value
        else:
            raise ValueError(f"not a problemtools validator flag: {word!r}")
    return ProblemtoolsFlags(**options)


def _gaps_and_tokens(data: bytes, pattern: re.Pattern) -> Iterator[tuple[bytes, bytes]]:
    """(separators, token) pairs in order, lazily; the last has an empty
    token and the separators after the last token."""
    position = 0
    while True:
        match = pattern.match(data, position)
        yield match.group(1), match.group(2)
        if not match.group(2):
            return
        position = match.end()


def _tokens_and_gaps(data: bytes) -> tuple[list[bytes], list[bytes]]:
    """The C-whitespace-separated tokens of `data`, and the n+1 runs of
    whitespace around them (before the first, between, after the last)."""
    pairs = list(_gaps_and_tokens(data, _C_GAP_TOKEN))
    return [token for _, token in pairs[:-1]], [gap for gap, _ in pairs]


def _problemtools_tokens_equal(judge: bytes, team: bytes, options: ProblemtoolsFlags) -> bool:
    if options.use_floats:
        judge_value = c_float(judge)
        if judge_value is not None:
            team_value = c_float(team)
            if team_value is None:
                return False
            difference = abs(judge_value - team_value)
            return (difference <= options.float_absolute_tolerance
                    or difference <= options.float_relative_tolerance * abs(judge_value))
    # strcmp / strcasecmp on the C strings; strcasecmp in the "C" locale folds ASCII letters only.
    judge, team = c_string(judge), c_string(team)
    return judge == team if options.case_sensitive else judge.lower() == team.lower()


def problemtools_default(judge: bytes, team: bytes, flags: list[str]) -> bool:
    """Whether Kattis problemtools' default output validator accepts `team`
    against the judge answer `judge` (exit 42; False: 43).

    Rule: both are read as tokens separated by runs of C whitespace (space,
    \\t, \\n, \\v, \\f, \\r). The team must give as many tokens as the judge,
    each equal to the judge's: compared as C strings (up to a NUL byte), with
    strcasecmp (ASCII case ignored) unless `case_sensitive`, with strcmp if
    it is. With a float tolerance flag, a judge token that is a finite float
    (see c_float) is compared as a number instead: the team token must be
    one too, and |judge - team| <= the absolute tolerance or <= the relative
    tolerance * |judge|. With `space_change_sensitive`, the whitespace must
    be the judge's byte for byte: each run of whitespace before, between and
    after the tokens (the final newline included) identical on both sides.
    An empty judge answer accepts an empty or all-whitespace team output
    (an all-whitespace one only without space_change_sensitive).

    Raises ValueError for flags the validator refuses (a judge error)."""
    options = problemtools_flags(flags)
    judge_tokens, judge_gaps = _tokens_and_gaps(judge)
    team_tokens, team_gaps = _tokens_and_gaps(team)
    if len(judge_tokens) != len(team_tokens):
        return False
    if options.space_change_sensitive and judge_gaps != team_gaps:
        return False
    return all(_problemtools_tokens_equal(j, t, options) for j, t in zip(judge_tokens, team_tokens))


def testlib_wcmp(judge: bytes, team: bytes | None) -> str:
    """testlib's `wcmp` verdict on the participant's output `team` against
    the answer `judge`: 'ok', 'wa' (wrong answer) or 'pe' (presentation
    error); `team` None stands for an output file that does not exist.

    Rule: an output file that is missing or larger than 128 MiB is a
    presentation error before anything is read. A UTF-8 byte order mark at
    the start of the output is skipped (not in the answer). Tokens are runs
    of bytes other than the blanks space, \\t, \\n and \\r (so \\v, \\f, NUL
    and bytes >= 0x80 are token bytes). Token i of the output must equal
    token i of the answer byte for byte (case matters), else wrong answer;
    an output token longer than 32 MiB, when it is reached, is a
    presentation error. When one side runs out of tokens: ok if both did,
    else wrong answer (extra tokens, or unexpected end of the output)."""
    if team is None or len(team) > TESTLIB_MAX_FILE:
        return "pe"
    if team.startswith(b"\xef\xbb\xbf"):
        team = team[3:]
    team_tokens = (token for _, token in _gaps_and_tokens(team, _TESTLIB_GAP_TOKEN))
    for _, expected in _gaps_and_tokens(judge, _TESTLIB_GAP_TOKEN):
        found = next(team_tokens)  # b"" at the end of the output, as at the end of the answer
        if not expected or not found:
            return "ok" if expected == found else "wa"
        if len(found) > TESTLIB_MAX_TOKEN:
            return "pe"
        if found != expected:
            return "wa"
    raise AssertionError("the answer's tokens end with an empty one")


def _lines(data: bytes) -> list[bytes]:
    """Lines as CMS reads them: each ends with \\n or at the end of the file,
    and a file ending in \\n has no empty line after it."""
    lines = data.split(b"\n")
    return lines[:-1] if lines[-1] == b"" else lines


def cms_white_diff(correct: bytes, contestant: bytes) -> bool:
    """Whether CMS's white-diff comparison takes `contestant` as equal to
    `correct` (outcome 1.0; False: 0.0).

    Rule: the files are compared line by line (lines end at \\n). Line i of
    one equals line i of the other when both hold the same sequence of
    tokens separated by whitespace (space, \\t, \\v, \\f, \\r: runs of any
    length and kind are equal, and leading and trailing ones do not count).
    Case matters, and nothing else is forgiven: lines do not realign. Where
    one file has more lines than the other, the extra lines must be empty or
    whitespace only."""
    # Blank lines at the end count for nothing, nor do blanks at the end of a line: without them, the files must
    # have as many lines, each with the same tokens. (rstrip: megabytes of blank lines cost no line list.)
    correct_lines, contestant_lines = _lines(correct.rstrip(C_SPACE)), _lines(contestant.rstrip(C_SPACE))
    # bytes.split() splits at exactly C's whitespace, the set CMS uses.
    return len(correct_lines) == len(contestant_lines) and all(
        a.split() == b.split() for a, b in zip(correct_lines, contestant_lines))


# Not a test, though its name starts like one: pytest must not collect it where it is imported.
testlib_wcmp.__test__ = False
