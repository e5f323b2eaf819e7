#!/bin/sh
# PrairieLearn's external grader runs this in the question's image (the
# question's info.json: externalGradingOptions.entrypoint). The student's
# answers.txt, in /grade/student, is compared with poker's answers to the
# question's tests/instances.txt, line by line, forgiving CRLF line ends,
# trailing blanks and a missing final newline (--strict: byte-exact); poker
# creates /grade/results and writes results.json there: one test per 10
# instances, each scored by its share of right answers, the score 0 to 1,
# and each test's message naming the first wrong instance and its input
# lines. Instances that do not judge cleanly write no results.json (poker's
# status 1): PrairieLearn then reports a grading failure instead of charging
# the student.
#
# Hold'em with two players; for another format or player count, the words
# after verify: `poker verify 3 ...`, `poker verify euler ...`.
#
# GRADE_ROOT, /grade by default, lets it run elsewhere (its test does).
grade=${GRADE_ROOT:-/grade}
exec poker verify 2 -i "$grade/tests/instances.txt" --answers "$grade/student/answers.txt" \
  --prairielearn "$grade/results" --tests-of 10 --partial-credit
