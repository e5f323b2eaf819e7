#include "run_batch.h"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <tbb/task_arena.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>

#include "poker/pipeline.h"

namespace poker::python {
namespace {

namespace py = pybind11;

// Sent to the work's thread while it is in a Blocking scope after a stop:
// its default action is to ignore it, so a stray one is harmless.
constexpr int kInterruptSignal = SIGURG;
// How often it is sent: a stop that came just before the blocking call began
// is caught at the next tick.
constexpr std::chrono::milliseconds kInterruptTick{5};

void do_nothing(int) {}

// Whether kInterruptSignal interrupts a blocking call: a handler without
// SA_RESTART, installed once, and only where the signal had its default
// action (a program's own handler is left alone; its blocking calls are then
// not cut short).
bool interrupt_signal_installed() {
  static const bool installed = [] {
    struct sigaction current {};
    if (::sigaction(kInterruptSignal, nullptr, &current) != 0 || current.sa_handler != SIG_DFL) return false;
    struct sigaction action {};
    action.sa_handler = do_nothing;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    return ::sigaction(kInterruptSignal, &action, nullptr) == 0;
  }();
  return installed;
}

// Runs `work` in an arena of `threads` threads, or in the caller's.
void run_in_arena(std::optional<std::size_t> threads, const std::function<void(const Stop&)>& work, const Stop& stop) {
  if (threads) {
    tbb::task_arena arena(static_cast<int>(*threads));
    arena.execute([&] { work(stop); });
  } else {
    work(stop);
  }
}

}  // namespace

std::optional<std::size_t> thread_count(const py::object& threads) {
  if (threads.is_none()) return std::nullopt;
  const auto count = py::reinterpret_steal<py::object>(PyNumber_Index(threads.ptr()));
  if (!count) throw py::error_already_set();
  int overflow = 0;
  const long long value = PyLong_AsLongLongAndOverflow(count.ptr(), &overflow);
  if (value == -1 && PyErr_Occurred() != nullptr) throw py::error_already_set();
  if (overflow < 0 || (overflow == 0 && value < 1)) {
    throw py::value_error("threads must be at least 1, or None for all cores");
  }
  // As `poker -j`: no more than the hardware has, nor than can be started
  // (a task arena of more than oneTBB allows ends the process).
  const std::size_t wanted = overflow > 0 ? SIZE_MAX : static_cast<std::size_t>(value);
  return usable_threads(std::min<std::size_t>(wanted, INT_MAX));
}

Stop::Stop(bool with_pipe) {
  if (with_pipe && ::pipe2(pipe_, O_CLOEXEC | O_NONBLOCK) != 0) pipe_[0] = pipe_[1] = -1;
}

Stop::~Stop() {
  for (const int fd : pipe_) {
    if (fd >= 0) ::close(fd);
  }
}

void Stop::request() {
  flag_.store(true);
  if (pipe_[1] >= 0) (void)!::write(pipe_[1], "", 1);
}

Stop::Blocking::Blocking(const Stop& stop) : stop_(stop) {
  const std::lock_guard<std::mutex> lock(stop_.mutex_);
  stop_.blocking_thread_ = ::pthread_self();
  stop_.blocking_ = true;
}

Stop::Blocking::~Blocking() {
  const std::lock_guard<std::mutex> lock(stop_.mutex_);
  stop_.blocking_ = false;
}

void Stop::interrupt_blocking() const {
  const std::lock_guard<std::mutex> lock(mutex_);
  if (blocking_ && interrupt_signal_installed()) ::pthread_kill(blocking_thread_, kInterruptSignal);
}

void run_batch(std::optional<std::size_t> threads, bool interruptible, const std::function<void(const Stop&)>& work) {
  if (!interruptible) {
    const Stop stop(false);
    const py::gil_scoped_release released;
    run_in_arena(threads, work, stop);
    return;
  }
  interrupt_signal_installed();  // before the work could block
  Stop stop(true);
  std::mutex mutex;
  std::condition_variable finished;
  bool done = false;  // guarded by mutex
  std::exception_ptr failure;
  const auto run = [&] {
    try {
      run_in_arena(threads, work, stop);
    } catch (...) {
      failure = std::current_exception();
    }
    const std::lock_guard<std::mutex> lock(mutex);
    done = true;
    finished.notify_one();
  };
  const auto wait_done = [&](std::chrono::milliseconds timeout) {
    std::unique_lock<std::mutex> lock(mutex);
    return finished.wait_for(lock, timeout, [&] { return done; });
  };

  std::thread worker;
  {
    const py::gil_scoped_release released;
    try {
      worker = std::thread(run);
    } catch (const std::system_error&) {
      run();  // no thread can start: the work runs here, where no signal can stop it
    }
  }
  bool interrupted = false;
  while (true) {
    bool finished_now = false;
    {
      const py::gil_scoped_release released;
      finished_now = wait_done(kSignalCheck);
    }
    if (finished_now) break;
    if (PyErr_CheckSignals() != 0) {  // a handler raised: its exception is now set
      interrupted = true;
      break;
    }
  }
  {
    const py::gil_scoped_release released;
    if (interrupted) {
      stop.request();
      while (!wait_done(kInterruptTick)) stop.interrupt_blocking();
    }
    if (worker.joinable()) worker.join();
  }
  if (interrupted) throw py::error_already_set();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace poker::python
