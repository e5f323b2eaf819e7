#!/bin/sh
# A testlib-style checker (Codeforces Polygon, ejudge and the course systems
# that call checkers as testlib does), for hold'em with two players:
#   checker.sh INPUT OUTPUT ANSWER
# INPUT is the test's instances, OUTPUT the contestant's answers, ANSWER the
# jury's; exit 0 OK, 1 wrong answer, 2 presentation error, 3 checker
# failure, with the verdict's line on stderr (docs/grading.md).
exec poker verify 2 --testlib "$@"
