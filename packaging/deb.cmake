# `cpack -G DEB` in a build directory: a Debian package of what `cmake
# --install` installs, under /usr.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME poker)
set(CPACK_PACKAGE_VENDOR "poker")
set(CPACK_PACKAGE_CONTACT "poker maintainers <poker@example.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}: Texas Hold'em, Project Euler 54 and other formats")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
# Depends from the binary's shared libraries as dpkg-shlibdeps finds them
# (libtbb12, libspdlog1.10, libfmt9, libstdc++6, libc6, ...): a list written
# here would go stale when a library is added or the build links differently.
# It needs dpkg-dev and file, in scripts/setup.sh.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The libraries and headers are in the package too; building against them
# needs oneTBB's headers and CMake config.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "libtbb-dev, cmake")
# The Python module is in the same package (python/): it runs with Debian's
# python3 and needs NumPy, which the command itself does not.
if(POKER_PYTHON)
  math(EXPR next_minor "${POKER_PYTHON_MINOR} + 1")
  set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "python3 (>= 3.${POKER_PYTHON_MINOR}), python3 (<< 3.${next_minor}), python3-numpy")
endif()
include(CPack)
