#include "poker/io/head_keeping_source.h"

#include <algorithm>

namespace poker::io {

Window HeadKeepingSource::window(std::uint64_t from, std::size_t min_size) {
  Window window = source_->window(from, min_size);
  // Windows move forward from where the last began: each adds its bytes
  // past those kept, up to the limit.
  if (window.error_number == 0 && from <= kept_.size() && kept_.size() < limit_ && from + window.size > kept_.size()) {
    const auto skip = static_cast<std::size_t>(kept_.size() - from);
    kept_.append(window.data + skip, std::min<std::size_t>(window.size, limit_ - from) - skip);
  }
  return window;
}

std::string HeadKeepingSource::head() {
  const std::uint64_t size = source_->size_for_reads_at();
  if (size == ByteSource::kInOrderOnly) return kept_;
  const Window window = source_->read_at(0, static_cast<std::size_t>(std::min<std::uint64_t>(size, limit_)));
  return window.error_number == 0 ? std::string(window.data, window.size) : std::string();
}

}  // namespace poker::io
