#include "version_text.h"

#include <tbb/version.h>

#include <string_view>

#include "poker/simd_path.h"

namespace poker::cli {

std::string poker_version() { return POKER_VERSION; }

// The commit, when the build knew it (cli/CMakeLists.txt): a benchmark or
// a bug report then names the exact sources.
std::string build_commit() { return POKER_COMMIT; }

std::string compiler_name() {
#if defined(__clang__)
  return "clang " __clang_version__;
#elif defined(__GNUC__)
  return "GCC " __VERSION__;
#else
  return "unknown compiler";
#endif
}

std::string build_type() { return POKER_BUILD_TYPE; }

std::string version_text() {
  const std::string commit = build_commit().empty() ? "" : "\ncommit: " + build_commit();
  return "poker " + poker_version() + commit + "\ncompiler: " + compiler_name() + "\noneTBB: " TBB_VERSION_STRING +
         " (runtime " + TBB_runtime_version() + ")\ncard decoding: " + std::string(active_decode_path_name()) +
         "\nLicense: MIT";
}

}  // namespace poker::cli
