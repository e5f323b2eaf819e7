# Shell functions the end-to-end benchmarks share (source it):
# page-cached files written in chosen blocks, timed runs, medians.

# Rewrites FILE with `dd bs=BLOCK`, then reads it once so that it is page
# cached, and prints its size. How a file was written decides how the page
# cache holds it: on Linux 6 ext4, 16M blocks give 2 MiB folios, 1M blocks
# small ones, as readahead of a file read from disk does.
rewrite_in_blocks() {  # FILE BLOCK
  dd if="$1" of="$1.tmp" bs="$2" status=none
  mv "$1.tmp" "$1"
  cat "$1" >/dev/null
  stat -c %s "$1"
}

# The median of the numbers on stdin (separated by blanks or newlines).
median() { tr ' ' '\n' | sed '/^$/d' | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

# Seconds of one run of the command (a bash -c string), by EPOCHREALTIME;
# a command that fails fails the caller, rather than timing its error.
seconds() {
  local start=$EPOCHREALTIME
  bash -c "$1" >/dev/null || return
  local end=$EPOCHREALTIME
  echo "$end - $start" | bc -l
}
