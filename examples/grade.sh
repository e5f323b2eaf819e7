#!/bin/sh
# A grader's loop (docs/grading.md): scores every candidate file in a
# folder against a term's instances, one CSV line per file:
#
#   examples/grade.sh INSTANCES FOLDER [VERIFY_OPTIONS...] > scores.csv
#
# file,status,right,wrong,missing,extra
#   status: match (all right), differ, or error (the candidate cannot be
#   read: no counts). The counts are those of `poker verify --all --json`.
# The instances are judged once, first: a file that does not judge cleanly
# (missing, an invalid instance, the wrong player count) is the grader's
# error, not the students': poker's message, its status, no CSV.
# A candidate whose wrong lines would all be right with a lenient option
# (CRLF line ends: --strip-trailing-cr) is named on stderr with it.
# POKER names the binary (default: poker on the PATH).
set -u
poker=${POKER:-poker}
[ $# -ge 2 ] || { echo "usage: $0 INSTANCES FOLDER [VERIFY_OPTIONS...]" >&2; exit 2; }
instances=$1
folder=$2
shift 2
[ -d "$folder" ] || { echo "grade.sh: $folder: not a folder" >&2; exit 2; }
# Against an empty candidate, 0 (no instances) or 4 (every answer missing)
# says the instances judge cleanly; any other status is poker's error,
# already on stderr.
"$poker" verify -q "$@" -i "$instances" --answers /dev/null
judged=$?
if [ "$judged" -ne 0 ] && [ "$judged" -ne 4 ]; then
  echo "grade.sh: $instances does not judge cleanly (status $judged); no candidate is scored" >&2
  exit "$judged"
fi
echo "file,status,right,wrong,missing,extra"
for candidate in "$folder"/*; do
  [ -f "$candidate" ] || continue
  name=$(basename "$candidate")
  # A name with a comma or a quote is quoted as CSV quotes it.
  case $name in *[,\"]*) name="\"$(printf '%s' "$name" | sed 's/"/""/g')\"" ;; esac
  report=$("$poker" verify --all --json "$@" -i "$instances" --answers "$candidate" 2>/dev/null)
  case $? in
    0) status=match ;;
    4) status=differ ;;
    *) echo "$name,error,,,,"; continue ;;
  esac
  counts=$(printf '%s\n' "$report" |
    sed -n 's/.*"counts":{"instances":[0-9]*,"right":\([0-9]*\),"wrong":\([0-9]*\),"missing":\([0-9]*\),"extra":\([0-9]*\)}.*/\1,\2,\3,\4/p')
  echo "$name,$status,$counts"
  forgiven=$(printf '%s\n' "$report" | sed -n 's/.*"wrong_lines_forgiven_by":"\([^"]*\)".*/\1/p')
  [ -z "$forgiven" ] || echo "grade.sh: $name: every wrong line differs only at its end; $forgiven forgives that" >&2
done
