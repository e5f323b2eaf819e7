#include "mapped_source.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <mutex>
#include <string>

#include "file_source.h"
#include "poker/io/atomic_min.h"

namespace poker::io {
namespace {

// ---- Surviving a file truncated under the map ------------------------------
//
// Reading a mapped page that now lies past the end of its file raises SIGBUS.
// A handler, installed with the first mapping, looks the faulting address up
// among the live windows. If it lies in one, the handler maps a page of zeros
// over the faulting page (mmap with MAP_FIXED: a system call, safe in a
// handler), records the file offset of the fault, and returns: the read
// resumes and sees zeros. The writer asks check_intact() before it writes a
// chunk's answers, so answers computed from those zeros are never written:
// the run ends with kTruncatedWhileRead after the answers before the damage.
// A fault anywhere else is not ours: the previous disposition is put back and
// the fault recurs under it (a crash, or a sanitizer's report).

// Where a source's first fault is recorded: shared by the source and its
// windows, since a window may outlive the source.
struct FaultRecord {
  std::atomic<std::uint64_t> first_fault{UINT64_MAX};  // lowest faulting file offset
};

// A live window, as the handler sees it. A slot is claimed by a CAS of
// `begin` from 0; `end` is stored last on registration and cleared first on
// release, so the handler trusts a slot only while `end` is set.
struct WindowSlot {
  std::atomic<std::uintptr_t> begin{0};
  std::atomic<std::uintptr_t> end{0};
  std::atomic<std::uint64_t> file_offset{0};  // of `begin`
  std::atomic<FaultRecord*> record{nullptr};
};

// More than the windows alive at once (one per chunk in flight, a few chunks
// per thread); a window that finds no slot is simply not guarded.
constexpr std::size_t kSlots = 1024;
WindowSlot g_slots[kSlots];
std::uintptr_t g_page_size = 4096;
struct sigaction g_previous_action {};

static_assert(std::atomic<std::uintptr_t>::is_always_lock_free, "the SIGBUS handler needs lock-free atomics");

void on_sigbus(int /*signal*/, siginfo_t* info, void* /*context*/) {
  const auto address = reinterpret_cast<std::uintptr_t>(info->si_addr);
  for (WindowSlot& slot : g_slots) {
    const std::uintptr_t end = slot.end.load(std::memory_order_acquire);
    const std::uintptr_t begin = slot.begin.load(std::memory_order_relaxed);
    if (end == 0 || address < begin || address >= end) continue;
    const std::uintptr_t page = address - address % g_page_size;
    void* zeros =
        ::mmap(reinterpret_cast<void*>(page), g_page_size, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
    if (zeros == MAP_FAILED) break;
    const std::uint64_t offset = slot.file_offset.load(std::memory_order_relaxed) + (page - begin);
    lower_to(slot.record.load(std::memory_order_relaxed)->first_fault, offset);
    return;
  }
  ::sigaction(SIGBUS, &g_previous_action, nullptr);
}

void install_sigbus_handler() {
  static std::once_flag once;
  std::call_once(once, [] {
    g_page_size = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
    struct sigaction action {};
    action.sa_sigaction = on_sigbus;
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGBUS, &action, &g_previous_action);
  });
}

// One mapping, guarded while it lives; move-only by being held through
// shared_ptr only.
class Mapping {
 public:
  Mapping(void* address, std::size_t length, std::uint64_t file_offset, std::shared_ptr<FaultRecord> record)
      : address_(address), length_(length), record_(std::move(record)) {
    const auto begin = reinterpret_cast<std::uintptr_t>(address);
    for (WindowSlot& slot : g_slots) {
      std::uintptr_t free = 0;
      if (!slot.begin.compare_exchange_strong(free, begin, std::memory_order_relaxed)) continue;
      slot.file_offset.store(file_offset, std::memory_order_relaxed);
      slot.record.store(record_.get(), std::memory_order_relaxed);
      slot.end.store(begin + length, std::memory_order_release);
      slot_ = &slot;
      break;
    }
  }
  ~Mapping() {
    if (slot_ != nullptr) {
      slot_->end.store(0, std::memory_order_release);
      slot_->begin.store(0, std::memory_order_release);
    }
    ::munmap(address_, length_);
  }
  Mapping(const Mapping&) = delete;
  Mapping& operator=(const Mapping&) = delete;

  const char* data() const { return static_cast<const char*>(address_); }

 private:
  void* address_;
  std::size_t length_;
  std::shared_ptr<FaultRecord> record_;
  WindowSlot* slot_ = nullptr;
};

class MappedSource final : public ByteSource {
 public:
  MappedSource(int fd, std::uint64_t start, std::uint64_t file_size, std::size_t window_size, std::size_t buffer_size,
               MapFunction map, std::string path)
      : ByteSource(std::move(path)),
        fd_(fd),
        start_(start),
        file_size_(file_size),
        window_size_(window_size),
        buffer_size_(buffer_size),
        page_size_(static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE))),
        map_(map),
        faults_(std::make_shared<FaultRecord>()) {
    install_sigbus_handler();
  }
  ~MappedSource() override {
    reads_.reset();
    ::close(fd_);
  }
  // It owns fd_: a copy would close it twice.
  MappedSource(const MappedSource&) = delete;
  MappedSource& operator=(const MappedSource&) = delete;

