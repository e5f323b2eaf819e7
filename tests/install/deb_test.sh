#!/usr/bin/env bash
# The Debian packages, as Debian ships a library and its tool, in three
# tests (tests/install/CMakeLists.txt), `deb_test.sh MODE`:
#   packages  `cpack -G DEB` makes three packages into the build's
#             deb-packages/, which the other two read: poker (the command,
#             its gzipped man page, the completions, the documents and
#             examples/ in /usr/share/doc/poker), libpoker-dev (the headers,
#             the static libraries in the multiarch libdir, the CMake
#             package) and python3-poker (the module, in Debian's python3
#             dist-packages), each with a maintainer, Debian's copyright
#             file and changelog, and none with another's files; the
#             Depends of those with shared objects names the package of
#             every shared library they load; apt would install them.
#   lintian   lintian finds no error in them.
#   unpacked  unpacked together into a scratch root (dpkg -x: what `apt
#             install` of the three puts on the disk, without touching this
#             machine's /usr), the command runs, `man -l` renders its page,
#             the man page's EXAMPLES and examples/grade.sh run from the
#             installed examples, a CMake project finds the library with
#             find_package(poker), builds and runs, and `import poker` works.
source "$(dirname "$0")/common.sh"
: "${POKER_CPACK:?}" "${POKER_VERSION:?}" "${POKER_SOURCE_DIR:?}" "${POKER_GENERATOR:?}" "${POKER_CXX:?}"

mode=${1:?deb_test.sh packages, lintian or unpacked}
out=$POKER_BUILD_DIR/deb-packages
if [[ $mode == packages ]]; then
  rm -rf "$out"
  "$POKER_CPACK" -G DEB -B "$out" --config "$POKER_BUILD_DIR/CPackConfig.cmake" >"$tmp/cpack.log" 2>&1 ||
    { cat "$tmp/cpack.log" >&2; fail "cpack -G DEB"; }
fi
shopt -s nullglob
arch=$(dpkg --print-architecture)
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
packages=(poker libpoker-dev)
[[ -n ${POKER_PYTHON_DIR:-} ]] && packages+=(python3-poker)
made=$(cd "$out" && printf '%s\n' *.deb | sort)
expected=$(for package in "${packages[@]}"; do echo "${package}_${POKER_VERSION}_$arch.deb"; done | sort)
[[ $made == "$expected" ]] || fail "cpack made [$made], expected [$expected]"
declare -A deb
for package in "${packages[@]}"; do
  deb[$package]=$out/${package}_${POKER_VERSION}_$arch.deb
  [[ $(dpkg-deb -f "${deb[$package]}" Package) == "$package" ]] || fail "${deb[$package]}'s Package is not $package"
  [[ $(dpkg-deb -f "${deb[$package]}" Version) == "$POKER_VERSION" ]] || fail "$package's Version is not $POKER_VERSION"
  maintainer=$(dpkg-deb -f "${deb[$package]}" Maintainer)
  [[ $maintainer == *" <"*@*.*">" && $maintainer != *example* ]] || fail "$package's Maintainer is '$maintainer'"
done

# lintian: no error. The warnings and notes kept are those docs/faq.md
# explains (printed here for the log).
if [[ $mode == lintian ]]; then
  command -v lintian >/dev/null || fail "lintian is not installed (scripts/setup.sh installs it)"
  lintian --fail-on error --tag-display-limit 0 "${deb[@]}" >"$tmp/lintian.log" 2>&1 ||
    { cat "$tmp/lintian.log" >&2; fail "lintian reports errors"; }
  cat "$tmp/lintian.log"
  echo "ok: lintian reports no error in ${packages[*]}"
  exit 0
fi

