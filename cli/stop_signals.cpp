#include "stop_signals.h"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <cstdlib>
#include <ctime>
#include <mutex>
#include <system_error>
#include <thread>

namespace poker::cli {
namespace {

// Default action: ignore. So a stray one, late or from elsewhere, is harmless.
constexpr int kInterruptSignal = SIGURG;
// How often a scope's thread is interrupted after a stop: a stop that came
// just before its system call began is caught at the next tick.
constexpr long kInterruptTickNs = 5'000'000;

std::atomic<bool> g_stop{false};
std::atomic<int> g_signal{0};
int g_wake[2] = {-1, -1};

std::mutex g_scope_mutex;
bool g_scope_active = false;  // guarded by g_scope_mutex
pthread_t g_scope_thread{};   // guarded by g_scope_mutex

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

// Records a stop; false if one was recorded already. Async-signal-safe.
bool record(int signal) {
  int none = 0;
  if (!g_signal.compare_exchange_strong(none, signal)) return false;
  g_stop.store(true);
  if (g_wake[1] >= 0) (void)!::write(g_wake[1], "", 1);
  return true;
}

void interrupt_scope() {
  const std::lock_guard<std::mutex> lock(g_scope_mutex);
  if (g_scope_active) ::pthread_kill(g_scope_thread, kInterruptSignal);
}

// The one thread that takes the signals: they are blocked everywhere else,
// so no handler runs at an awkward moment in another thread, and no thread
// sleeping where a sanitizer cannot deliver a signal delays the stop.
void watch(sigset_t set) {
  int signal = 0;
  while (g_signal.load() == 0) {
    if (::sigwait(&set, &signal) == 0 && !record(signal)) die_by(signal);
  }
  const timespec tick{0, kInterruptTickNs};
  while (true) {
    interrupt_scope();
    signal = ::sigtimedwait(&set, nullptr, &tick);
    if (signal > 0) die_by(signal);  // a second one: die now
  }
}

void do_nothing(int) {}

// Without a watcher: the stop signals' own handler. Async-signal-safe.
void on_stop_signal(int signal) {
  if (!record(signal)) {
    ::signal(signal, SIG_DFL);
    ::raise(signal);  // delivered when the handler returns
  }
}

// No SA_RESTART: the system call the signal lands in fails with EINTR.
void install(int signal, void (*handler)(int)) {
  struct sigaction action {};
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;
  ::sigaction(signal, &action, nullptr);
}

}  // namespace

StopSignals::StopSignals() {
  if (::pipe2(g_wake, O_CLOEXEC | O_NONBLOCK) != 0) g_wake[0] = g_wake[1] = -1;
  install(kInterruptSignal, do_nothing);
  // Blocked in this thread before any other starts (TBB's workers, made
  // later, inherit the mask), then taken by the watcher only.
  const sigset_t set = stop_signal_set();
  ::pthread_sigmask(SIG_BLOCK, &set, nullptr);
  try {
    std::thread(watch, set).detach();
  } catch (const std::system_error&) {
    // No thread can start: the signals interrupt this one, the only one.
    install(SIGINT, on_stop_signal);
    install(SIGTERM, on_stop_signal);
    ::pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
  }
}

StopSignals::~StopSignals() = default;

const std::atomic<bool>& StopSignals::stop_flag() const { return g_stop; }
int StopSignals::wake_fd() const { return g_wake[0]; }
int StopSignals::received() const { return g_signal.load(); }

void StopSignals::reraise() const { die_by(received()); }

StopSignals::InterruptScope::InterruptScope() {
  const std::lock_guard<std::mutex> lock(g_scope_mutex);
  g_scope_thread = ::pthread_self();
  g_scope_active = true;
}

StopSignals::InterruptScope::~InterruptScope() {
  const std::lock_guard<std::mutex> lock(g_scope_mutex);
  g_scope_active = false;
}

}  // namespace poker::cli
