// `poker --version`: the version, and what a benchmark report needs to say
// how the binary was built and runs here: the compiler, oneTBB (built
// against and loaded) and the card decoding's vector path on this CPU.
// `poker bench` reports the same facts piece by piece.
#ifndef POKER_CLI_COMMAND_LINE_VERSION_TEXT_H_
#define POKER_CLI_COMMAND_LINE_VERSION_TEXT_H_

#include <string>

namespace poker::cli {

std::string version_text();

// The pieces of the text above, for `poker bench`'s report.
std::string poker_version();  // "1.4.0"
std::string build_commit();   // as `git describe` named it at configure time; empty when unknown
std::string compiler_name();  // "GCC 12.2.0"
std::string build_type();     // CMAKE_BUILD_TYPE: "Release"; empty when none was set

}  // namespace poker::cli

#endif  // POKER_CLI_COMMAND_LINE_VERSION_TEXT_H_
