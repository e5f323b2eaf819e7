"""The oracles of checker_reference.py on hand cases, each one a rule read
in the system's own checker: the oracles must be right before poker is held
to them."""

from __future__ import annotations

import ctypes
import ctypes.util
import itertools
import math

import pytest

from checker_reference import (
    TESTLIB_MAX_FILE,
    TESTLIB_MAX_TOKEN,
    c_float,
    cms_white_diff,
    problemtools_default,
    problemtools_flags,
    testlib_wcmp,
)

JUDGE = b"Player 1\nDraw\nPlayer 2\n"


@pytest.mark.parametrize("team", [
    JUDGE,
    b"Player 1\nDraw\nPlayer 2",  # no final newline
    b"Player 1\r\nDraw\r\nPlayer 2\r\n",
    b"Player 1\nDraw\nPlayer 2\n\n",
    b"\n\n  Player   1 \t\nDraw\v\fPlayer\r2 ",
    b"Player 1 Draw Player 2\n",  # one line
    b"PLAYER 1\ndraw\nplayer 2\n",  # strcasecmp
    b"Player\0garbage 1\nDraw\nPlayer 2\n",  # compared as C strings: up to the NUL
])
def test_problemtools_default_accepts_the_same_tokens_whatever_the_space_and_case(team):
    assert problemtools_default(JUDGE, team, [])


@pytest.mark.parametrize("team", [
    b"",
    b"\n",
    b"Player 1\nDraw\n",  # missing
    b"Player 1\nDraw\nPlayer 2\nPlayer 2\n",  # extra
    b"Player 2\nDraw\nPlayer 1\n",  # swapped
    b"\xef\xbb\xbfPlayer 1\nDraw\nPlayer 2\n",  # a BOM is part of the first token
    b"Player 1.0\nDraw\nPlayer 2\n",  # a number is a string without a float flag
    b"Player1\nDraw\nPlayer 2\n",
])
def test_problemtools_default_rejects_other_tokens(team):
    assert not problemtools_default(JUDGE, team, [])


def test_problemtools_case_sensitive_compares_with_strcmp():
    assert problemtools_default(JUDGE, JUDGE, ["case_sensitive"])
    assert not problemtools_default(JUDGE, b"player 1\nDraw\nPlayer 2\n", ["case_sensitive"])
    assert problemtools_default(JUDGE, b"Player 1 Draw Player 2", ["case_sensitive"])


def test_problemtools_space_change_sensitive_wants_the_judges_whitespace_byte_for_byte():
    flags = ["space_change_sensitive"]
    assert problemtools_default(JUDGE, JUDGE, flags)
    assert problemtools_default(JUDGE, JUDGE.lower(), flags)  # case is still ignored
    for team in (b"Player 1\nDraw\nPlayer 2", b"Player 1\nDraw\nPlayer 2\n\n", b"Player 1 \nDraw\nPlayer 2\n",
                 b"Player  1\nDraw\nPlayer 2\n", b"Player 1\r\nDraw\nPlayer 2\n", b"\nPlayer 1\nDraw\nPlayer 2\n",
                 b"Player\t1\nDraw\nPlayer 2\n"):
        assert not problemtools_default(JUDGE, team, flags), team
    assert problemtools_default(b"", b"", flags)
    assert not problemtools_default(b"", b"\n", flags)
    assert problemtools_default(b"", b" \n", [])


def test_problemtools_float_flags_compare_numbers_as_numbers():
    for flags in (["float_tolerance", "1e-6"], ["float_absolute_tolerance", "0.5"],
                  ["float_relative_tolerance", "1e-9"]):
        for team in (b"Player 1.0", b"Player 01", b"Player 1e0", b"Player +1", b"Player 0x1", b"Player 1e",
                     b"player 1.000000000001"):
            assert problemtools_default(b"Player 1\n", team, flags), (flags, team)
        for team in (b"Player 2", b"Player one", b"Player 1x", b"Player inf", b"Player 0x"):
            assert not problemtools_default(b"Player 1\n", team, flags), (flags, team)
    assert problemtools_default(b"Player 1\n", b"Player 1.3", ["float_absolute_tolerance", "0.5"])
    assert not problemtools_default(b"Player 1\n", b"Player 1.3", ["float_relative_tolerance", "1e-9"])
    # Relative to the judge's value: nothing but 0 (or -0) is within any relative tolerance of 0.
    assert not problemtools_default(b"0\n", b"1e-300", ["float_relative_tolerance", "0.5"])
    assert problemtools_default(b"0\n", b"-0", ["float_relative_tolerance", "0"])
    assert problemtools_default(b"0\n", b"1e-300", ["float_absolute_tolerance", "0"]) is False
    assert problemtools_default(b"0\n", b"1e-7", ["float_tolerance", "1e-6"])
    # A judge token that is not a float is compared as a string, with the case flag.
    assert problemtools_default(b"Draw\n", b"draw", ["float_tolerance", "1"])
    assert not problemtools_default(b"Draw\n", b"draw", ["float_tolerance", "1", "case_sensitive"])


def test_problemtools_flags_refuse_what_the_validator_refuses():
    assert problemtools_flags(["float_tolerance", "0.25"]).float_absolute_tolerance == 0.25
    later = problemtools_flags(["float_tolerance", "0.25", "float_absolute_tolerance", "1"])
    assert (later.float_absolute_tolerance, later.float_relative_tolerance) == (1, 0.25)
    assert not problemtools_flags(["float_absolute_tolerance", "-1"]).use_floats
    for flags in (["float_tolerance"], ["float_tolerance", "x"], ["float_tolerance", "inf"], ["euler"], ["3"],
                  ["--strict"], ["Case_sensitive"]):
        with pytest.raises(ValueError):
            problemtools_flags(flags)


