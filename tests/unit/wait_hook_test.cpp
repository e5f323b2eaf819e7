// Waits on a stream go through its wait hook: a read from an empty pipe and a
// write to a full one wait inside hook->around_wait(), and reads and writes
// that need not wait never call it. release_threads_while_waiting() caps
// oneTBB at one thread for the wait, and no longer; a run fed by a producer
// that only writes while the run waits answers every instance.
#include <fcntl.h>
#include <poll.h>
#include <tbb/global_control.h>
#include <tbb/task_arena.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "poker/holdem_format.h"
#include "poker/io/input.h"
#include "poker/io/output_sink.h"
#include "poker/pipeline.h"
#include "support/fake_io.h"
#include "support/instance_text.h"

namespace poker {
namespace {

// A hook that counts its waits and runs `during` inside each, before the
// wait itself: `during` makes the stream ready, so the wait ends at once.
class RecordingHook final : public io::WaitHook {
 public:
  explicit RecordingHook(std::function<void()> during) : during_(std::move(during)) {}

  void around_wait(const Wait& wait) override {
    ++waits_;
    during_();
    while (!wait(-1)) {
    }
  }

  int waits() const { return waits_; }

 private:
  std::function<void()> during_;
  int waits_ = 0;
};

class Pipe {
 public:
  Pipe() { EXPECT_EQ(::pipe2(fds_, O_CLOEXEC), 0); }
  ~Pipe() {
    close_write_end();
    ::close(fds_[0]);
  }
  Pipe(const Pipe&) = delete;
  Pipe& operator=(const Pipe&) = delete;

  int read_end() const { return fds_[0]; }
  int write_end() const { return fds_[1]; }
  void close_write_end() {
    if (fds_[1] >= 0) ::close(fds_[1]);
    fds_[1] = -1;
  }
  bool readable_now() const {
    pollfd request{fds_[0], POLLIN, 0};
    return ::poll(&request, 1, 0) > 0;
  }
  bool writable_now() const {
    pollfd request{fds_[1], POLLOUT, 0};
    return ::poll(&request, 1, 0) > 0;
  }
  void write(const std::string& bytes) const {
    ASSERT_EQ(::write(fds_[1], bytes.data(), bytes.size()), static_cast<ssize_t>(bytes.size()));
  }
  // Writes until the pipe has no room left, without blocking.
  void fill() const {
    set_nonblocking(fds_[1], true);
    const std::string page(4096, 'x');
    while (::write(fds_[1], page.data(), page.size()) > 0) {
    }
    while (::write(fds_[1], "x", 1) > 0) {
    }
    EXPECT_EQ(errno, EAGAIN);
    set_nonblocking(fds_[1], false);
  }
  // All that the pipe holds now, without blocking.
  std::string drain() const {
    set_nonblocking(fds_[0], true);
    std::string text;
    char buffer[65536];
    for (ssize_t n; (n = ::read(fds_[0], buffer, sizeof buffer)) > 0;) text.append(buffer, static_cast<std::size_t>(n));
    set_nonblocking(fds_[0], false);
    return text;
  }

 private:
  static void set_nonblocking(int fd, bool on) {
    const int flags = ::fcntl(fd, F_GETFL);
    ASSERT_GE(flags, 0);
    ASSERT_EQ(::fcntl(fd, F_SETFL, on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK), 0);
  }

  int fds_[2] = {-1, -1};
};

// Runs `rescue` on a thread of its own if the test still runs 10 s on: a
// stream that never calls its hook would wait forever, and the test must fail,
// not hang. Declared after what `rescue` touches, so that it ends first.
class Rescue {
 public:
  explicit Rescue(std::function<void()> rescue)
      : thread_([this, rescue = std::move(rescue)] {
          std::unique_lock lock(mutex_);
          if (!done_changed_.wait_for(lock, std::chrono::seconds(10), [this] { return done_; })) rescue();
        }) {}
  ~Rescue() {
    {
      const std::lock_guard lock(mutex_);
      done_ = true;
    }
    done_changed_.notify_one();
    thread_.join();
  }
  Rescue(const Rescue&) = delete;
  Rescue& operator=(const Rescue&) = delete;