# The Debian package that holds a shared library $1 as ldd resolves it.
# Debian 12 is merged-/usr: dpkg knows a file by the path its package
# ships, which may be /lib/... or /usr/lib/..., and either may be a symlink.
owner() {
  local real path
  real=$(readlink -f "$1")
  for path in "$1" "${1#/usr}" "/usr$1" "$real" "${real#/usr}" "/usr$real"; do
    dpkg-query -S "$path" 2>/dev/null | head -1 | cut -d: -f1 && return 0
  done
  fail "no package holds $1"
}

# Whether the Depends $1 names the package $2 (alone or among alternatives).
depends_on() {
  grep -qxF -- "$2" <<<"$(sed -e 's/([^)]*)//g' -e 's/[,|]/\n/g' <<<"$1" | tr -d ' ')"
}

# Every library ldd lists for the ELF file $2 of the package $1 (the loader
# and the vDSO aside) must be covered: Depends names its package or a
# virtual package that one provides (the shlibs of libspdlog1.10 ask for
# libspdlog1.10-fmt9, its ABI with fmt 9).
check_depends() {
  local package=$1 file=$2 depends libraries library owner covered name
  depends=$(dpkg-deb -f "${deb[$package]}" Depends)
  echo "$package Depends: $depends"
  libraries=$(ldd "$file" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }')
  [[ -n $libraries ]] || fail "ldd found no shared libraries for $file"
  for library in $libraries; do
    owner=$(owner "$library")
    covered=false
    for name in "$owner" $(dpkg-query -W -f='${Provides}' "$owner" | sed 's/([^)]*)//g; s/,/ /g'); do
      depends_on "$depends" "$name" && covered=true
    done
    $covered || fail "$package's Depends lacks $owner (for $library)"
  done
  for name in libtbb12 libstdc++6 libc6; do
    depends_on "$depends" "$name" || fail "$package's Depends lacks $name"
  done
}

root=$tmp/root
for package in "${packages[@]}"; do
  dpkg -x "${deb[$package]}" "$root"
done
poker=$root/usr/bin/poker
page=$root/usr/share/man/man1/poker.1.gz
examples=$root/usr/share/doc/poker/examples
python_dir=$root/usr/lib/python3/dist-packages

