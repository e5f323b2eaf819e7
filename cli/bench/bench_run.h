// One repetition of a workload, from one source, with a number of threads:
// through run_pipeline (or run_verify) as the judge runs, its answers to a
// sink that counts them; or the floor's newline count of the same bytes.
//
// Thread safety: one repetition at a time per process (the pipe's waits cap
// oneTBB process-wide, as the judge's do).
#ifndef POKER_CLI_BENCH_BENCH_RUN_H_
#define POKER_CLI_BENCH_BENCH_RUN_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "bench_workloads.h"
#include "poker/format.h"
#include "poker/io/io_error.h"

namespace poker::cli::bench {

// Where a repetition reads the workload's bytes: memory; the file of
// --on-disk, page-cached, read as the judge reads a file by default; or a
// pipe that a thread of the process writes them to.
enum class Source { kMemory, kFile, kPipe };

// "memory", "file", "pipe": the report's words.
const char* source_name(Source source);

// A repetition that failed: an I/O error (the --on-disk file, the pipe), or
// a run that did not judge its instances cleanly, which is a bug in the
// workload or the engine.
struct RunFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A workload's bytes written to a file of `directory`, removed when this is
// destroyed. Move-only: it owns the file.
class WorkloadFile {
 public:
  // Writes the file; on failure `error` says why and path() is empty.
  WorkloadFile(const std::string& directory, std::string_view name, std::string_view bytes, io::IoError& error);
  ~WorkloadFile();
  WorkloadFile(WorkloadFile&& other) noexcept;
  WorkloadFile& operator=(WorkloadFile&&) = delete;
  WorkloadFile(const WorkloadFile&) = delete;
  WorkloadFile& operator=(const WorkloadFile&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;  // empty: none (not written, or moved from)
};

// One repetition of `workload` from `source` (`file`: its --on-disk file,
// for Source::kFile) with `threads` threads; returns the instances it
// answered (the floor: the lines counted). Throws RunFailure.
std::uint64_t run_once(const Workload& workload, Source source, const std::string& file, std::size_t threads,
                       const std::atomic<bool>& stop);

// The answers `format` gives to `input`: verify's candidate. Throws RunFailure.
std::string answers_of(const Format& format, std::string_view input, const std::atomic<bool>& stop);

}  // namespace poker::cli::bench

#endif  // POKER_CLI_BENCH_BENCH_RUN_H_