 private:
  std::mutex mutex_;
  std::condition_variable done_changed_;
  bool done_ = false;
  std::thread thread_;  // last: it starts once the rest exists
};

std::unique_ptr<io::ByteSource> pipe_source(const Pipe& pipe, io::WaitHook& hook) {
  auto source = io::make_stream_source(io::make_fd_reader(pipe.read_end(), false), 1 << 16);
  source->set_wait_hook(&hook);
  return source;
}

TEST(WaitHook, AReadFromAnEmptyPipeWaitsInsideTheHook) {
  Pipe pipe;
  RecordingHook hook([&] {
    EXPECT_FALSE(pipe.readable_now()) << "called for a read that need not wait";
    pipe.write("Ah Kh\n");
  });
  const auto source = pipe_source(pipe, hook);
  const Rescue rescue([&] { pipe.close_write_end(); });
  const io::Window window = source->window(0, 1);
  ASSERT_EQ(window.error_number, 0);
  EXPECT_EQ(std::string(window.data, window.size), "Ah Kh\n");
  EXPECT_EQ(hook.waits(), 1);
}

TEST(WaitHook, AReadWithInputThereOrAtItsEndNeverCallsTheHook) {
  Pipe pipe;
  RecordingHook hook([] {});
  const auto source = pipe_source(pipe, hook);
  pipe.write("Ah Kh\n");
  const io::Window first = source->window(0, 1);
  ASSERT_EQ(first.error_number, 0);
  EXPECT_EQ(std::string(first.data, first.size), "Ah Kh\n");
  pipe.close_write_end();
  const io::Window end = source->window(first.size, 1);
  ASSERT_EQ(end.error_number, 0);
  EXPECT_TRUE(end.at_end);
  EXPECT_EQ(hook.waits(), 0);
}

TEST(WaitHook, AWriteToAFullPipeWaitsInsideTheHook) {
  Pipe pipe;
  pipe.fill();
  ASSERT_FALSE(pipe.writable_now());
  std::string drained;
  RecordingHook hook([&] { drained = pipe.drain(); });
  const auto sink = io::make_fd_sink(pipe.write_end(), false);
  sink->set_wait_hook(&hook);
  {
    const Rescue rescue([&] { pipe.drain(); });
    ASSERT_TRUE(sink->write("Player 1\n").ok());
  }
  EXPECT_EQ(hook.waits(), 1);
  EXPECT_FALSE(drained.empty());
  EXPECT_EQ(pipe.drain(), "Player 1\n");
}

TEST(WaitHook, AWriteWithRoomNeverCallsTheHook) {
  Pipe pipe;
  RecordingHook hook([] {});
  const auto sink = io::make_fd_sink(pipe.write_end(), false);
  sink->set_wait_hook(&hook);
  ASSERT_TRUE(sink->write("Player 1\nDraw\n").ok());
  EXPECT_EQ(hook.waits(), 0);
  EXPECT_EQ(pipe.drain(), "Player 1\nDraw\n");
}

std::size_t allowed_parallelism() {
  return tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism);
}

TEST(ReleaseThreadsWhileWaiting, CapsOneTbbAtOneThreadForTheWaitOnly) {
  const tbb::global_control run_threads(tbb::global_control::max_allowed_parallelism, 3);
  const std::size_t before = allowed_parallelism();
  ASSERT_GT(before, 1u);
  std::size_t during = 0;
  int waits = 0;
  release_threads_while_waiting().around_wait([&](int /*timeout_ms*/) {
    ++waits;
    during = allowed_parallelism();
    return true;
  });
  EXPECT_EQ(waits, 1);
  EXPECT_EQ(during, 1u);
  EXPECT_EQ(allowed_parallelism(), before);
}

// The hook of a run fed by a producer that writes only while the run waits:
// the next instance, or the end of the input once all are written.
class ProducerInTheWaits final : public io::WaitHook {
 public:
  // With a `sink`, each wait also checks that the answers to every instance
  // written so far are in it.
  ProducerInTheWaits(Pipe& pipe, std::vector<std::string> instances, const testing::StringSink* sink = nullptr)
      : sink_(sink), pipe_(pipe), instances_(std::move(instances)) {}

  void around_wait(const Wait& wait) override {
    release_threads_while_waiting().around_wait([&](int timeout_ms) {
      ++waits_;
      if (allowed_parallelism() != 1) ++uncapped_waits_;
      // Every instance written so far is complete: its answer is out.
      if (sink_ != nullptr && count_lines(sink_->text) != next_) ++waits_with_answers_due_;
      if (next_ < instances_.size()) {
        pipe_.write(instances_[next_++]);
      } else {
        pipe_.close_write_end();
      }
      return wait(timeout_ms);
    });
  }

