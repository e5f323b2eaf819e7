// The exit statuses of the specification (docs/specification.md, section 3),
// and the one `poker verify` adds.
#ifndef POKER_CLI_EXIT_STATUS_H_
#define POKER_CLI_EXIT_STATUS_H_

namespace poker::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitInvalidInput = 1;
inline constexpr int kExitUsage = 2;
inline constexpr int kExitIo = 3;
// `poker verify`: the candidate's answers differ from the expected ones;
// `poker bench --compare`: a workload is slower than in the old report.
inline constexpr int kExitMismatch = 4;

}  // namespace poker::cli

#endif  // POKER_CLI_EXIT_STATUS_H_
