#!/bin/sh
# A grader's loop (docs/grading.md): scores every candidate file in a
# folder against a term's instances, one CSV line per file:
#
#   examples/grade.sh INSTANCES FOLDER [VERIFY_OPTIONS...] > scores.csv
#
# file,status,right,wrong,missing,extra
#   status: match (all right), differ, or error (the candidate cannot be
#   read: no counts). The counts are those of `poker verify --all --json`.
# POKER names the binary (default: poker on the PATH).
set -u
poker=${POKER:-poker}
[ $# -ge 2 ] || { echo "usage: $0 INSTANCES FOLDER [VERIFY_OPTIONS...]" >&2; exit 2; }
instances=$1
folder=$2
shift 2
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
done
