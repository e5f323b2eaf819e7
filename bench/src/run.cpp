#include "poker/bench/run.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_reduce.h>
#include <tbb/task_arena.h>
#include <unistd.h>

#include <cerrno>
#include <memory>
#include <random>
#include <thread>
#include <utility>
#include <vector>

#include "poker/io/framing.h"
#include "poker/io/input.h"
#include "poker/io/output_sink.h"
#include "poker/pipeline.h"
#include "poker/verify.h"

namespace poker::bench {
namespace {

// The judge's chunk size, and its stream buffer for that size (main.cpp's
// open_streams()).
const std::size_t kChunkSize = PipelineOptions{}.chunk_size;
const std::size_t kStreamBuffer = std::max<std::size_t>(4 * kChunkSize, 64 * 1024);

// Where the answers go: counted, and kept only when asked for (verify's
// candidate), so that a repetition measures the judge, not a file system.
class AnswerSink final : public io::OutputSink {
 public:
  explicit AnswerSink(bool keep) : keep_(keep) {}
  io::WriteResult write(std::string_view bytes) override {
    written_ += bytes.size();
    if (keep_) kept_.append(bytes);
    return {};
  }
  io::WriteResult finish() override { return {}; }
  std::string take() { return std::move(kept_); }

 private:
  bool keep_;
  std::uint64_t written_ = 0;
  std::string kept_;
};

// Writes all of `bytes` to `fd`, then closes it; stops at the first failure
// (EPIPE: the reader has gone).
void write_and_close(int fd, std::string_view bytes) {
  const std::unique_ptr<io::OutputSink> sink = io::make_fd_sink(fd, true);
  if (sink->write(bytes).ok()) (void)sink->finish();
}

// A pipe whose write end a thread of this process fills with the bytes; the
// read end is handed out once. Joins the writer when destroyed, after the
// read end was closed (so that a writer still writing fails with EPIPE
// rather than waiting for a reader that is gone: SIGPIPE is ignored).
class FedPipe {
 public:
  explicit FedPipe(std::string_view bytes) {
    int ends[2];
    if (pipe2(ends, O_CLOEXEC) != 0) throw RunFailure(io::IoError{io::IoError::Action::kOpen, "<pipe>", errno});
    read_end_ = ends[0];
    writer_ = std::thread(write_and_close, ends[1], bytes);
  }
  ~FedPipe() {
    if (read_end_ >= 0) ::close(read_end_);
    writer_.join();
  }
  FedPipe(const FedPipe&) = delete;
  FedPipe& operator=(const FedPipe&) = delete;
  // The read end, now the caller's to close.
  int release_read_end() { return std::exchange(read_end_, -1); }