@pytest.mark.parametrize("token, value", [
    (b"1", 1.0), (b"-0", 0.0), (b"1.", 1.0), (b".5", 0.5), (b"1e5", 1e5), (b"1E+05", 1e5),
    (b"1e", 1.0), (b"1e-", 1.0), (b"0x1p3", 8.0), (b"0X.8", 0.5), (b"0x.", 0.0), (b"0x1p", 1.0),
    (b"1\0x", 1.0), (b"1e-400", 0.0),
    (b".", None), (b"0x", None), (b"0x.p1", None), (b"1:", None), (b"0s", None), (b"1ee", None), (b"1e400", None),
    (b"inf", None), (b"nan", None), (b"infinity", None), (b"1,5", None), (b"", None), (b"1_0", None), (b"\xff1", None),
])
def test_c_float_reads_a_whole_token_as_glibc_scanf_does(token, value):
    assert c_float(token) == value


def test_c_float_agrees_with_this_machines_sscanf():
    # isfloat() itself: sscanf(s, "%lf%10s", &v, trash) == 1 and v finite, on every short token of float bytes.
    name = ctypes.util.find_library("c")
    if name is None:
        pytest.skip("no C library to ask")
    libc = ctypes.CDLL(name)
    if not hasattr(libc, "gnu_get_libc_version"):
        pytest.skip("problemtools' validator reads floats with glibc's scanf")

    def isfloat(token: bytes) -> float | None:
        value, trash = ctypes.c_double(), ctypes.create_string_buffer(64)
        read = libc.sscanf(token, b"%lf%10s", ctypes.byref(value), trash)
        return value.value if read == 1 and math.isfinite(value.value) else None

    for length in range(1, 5):
        for token in map(bytes, itertools.product(b"019aepxP+-.", repeat=length)):
            assert c_float(token) == isfloat(token), token


@pytest.mark.parametrize("team, verdict", [
    (JUDGE, "ok"),
    (b"Player 1\nDraw\nPlayer 2", "ok"),
    (b"Player 1\r\nDraw\r\nPlayer 2\r\n", "ok"),
    (b"\n\nPlayer 1 \t Draw\rPlayer 2\n\n\n", "ok"),
    (b"\xef\xbb\xbfPlayer 1\nDraw\nPlayer 2\n", "ok"),  # the output's BOM is skipped
    (b"\xef\xbbPlayer 1\nDraw\nPlayer 2\n", "wa"),  # not a whole one
    (b"\xef\xbb\xbf\xef\xbb\xbfPlayer 1\nDraw\nPlayer 2\n", "wa"),  # only one
    (b"player 1\nDraw\nPlayer 2\n", "wa"),  # case matters
    (b"Player\v1\nDraw\nPlayer 2\n", "wa"),  # \v and \f are not blanks
    (b"Player 1\fDraw\nPlayer 2\n", "wa"),
    (b"Player 1\nDraw\n", "wa"),  # unexpected end of the output
    (b"Player 1\nDraw\nPlayer 2\n\xff", "wa"),  # extra tokens; 0xFF is a byte, not testlib's end of file
    (b"Player 1\nDraw\nPlayer 2\0", "wa"),
    (b"", "wa"),
    (None, "pe"),  # no output file
])
def test_testlib_wcmp_verdicts(team, verdict):
    assert testlib_wcmp(JUDGE, team) == verdict


def test_testlib_wcmp_limits_the_output_and_its_tokens():
    assert testlib_wcmp(b"1\n", b"1" + b" " * (TESTLIB_MAX_FILE - 1)) == "ok"
    assert testlib_wcmp(b"1\n", b"1" + b" " * TESTLIB_MAX_FILE) == "pe"
    assert testlib_wcmp(b"1 2\n", b"1 " + b"2" * TESTLIB_MAX_TOKEN) == "wa"
    assert testlib_wcmp(b"1 2\n", b"1 " + b"2" * (TESTLIB_MAX_TOKEN + 1)) == "pe"
    assert testlib_wcmp(b"1 2\n", b"3 " + b"2" * (TESTLIB_MAX_TOKEN + 1)) == "wa"  # the first difference comes first


@pytest.mark.parametrize("contestant, equal", [
    (JUDGE, True),
    (b"Player 1\nDraw\nPlayer 2", True),
    (b"Player 1\r\nDraw\r\nPlayer 2\r\n", True),
    (b" Player\t\v\f1 \nDraw\r\nPlayer   2\n\n \n\t\n", True),
    (b"Player 1\nDraw\nPlayer 2\n\n\nx", False),
    (b"\nPlayer 1\nDraw\nPlayer 2\n", False),  # lines do not realign
    (b"Player 1 Draw Player 2\n", False),
    (b"Player 1\rDraw\rPlayer 2\r", False),  # \r is whitespace, not a line end
    (b"player 1\nDraw\nPlayer 2\n", False),
    (b"Player 1\nDraw\n", False),
    (b"Player 1\nDraw\n\n", False),
    (b"\xef\xbb\xbfPlayer 1\nDraw\nPlayer 2\n", False),
    (b"Player1\nDraw\nPlayer 2\n", False),
    (b"", False),
])
def test_cms_white_diff_compares_lines_of_tokens(contestant, equal):
    assert cms_white_diff(JUDGE, contestant) is equal


def test_cms_white_diff_ignores_trailing_blank_lines_on_both_sides():
    assert cms_white_diff(b"1\n\n \n", b"1")
    assert cms_white_diff(b"", b"\n\t\n")
    assert not cms_white_diff(b"", b"\n1\n")
