#include "poker/bench/report_bytes.h"

#include <algorithm>
#include <utility>

namespace poker::bench {

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
      return ReportText{std::string(), std::string(name) + ": not a poker-bench report: it is larger than " +
                                           std::to_string(kMaxReportBytes >> 20) + " MiB"};
    }
    if (window.at_end && window.size == bytes.size()) return ReportText{std::move(text), {}};
  }
}

}  // namespace poker::bench
