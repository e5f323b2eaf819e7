#include "version_text.h"

#include <tbb/version.h>

#include <string_view>

#include "poker/simd_path.h"

namespace poker::cli {

std::string version_text() {
#if defined(__clang__)
  const std::string compiler = "clang " __clang_version__;
#elif defined(__GNUC__)
  const std::string compiler = "GCC " __VERSION__;
#else
  const std::string compiler = "unknown compiler";
#endif
  // The commit, when the build knew it (cli/CMakeLists.txt): a benchmark or
  // a bug report then names the exact sources.
  const std::string commit = std::string_view(POKER_COMMIT).empty() ? "" : "\ncommit: " POKER_COMMIT;
  return std::string("poker ") + POKER_VERSION + commit + "\ncompiler: " + compiler + "\noneTBB: " TBB_VERSION_STRING +
         " (runtime " + TBB_runtime_version() + ")\ncard decoding: " + std::string(active_decode_path_name()) +
         "\nLicense: MIT";
}

}  // namespace poker::cli
