# Sourced by the install tests: a temporary directory, failing with a
# message, installing the build, the help's subcommands, and bash's
# completions of a command line.
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

# The documents installed in the folder $1 (share/doc/poker of an install or
# of the package): README.md, CHANGELOG.md, docs/*.md, the reports'
# schemas docs/*.schema.json and the figures docs/*.svg, as in the source tree and nothing else in
# docs/, and copyright, Debian's machine-readable
# copyright file with LICENSE's holders and text.
check_documents() {
  local dir=$1 document
  : "${POKER_SOURCE_DIR:?}"
  local sources=(README.md CHANGELOG.md)
  for document in "$POKER_SOURCE_DIR"/docs/*.md "$POKER_SOURCE_DIR"/docs/*.schema.json "$POKER_SOURCE_DIR"/docs/*.svg; do
    [[ -f $document ]] && sources+=("docs/${document##*/}")
  done
  for document in "${sources[@]}"; do
    cmp "$POKER_SOURCE_DIR/$document" "$dir/$document" || fail "$dir/$document is not the source's $document"
  done
  local installed expected
  installed=$(cd "$dir" && if [[ -d docs ]]; then find docs -type f | sort; fi)
  expected=$(printf '%s\n' "${sources[@]}" | grep '^docs/' | sort || true)
  [[ $installed == "$expected" ]] || fail "$dir/docs holds '$installed', expected '$expected'"

  local copyright=$dir/copyright holders
  [[ -f $copyright ]] || fail "no $copyright"
  [[ $(head -1 "$copyright") == "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/" ]] ||
    fail "$copyright does not open with the machine-readable format's Format line"
  grep -qxF "Files: *" "$copyright" || fail "$copyright has no 'Files: *' paragraph"
  holders=$(sed -n 's/^Copyright (c) //p' "$POKER_SOURCE_DIR/LICENSE")
  [[ -n $holders ]] || fail "no 'Copyright (c)' line in LICENSE"
  grep -qxF "Copyright: $holders" "$copyright" || fail "$copyright does not name LICENSE's holders, $holders"
  # The licence's text: the lines after "License: Expat", one space
  # removed, " ." an empty line; LICENSE's from its first paragraph after
  # the copyright line.
  diff -u <(awk 'f { print } /^Copyright \(c\)/ { f = 1 }' "$POKER_SOURCE_DIR/LICENSE" | sed '1{/^$/d}') \
    <(sed -n '/^License: Expat$/,$p' "$copyright" | tail -n +2 | sed -e 's/^ //' -e 's/^\.$//') ||
    fail "$copyright's License: Expat text is not LICENSE's"
}

# The bash completions (the completion script $script, sourced) of the
# command line $1, whose last word (empty if $1 ends with a space) is the
# one being completed, sorted, one per line. Run in a shell without
# -e/-u/pipefail, like an interactive one.
complete_line() {
  (
    set +euo pipefail
    source "$script"
    read -r -a COMP_WORDS <<<"$1"
    [[ $1 == *' ' ]] && COMP_WORDS+=("")
    COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
    COMP_LINE=$1 COMP_POINT=${#1}
    COMPREPLY=()
    _poker
    printf '%s\n' "${COMPREPLY[@]}" | sed '/^$/d' | sort
  )
}

# complete_line $1 gives exactly the lines $2.
expect() {
  local got
  got=$(complete_line "$1")
  [[ $got == "$2" ]] || fail "bash: '$1<TAB>' completes to [${got//$'\n'/ }], expected [${2//$'\n'/ }]"
}
