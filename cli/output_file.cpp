#include "output_file.h"

#include "exit_status.h"
#include "messages.h"

namespace poker::cli {
namespace {

// A sink whose write()s a stop interrupts. A write to a pipe, a socket or a
// terminal waits for room in poll(), which the stop's wake-up ends; but the
// room poll() sees can be gone when write() comes (another writer of the
// same pipe took it), or smaller than the piece (a terminal says how much it
// has room for nowhere), and then write() itself blocks in the kernel, where
// only a signal reaches it.
class InterruptibleSink final : public io::OutputSink {
 public:
  explicit InterruptibleSink(std::unique_ptr<io::OutputSink> sink) : sink_(std::move(sink)) {}

  io::WriteResult write(std::string_view bytes) override {
    const StopSignals::InterruptScope interruptible;
    return sink_->write(bytes);
  }
  io::WriteResult finish() override {
    const StopSignals::InterruptScope interruptible;
    return sink_->finish();
  }
  void set_wait_hook(io::WaitHook* hook) override { sink_->set_wait_hook(hook); }

 private:
  std::unique_ptr<io::OutputSink> sink_;
};

}  // namespace

std::unique_ptr<io::OutputSink> open_output_or_report(const std::string& path, const StopSignals& signals,
                                                      int& status) {
  io::OpenedOutput output = [&] {
    const StopSignals::InterruptScope interruptible;  // a FIFO's open waits for its reader
    return io::open_output(path, signals.wake_fd());
  }();
  if (!output.sink) {
    status = fail(signals, output.error);
    return nullptr;
  }
  return std::make_unique<InterruptibleSink>(std::move(output.sink));
}

int report_write_result(const io::WriteResult& written, const StopSignals& signals) {
  return written.kind == io::WriteResult::Kind::kFailed ? fail(signals, written.error) : kExitOk;
}

int write_and_finish(io::OutputSink& sink, std::string_view text, const StopSignals& signals) {
  io::WriteResult written = sink.write(text);
  if (written.ok()) written = sink.finish();
  return report_write_result(written, signals);
}

}  // namespace poker::cli
