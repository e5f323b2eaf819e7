// The one poll() of the streams that may wait (io internal): a pipe's or a
// terminal's reads (FdReader) and writes (FdSink).
#ifndef POKER_IO_POLL_WAIT_H_
#define POKER_IO_POLL_WAIT_H_

#include <poll.h>

#include <algorithm>
#include <cerrno>

#include "poker/io/wait_hook.h"

namespace poker::io {

// poll() of `requests` (at most kMaxRequests; entries with a negative fd
// are skipped): at once if one is ready already; otherwise the wait for one,
// made inside `hook` (null: none), which the hook's interrupt_fd() also
// ends. Returns 0 once one is ready, else poll()'s errno (EINTR: the caller
// retries).
inline constexpr nfds_t kMaxRequests = 2;
inline int poll_or_wait(pollfd* requests, nfds_t count, WaitHook* hook) {
  int ready = ::poll(requests, count, 0);
  int error = ready < 0 ? errno : 0;
  if (ready == 0) {
    pollfd all[kMaxRequests + 1];
    std::copy(requests, requests + count, all);
    all[count] = {hook != nullptr ? hook->interrupt_fd() : -1, POLLIN, 0};
    const auto wait = [&](int timeout_ms) {
      ready = ::poll(all, count + 1, timeout_ms);
      error = ready < 0 ? errno : 0;  // before the hook's own calls can change errno
      std::copy(all, all + count, requests);
      if (ready > 0 && all[count].revents != 0) --ready;  // the hook's own: not the stream's
      return ready != 0;
    };
    if (hook != nullptr) {
      hook->around_wait(wait);
    } else {
      wait(-1);
    }
  }
  return error;
}

}  // namespace poker::io

#endif  // POKER_IO_POLL_WAIT_H_
