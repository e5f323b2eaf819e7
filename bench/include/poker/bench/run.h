// One repetition of a workload, from one source, with a number of threads:
// through run_pipeline (or run_verify) as the judge runs, its answers to a
// sink that counts them; or the floor's newline count of the same bytes.
// The file source reads the --on-disk file that a WorkloadFile wrote; the
// pipe source starts a thread that writes the bytes into a pipe.
//
// Thread safety: one repetition at a time per process (the pipe's waits cap
// oneTBB process-wide, as the judge's do). A WorkloadFile is one owner's.
#ifndef POKER_BENCH_RUN_H_
#define POKER_BENCH_RUN_H_

#include <sys/types.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "poker/bench/workloads.h"
#include "poker/format.h"
#include "poker/io/io_error.h"

namespace poker::bench {

// Where a repetition reads the workload's bytes: memory; the file of
// --on-disk, page-cached, read as the judge reads a file by default; or a
// pipe that a thread of the process writes them to.
enum class Source { kMemory, kFile, kPipe };

// "memory", "file", "pipe": the report's words.
const char* source_name(Source source);

// A repetition that failed: an I/O error (the --on-disk file, the pipe),
// which io_error() holds for the caller to word; or a run that did not judge
// its instances cleanly, a bug in the workload or the engine, which what()
// says (`holdem-2: the generated instances did not judge cleanly`).
class RunFailure : public std::runtime_error {
 public:
  explicit RunFailure(const std::string& what) : std::runtime_error(what) {}
  explicit RunFailure(const io::IoError& error)
      : std::runtime_error(error.path + ": " + io::read_error_text(error.error_number)), io_error_(error) {}
  const std::optional<io::IoError>& io_error() const { return io_error_; }

 private:
  std::optional<io::IoError> io_error_;
};

// A workload's bytes written to a file of `directory` (--on-disk), which
// the file source reopens by name, as the judge opens a file it is given.
// The file is this run's own: created exclusively (O_CREAT | O_EXCL, which
// never follows a link) under a fresh random name,
// `poker-bench-NAME-XXXXXXXXXX.txt`, mode 0600; a name that exists is
// passed over, whatever it is. It is removed when this is destroyed, and
// only while its name still names it. Move-only: it owns the file.
class WorkloadFile {
 public:
  // Makes the random part of a name: ten letters and digits; tests choose
  // their own.
  using NameSuffix = std::function<std::string()>;
  static std::string random_suffix();

  // Writes the file; on failure `error` says why and path() is empty. A
  // stop (`*stop` set; null: none) ends the writing early, with a file cut
  // short that the caller, which checks the stop, never reads.
  WorkloadFile(const std::string& directory, std::string_view name, std::string_view bytes,
               const std::atomic<bool>* stop, io::IoError& error, const NameSuffix& suffix = random_suffix);
  // The same with `copies` copies of `bytes`, one after the other (the
  // inputs of `poker bench --baseline`, long enough for a process's run).
  WorkloadFile(const std::string& directory, std::string_view name, std::string_view bytes, std::uint64_t copies,
               const std::atomic<bool>* stop, io::IoError& error, const NameSuffix& suffix = random_suffix);
  ~WorkloadFile();
  WorkloadFile(WorkloadFile&& other) noexcept;
  WorkloadFile& operator=(WorkloadFile&&) = delete;
  WorkloadFile(const WorkloadFile&) = delete;
  WorkloadFile& operator=(const WorkloadFile&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;  // empty: none (not created, or moved from)
  dev_t device_ = 0;  // the file created at path_
  ino_t inode_ = 0;
};

// One repetition of `workload` from `source` (`file`: its --on-disk file,
// for Source::kFile) with `threads` threads; returns the instances it
// answered (the floor: the lines counted). A stop (`*stop`; null: none)
// ends the judging early, with a count of no meaning. Throws RunFailure.
// REQUIRES: workload is whole (made without a stop).
std::uint64_t run_once(const Workload& workload, Source source, const std::string& file, std::size_t threads,
                       const std::atomic<bool>* stop);

// The answers `format` gives to `input`: verify's candidate. Throws RunFailure.
std::string answers_of(const Format& format, std::string_view input, const std::atomic<bool>* stop);

}  // namespace poker::bench

#endif  // POKER_BENCH_RUN_H_
