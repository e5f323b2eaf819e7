#include "poker/bench/alternating.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <optional>
#include <random>
#include <stdexcept>
#include <string_view>
#include <utility>

#include "poker/bench/run.h"
#include "poker/equity.h"

extern char** environ;

namespace poker::bench {
namespace {

using Clock = std::chrono::steady_clock;

bool stopped(const std::atomic<bool>* stop) { return stop != nullptr && stop->load(std::memory_order_relaxed); }

// A descriptor owned: closed when this is destroyed. Move-only.
class Descriptor {
 public:
  Descriptor() = default;
  explicit Descriptor(int fd) : fd_(fd) {}
  ~Descriptor() { reset(); }
  Descriptor(Descriptor&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  Descriptor& operator=(Descriptor&& other) noexcept {
    if (this != &other) {
      reset();
      fd_ = std::exchange(other.fd_, -1);
    }
    return *this;
  }
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  int get() const { return fd_; }
  void reset() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_ = -1;
};

// A pipe from the child: its write end becomes the child's descriptor, its
// read end (non-blocking) keeps the first `limit` bytes and drops the rest,
// so that a child writing much never waits on a full pipe.
struct Capture {
  Descriptor read_end, write_end;
  std::size_t limit = kStderrHead;
  std::string head;

  explicit Capture(std::size_t kept) : limit(kept) {
    int ends[2];
    if (::pipe2(ends, O_CLOEXEC) != 0) throw RunFailure(io::IoError{io::IoError::Action::kOpen, "<pipe>", errno});
    read_end = Descriptor(ends[0]);
    write_end = Descriptor(ends[1]);
    ::fcntl(read_end.get(), F_SETFL, ::fcntl(read_end.get(), F_GETFL) | O_NONBLOCK);
  }

  // Reads what is there; false at the end (or an error): nothing more comes.
  // At most a few reads, so that a writer that never stops (a descendant
  // still holding the pipe) cannot keep the caller here.
  bool drain() {
    char buffer[16 * 1024];
    for (int reads = 0; reads < 16; ++reads) {
      const ssize_t got = ::read(read_end.get(), buffer, sizeof buffer);
      if (got > 0) {
        head.append(buffer, std::min(static_cast<std::size_t>(got), limit - std::min(limit, head.size())));
        continue;
      }
      if (got < 0 && (errno == EAGAIN || errno == EINTR)) return true;
      read_end.reset();
      return false;
    }
    return true;
  }
};

// The attributes of a clean child: an empty signal mask, every signal's
// default action, its own process group.
class SpawnAttributes {
 public:
  SpawnAttributes() {
    ::posix_spawnattr_init(&attributes_);
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    ::posix_spawnattr_setsigmask(&attributes_, &none);
    ::posix_spawnattr_setsigdefault(&attributes_, &all);
    ::posix_spawnattr_setpgroup(&attributes_, 0);
    ::posix_spawnattr_setflags(&attributes_, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);
  }
  ~SpawnAttributes() { ::posix_spawnattr_destroy(&attributes_); }
  SpawnAttributes(const SpawnAttributes&) = delete;
  SpawnAttributes& operator=(const SpawnAttributes&) = delete;
  const posix_spawnattr_t* get() const { return &attributes_; }

 private:
  posix_spawnattr_t attributes_;
};

// The child's descriptors 0, 1 and 2 from `in`, `out` and `err`.
class SpawnFiles {
 public:
  SpawnFiles(int in, int out, int err) {
    ::posix_spawn_file_actions_init(&actions_);
    ::posix_spawn_file_actions_adddup2(&actions_, in, 0);
    ::posix_spawn_file_actions_adddup2(&actions_, out, 1);
    ::posix_spawn_file_actions_adddup2(&actions_, err, 2);
  }
  ~SpawnFiles() { ::posix_spawn_file_actions_destroy(&actions_); }
  SpawnFiles(const SpawnFiles&) = delete;
  SpawnFiles& operator=(const SpawnFiles&) = delete;
  const posix_spawn_file_actions_t* get() const { return &actions_; }

