// What `poker bench` reads and writes besides its figures: the scratch files
// of --on-disk (its own, never another's), the reports of --compare (read
// no further than a report can go), and the workloads it builds (cut short
// by a stop).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <variant>
#include <vector>

#include "poker/bench/read_report.h"
#include "poker/bench/report.h"
#include "poker/bench/report_bytes.h"
#include "poker/bench/report_json.h"
#include "poker/bench/run.h"
#include "poker/bench/timing.h"
#include "poker/bench/workloads.h"
#include "poker/io/input.h"

namespace poker::bench {
namespace {

// A fresh directory, removed with what it holds when this is destroyed.
class TempDirectory {
 public:
  TempDirectory() {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/poker-bench-test-XXXXXX";
    if (::mkdtemp(pattern.data()) == nullptr) ADD_FAILURE() << "mkdtemp: " << std::strerror(errno);
    path_ = pattern;
  }
  ~TempDirectory() { std::filesystem::remove_all(path_); }
  TempDirectory(const TempDirectory&) = delete;
  TempDirectory& operator=(const TempDirectory&) = delete;
  const std::string& path() const { return path_; }
  std::string operator/(std::string_view name) const { return path_ + "/" + std::string(name); }

 private:
  std::string path_;
};

void write_file(const std::string& path, std::string_view bytes) { std::ofstream(path, std::ios::binary) << bytes; }

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

bool is_link(const std::string& path) {
  struct stat info {};
  return ::lstat(path.c_str(), &info) == 0 && S_ISLNK(info.st_mode);
}

bool exists(const std::string& path) {
  struct stat info {};
  return ::lstat(path.c_str(), &info) == 0;
}

// ---- --on-disk's scratch files -------------------------------------------------

// A link planted at a name the run picks (at the name the run used to pick,
// `poker-bench-NAME.txt`, root then wrote through it), and another's file
// there: the run passes over both, and leaves them and the link's target
// as they were, during the run and after it.
TEST(WorkloadFile, NeverWritesThroughALinkOrOverAFileAtTheNameItPicks) {
  const TempDirectory directory;
  const std::string target = directory / "target.txt";
  write_file(target, "keep me\n");
  const std::string link = directory / "poker-bench-holdem-2-planted.txt";
  ASSERT_EQ(::symlink(target.c_str(), link.c_str()), 0);
  const std::string users = directory / "poker-bench-holdem-2-usersfile.txt";
  write_file(users, "mine\n");
  const std::vector<std::string> suffixes = {"planted", "usersfile", "fresh"};
  std::size_t next = 0;
  const std::atomic<bool> stop{false};
  io::IoError error;
  {
    const WorkloadFile file(directory.path(), "holdem-2", "the instances\n", &stop, error,
                            [&] { return suffixes.at(next++); });
    EXPECT_EQ(error.error_number, 0) << std::strerror(error.error_number);
    EXPECT_EQ(file.path(), directory / "poker-bench-holdem-2-fresh.txt");
    EXPECT_EQ(read_file(file.path()), "the instances\n");
    struct stat info {};
    ASSERT_EQ(::lstat(file.path().c_str(), &info), 0);
    EXPECT_TRUE(S_ISREG(info.st_mode));
    EXPECT_EQ(info.st_mode & 0777, 0600u);
    EXPECT_EQ(read_file(target), "keep me\n");
    EXPECT_EQ(read_file(users), "mine\n");
  }
  EXPECT_FALSE(exists(directory / "poker-bench-holdem-2-fresh.txt"));
  EXPECT_TRUE(is_link(link));
  EXPECT_EQ(read_file(target), "keep me\n");
  EXPECT_EQ(read_file(users), "mine\n");
}

// Whatever another process put at the name after the run made its file is
// not the run's to remove.
TEST(WorkloadFile, RemovesOnlyTheFileItCreated) {
  const TempDirectory directory;
  const std::atomic<bool> stop{false};
  io::IoError error;
  std::string path;
  {
    const WorkloadFile file(directory.path(), "euler", "x\n", &stop, error);
    ASSERT_EQ(error.error_number, 0);
    path = file.path();
    const std::string other = directory / "other.txt";
    write_file(other, "another's\n");
    ASSERT_EQ(::rename(other.c_str(), path.c_str()), 0);
  }
  EXPECT_EQ(read_file(path), "another's\n");
}

// The input of an alternation of two programs: the bytes again and again,
// each copy whole, across the pieces the file is written in.
TEST(WorkloadFile, WritesAsManyCopiesAsAsked) {
  const TempDirectory directory;
  std::string bytes;
  for (int line = 0; bytes.size() < (5 << 20); ++line) bytes += "line " + std::to_string(line) + "\n";
  for (const std::uint64_t copies : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{3}}) {
    io::IoError error;
    const WorkloadFile file(directory.path(), "holdem-2", bytes, copies, nullptr, error);
    ASSERT_EQ(error.error_number, 0);
    std::string expected;
    for (std::uint64_t copy = 0; copy < copies; ++copy) expected += bytes;
    EXPECT_TRUE(read_file(file.path()) == expected) << copies << " copies";
  }
}

TEST(WorkloadFile, RandomNamesAreLettersAndDigitsAndDiffer) {
  const std::string a = WorkloadFile::random_suffix();
  const std::string b = WorkloadFile::random_suffix();
  EXPECT_EQ(a.size(), 10u);
  EXPECT_NE(a, b);
  EXPECT_EQ(a.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789"), std::string::npos) << a;
}

TEST(WorkloadFile, EveryNameTakenIsAnErrorThatTouchesNothing) {
  const TempDirectory directory;
  const std::string taken = directory / "poker-bench-draw-taken.txt";
  write_file(taken, "mine\n");
  const std::atomic<bool> stop{false};
  io::IoError error;
  const WorkloadFile file(directory.path(), "draw", "x\n", &stop, error, [] { return std::string("taken"); });
  EXPECT_EQ(error.error_number, EEXIST);
  EXPECT_EQ(error.path, taken);
  EXPECT_TRUE(file.path().empty());
  EXPECT_EQ(read_file(taken), "mine\n");
}

// ---- --compare's reports ---------------------------------------------------------

// A reader that never ends: `byte` again and again, counted.
class EndlessReader final : public io::Reader {
 public:
  EndlessReader(char byte, std::size_t* handed) : byte_(byte), handed_(handed) {}
  ssize_t read(char* buffer, std::size_t size) override {
    std::memset(buffer, byte_, size);
    *handed_ += size;
    return static_cast<ssize_t>(size);
  }
  bool ready() override { return true; }

 private:
  char byte_;
  std::size_t* handed_;
};

// `text` one byte per read, as a slow pipe gives it.
class TrickleReader final : public io::Reader {
 public:
  explicit TrickleReader(std::string text) : text_(std::move(text)) {}
  ssize_t read(char* buffer, std::size_t size) override {
    if (at_ == text_.size() || size == 0) return 0;
    *buffer = text_[at_++];
    return 1;
  }
  bool ready() override { return true; }

 private:
  std::string text_;
  std::size_t at_ = 0;
};

std::unique_ptr<io::ByteSource> endless(char byte, std::size_t* handed) {
  return io::make_stream_source(std::make_unique<EndlessReader>(byte, handed), 64 * 1024, "endless");
}

// /dev/zero: gigabytes read in seconds, then the memory gone. The first NUL
// ends the read, and the JSON reader names its place.
TEST(BenchReportFile, StopsReadingAtTheFirstNulByte) {
  std::size_t handed = 0;
  const std::unique_ptr<io::ByteSource> zeros = endless('\0', &handed);
  const ReportText read = read_report_bytes(*zeros, "/dev/zero");
  EXPECT_TRUE(read.not_a_report.empty());
  ASSERT_TRUE(std::holds_alternative<std::string>(read.read));
  EXPECT_EQ(std::get<std::string>(read.read), std::string(1, '\0'));
  EXPECT_LE(handed, 64u * 1024);
  try {
    read_bench_report(std::get<std::string>(read.read), "/dev/zero");
    ADD_FAILURE() << "a NUL read as a report";
  } catch (const BenchReportError& error) {
    EXPECT_STREQ(error.what(), "/dev/zero:1:1: invalid JSON: expected a value, found '\\x00'");
  }
}

// A byte that no UTF-8 holds, inside a string or out of one, ends the read
// as a NUL does; valid UTF-8 and the white space JSON allows do not.
TEST(BenchReportFile, StopsReadingAtTheFirstByteNoJsonHolds) {
  for (const unsigned char byte : {0x01, 0x0B, 0x1F, 0xC0, 0xC1, 0xF5, 0xFF}) {
    const std::string text = std::string("{\"cpu\": \"A") + static_cast<char>(byte) + "B\"}" + std::string(100, ' ');
    const std::unique_ptr<io::ByteSource> source = io::make_memory_source(text);
    const ReportText read = read_report_bytes(*source, "OLD.json");
    EXPECT_EQ(std::get<std::string>(read.read), text.substr(0, 11)) << int{byte};
    EXPECT_THROW(read_bench_report(std::get<std::string>(read.read), "OLD.json"), BenchReportError);
  }
  for (const unsigned char byte : {0x09, 0x0A, 0x0D, 0x7F, 0x80, 0xC2, 0xF4}) EXPECT_TRUE(may_be_in_json(byte));
}

// Endless text that JSON may hold (`yes`, spaces through a pipe) stops at
// the cap, as no report.
TEST(BenchReportFile, EndlessTextStopsAtTheCap) {
  std::size_t handed = 0;
  const std::unique_ptr<io::ByteSource> spaces = endless(' ', &handed);
  const ReportText read = read_report_bytes(*spaces, "big.json");
  EXPECT_EQ(read.not_a_report, "big.json: not a poker-bench report: it is larger than 48 MiB");
  EXPECT_LE(handed, kMaxReportBytes + 2 * 64 * 1024);
}

TEST(BenchReportFile, TheCapItselfIsRead) {
  const std::string text(kMaxReportBytes, ' ');
  const std::unique_ptr<io::ByteSource> source = io::make_memory_source(text);
  const ReportText read = read_report_bytes(*source, "OLD.json");
  EXPECT_TRUE(read.not_a_report.empty());
  EXPECT_EQ(std::get<std::string>(read.read).size(), kMaxReportBytes);
  const std::string over(kMaxReportBytes + 1, ' ');
  const std::unique_ptr<io::ByteSource> too_large = io::make_memory_source(over);
  EXPECT_FALSE(read_report_bytes(*too_large, "OLD.json").not_a_report.empty());
}

TEST(BenchReportFile, ReadsAReportThatArrivesAByteAtATime) {
  Report report;
  report.machine.cores = 1;
  const std::string json = render_bench_json(report);
  const std::unique_ptr<io::ByteSource> source =
      io::make_stream_source(std::make_unique<TrickleReader>(json), 64 * 1024, "pipe");
  const ReportText read = read_report_bytes(*source, "pipe");
  EXPECT_TRUE(read.not_a_report.empty());
  EXPECT_EQ(std::get<std::string>(read.read), json);
}

// The cap leaves room: the largest report of the default thread counts
// (1 to 4096 cores: 13 counts), every workload on its three sources, with
// the most repetitions --repetitions takes, each with its CPU time. Under
// the first cap, 16 MiB, that report of schema poker-bench/2 (19.7 MB) was
// refused by the --compare that should read it; with the variants'
// workloads it is 25.6 MB, past two thirds of the second cap, 32 MiB.
TEST(BenchReportFile, TheLargestReportOfTheDefaultThreadCountsFitsTheCap) {
  Report report;
  report.machine.cores = 4096;
  for (const std::string& name : workload_names()) {
    for (const char* source : {"memory", "file", "pipe"}) {
      WorkloadResult workload;
      workload.name = name;
      workload.source = source;
      workload.description = "a description of some length, as the workloads have";
      workload.instances = 4'000'000;
      workload.bytes = 108'000'000;
      for (std::size_t threads = 1; threads <= 4096; threads *= 2) {
        bench::Run run;
        run.threads = threads;
        run.iterations = kMaxIterations;
        run.samples_s.assign(1000, 0.123456789);
        run.cpu_samples_s.assign(1000, 0.123456789);
        run.median_s = run.min_s = run.max_s = run.cpu_s = 0.123456789;
        run.instances_per_s = run.bytes_per_s = 123456789.123;
        run.floor_ratio = 0.123456789;
        workload.runs.push_back(run);
      }
      report.workloads.push_back(workload);
    }
  }
  const std::size_t size = render_bench_json(report).size();
  EXPECT_LT(size, 26u << 20);
  EXPECT_LT(size, kMaxReportBytes * 2 / 3);
}

// ---- Timing ---------------------------------------------------------------------

// The slowdown that POKER_BENCH_EXTRA_WORK injects makes more passes over
// the workload, so that the slowed run uses the machine as the workload
// does (its threads, hence its share of a busy machine's CPU). Spinning one
// thread for the rest of each repetition made a pipeline's slowed run
// look starved beside its baseline (CPU share 28% against 35% at a load of
// 5 on 2 cores), and --compare called a threefold slowdown "noisy".
TEST(BenchTiming, ExtraWorkRepeatsThePassForTheRestOfEachRepetition) {
  using Clock = std::chrono::steady_clock;
  int passes = 0;
  const auto pass = [&passes] {
    ++passes;
    const Clock::time_point end = Clock::now() + std::chrono::milliseconds(2);
    while (Clock::now() < end) {
    }
  };
  // One pass lasts the minimum time: the calibration makes one, and each
  // of the three repetitions one, then about two more.
  const std::uint64_t iterations = calibrate(pass, 0.001, nullptr);
  EXPECT_EQ(iterations, 1u);
  for (int i = 0; i < 3; ++i) {
    const std::optional<Repetition> repetition = time_repetition(pass, iterations, 3, nullptr);
    ASSERT_TRUE(repetition.has_value());
    EXPECT_GE(repetition->wall_s, 0.0055);
  }
  EXPECT_GE(passes, 1 + 3 * 2);
  // Without the factor, one pass per repetition.
  passes = 0;
  for (int i = 0; i < 3; ++i) (void)time_repetition(pass, iterations, 1, nullptr);
  EXPECT_EQ(passes, 3);
}

// A stop ends the extra passes as it ends the others.
TEST(BenchTiming, AStopEndsTheExtraWork) {
  std::atomic<bool> stop{false};
  int passes = 0;
  const auto pass = [&] {
    if (++passes == 3) stop = true;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  };
  const auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(time_repetition(pass, 1, 100, &stop).has_value());
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(100));
  EXPECT_EQ(passes, 3);
}

// ---- Building the workloads ------------------------------------------------------

// Generating a workload takes up to half a second: a stop is heard within a
// piece of it, and what was built is cut short (and never measured).
TEST(BenchWorkloads, AStopCutsTheBuildingOfAWorkloadShort) {
  const std::atomic<bool> stop{true};
  for (const std::string& name : workload_names()) {
    SCOPED_TRACE(name);
    const Workload workload = make_workload(name, false, &stop);
    EXPECT_LT(workload.input.size(), std::size_t{1} << 20);
    EXPECT_EQ(workload.format, nullptr);
  }
}

}  // namespace
}  // namespace poker::bench
