// How many threads a run can have: the -j limit, the hardware's, and what
// the system lets the process start (RLIMIT_NPROC, a cgroup's pids limit).
// TBB starts its workers lazily and aborts the run when one cannot start;
// asking the system first lets the run go on with the threads it can have.
#ifndef POKER_CLI_THREADS_H_
#define POKER_CLI_THREADS_H_

#include <cstddef>

namespace poker::cli {

// The threads a run uses, the calling one included (at least 1): at most
// `limit` (0: no limit), the hardware threads TBB would use, and as many as
// can be started now.
std::size_t usable_threads(std::size_t limit);

}  // namespace poker::cli

#endif  // POKER_CLI_THREADS_H_
