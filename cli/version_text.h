// `poker --version`: the version, and what a benchmark report needs to say
// how the binary was built and runs here: the compiler, oneTBB (built
// against and loaded) and the card decoding's vector path on this CPU.
#ifndef POKER_CLI_VERSION_TEXT_H_
#define POKER_CLI_VERSION_TEXT_H_

#include <string>

namespace poker::cli {

std::string version_text();

}  // namespace poker::cli

#endif  // POKER_CLI_VERSION_TEXT_H_
