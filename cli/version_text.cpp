#include "version_text.h"

#include <tbb/version.h>

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
  return std::string("poker ") + POKER_VERSION + "\ncompiler: " + compiler + "\noneTBB: " TBB_VERSION_STRING +
         " (runtime " + TBB_runtime_version() + ")\ncard decoding: " + std::string(active_decode_path_name()) +
         "\nLicense: MIT";
}

}  // namespace poker::cli
