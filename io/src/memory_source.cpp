#include "poker/io/input.h"

namespace poker::io {
namespace {

class MemorySource final : public ByteSource {
 public:
  explicit MemorySource(std::string_view bytes) : bytes_(bytes) {}

  Window window(std::uint64_t from, std::size_t /*min_size*/) override {
    const std::size_t start = std::min<std::size_t>(static_cast<std::size_t>(from), bytes_.size());
    return Window{nullptr, bytes_.data() + start, bytes_.size() - start, true, 0};
  }
  bool more_ready() override { return true; }
  bool is_mapped() const override { return true; }
  std::string strategy() const override { return "memory"; }

 private:
  std::string_view bytes_;
};

}  // namespace

std::unique_ptr<ByteSource> make_memory_source(std::string_view bytes) { return std::make_unique<MemorySource>(bytes); }

}  // namespace poker::io
