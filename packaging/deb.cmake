# `cpack -G DEB` in a build directory: three Debian packages of what `cmake
# --install` installs, under /usr, split as Debian ships a library and its
# tool, one package per install component:
#   command  poker          the command, its man page, completions, documents
#                           and examples
#   dev      libpoker-dev   the headers, the static libraries (multiarch
#                           libdir) and the CMake package
#   python   python3-poker  the Python module
# tests/install/deb_test.sh checks them with lintian and in a scratch root.
set(CPACK_GENERATOR DEB)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL command dev)
if(POKER_PYTHON)
  list(APPEND CPACK_COMPONENTS_ALL python)
endif()
set(CPACK_PACKAGE_NAME poker)
set(CPACK_PACKAGE_VENDOR "poker")
set(CPACK_PACKAGE_CONTACT "${POKER_DEB_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${POKER_DEB_MAINTAINER}")
# name_version_architecture.deb, as Debian names them.
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# Each package's description below opens with its own synopsis line, which
# a summary would be put before.
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "")
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# The binaries without their symbol tables, as Debian ships them (the static
# libraries keep theirs: CMake strips executables and shared objects only).
set(CPACK_STRIP_FILES ON)
# Depends from each package's shared objects as dpkg-shlibdeps finds them
# (libtbb12, libspdlog1.10, libfmt9, libstdc++6, libc6, ...): a list written
# here would go stale when a library is added or the build links differently.
# It needs dpkg-dev and file, in scripts/setup.sh. libpoker-dev has none.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_COMMAND_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PYTHON_PACKAGE_SHLIBDEPS ON)

set(CPACK_DEBIAN_COMMAND_PACKAGE_NAME poker)
set(CPACK_DEBIAN_COMMAND_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_COMMAND_DESCRIPTION "${PROJECT_DESCRIPTION}: Texas Hold'em, Project Euler 54 and other formats
poker judges poker instances in several formats (Texas Hold'em deals,
Project Euler 54, hand evaluation, draw poker, equity queries and ranges)
on every core. It checks contestants' answers against them (verify),
generates seeded instance files (generate) and measures itself (bench).

This package holds the command, its manual page, the bash, zsh and fish
completions, the documentation and its examples.")

set(CPACK_DEBIAN_DEV_PACKAGE_NAME libpoker-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
# pokerConfig.cmake finds oneTBB (a static poker::engine links it into its
# users' programs).
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS "libtbb-dev")
set(CPACK_DEBIAN_DEV_PACKAGE_SUGGESTS "cmake")
set(CPACK_DEBIAN_DEV_DESCRIPTION "${PROJECT_DESCRIPTION}: C++ library (development files)
The engine of the poker command as static C++20 libraries: poker::eval
(cards and the hand evaluator), poker::engine (the formats, equity and the
pipeline) and poker::io (input sources, framing, output sinks).

This package holds the headers, the static libraries and the CMake package
(find_package(poker)).")

if(POKER_PYTHON)
  set(CPACK_DEBIAN_PYTHON_PACKAGE_NAME python3-poker)
  set(CPACK_DEBIAN_PYTHON_PACKAGE_SECTION python)
  # The module loads in the one Python version it was built for, and needs
  # NumPy; Dask and Matplotlib only for poker.dask and poker.plot.
  math(EXPR next_minor "${POKER_PYTHON_MINOR} + 1")
  set(CPACK_DEBIAN_PYTHON_PACKAGE_DEPENDS
    "python3 (>= 3.${POKER_PYTHON_MINOR}), python3 (<< 3.${next_minor}), python3-numpy")
  set(CPACK_DEBIAN_PYTHON_PACKAGE_SUGGESTS "python3-dask, python3-distributed, python3-matplotlib")
  set(CPACK_DEBIAN_PYTHON_DESCRIPTION "${PROJECT_DESCRIPTION}: Python 3 module
The engine of the poker command over NumPy arrays: parse cards, evaluate
and judge hands, run equity queries and judge whole files, in-process;
poker.dask judges files on a Dask cluster, poker.plot draws the command's
benchmark reports.

This package holds the module poker for Python 3.")
endif()
include(CPack)