if [[ $mode == packages ]]; then
  for package in "${packages[@]}"; do
    # Each package its own copyright and changelog.
    doc=$root/usr/share/doc/$package
    [[ -f $doc/copyright && -f $doc/changelog.gz ]] || fail "$package lacks copyright or changelog.gz in $doc"
    gzip -dc "$doc/changelog.gz" >"$tmp/changelog"
    [[ $(dpkg-parsechangelog -l "$tmp/changelog" -S Version) == "$POKER_VERSION" ]] ||
      fail "$package's changelog.gz does not open with version $POKER_VERSION"
  done
  # None with another's files.
  # (Read whole, into a file: grep -q stops reading at its match.)
  contents() {
    [[ -f $tmp/$1.contents ]] ||
      dpkg-deb -c "${deb[$1]}" | awk '{ print $6 }' | sed 's,^\./,/,' | grep -v '/$' >"$tmp/$1.contents"
    cat "$tmp/$1.contents"
  }
  shared=$(for package in "${packages[@]}"; do contents "$package"; done | sort | uniq -d)
  [[ -z $shared ]] || fail "more than one package holds $shared (dpkg would refuse the second)"
  contents poker | grep -E '^/usr/(include|lib)/' && fail "poker holds the files above"
  contents libpoker-dev | grep -E '^/usr/(bin|share/(man|bash-completion|zsh|fish))/|dist-packages' &&
    fail "libpoker-dev holds the files above"
  for file in bin/poker share/man/man1/poker.1.gz share/bash-completion/completions/poker \
              share/zsh/vendor-completions/_poker share/fish/vendor_completions.d/poker.fish \
              share/doc/poker/examples/grade.sh; do
    grep -qxF "/usr/$file" <(contents poker) || fail "no /usr/$file in poker"
  done
  for file in include/poker/evaluator.h include/poker/io/chunk.h "lib/$multiarch/cmake/poker/pokerConfig.cmake" \
              "lib/$multiarch/cmake/poker/pokerConfigVersion.cmake" "lib/$multiarch/libpoker_engine.a"; do
    grep -qxF "/usr/$file" <(contents libpoker-dev) || fail "no /usr/$file in libpoker-dev"
  done
  depends_on "$(dpkg-deb -f "${deb[libpoker-dev]}" Depends)" libtbb-dev || fail "libpoker-dev does not depend on libtbb-dev"
  check_depends poker "$poker"
  if [[ -n ${POKER_PYTHON_DIR:-} ]]; then
    grep -qxF /usr/lib/python3/dist-packages/poker/__init__.py <(contents python3-poker) ||
      fail "no /usr/lib/python3/dist-packages/poker/__init__.py in python3-poker"
    contents python3-poker | grep -v -E '^/usr/(lib/python3/dist-packages/poker|share/doc/python3-poker)/' &&
      fail "python3-poker holds the files above"
    check_depends python3-poker "$(compgen -G "$python_dir/poker/_poker.cpython-*.so")"
    depends=$(dpkg-deb -f "${deb[python3-poker]}" Depends)
    depends_on "$depends" python3-numpy && depends_on "$depends" python3 ||
      fail "python3-poker's Depends lacks Python or NumPy"
  fi
  # apt installs them together on this Debian: their Depends are met by
  # its packages and each other (simulated, as apt-get -s does without
  # root, installing nothing).
  (cd "$out" && apt-get install -s "${deb[@]/#$out/.}") >"$tmp/apt.log" 2>&1 ||
    { cat "$tmp/apt.log" >&2; fail "apt-get install -s of the packages"; }
  grep -qx "0 upgraded, ${#packages[@]} newly installed, 0 to remove and [0-9]* not upgraded." "$tmp/apt.log" ||
    { cat "$tmp/apt.log" >&2; fail "apt would not install just the ${#packages[@]} packages"; }
  for package in "${packages[@]}"; do
    echo "ok: $(basename "${deb[$package]}"), $(dpkg-deb -c "${deb[$package]}" | wc -l) entries"
  done
  exit 0
fi
[[ $mode == unpacked ]] || fail "deb_test.sh: unknown mode $mode"

# poker: the command runs from where it lands.
[[ -x $poker ]] || fail "no usr/bin/poker in poker"
diff <("$poker" -i examples/sample.txt) examples/sample.expected || fail "the packaged poker's answers differ"
# The man page, gzipped as Debian's are (no name or time in it), is the
# built one and renders.
[[ -f $page ]] || fail "no usr/share/man/man1/poker.1.gz in poker"
[[ ! -e ${page%.gz} ]] || fail "poker holds an uncompressed man page beside poker.1.gz"
cmp <(gzip -dc "$page") "$POKER_BUILD_DIR/packaging/poker.1" || fail "the packaged man page is not the built one"
# gzip -n: the header's flags (no file name) and time are zeros.
[[ $(od -An -tx1 -j3 -N5 "$page" | tr -d ' ') == 0000000000 ]] || fail "$page holds a file name or time (gzip -n)"
rendered=$(MANWIDTH=80 MAN_DISABLE_SECCOMP=1 man -l -P cat "$page" 2>"$tmp/man.err") ||
  { cat "$tmp/man.err" >&2; fail "man -l $page"; }
[[ $rendered == *"EXIT STATUS"* && $rendered == *EXAMPLES* ]] || fail "man -l $page rendered no EXIT STATUS or EXAMPLES"
bash -n "$root/usr/share/bash-completion/completions/poker" || fail "the packaged bash completion is not bash"
[[ -f $root/usr/share/zsh/vendor-completions/_poker ]] || fail "no zsh completion in poker"
[[ -f $root/usr/share/fish/vendor_completions.d/poker.fish ]] || fail "no fish completion in poker"
check_documents "$root/usr/share/doc/poker"
diff -r "$POKER_SOURCE_DIR/examples" "$examples" || fail "the packaged examples/ is not the source's"
[[ -x $examples/grade.sh ]] || fail "the packaged examples/grade.sh is not executable"

