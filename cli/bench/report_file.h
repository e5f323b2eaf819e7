// A saved poker-bench/1 report's bytes (`poker bench --compare OLD.json`,
// `--against NEW.json`), read as the judge reads its input: through
// io::open_input(), so that a FIFO without a writer, or a pipe or terminal
// that stays silent, gives way to a stop signal within the 100 ms that
// every subcommand keeps; and bounded, so that /dev/zero or an endless pipe
// is no report rather than a process that reads until memory runs out.
//
// Thread safety: one read at a time per process (the stop's interruption of
// a blocked open() is the calling thread's: StopSignals::InterruptScope).
#ifndef POKER_CLI_BENCH_REPORT_FILE_H_
#define POKER_CLI_BENCH_REPORT_FILE_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>

#include "poker/io/byte_source.h"
#include "poker/io/io_error.h"
#include "stop_signals.h"

namespace poker::cli {

// The most bytes a report may hold. The largest report `poker bench`
// writes at its default thread counts (every workload on its three sources
// at 13 thread counts, 1 to 4096 cores, with --repetitions 1000, the most)
// is under 6 MiB; reports are a few KiB otherwise.
inline constexpr std::size_t kMaxReportBytes = std::size_t{16} << 20;

// Whether `byte` can stand anywhere in a JSON text: not a control other than
// tab, newline and carriage return, nor a byte that no UTF-8 holds (0xC0,
// 0xC1, 0xF5 to 0xFF).
bool may_be_in_json(unsigned char byte);

// What reading a report came to: its bytes, the I/O error (exit 3), or why
// it is no report (exit 1): a line without the `poker: ` prefix, naming it.
struct ReportText {
  std::variant<std::string, io::IoError> read;
  std::string not_a_report;  // empty unless it is none
};

// The bytes `source` holds, read in order up to its end; `name` is the file
// as messages print it. Reading stops early:
//   - at the first byte that no JSON text holds (a NUL of /dev/zero, a byte
//     that is no UTF-8): the text then ends just past it, where the JSON
//     reader's error points (`NAME:1:1: invalid JSON: ...`);
//   - past kMaxReportBytes: not_a_report says `NAME: not a poker-bench/1
//     report: it is larger than 16 MiB`.
// A failed read is the I/O error (ECANCELED: a stop signal's wake-up).
ReportText read_report_bytes(io::ByteSource& source, std::string_view name);

// The report in file `path` ("-": standard input), opened with
// io::open_input() inside an InterruptScope and read with the stop's
// wake-up (signals.wake_fd()), then as read_report_bytes() reads it.
ReportText read_report_file(const std::string& path, std::string_view name, const StopSignals& signals);

}  // namespace poker::cli

#endif  // POKER_CLI_BENCH_REPORT_FILE_H_
