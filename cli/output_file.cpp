#include "output_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <optional>
#include <utility>

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

// A regular file's identity, to tell whether its name still names it.
struct FileId {
  dev_t device = 0;
  ino_t inode = 0;
  bool operator==(const FileId&) const = default;
};

// The file of a report (open_report_output_or_report): truncated by the
// first write or the finish, and removed, if this run created it, when
// destroyed before either.
class ReportFileSink final : public io::OutputSink {
 public:
  // `fd`: the descriptor `sink` writes to, which it owns; `truncate`: a
  // regular file's, whose old bytes go at the first write; `created`: the
  // file this run created, to be removed if nothing was written.
  ReportFileSink(std::unique_ptr<io::OutputSink> sink, int fd, std::string path, bool truncate,
                 std::optional<FileId> created)
      : sink_(std::move(sink)), fd_(fd), path_(std::move(path)), truncate_(truncate), created_(created) {}
  ~ReportFileSink() override {
    if (started_ || !created_) return;
    // Only while the name is still the file this run created: another
    // process may have put its own file there meanwhile.
    struct stat info {};
    if (::lstat(path_.c_str(), &info) == 0 && FileId{info.st_dev, info.st_ino} == *created_) ::unlink(path_.c_str());
  }
  ReportFileSink(const ReportFileSink&) = delete;
  ReportFileSink& operator=(const ReportFileSink&) = delete;

  io::WriteResult write(std::string_view bytes) override {
    if (const io::WriteResult started = start(); !started.ok()) return started;
    return sink_->write(bytes);
  }
  io::WriteResult finish() override {
    if (const io::WriteResult started = start(); !started.ok()) return started;
    return sink_->finish();
  }
  void set_wait_hook(io::WaitHook* hook) override { sink_->set_wait_hook(hook); }

 private:
  io::WriteResult start() {
    if (started_) return {};
    started_ = true;
    if (truncate_ && ::ftruncate(fd_, 0) != 0) {
      return io::WriteResult{io::WriteResult::Kind::kFailed, io::IoError{io::IoError::Action::kWrite, path_, errno}};
    }
    return {};
  }

  std::unique_ptr<io::OutputSink> sink_;
  const int fd_;  // sink_'s, open until sink_->finish()
  const std::string path_;
  const bool truncate_;
  const std::optional<FileId> created_;
  bool started_ = false;  // a write or the finish has come
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

std::unique_ptr<io::OutputSink> open_report_output_or_report(const std::string& path, const StopSignals& signals,
                                                             int& status) {
  if (is_standard(path)) return open_output_or_report(path, signals, status);
  int fd = -1;
  bool created = false;
  int error = 0;
  {
    const StopSignals::InterruptScope interruptible;  // a FIFO's open waits for its reader
    // Not truncated now: a run that ends before its report leaves the file
    // as it was (an earlier report stays whole).
    fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
    if (fd < 0 && errno == ENOENT) {
      fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, 0666);
      created = fd >= 0;
      // Made meanwhile, or a link to a file yet to be: opened as `>` opens it.
      if (fd < 0 && errno == EEXIST) fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | O_NOCTTY, 0666);
    }
    error = errno;
  }
  if (fd < 0) {
    status = fail(signals, io::IoError{io::IoError::Action::kOpenForWriting, path, error});
    return nullptr;
  }
  struct stat info {};
  const bool regular = ::fstat(fd, &info) == 0 && S_ISREG(info.st_mode);
  std::optional<FileId> made;
  if (created && regular) made = FileId{info.st_dev, info.st_ino};
  auto sink =
      std::make_unique<ReportFileSink>(io::make_fd_sink(fd, true, signals.wake_fd(), path), fd, path, regular, made);
  return std::make_unique<InterruptibleSink>(std::move(sink));
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
