#include "stop_signals.h"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <cstdlib>
#include <thread>

namespace poker::cli {
namespace {

std::atomic<bool> g_stop{false};
std::atomic<int> g_signal{0};
int g_wake[2] = {-1, -1};

sigset_t stop_signal_set() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  return set;
}

// Dies by `signal` with its default action, from the calling thread.
[[noreturn]] void die_by(int signal) {
  ::signal(signal, SIG_DFL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, signal);
  ::raise(signal);  // pending while blocked; delivered on unblocking
  ::pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
  std::_Exit(128 + signal);  // not reached
}

// The one thread that takes the signals: they are blocked everywhere else,
// so no handler runs at an awkward moment in another thread, and no thread
// sleeping where a sanitizer cannot deliver a signal delays the stop.
void watch(sigset_t set) {
  int signal = 0;
  while (::sigwait(&set, &signal) == 0) {
    int none = 0;
    if (!g_signal.compare_exchange_strong(none, signal)) die_by(signal);  // a second one: die now
    g_stop.store(true);
    if (g_wake[1] >= 0) (void)!::write(g_wake[1], "", 1);
  }
}

}  // namespace

StopSignals::StopSignals() {
  if (::pipe2(g_wake, O_CLOEXEC | O_NONBLOCK) != 0) g_wake[0] = g_wake[1] = -1;
  // Blocked in this thread before any other starts (TBB's workers, made
  // later, inherit the mask), then taken by the watcher only.
  const sigset_t set = stop_signal_set();
  ::pthread_sigmask(SIG_BLOCK, &set, nullptr);
  std::thread(watch, set).detach();
}

StopSignals::~StopSignals() = default;

const std::atomic<bool>& StopSignals::stop_flag() const { return g_stop; }
int StopSignals::wake_fd() const { return g_wake[0]; }
int StopSignals::received() const { return g_signal.load(); }

void StopSignals::reraise() const { die_by(received()); }

}  // namespace poker::cli