# The man page's EXAMPLES, as a reader runs them: in /usr/share/doc/poker,
# with the installed command first on the PATH. The answers that verify's
# example checks are the command's own (out.txt); generate's term.txt lands
# there too.
cd "$root/usr/share/doc/poker"
export PATH=$root/usr/bin:$PATH
[[ $(command -v poker) == "$poker" ]] || fail "poker on the PATH is $(command -v poker), not $poker"
poker 3 examples/three_players.txt >out.txt || fail "poker 3 examples/three_players.txt in the installed examples"
ran=0
while IFS= read -r example; do
  # bench measures one workload at one thread count: seconds less of CI.
  [[ $example == "poker bench"* ]] && example+=" --workloads holdem-2 --threads 1"
  bash -c "$example" >"$tmp/example.out" 2>&1 ||
    { cat "$tmp/example.out" >&2; fail "the man page's example '$example' fails in the installed examples"; }
  ran=$((ran + 1))
done < <(gzip -dc "$page" | sed -n '/^\.SH EXAMPLES$/,/^\.SH /p' | grep -v '^\.' | sed -e 's/\\-/-/g' -e 's/\\e/\\/g')
((ran >= 5)) || fail "the man page has $ran examples"
rm -f out.txt term.txt
# grade.sh (docs/grading.md) scores a folder of answers from there too.
mkdir "$tmp/answers"
poker examples/sample.txt >"$tmp/answers/right.txt"
: >"$tmp/answers/empty.txt"
scores=$(env -u POKER examples/grade.sh examples/sample.txt "$tmp/answers") || fail "the installed examples/grade.sh failed"
grep -q '^right.txt,match,' <<<"$scores" && grep -q '^empty.txt,differ,' <<<"$scores" ||
  fail "the installed examples/grade.sh scored: $scores"
cd "$tmp"

# libpoker-dev: the static libraries in the multiarch libdir, and a CMake
# project that finds them with find_package(poker) in the root (the
# installed examples/library) builds and runs.
"$POKER_CMAKE" -S "$examples/library" -B "$tmp/consumer" -G "$POKER_GENERATOR" -DCMAKE_PREFIX_PATH="$root/usr" \
  -DCMAKE_CXX_COMPILER="$POKER_CXX" >"$tmp/consumer.log" 2>&1 ||
  { cat "$tmp/consumer.log" >&2; fail "configuring the installed examples/library against libpoker-dev"; }
found=$(sed -n 's/^poker_DIR:PATH=//p' "$tmp/consumer/CMakeCache.txt")
[[ $found == "$root/usr/lib/$multiarch/cmake/poker" ]] || fail "find_package(poker) found $found"
"$POKER_CMAKE" --build "$tmp/consumer" >"$tmp/consumer.log" 2>&1 ||
  { cat "$tmp/consumer.log" >&2; fail "building the installed examples/library"; }
[[ $("$tmp/consumer/hand" "Ks Kd Kc 9h 9d 9c") == "Full house [Ks Kd Kc 9h 9d]" ]] ||
  fail "the program built against libpoker-dev answers wrong"

# python3-poker: the module imports from /usr/lib/python3/dist-packages.
if [[ -n ${POKER_PYTHON_DIR:-} ]]; then
  (cd "$tmp" && PYTHONPATH=$python_dir "$POKER_PYTHON_EXECUTABLE" -c \
    'import poker; assert list(poker.parse_cards("As 2c")) == [51, 0]') || fail "the packaged Python module does not import"
fi
echo "ok: ${packages[*]} work unpacked in a scratch root"
