#include "mapped_source.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace poker::io {
namespace {

// One mapping; move-only by being held through shared_ptr only.
class Mapping {
 public:
  Mapping(void* address, std::size_t length) : address_(address), length_(length) {}
  ~Mapping() { ::munmap(address_, length_); }
  Mapping(const Mapping&) = delete;
  Mapping& operator=(const Mapping&) = delete;

  const char* data() const { return static_cast<const char*>(address_); }

 private:
  void* address_;
  std::size_t length_;
};

class MappedSource final : public ByteSource {
 public:
  MappedSource(int fd, std::uint64_t file_size, std::size_t window_size)
      : fd_(fd), file_size_(file_size), window_size_(window_size),
        page_size_(static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE))) {}
  ~MappedSource() override { ::close(fd_); }

  Window window(std::uint64_t from, std::size_t min_size) override {
    if (from >= file_size_) return Window{nullptr, nullptr, 0, true, 0};
    const std::uint64_t wanted_end = std::min<std::uint64_t>(file_size_, from + min_size);
    if (!mapping_ || from < map_offset_ || wanted_end > map_offset_ + map_length_) {
      if (const int error = remap(from, wanted_end); error != 0) return Window{nullptr, nullptr, 0, false, error};
    }
    const std::uint64_t skip = from - map_offset_;
    return Window{mapping_, mapping_->data() + skip, static_cast<std::size_t>(map_length_ - skip),
                  map_offset_ + map_length_ == file_size_, 0};
  }

  bool more_ready() override { return true; }
  bool is_mapped() const override { return true; }

 private:
  int remap(std::uint64_t from, std::uint64_t wanted_end) {
    const std::uint64_t offset = from - from % page_size_;
    const std::uint64_t length =
        std::min<std::uint64_t>(file_size_ - offset, std::max<std::uint64_t>(window_size_, wanted_end - offset));
    void* address = ::mmap(nullptr, static_cast<std::size_t>(length), PROT_READ, MAP_PRIVATE, fd_,
                           static_cast<off_t>(offset));
    if (address == MAP_FAILED) return errno;
    // Read ahead aggressively and drop pages behind: the file is read once.
    ::madvise(address, static_cast<std::size_t>(length), MADV_SEQUENTIAL);
    mapping_ = std::make_shared<Mapping>(address, static_cast<std::size_t>(length));
    map_offset_ = offset;
    map_length_ = length;
    return 0;
  }

  const int fd_;
  const std::uint64_t file_size_;
  const std::uint64_t window_size_;
  const std::uint64_t page_size_;
  std::shared_ptr<Mapping> mapping_;  // the current window; older ones live on in chunks
  std::uint64_t map_offset_ = 0;
  std::uint64_t map_length_ = 0;
};

}  // namespace

std::unique_ptr<ByteSource> make_mapped_source(int fd, std::uint64_t file_size,
                                               std::size_t window_size) {
  return std::make_unique<MappedSource>(fd, file_size, window_size);
}

}  // namespace poker::io