 private:
  posix_spawn_file_actions_t actions_;
};

// `fd` moved above the standard descriptors (close-on-exec), so that the
// child's dup2() onto 0, 1 or 2 never meets a descriptor already there, which
// it would leave close-on-exec. Needed only where this process runs with
// one of them closed.
Descriptor above_standard(Descriptor fd) {
  if (fd.get() > 2) return fd;
  const int moved = ::fcntl(fd.get(), F_DUPFD_CLOEXEC, 3);
  if (moved < 0) throw RunFailure(io::IoError{io::IoError::Action::kOpen, "<pipe>", errno});
  return Descriptor(moved);
}

Descriptor open_file(const std::string& path, int flags, io::IoError::Action action) {
  const int fd = ::open(path.c_str(), flags | O_CLOEXEC, 0600);
  if (fd < 0) throw RunFailure(io::IoError{action, path, errno});
  return above_standard(Descriptor(fd));
}

// The child's pidfd, or none where the kernel (or a seccomp filter) has
// none: the waits then poll at a short period.
Descriptor open_pidfd(pid_t pid) {
#ifdef SYS_pidfd_open
  return Descriptor(static_cast<int>(::syscall(SYS_pidfd_open, pid, 0)));
#else
  (void)pid;
  return Descriptor();
#endif
}

// Where a child's stdin and stdout come from, and what of its output to keep.
struct ChildFiles {
  Descriptor in, out;
  Capture err{kStderrHead};
  std::optional<Capture> captured_out;  // stdout through a pipe, not a file
};

// How often a wait looks at the stop flag (which a stop without a wake_fd
// only sets), and, without a pidfd, whether the child has ended: the latter
// is a bound on the error of its wall time.
constexpr int kStopPeriodMs = 10;
constexpr int kNoPidfdPeriodMs = 1;

// Kills the child's process group (it has its own: SpawnAttributes), and
// with it the children it started; or the child alone if it has left it.
// Until the child is reaped, its pid, and the group's, cannot be reused.
void kill_child(pid_t pid) {
  if (::kill(-pid, SIGKILL) != 0) ::kill(pid, SIGKILL);
}

// Waits for `pid` to end, reading its pipes; a stop kills it. Returns its
// status and fills `usage`.
int wait_for(pid_t pid, ChildFiles& files, const std::atomic<bool>* stop, int wake_fd, rusage& usage) {
  const Descriptor pidfd = open_pidfd(pid);
  Capture* const captures[] = {&files.err, files.captured_out ? &*files.captured_out : nullptr};
  bool killed = false;
  for (;;) {
    pollfd watched[4];
    nfds_t count = 0;
    if (pidfd.get() >= 0) watched[count++] = {pidfd.get(), POLLIN, 0};
    for (Capture* capture : captures) {
      if (capture != nullptr && capture->read_end.get() >= 0) watched[count++] = {capture->read_end.get(), POLLIN, 0};
    }
    const bool watch_wake = wake_fd >= 0 && !killed;  // once killed, only the end is awaited
    if (watch_wake) watched[count++] = {wake_fd, POLLIN, 0};
    const int timeout = pidfd.get() < 0 ? kNoPidfdPeriodMs : (stop != nullptr && !killed ? kStopPeriodMs : -1);
    const int ready = ::poll(watched, count, timeout);
    for (Capture* capture : captures) {
      if (capture != nullptr && capture->read_end.get() >= 0) capture->drain();
    }
    const bool woken = watch_wake && ready > 0 && watched[count - 1].revents != 0;
    if (!killed && (woken || stopped(stop))) {
      kill_child(pid);
      killed = true;
    }
    int status = 0;
    const pid_t ended = ::wait4(pid, &status, WNOHANG, &usage);
    if (ended == pid) return status;
    if (ended < 0 && errno != EINTR) throw RunFailure(std::string("cannot wait for a child: ") + std::strerror(errno));
  }
}

// Starts `path` on `files` and waits for it: the run, timed.
ProgramRun spawn_and_wait(const std::string& path, const std::vector<std::string>& words, ChildFiles& files,
                          const std::atomic<bool>* stop, int wake_fd) {
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(path.c_str()));
  for (const std::string& word : words) argv.push_back(const_cast<char*>(word.c_str()));
  argv.push_back(nullptr);
  files.err.write_end = above_standard(std::move(files.err.write_end));
  const int out = files.captured_out ? files.captured_out->write_end.get() : files.out.get();
  const SpawnFiles actions(files.in.get(), out, files.err.write_end.get());
  const SpawnAttributes attributes;
  ProgramRun run;
  if (stopped(stop)) {
    run.signal = SIGKILL;  // nothing started: the caller drops the run
    return run;
  }
  pid_t pid = 0;
  const Clock::time_point start = Clock::now();
  const int failed = ::posix_spawnp(&pid, path.c_str(), actions.get(), attributes.get(), argv.data(), environ);
  if (failed != 0) throw RunFailure(path + ": cannot run: " + std::strerror(failed));
  // Only the child holds the write ends now: their end is its end.
  files.err.write_end.reset();
  if (files.captured_out) files.captured_out->write_end.reset();
  rusage usage{};
  const int status = wait_for(pid, files, stop, wake_fd, usage);
  run.wall_s = std::chrono::duration<double>(Clock::now() - start).count();
  run.cpu_s = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
              static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
  if (WIFEXITED(status)) run.exit_status = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) run.signal = WTERMSIG(status);
  run.stderr_head = std::move(files.err.head);
  return run;
}

// "exit status 2", "killed by SIGSEGV".
std::string ending_of(const ProgramRun& run) {
  if (run.signal == 0) return "exit status " + std::to_string(run.exit_status);
  const char* name = ::sigabbrev_np(run.signal);
  return name != nullptr ? std::string("killed by SIG") + name : "killed by signal " + std::to_string(run.signal);
}

std::string first_line(std::string_view text) { return std::string(text.substr(0, text.find('\n'))); }

// Throws the failure of `program` on `workload` unless `run` succeeded.
void require_success(const ProgramRun& run, const std::string& program, const Workload& workload) {
  if (run.succeeded()) return;
  std::string message = program + ": " + workload.name + ": " + ending_of(run);
  const std::string said = first_line(run.stderr_head);
  if (!said.empty()) message += ": " + said;
  throw RunFailure(message);
}

// The words before the shared -j of each workload's command line, as
// workloads.cpp's recipes build their formats: poker's own defaults beyond
// what a recipe names. The equity workloads read query lines from stdin
// (no hands on the command line), with the recipe's method; verify's
// answers file follows its --answers.
struct CommandWords {
  const char* workload;
  std::vector<std::string> words;
};

const std::vector<CommandWords>& command_words() {
  static const std::vector<CommandWords> all = {
      {"holdem-2", {}},
      {"holdem-8", {"8"}},
      {"explain", {"--explain"}},
      {"omaha-2", {"omaha"}},
      {"omaha-hilo-2", {"omaha", "--hilo"}},
      {"shortdeck-2", {"shortdeck"}},
      {"euler", {"euler"}},
      {"eval", {"eval"}},
      {"draw", {"draw"}},
      {"equity-exact", {"equity", "--exact"}},
      {"equity-monte-carlo", {"equity", "--mc", std::to_string(4 * kSamplesPerBlock)}},
      {"verify", {"verify", "--answers"}},
  };
  return all;
}

// A file of `directory` holding `copies` copies of `bytes`; throws RunFailure.
WorkloadFile write_file(const std::string& directory, const std::string& name, std::string_view bytes,
                        std::uint64_t copies, const std::atomic<bool>* stop) {
  io::IoError error;
  WorkloadFile file(directory, name, bytes, copies, stop, error);
  if (error.error_number != 0) throw RunFailure(error);
  return file;
}

// Whether the files at `a` and `b` hold the same bytes; throws RunFailure.
bool same_bytes(const std::string& a, const std::string& b) {
  const Descriptor first = open_file(a, O_RDONLY, io::IoError::Action::kOpen);
  const Descriptor second = open_file(b, O_RDONLY, io::IoError::Action::kOpen);
  struct stat first_info {
  }, second_info{};
  if (::fstat(first.get(), &first_info) != 0) throw RunFailure(io::IoError{io::IoError::Action::kRead, a, errno});
  if (::fstat(second.get(), &second_info) != 0) throw RunFailure(io::IoError{io::IoError::Action::kRead, b, errno});
  if (first_info.st_size != second_info.st_size) return false;
  std::vector<char> first_bytes(1 << 20), second_bytes(1 << 20);
  for (;;) {
    const ssize_t got = ::read(first.get(), first_bytes.data(), first_bytes.size());
    if (got < 0) throw RunFailure(io::IoError{io::IoError::Action::kRead, a, errno});
    if (got == 0) return true;
    // The sizes are equal: `b` has as many bytes here, unless it changed.
    std::size_t have = 0;
    while (have < static_cast<std::size_t>(got)) {
      const ssize_t more = ::read(second.get(), second_bytes.data() + have, static_cast<std::size_t>(got) - have);
      if (more < 0) throw RunFailure(io::IoError{io::IoError::Action::kRead, b, errno});
      if (more == 0) return false;
      have += static_cast<std::size_t>(more);
    }
    if (std::memcmp(first_bytes.data(), second_bytes.data(), have) != 0) return false;
  }
}

// The copies of the input that make one run last at least `min_time_s`,
// when one copy took `one_copy_s`; fewer than would pass the file bound.
std::uint64_t copies_for(double min_time_s, double one_copy_s, std::size_t input_bytes) {
  const double wanted = std::ceil(min_time_s / std::max(one_copy_s, 1e-6));
  const std::uint64_t most =
      std::max<std::uint64_t>(1, kMaxAlternatingFileBytes / std::max<std::size_t>(1, input_bytes));
  if (!(wanted > 1)) return 1;
  return wanted >= static_cast<double>(most) ? most : static_cast<std::uint64_t>(wanted);
}

// The files of one alternation: the input, and verify's answers, each with
// `copies` copies; the two programs' command lines.
struct Inputs {
  std::optional<WorkloadFile> input, answers;
  std::vector<std::string> words;
};

// (Re)writes `inputs` with `copies` copies, the files before removed first.
void write_inputs(Inputs& inputs, const Workload& workload, std::size_t threads, const std::string& directory,
                  std::uint64_t copies, const std::atomic<bool>* stop) {
  inputs.input.reset();
  inputs.answers.reset();
  inputs.input.emplace(write_file(directory, workload.name, workload.input, copies, stop));
  std::string answers_path;
  if (workload.kind == WorkloadKind::kVerify) {
    inputs.answers.emplace(write_file(directory, workload.name + "-answers", workload.candidate, copies, stop));
    answers_path = inputs.answers->path();
  }
  inputs.words = judge_words(workload, threads, answers_path);
}

// The two programs of an alternation, and where they run.
struct Pair {
  const Workload& workload;
  const std::string& baseline;
  const std::string& candidate;
  const Inputs& inputs;
  const std::atomic<bool>* stop;
  int wake_fd;

