#!/usr/bin/env bash
# Installs, from Debian 12 packages, whatever building and testing poker needs
# and this machine lacks. Does nothing (and needs no network) when all is there.
#   scripts/setup.sh           build and test
#   scripts/setup.sh --bench   also what the benchmark scripts use (compare.py's
#                              SciPy, GNU time for peak memory, bc, valgrind
#                              for bench/instructions.sh)
set -euo pipefail

packages=(
  cmake ninja-build g++ make pkg-config
  ccache                    # scripts/build.sh: the wheel build of `pip install .` reuses the release build's compilations
  libtbb-dev libcli11-dev libspdlog-dev
  nlohmann-json3-dev        # the one JSON library: every JSON reader and writer
  libgtest-dev libgmock-dev libbenchmark-dev libbenchmark-tools
  clang libclang-rt-14-dev  # the fuzz targets: clang's libFuzzer (scripts/build.sh fuzz)
  clang-format-14           # scripts/format.sh, and test.sh's check that the tree is formatted
  dpkg-dev file             # cpack -G DEB: dpkg-shlibdeps writes Depends, file finds the binaries
  lintian man-db            # tests/install/deb_test.sh: lintian on the .deb files, `man -l` of the packaged page
  pybind11-dev python3-dev python3-numpy python3-pytest  # the Python module (POKER_PYTHON) and its tests
  python3-venv              # the test of `pip install .` into a fresh venv (python/tests/test_install.py)
  python3-dask python3-distributed python3-fsspec       # poker.dask and its tests on a local cluster
  python3-matplotlib        # poker.plot draws `poker bench --json` reports (python/tests/test_plot.py)
  python3-jsonschema        # test_plot.py validates the reports against docs/poker-bench-1.schema.json
  zsh fish groff            # the zsh and fish completions' tests; the man page's rendering check
)
if [[ ${1:-} == --bench ]]; then
  packages+=(python3 python3-scipy time bc valgrind)
fi

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
(( ${#missing[@]} == 0 )) && exit 0

sudo=()
[[ $(id -u) -ne 0 ]] && sudo=(sudo)
echo "setup: installing ${missing[*]}" >&2
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
