#!/usr/bin/env bash
# `cmake --install` puts the documents in share/doc/poker as they lie in the
# source tree (README.md, CHANGELOG.md, docs/*.md, docs/*.schema.json) beside
# Debian's copyright file made from LICENSE.
source "$(dirname "$0")/common.sh"
: "${POKER_INSTALL_DOCDIR:?}"

install_into "$tmp/root"
check_documents "$tmp/root/$POKER_INSTALL_DOCDIR"
echo "ok: $(cd "$tmp/root/$POKER_INSTALL_DOCDIR" && find . -type f | sort | tr '\n' ' ')"