  // `from` is an input offset: the file's start_ + from.
  Window window(std::uint64_t from, std::size_t min_size) override {
    if (reads_) return read_window(from, min_size);
    const std::uint64_t at = start_ + from;
    if (at >= file_size_) return Window{nullptr, nullptr, 0, true, 0};
    const std::uint64_t wanted_end = std::min<std::uint64_t>(file_size_, at + min_size);
    if (!mapping_ || at < map_offset_ || wanted_end > map_offset_ + map_length_) {
      if (const int error = remap(at, wanted_end); error != 0) {
        // The first window is open_input's to replace; a later one, the
        // reads of the rest of the file.
        if (!mapping_ || !fall_back_to_reads(from, error)) return Window{nullptr, nullptr, 0, false, error};
        return read_window(from, min_size);
      }
    }
    const std::uint64_t skip = at - map_offset_;
    return Window{mapping_, mapping_->data() + skip, static_cast<std::size_t>(map_length_ - skip),
                  map_offset_ + map_length_ == file_size_, 0};
  }

  bool more_ready() override { return true; }
  bool is_mapped() const override { return !reads_; }
  std::string strategy() const override {
    return reads_ ? "mmap to byte " + std::to_string(reads_from_) + ", then " + reads_->strategy() : "mmap";
  }

  // The bytes before input offset `end` are the file's if no read faulted
  // before them and the file still holds them (a page partly past the new end
  // reads as zeros without a fault, hence the size check), and if the reads
  // that replaced the map, if any, read none past a new end.
  int check_intact(std::uint64_t end) const override {
    const std::uint64_t file_end = start_ + end;
    if (file_end > faults_->first_fault.load(std::memory_order_relaxed)) return kTruncatedWhileRead;
    struct stat info {};
    if (::fstat(fd_, &info) == 0 && static_cast<std::uint64_t>(info.st_size) < file_end) return kTruncatedWhileRead;
    if (const ByteSource* reads = reads_published_.load(std::memory_order_acquire);
        reads != nullptr && end > reads_from_) {
      return reads->check_intact(end - reads_from_);
    }
    return 0;
  }

 private:
  // Maps the file from `from` (a file offset) to `wanted_end` at least.
  int remap(std::uint64_t from, std::uint64_t wanted_end) {
    const std::uint64_t offset = from - from % page_size_;
    // A record longer than a window (only with test-sized windows: the
    // record limit is far below the real one) doubles the window rather than
    // growing it a byte per call: a remap per byte scanned is quadratic.
    const std::uint64_t length =
        std::min<std::uint64_t>(file_size_ - offset, std::max<std::uint64_t>(window_size_, 2 * (wanted_end - offset)));
    void* address =
        map_(nullptr, static_cast<std::size_t>(length), PROT_READ, MAP_PRIVATE, fd_, static_cast<off_t>(offset));
    if (address == MAP_FAILED) return errno;
    // Read ahead aggressively and drop pages behind: the file is read once.
    ::madvise(address, static_cast<std::size_t>(length), MADV_SEQUENTIAL);
    mapping_ = std::make_shared<Mapping>(address, static_cast<std::size_t>(length), offset, faults_);
    map_offset_ = offset;
    map_length_ = length;
    // What is mapped counts as read: a shared descriptor (stdin) goes on
    // after it, as after a read() of these bytes.
    ::lseek(fd_, static_cast<off_t>(offset + length), SEEK_SET);
    return 0;
  }

  // From input offset `from` on, the file is read, not mapped (a window
  // failed to map with `error`): false if reads cannot be set up either.
  // The window mapped last is released, so that its address space serves
  // the reads; chunks still viewing it keep it until they are done.
  bool fall_back_to_reads(std::uint64_t from, int error) {
    const int read_fd = ::fcntl(fd_, F_DUPFD_CLOEXEC, 0);
    if (read_fd < 0) return false;
    reads_from_ = from;
    reads_ = make_file_source(read_fd, start_ + from, file_size_, buffer_size_, window_size_,
                              std::string("mmap failed: ") + std::strerror(error));
    reads_published_.store(reads_.get(), std::memory_order_release);
    mapping_.reset();
    return true;
  }

  // The reads' window at input offset `from` (their offset 0 is reads_from_).
  Window read_window(std::uint64_t from, std::size_t min_size) { return reads_->window(from - reads_from_, min_size); }

  const int fd_;
  const std::uint64_t start_;      // file offset of input offset 0
  const std::uint64_t file_size_;  // file offsets below here hold input
  const std::uint64_t window_size_;
  const std::size_t buffer_size_;
  const std::uint64_t page_size_;
  const MapFunction map_;
  const std::shared_ptr<FaultRecord> faults_;  // file offsets
  std::shared_ptr<Mapping> mapping_;           // the current window; older ones live on in chunks
  std::uint64_t map_offset_ = 0;               // file offset of mapping_'s first byte
  std::uint64_t map_length_ = 0;
  // Once a window failed to map: the reads of the rest, from input offset
  // reads_from_ on. check_intact() may run on another thread: it finds them
  // through reads_published_, set once, after reads_from_.
  std::unique_ptr<ByteSource> reads_;
  std::uint64_t reads_from_ = 0;
  std::atomic<const ByteSource*> reads_published_{nullptr};
};

}  // namespace

std::unique_ptr<ByteSource> make_mapped_source(int fd, std::uint64_t start, std::uint64_t file_size,
                                               std::size_t window_size, std::size_t buffer_size, MapFunction map,
                                               std::string path) {
  return std::make_unique<MappedSource>(fd, start, file_size, window_size, buffer_size, map, std::move(path));
}

}  // namespace poker::io