  int waits_ = 0;
  int uncapped_waits_ = 0;
  int waits_with_answers_due_ = 0;

 private:
  static std::size_t count_lines(const std::string& text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
  }

  const testing::StringSink* const sink_;
  Pipe& pipe_;
  std::vector<std::string> instances_;
  std::size_t next_ = 0;
};

TEST(ReleaseThreadsWhileWaiting, RunFedOnlyWhileItWaitsAnswersEveryInstance) {
  std::mt19937_64 random(14);
  std::vector<std::string> instances;
  std::string all;
  for (int i = 0; i < 40; ++i) {
    instances.push_back(testing::random_instances_text(random, testing::holdem_lines(2), 1, Notation::kHoldem,
                                                       testing::Blanks::kVaried));
    all += instances.back();
  }
  const auto format = make_holdem_format(HoldemOptions{2, false});
  const PipelineOptions options;
  // What the same instances get when they are all there at once.
  testing::StringSink expected;
  const auto memory = io::make_memory_source(all);
  ASSERT_EQ(run_pipeline(*format, *memory, expected, options).status, RunOutcome::Status::kOk);

  Pipe pipe;
  ProducerInTheWaits hook(pipe, instances);
  const auto source = io::make_stream_source(io::make_fd_reader(pipe.read_end(), false), 1 << 16);
  source->set_wait_hook(&hook);
  testing::StringSink sink;
  RunOutcome outcome;
  tbb::task_arena arena(4);
  {
    const Rescue rescue([&] { pipe.close_write_end(); });
    arena.execute([&] { outcome = run_pipeline(*format, *source, sink, options); });
  }
  EXPECT_EQ(outcome.status, RunOutcome::Status::kOk);
  EXPECT_EQ(outcome.stats.instances, instances.size());
  EXPECT_EQ(sink.text, expected.text);
  // A wait for each instance and one for the end: the pipe was empty each
  // time the run came to read, and never written to outside a wait.
  EXPECT_EQ(hook.waits_, static_cast<int>(instances.size()) + 1);
  EXPECT_EQ(hook.uncapped_waits_, 0);
}

// A hook that holds the threads back is called only once every instance
// that has arrived is answered: the thread it keeps is the one waiting, and
// an answer due must not wait for more input. The producer writes the next
// instance only inside the hook, so a run that held an answer back until
// then would be caught here, at any chunk size and thread count.
TEST(ReleaseThreadsWhileWaiting, TheRunsHookIsCalledOnlyWithEveryArrivedInstanceAnswered) {
  std::mt19937_64 random(27);
  std::vector<std::string> instances;
  std::string all;
  for (int i = 0; i < 12; ++i) {
    instances.push_back(testing::random_instances_text(random, testing::holdem_lines(2), 1, Notation::kHoldem,
                                                       testing::Blanks::kVaried));
    all += instances.back();
  }
  const auto format = make_holdem_format(HoldemOptions{2, false});
  testing::StringSink expected;
  const auto memory = io::make_memory_source(all);
  ASSERT_EQ(run_pipeline(*format, *memory, expected, PipelineOptions{}).status, RunOutcome::Status::kOk);

  for (const std::size_t chunk_size : {std::size_t{1}, std::size_t{3}, std::size_t{7}, std::size_t{64}}) {
    for (const int threads : {1, 2, 8}) {
      SCOPED_TRACE("chunk size " + std::to_string(chunk_size) + ", " + std::to_string(threads) + " threads");
      Pipe pipe;
      testing::StringSink sink;
      ProducerInTheWaits hook(pipe, instances, &sink);
      const auto source = io::make_stream_source(io::make_fd_reader(pipe.read_end(), false), 1 << 16);
      PipelineOptions options;
      options.chunk_size = chunk_size;
      options.wait_hook = &hook;
      RunOutcome outcome;
      tbb::task_arena arena(threads);
      {
        const Rescue rescue([&] { pipe.close_write_end(); });
        arena.execute([&] { outcome = run_pipeline(*format, *source, sink, options); });
      }
      EXPECT_EQ(outcome.status, RunOutcome::Status::kOk);
      EXPECT_EQ(sink.text, expected.text);
      EXPECT_EQ(hook.waits_, static_cast<int>(instances.size()) + 1);
      EXPECT_EQ(hook.uncapped_waits_, 0);
      EXPECT_EQ(hook.waits_with_answers_due_, 0);
    }
  }
}

}  // namespace
}  // namespace poker
