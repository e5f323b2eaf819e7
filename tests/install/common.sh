# Sourced by the install tests: a temporary directory, failing with a
# message, installing the build, and the help's subcommands.
set -euo pipefail
: "${POKER:?}" "${POKER_BUILD_DIR:?}" "${POKER_CMAKE:?}"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# cmake --install of the build into the prefix $1.
install_into() {
  "$POKER_CMAKE" --install "$POKER_BUILD_DIR" --prefix "$1" >"$tmp/install.log" ||
    { cat "$tmp/install.log" >&2; fail "cmake --install $POKER_BUILD_DIR --prefix $1"; }
}

# The subcommands `poker --help` lists, read here independently of
# packaging/poker.bash (the code under test): the first word of each entry
# indented by two spaces under "Subcommands:". Fails if there are none, so
# that a change of the help's layout cannot make the tests vacuous.
help_subcommands() {
  local names
  names=$("$POKER" --help | awk '/^Subcommands:/ { on = 1; next } /^[^ ]/ { on = 0 }
                                   on && /^  [^ ]/ { print $1 }')
  [[ $names == *euler* ]] || fail "no subcommands found in 'poker --help'"
  echo "$names"
}

# The subcommands in a help text on stdin (verify's formats).
help_subcommands_of() {
  awk '/^Subcommands:/ { on = 1; next } /^[^ ]/ { on = 0 } on && /^  [^ ]/ { print $1 }'
}

# The long options in a help text on stdin: those named in its "Options:"
# section.
help_long_options() {
  awk '/^Options:/ { on = 1; next } /^[^ ]/ { on = 0 } on && /^ +-/ { print }' | sed 's/^ *//; s/  .*//' |
    grep -o -- '--[[:alnum:]-]*' | sort -u
}
