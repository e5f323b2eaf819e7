#include "report_file.h"

#include <algorithm>
#include <memory>
#include <utility>

#include "poker/io/input.h"

namespace poker::cli {
namespace {

// The reads' largest buffer: a report is a few KiB.
constexpr std::size_t kReadBuffer = 64 * 1024;

}  // namespace

bool may_be_in_json(unsigned char byte) {
  if (byte < 0x20) return byte == '\t' || byte == '\n' || byte == '\r';
  return byte != 0xC0 && byte != 0xC1 && byte < 0xF5;
}

ReportText read_report_bytes(io::ByteSource& source, std::string_view name) {
  std::string text;
  for (;;) {
    const io::Window window = source.window(text.size(), 1);
    if (window.error_number != 0) {
      return ReportText{io::IoError{io::IoError::Action::kRead, source.path(), window.error_number}, {}};
    }
    // One byte past the cap is enough to know the report is too large.
    const std::size_t room = kMaxReportBytes + 1 - text.size();
    const std::string_view bytes(window.data, std::min(window.size, room));
    const auto bad = std::find_if(bytes.begin(), bytes.end(),
                                  [](char byte) { return !may_be_in_json(static_cast<unsigned char>(byte)); });
    if (bad != bytes.end()) {
      // The JSON reader fails at this byte at the latest, and names its place.
      text.append(bytes.begin(), bad + 1);
      return ReportText{std::move(text), {}};
    }
    text.append(bytes);
    if (text.size() > kMaxReportBytes) {
      return ReportText{std::string(), std::string(name) + ": not a poker-bench/1 report: it is larger than " +
                                           std::to_string(kMaxReportBytes >> 20) + " MiB"};
    }
    if (window.at_end && window.size == bytes.size()) return ReportText{std::move(text), {}};
  }
}

ReportText read_report_file(const std::string& path, std::string_view name, const StopSignals& signals) {
  io::InputOptions options;
  options.reading = io::FileReading::kStream;  // in order, whatever the file: a report is small
  options.buffer_size = kReadBuffer;
  options.wake_fd = signals.wake_fd();
  io::OpenedInput opened;
  {
    // Opening a FIFO waits for its writer: a stop signal cuts that short.
    const StopSignals::InterruptScope interruptible;
    opened = io::open_input(path, options);
  }
  if (!opened.source) return ReportText{opened.error, {}};
  return read_report_bytes(*opened.source, name);
}

}  // namespace poker::cli
