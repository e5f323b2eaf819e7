// Which vector instructions the engine's card decoding uses on this CPU, for
// reports (`poker --version`, benchmark logs): "avx2", "sse4.1" or "scalar",
// chosen at run time (POKER_SIMD may name another; canonical_decoder.h).
//
// Thread safety: may be called from any thread.
#ifndef POKER_SIMD_PATH_H_
#define POKER_SIMD_PATH_H_

#include <string_view>

namespace poker {

// The name of the decode path the formats use now.
std::string_view active_decode_path_name();

}  // namespace poker

#endif  // POKER_SIMD_PATH_H_
