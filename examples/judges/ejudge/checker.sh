#!/bin/sh
# A checker for ejudge, which runs it as a testlib checker with its own exit
# codes: in serve.cfg's [problem] section, check_cmd = "checker.sh" and
# use_corr = 1 (so that ejudge passes the answer file):
#   checker.sh INPUT OUTPUT ANSWER
# poker judges INPUT and compares OUTPUT with its answers as testlib's wcmp
# does (tokens, case-sensitive). Exit 0 OK, 5 wrong answer, 4 presentation
# error, 6 check failed; the verdict's line on stderr.
# Hold'em with two players; for another format or player count, put it
# before --testlib: `poker verify 3 --ejudge --testlib "$@"`, or euler.
exec poker verify --ejudge --testlib "$@"
