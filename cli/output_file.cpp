#include "output_file.h"

#include <cstring>

#include "exit_status.h"
#include "messages.h"

namespace poker::cli {

std::unique_ptr<io::OutputSink> open_output_or_report(const std::string& path, const StopSignals& signals,
                                                      int& status) {
  io::OpenedOutput output = [&] {
    const StopSignals::InterruptScope interruptible;  // a FIFO's open waits for its reader
    return io::open_output(path, signals.wake_fd());
  }();
  if (!output.sink) {
    status = fail(signals,
                  display_name(path, "<stdout>") + ": cannot open for writing: " + std::strerror(output.error_number),
                  kExitIo);
  }
  return std::move(output.sink);
}

int report_write_result(const io::WriteResult& written, const std::string& path, const StopSignals& signals) {
  if (written.kind == io::WriteResult::Kind::kFailed) {
    return fail(signals, display_name(path, "<stdout>") + ": write error: " + std::strerror(written.error_number),
                kExitIo);
  }
  return kExitOk;
}

int write_and_finish(io::OutputSink& sink, std::string_view text, const std::string& path, const StopSignals& signals) {
  io::WriteResult written = sink.write(text);
  if (written.ok()) written = sink.finish();
  return report_write_result(written, path, signals);
}

}  // namespace poker::cli
