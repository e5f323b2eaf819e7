#!/usr/bin/env bash
# `cmake --install` puts the Python package where Debian's python3 looks for
# it, under /usr and under /usr/local, and the installed copy imports and
# works away from the build tree.
source "$(dirname "$0")/common.sh"
: "${POKER_PYTHON_DIR:?}" "${POKER_PYTHON_EXECUTABLE:?}"

install_into "$tmp/prefix"
package=$tmp/prefix/$POKER_PYTHON_DIR/poker
for file in __init__.py __init__.pyi _poker.pyi py.typed plot.py; do
  [[ -f $package/$file ]] || fail "no $POKER_PYTHON_DIR/poker/$file installed"
done
compgen -G "$package/_poker.cpython-*.so" >/dev/null || fail "no extension module in $package"

# Debian's python3 searches the directory under both prefixes.
for prefix in /usr /usr/local; do
  "$POKER_PYTHON_EXECUTABLE" -c 'import sys; sys.exit(sys.argv[1] not in sys.path)' "$prefix/$POKER_PYTHON_DIR" ||
    fail "$prefix/$POKER_PYTHON_DIR is not on $POKER_PYTHON_EXECUTABLE's sys.path"
done

cd "$tmp"
PYTHONPATH=$tmp/prefix/$POKER_PYTHON_DIR "$POKER_PYTHON_EXECUTABLE" - "$package" <<'PYTHON' || fail "the installed module does not work"
import sys
import poker
assert poker.__file__.startswith(sys.argv[1]), poker.__file__
cards = poker.parse_cards(["Ah Kh Qh Jh Th 2c 3d"])
assert poker.CATEGORIES[poker.category(poker.evaluate(cards))[0]] == "Straight flush"
assert "Hand values of rows of cards" in poker.evaluate.__doc__
PYTHON
echo "ok: $package"