 private:
  int read_end_ = -1;
  std::thread writer_;
};

// Runs the judge (or verify) over `source` as the command line does.
std::uint64_t judge(const Workload& workload, io::ByteSource& source, const std::atomic<bool>* stop) {
  PipelineOptions options;
  options.stop = stop;
  options.wait_hook = &release_threads_while_waiting();  // as the judge's streams do
  AnswerSink sink(false);
  RunOutcome outcome;
  if (workload.kind == WorkloadKind::kVerify) {
    const std::unique_ptr<io::ByteSource> candidate = io::make_memory_source(workload.candidate);
    const VerifyOutcome verified = run_verify(*workload.format, source, *candidate, options, VerifyOptions{});
    outcome = verified.run;
    if (outcome.status == RunOutcome::Status::kOk && !verified.report.passed())
      throw RunFailure(workload.name + ": the right answers did not verify");
  } else {
    outcome = run_pipeline(*workload.format, source, sink, options);
  }
  switch (outcome.status) {
    case RunOutcome::Status::kOk:
    case RunOutcome::Status::kStopped: return outcome.stats.instances;
    case RunOutcome::Status::kReadError:
    case RunOutcome::Status::kWriteError: throw RunFailure(outcome.error);
    default: throw RunFailure(workload.name + ": the generated instances did not judge cleanly");
  }
}

// The newlines of `bytes`, counted in chunks of the judge's size in parallel.
std::uint64_t count_lines_in_memory(std::string_view bytes) {
  const std::size_t chunks = (bytes.size() + kChunkSize - 1) / kChunkSize;
  return tbb::parallel_reduce(
      tbb::blocked_range<std::size_t>(0, chunks), std::uint64_t{0},
      [bytes](const tbb::blocked_range<std::size_t>& range, std::uint64_t lines) {
        for (std::size_t chunk = range.begin(); chunk != range.end(); ++chunk) {
          const std::string_view part = bytes.substr(chunk * kChunkSize, kChunkSize);
          lines += io::count_newlines(part.data(), part.size());
        }
        return lines;
      },
      [](std::uint64_t a, std::uint64_t b) { return a + b; });
}

// The same over a file, each chunk read with pread() into a thread's buffer.
std::uint64_t count_lines_in_file(const std::string& path, std::uint64_t size) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw RunFailure(io::IoError{io::IoError::Action::kOpen, path, errno});
  tbb::enumerable_thread_specific<std::vector<char>> buffers([] { return std::vector<char>(kChunkSize); });
  std::atomic<int> failure{0};
  const std::size_t chunks = (size + kChunkSize - 1) / kChunkSize;
  const std::uint64_t lines = tbb::parallel_reduce(
      tbb::blocked_range<std::size_t>(0, chunks), std::uint64_t{0},
      [&](const tbb::blocked_range<std::size_t>& range, std::uint64_t counted) {
        std::vector<char>& buffer = buffers.local();
        for (std::size_t chunk = range.begin(); chunk != range.end(); ++chunk) {
          const ssize_t got = ::pread(fd, buffer.data(), kChunkSize, static_cast<off_t>(chunk * kChunkSize));
          if (got < 0) failure = errno;
          if (got > 0) counted += io::count_newlines(buffer.data(), static_cast<std::size_t>(got));
        }
        return counted;
      },
      [](std::uint64_t a, std::uint64_t b) { return a + b; });
  ::close(fd);
  if (failure != 0) throw RunFailure(io::IoError{io::IoError::Action::kRead, path, failure});
  return lines;
}

// The same from a pipe: in order, as `wc -l` reads one, whatever the threads.
std::uint64_t count_lines_in_pipe(int fd) {
  const std::unique_ptr<io::Reader> reader = io::make_fd_reader(fd, true);
  std::vector<char> buffer(kStreamBuffer);
  std::uint64_t lines = 0;
  for (;;) {
    const ssize_t got = reader->read(buffer.data(), buffer.size());
    if (got < 0) throw RunFailure(io::IoError{io::IoError::Action::kRead, "<pipe>", errno});
    if (got == 0) return lines;
    lines += io::count_newlines(buffer.data(), static_cast<std::size_t>(got));
  }
}

std::uint64_t run_source(const Workload& workload, Source source, const std::string& file,
                         const std::atomic<bool>* stop) {
  io::InputOptions input_options;  // the judge's default way of reading a file
  input_options.buffer_size = kStreamBuffer;
  switch (source) {
    case Source::kMemory: {
      if (workload.kind == WorkloadKind::kFloor) return count_lines_in_memory(workload.input);
      const std::unique_ptr<io::ByteSource> bytes = io::make_memory_source(workload.input);
      return judge(workload, *bytes, stop);
    }
    case Source::kFile: {
      if (workload.kind == WorkloadKind::kFloor) return count_lines_in_file(file, workload.input.size());
      io::OpenedInput opened = io::open_input(file, input_options);
      if (!opened.source) throw RunFailure(opened.error);
      return judge(workload, *opened.source, stop);
    }
    case Source::kPipe: {
      FedPipe pipe(workload.input);
      if (workload.kind == WorkloadKind::kFloor) return count_lines_in_pipe(pipe.release_read_end());
      const std::unique_ptr<io::ByteSource> stream =
          io::make_stream_source(io::make_fd_reader(pipe.release_read_end(), true), kStreamBuffer, "<pipe>");
      return judge(workload, *stream, stop);
    }
  }
  return 0;
}

}  // namespace

