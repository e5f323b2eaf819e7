#include "stop_signals.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cstdlib>

namespace poker::cli {
namespace {

// Touched by the handler: lock-free atomics and a pipe only.
std::atomic<bool> g_stop{false};
std::atomic<int> g_signal{0};
int g_wake[2] = {-1, -1};

void on_stop_signal(int signal) {
  int none = 0;
  if (!g_signal.compare_exchange_strong(none, signal)) {
    // A second signal: the user insists. Die by it now.
    ::signal(signal, SIG_DFL);
    ::raise(signal);
    return;
  }
  g_stop.store(true);
  if (g_wake[1] >= 0) (void)!::write(g_wake[1], "", 1);
}

}  // namespace

StopSignals::StopSignals() {
  if (::pipe2(g_wake, O_CLOEXEC | O_NONBLOCK) != 0) g_wake[0] = g_wake[1] = -1;
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: a blocked write() or read() returns EINTR
  ::sigaction(SIGINT, &action, nullptr);
  ::sigaction(SIGTERM, &action, nullptr);
}

StopSignals::~StopSignals() {
  ::signal(SIGINT, SIG_DFL);
  ::signal(SIGTERM, SIG_DFL);
}

const std::atomic<bool>& StopSignals::stop_flag() const { return g_stop; }
int StopSignals::wake_fd() const { return g_wake[0]; }
int StopSignals::received() const { return g_signal.load(); }

void StopSignals::reraise() const {
  const int signal = received();
  ::signal(signal, SIG_DFL);
  ::raise(signal);
  std::_Exit(128 + signal);  // not reached: the default action ends the process
}

}  // namespace poker::cli
