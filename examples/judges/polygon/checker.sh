#!/bin/sh
# A testlib checker (Codeforces Polygon packages, and the systems that run a
# package's checker as testlib does):
#   checker.sh [--testset T] [--group G] INPUT OUTPUT ANSWER [REPORT [-appes]]
# INPUT is the test's instances (tests/01), OUTPUT the contestant's answers,
# ANSWER the jury's (tests/01.a); poker judges INPUT and compares OUTPUT with
# its answers as testlib's wcmp does (tokens, case-sensitive). Exit 0 OK,
# 1 wrong answer, 2 presentation error, 3 checker failure; the verdict's line
# on stderr, and its message in REPORT (testlib's XML with -appes) as testlib
# writes them. ejudge: ../ejudge/.
# Hold'em with two players; for another format or player count, put it
# before --testlib: `poker verify 3 --testlib "$@"`, `poker verify euler ...`.
exec poker verify --testlib "$@"