const char* source_name(Source source) {
  switch (source) {
    case Source::kMemory: return "memory";
    case Source::kFile: return "file";
    case Source::kPipe: return "pipe";
  }
  return "memory";
}

std::string WorkloadFile::random_suffix() {
  static constexpr char kAlphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789";
  std::random_device random;  // getrandom(): unguessable by another user
  std::uniform_int_distribution<std::size_t> pick(0, sizeof kAlphabet - 2);
  std::string suffix(10, ' ');
  for (char& c : suffix) c = kAlphabet[pick(random)];
  return suffix;
}

WorkloadFile::WorkloadFile(const std::string& directory, std::string_view name, std::string_view bytes,
                           const std::atomic<bool>* stop, io::IoError& error, const NameSuffix& suffix)
    : WorkloadFile(directory, name, bytes, 1, stop, error, suffix) {}

WorkloadFile::WorkloadFile(const std::string& directory, std::string_view name, std::string_view bytes,
                           std::uint64_t copies, const std::atomic<bool>* stop, io::IoError& error,
                           const NameSuffix& suffix) {
  // A name taken (by chance, or by a file or a link planted there) is
  // passed over; so many taken in a row means the directory is no place
  // for it.
  constexpr int kAttempts = 100;
  std::string path;
  int fd = -1;
  for (int attempt = 0; attempt < kAttempts && fd < 0; ++attempt) {
    path = directory + "/poker-bench-" + std::string(name) + "-" + suffix() + ".txt";
    fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0 && errno != EEXIST) break;
  }
  if (fd < 0) {
    error = io::IoError{io::IoError::Action::kOpenForWriting, path, errno};
    return;
  }
  struct stat info {};
  if (::fstat(fd, &info) != 0) {
    error = io::IoError{io::IoError::Action::kOpenForWriting, path, errno};
    ::unlink(path.c_str());  // just made, nobody else's: O_EXCL
    ::close(fd);
    return;
  }
  path_ = path;  // removed from here on, whatever happens
  device_ = info.st_dev;
  inode_ = info.st_ino;
  // Written in pieces, so that a stop is heard within a piece's time.
  constexpr std::size_t kPiece = 4 << 20;
  const std::unique_ptr<io::OutputSink> sink = io::make_fd_sink(fd, true, -1, path);
  io::WriteResult written;
  for (std::uint64_t copy = 0; copy < copies; ++copy) {
    for (std::size_t at = 0;
         at < bytes.size() && written.ok() && (stop == nullptr || !stop->load(std::memory_order_relaxed));
         at += kPiece) {
      written = sink->write(bytes.substr(at, kPiece));
    }
  }
  if (written.ok()) written = sink->finish();
  if (!written.ok()) error = written.error;
}

WorkloadFile::~WorkloadFile() {
  if (path_.empty()) return;
  // Only while the name still names the file made here.
  struct stat info {};
  if (::lstat(path_.c_str(), &info) == 0 && info.st_dev == device_ && info.st_ino == inode_) ::unlink(path_.c_str());
}

WorkloadFile::WorkloadFile(WorkloadFile&& other) noexcept
    : path_(std::exchange(other.path_, {})), device_(other.device_), inode_(other.inode_) {}

std::uint64_t run_once(const Workload& workload, Source source, const std::string& file, std::size_t threads,
                       const std::atomic<bool>* stop) {
  // The run's threads, the calling one included, as -j gives the judge.
  tbb::task_arena arena(static_cast<int>(threads));
  return arena.execute([&] { return run_source(workload, source, file, stop); });
}

std::string answers_of(const Format& format, std::string_view input, const std::atomic<bool>* stop) {
  const std::unique_ptr<io::ByteSource> source = io::make_memory_source(input);
  AnswerSink sink(true);
  PipelineOptions options;
  options.stop = stop;
  const RunOutcome outcome = run_pipeline(format, *source, sink, options);
  if (outcome.status != RunOutcome::Status::kOk && outcome.status != RunOutcome::Status::kStopped)
    throw RunFailure("the generated instances did not judge cleanly");
  return sink.take();
}

}  // namespace poker::bench
