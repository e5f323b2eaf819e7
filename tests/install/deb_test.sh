#!/usr/bin/env bash
# `cpack -G DEB` makes a package whose Depends names the package of every
# shared library the binary loads, and whose files, extracted with dpkg -x,
# are a working poker with its man page, completion and documents
# (/usr/share/doc/poker: README.md, CHANGELOG.md, docs/ and copyright).
source "$(dirname "$0")/common.sh"
: "${POKER_CPACK:?}" "${POKER_VERSION:?}" "${POKER_SOURCE_DIR:?}"

"$POKER_CPACK" -G DEB -B "$tmp/out" --config "$POKER_BUILD_DIR/CPackConfig.cmake" >"$tmp/cpack.log" 2>&1 ||
  { cat "$tmp/cpack.log" >&2; fail "cpack -G DEB"; }
shopt -s nullglob
debs=("$tmp"/out/*.deb)
(( ${#debs[@]} == 1 )) || fail "cpack made ${#debs[@]} .deb files, expected 1"
deb=${debs[0]}
[[ $(dpkg-deb -f "$deb" Package) == poker ]] || fail "Package is not poker"
[[ $(dpkg-deb -f "$deb" Version) == "$POKER_VERSION" ]] || fail "Version is not $POKER_VERSION"
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"

dpkg -x "$deb" "$tmp/root"
poker=$tmp/root/usr/bin/poker
[[ -x $poker ]] || fail "no usr/bin/poker in the package"

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

# Whether Depends names the package $1 (alone or among alternatives).
depends_on() {
  sed -e 's/([^)]*)//g' -e 's/[,|]/\n/g' <<<"$depends" | tr -d ' ' | grep -qxF -- "$1"
}

# Every library ldd lists (the loader and the vDSO aside) must be covered:
# Depends names its package or a virtual package that one provides (the
# shlibs of libspdlog1.10 ask for libspdlog1.10-fmt9, its ABI with fmt 9).
libraries=$(ldd "$poker" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }')
[[ -n $libraries ]] || fail "ldd found no shared libraries for $poker"
for library in $libraries; do
  package=$(owner "$library")
  covered=false
  for name in "$package" $(dpkg-query -W -f='${Provides}' "$package" | sed 's/([^)]*)//g; s/,/ /g'); do
    depends_on "$name" && covered=true
  done
  $covered || fail "Depends lacks $package (for $library)"
done
for package in libtbb12 libstdc++6 libc6; do
  depends_on "$package" || fail "Depends lacks $package"
done

diff <("$poker" -i examples/sample.txt) examples/sample.expected || fail "the packaged poker's answers differ"
cmp "$tmp/root/usr/share/man/man1/poker.1" "$POKER_BUILD_DIR/packaging/poker.1" ||
  fail "the packaged man page is not the built one"
bash -n "$tmp/root/usr/share/bash-completion/completions/poker" || fail "the packaged completion is not bash"
check_documents "$tmp/root/usr/share/doc/poker"
for file in usr/include/poker/evaluator.h usr/include/poker/io/chunk.h \
            usr/lib/cmake/poker/pokerConfig.cmake usr/lib/cmake/poker/pokerConfigVersion.cmake; do
  [[ -f $tmp/root/$file ]] || fail "no $file in the package"
done
# The Python module (POKER_PYTHON builds): in the same package, importable
# from where it lands, with Python and NumPy recommended.
if [[ -n ${POKER_PYTHON_DIR:-} ]]; then
  package_dir=$tmp/root/usr/$POKER_PYTHON_DIR
  [[ -f $package_dir/poker/__init__.py ]] || fail "no usr/$POKER_PYTHON_DIR/poker in the package"
  [[ $(dpkg-deb -f "$deb" Recommends) == *python3-numpy* ]] || fail "Recommends lacks python3-numpy"
  (cd "$tmp" && PYTHONPATH=$package_dir "$POKER_PYTHON_EXECUTABLE" -c \
    'import poker; assert list(poker.parse_cards("As 2c")) == [51, 0]') || fail "the packaged Python module does not import"
fi
echo "ok: $(basename "$deb"), $(dpkg-deb -c "$deb" | wc -l) entries"