  // One run of `program`, its answers to `output`; nullopt once stopped.
  // Throws RunFailure if it fails.
  std::optional<ProgramRun> run(const std::string& program, const std::string& output) const {
    ProgramRun ran = run_program(program, inputs.words, inputs.input->path(), output, stop, wake_fd);
    if (stopped(stop)) return std::nullopt;
    require_success(ran, program, workload);
    return ran;
  }
};

// `rounds` (at least one) untimed rounds, baseline then candidate; the
// first's answers go to files of `directory`, which must hold the same
// bytes. False once stopped.
bool warm_up(const Pair& pair, int rounds, const std::string& directory) {
  for (int round = 0; round < std::max(1, rounds); ++round) {
    std::optional<WorkloadFile> baseline_answers, candidate_answers;
    if (round == 0) {
      baseline_answers.emplace(write_file(directory, pair.workload.name + "-baseline", {}, 1, pair.stop));
      candidate_answers.emplace(write_file(directory, pair.workload.name + "-candidate", {}, 1, pair.stop));
    }
    if (!pair.run(pair.baseline, round == 0 ? baseline_answers->path() : "/dev/null")) return false;
    if (!pair.run(pair.candidate, round == 0 ? candidate_answers->path() : "/dev/null")) return false;
    if (round == 0 && !same_bytes(baseline_answers->path(), candidate_answers->path()))
      throw RunFailure(pair.workload.name + ": the two programs' answers differ");
  }
  return true;
}
// `rounds` turns, half of them (the odd one out at random) true, shuffled.
std::vector<bool> shuffled_turns(int rounds) {
  std::random_device seed;
  std::mt19937_64 random(seed());
  std::vector<bool> turns;
  for (int round = 0; round < rounds; ++round) turns.push_back(round % 2 == 0);
  if (rounds % 2 == 1) turns.back() = std::bernoulli_distribution(0.5)(random);
  std::shuffle(turns.begin(), turns.end(), random);
  return turns;
}

}  // namespace

