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
include(CPack)
