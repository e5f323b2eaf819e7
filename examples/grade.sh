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
# $1 as a shell word: as it is, or in single quotes.
quote() {
  case $1 in
    '' | *[!A-Za-z0-9_./:=@%+,-]*) printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")" ;;
    *) printf '%s' "$1" ;;
  esac
}

# This script's command line with the player count $players instead of the
# one given (PLAYERS, -p N, --players N or --players=N): what to rerun.
rerun_with_players() {
  rerun="$0 $(quote "$instances") $(quote "$folder") $players"
  skip=no previous=""
  for word in "$@"; do
    [ "$skip" = no ] || { skip=no previous=$word; continue; }
    case $word in
      -p | --players) skip=yes previous=$word; continue ;;
      --players=* | -p[0-9]*) previous=$word; continue ;;
      '' | *[!0-9]*) ;;
      *)
        # A number that is no option's value is PLAYERS.
        case $previous in
          -j | --threads | --chunk-size | --tests-of | --max-score) ;;
          *) previous=$word; continue ;;
        esac ;;
    esac
    rerun="$rerun $(quote "$word")"
    previous=$word
  done
  printf '%s' "$rerun"
}

# Against an empty candidate, 0 (no instances) or 4 (every answer missing)
# says the instances judge cleanly; any other status is poker's error. Its
# message goes on to stderr; where its hint is another player count, the
# hint gives this script's arguments to rerun with, not poker's.
message=$("$poker" verify -q "$@" -i "$instances" --answers /dev/null 2>&1 >/dev/null)
judged=$?
if [ "$judged" -ne 0 ] && [ "$judged" -ne 4 ]; then
  players=$(printf '%s\n' "$message" | sed -n "s/.* players per instance: try 'poker \([0-9][0-9]*\) .*/\1/p")
  if [ -n "$players" ]; then
    printf '%s\n' "$message" | RERUN=$(rerun_with_players "$@") awk '{
      at = index($0, " players per instance: try ")
      if (at > 0) $0 = substr($0, 1, at - 1) " players per instance: rerun as " ENVIRON["RERUN"]
      print
    }' >&2
  else
    printf '%s\n' "$message" >&2
  fi
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