ProgramRun run_program(const std::string& path, const std::vector<std::string>& words, const std::string& stdin_path,
                       const std::string& stdout_path, const std::atomic<bool>* stop, int wake_fd) {
  ChildFiles files;
  files.in = open_file(stdin_path, O_RDONLY, io::IoError::Action::kOpen);
  files.out = open_file(stdout_path, O_WRONLY | O_CREAT | O_TRUNC, io::IoError::Action::kOpenForWriting);
  return spawn_and_wait(path, words, files, stop, wake_fd);
}

std::string program_version(const std::string& path, const std::atomic<bool>* stop, int wake_fd) {
  try {
    ChildFiles files;
    files.in = open_file("/dev/null", O_RDONLY, io::IoError::Action::kOpen);
    files.captured_out.emplace(kStderrHead);
    const ProgramRun run = spawn_and_wait(path, {"--version"}, files, stop, wake_fd);
    if (!run.succeeded() || stopped(stop)) return {};
    return first_line(files.captured_out->head);
  } catch (const RunFailure&) {
    return {};
  }
}

std::vector<std::string> judge_words(const Workload& workload, std::size_t threads, const std::string& candidate_file) {
  if (workload.kind == WorkloadKind::kFloor) return {};
  for (const CommandWords& command : command_words()) {
    if (workload.name != command.workload) continue;
    std::vector<std::string> words = command.words;
    if (workload.kind == WorkloadKind::kVerify) words.push_back(candidate_file);
    words.insert(words.end(), {"-j", std::to_string(threads)});
    return words;
  }
  throw std::logic_error("no command line for workload " + workload.name);  // every workload has one
}

