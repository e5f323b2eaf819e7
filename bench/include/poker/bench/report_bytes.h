// A saved poker-bench report's bytes (`poker bench --compare OLD.json`,
// `--against NEW.json`), read from an io::ByteSource that the caller opened
// (a file, standard input, a pipe: the command opens it through
// io::open_input(), so that a stop signal wakes a read that waits), and
// bounded, so that /dev/zero or an endless pipe is no report rather than a
// process that reads until memory runs out.
//
// Thread safety: read_report_bytes reads `source` on the calling thread, as
// a ByteSource's reader must; may_be_in_json is pure.
#ifndef POKER_BENCH_REPORT_BYTES_H_
#define POKER_BENCH_REPORT_BYTES_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>

#include "poker/io/byte_source.h"
#include "poker/io/io_error.h"

namespace poker::bench {

// The most bytes a report may hold. The largest report `poker bench`
// writes at its default thread counts (every workload on its three sources
// at 13 thread counts, 1 to 4096 cores, with --repetitions 1000, the most,
// each repetition's wall and CPU time on a line of its own) is under
// 26 MiB; reports are a few KiB otherwise.
inline constexpr std::size_t kMaxReportBytes = std::size_t{48} << 20;

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
//   - past kMaxReportBytes: not_a_report says `NAME: not a poker-bench
//     report: it is larger than 16 MiB`.
// A failed read is the I/O error (ECANCELED: a stop signal's wake-up).
ReportText read_report_bytes(io::ByteSource& source, std::string_view name);

}  // namespace poker::bench

#endif  // POKER_BENCH_REPORT_BYTES_H_
