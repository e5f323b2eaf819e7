#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image
# (docs/grading.md, "Gradescope"): it installs poker from the Debian package
# put in the autograder's zip beside this script (`cpack -G DEB` in a build
# of poker for the image's Ubuntu; apt installs what the package depends on).
set -euo pipefail
apt-get install -y /autograder/source/poker_*.deb