AlternatingRun measure_alternating(const Workload& workload, const std::string& baseline, const std::string& candidate,
                                   std::size_t threads, const AlternationSettings& settings,
                                   const std::string& directory, const std::atomic<bool>* stop, int wake_fd) {
  if (workload.kind == WorkloadKind::kFloor) throw std::invalid_argument("the floor runs no program");
  AlternatingRun result;
  Inputs inputs;
  const Pair pair{workload, baseline, candidate, inputs, stop, wake_fd};
  write_inputs(inputs, workload, threads, directory, 1, stop);
  if (stopped(stop)) return result;
  const std::optional<ProgramRun> calibration = pair.run(baseline, "/dev/null");
  if (!calibration) return result;
  result.iterations =
      copies_for(settings.min_time_s, calibration->wall_s, std::max(workload.input.size(), workload.candidate.size()));
  if (result.iterations > 1) write_inputs(inputs, workload, threads, directory, result.iterations, stop);
  if (stopped(stop) || !warm_up(pair, settings.warmup, directory)) return result;
  // Which program runs first in each round: half the rounds each, in an
  // order drawn afresh, so that neither always runs first (after the other
  // has warmed the caches or heated the processor), and so that no
  // neighbour that alternates at the same pace (another poker bench
  // --baseline, with runs of the same length) can fall in step with one
  // program's turns.
  const std::vector<bool> baseline_first = shuffled_turns(settings.repetitions);
  for (int round = 0; round < settings.repetitions; ++round) {
    const bool first = baseline_first[static_cast<std::size_t>(round)];
    for (const bool baseline_turn : {first, !first}) {
      const std::optional<ProgramRun> ran = pair.run(baseline_turn ? baseline : candidate, "/dev/null");
      if (!ran) return result;
      (baseline_turn ? result.baseline : result.candidate).push_back(Repetition{ran->wall_s, ran->cpu_s});
    }
  }
  return result;
}

}  // namespace poker::bench
