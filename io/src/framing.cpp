#include "poker/io/framing.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "poker/io/blank_text.h"

namespace poker::io {
namespace {

// The position just after the `count`-th newline of [begin, end), counting
// from the front; nullptr if there are fewer (the count was of other bytes:
// a file cut short under the map reads as zeros from then on).
const char* after_nth_newline(const char* begin, const char* end, std::uint64_t count) {
  const char* p = begin;
  for (; count > 0; --count) {
    const void* found = std::memchr(p, '\n', static_cast<std::size_t>(end - p));
    if (found == nullptr) return nullptr;
    p = static_cast<const char*>(found) + 1;
  }
  return p;
}

// The same, counting from the back.
const char* after_nth_newline_from_back(const char* begin, const char* end, std::uint64_t count) {
  const char* p = end;
  for (; count > 0; --count) {
    const void* found = ::memrchr(begin, '\n', static_cast<std::size_t>(p - begin));
    if (found == nullptr) return nullptr;
    p = static_cast<const char*>(found);
  }
  return p + 1;
}

std::size_t distance(const char* from, const char* to) { return static_cast<std::size_t>(to - from); }

#if defined(__x86_64__)
// count_newlines() of the whole 128-byte blocks at p, advancing p past them:
// the same lane counts as the SSE2 loop below, on 32-byte vectors, for
// about half its instructions per byte.
__attribute__((target("avx2"))) std::uint64_t count_newlines_avx2(const char*& p, const char* end) {
  std::uint64_t total = 0;
  const __m256i newline = _mm256_set1_epi8('\n');
  const __m256i zero = _mm256_setzero_si256();
  while (end - p >= 128) {
    std::size_t rounds = std::min<std::size_t>(distance(p, end) / 128, 63);
    __m256i lanes = zero;
    for (; rounds > 0; --rounds, p += 128) {
      const auto* block = reinterpret_cast<const __m256i*>(p);
      lanes = _mm256_sub_epi8(lanes, _mm256_cmpeq_epi8(_mm256_loadu_si256(block), newline));
      lanes = _mm256_sub_epi8(lanes, _mm256_cmpeq_epi8(_mm256_loadu_si256(block + 1), newline));
      lanes = _mm256_sub_epi8(lanes, _mm256_cmpeq_epi8(_mm256_loadu_si256(block + 2), newline));
      lanes = _mm256_sub_epi8(lanes, _mm256_cmpeq_epi8(_mm256_loadu_si256(block + 3), newline));
    }
    const __m256i sums = _mm256_sad_epu8(lanes, zero);
    const __m128i halves = _mm_add_epi64(_mm256_castsi256_si128(sums), _mm256_extracti128_si256(sums, 1));
    total += static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_add_epi64(halves, _mm_unpackhi_epi64(halves, halves))));
  }
  return total;
}

const bool kHasAvx2 = [] {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") != 0;
}();
#endif

}  // namespace

std::uint64_t count_newlines(const char* data, std::size_t size) {
  std::uint64_t total = 0;
  const char* p = data;
  const char* const end = data + size;
#if defined(__x86_64__)
  if (kHasAvx2) total += count_newlines_avx2(p, end);
#endif
#if defined(__SSE2__)
  // Each byte lane of `lanes` counts the newlines seen in it (a match is -1,
  // subtracted); 63 rounds of 4 blocks stay below 256, then psadbw adds the
  // lanes up. About one instruction per 16 bytes.
  const __m128i newline = _mm_set1_epi8('\n');
  const __m128i zero = _mm_setzero_si128();
  while (end - p >= 64) {
    std::size_t rounds = std::min<std::size_t>(distance(p, end) / 64, 63);
    __m128i lanes = zero;
    for (; rounds > 0; --rounds, p += 64) {
      const auto* block = reinterpret_cast<const __m128i*>(p);
      lanes = _mm_sub_epi8(lanes, _mm_cmpeq_epi8(_mm_loadu_si128(block), newline));
      lanes = _mm_sub_epi8(lanes, _mm_cmpeq_epi8(_mm_loadu_si128(block + 1), newline));
      lanes = _mm_sub_epi8(lanes, _mm_cmpeq_epi8(_mm_loadu_si128(block + 2), newline));
      lanes = _mm_sub_epi8(lanes, _mm_cmpeq_epi8(_mm_loadu_si128(block + 3), newline));
    }
    const __m128i sums = _mm_sad_epu8(lanes, zero);
    total += static_cast<std::uint64_t>(_mm_cvtsi128_si64(sums)) +
             static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums)));
  }
#endif
  for (; p < end; ++p) total += *p == '\n' ? 1 : 0;
  return total;
}

void populate(const Range& range) {
#if defined(MADV_POPULATE_READ)
  constexpr int kPopulateRead = MADV_POPULATE_READ;
#else
  constexpr int kPopulateRead = 22;  // Linux 5.14; older kernels refuse it with EINVAL, harmlessly
#endif
  if (!range.mapped || range.size == 0) return;
  static const auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
  const auto begin = reinterpret_cast<std::uintptr_t>(range.data);
  const std::uintptr_t first_page = begin - begin % page;
  ::madvise(reinterpret_cast<void*>(first_page), begin + range.size - first_page, kPopulateRead);
}

RangeReader::RangeReader(ByteSource& source, std::size_t range_size)
    : source_(source), range_size_(std::max<std::size_t>(range_size, 1)), read_at_size_(source.size_for_reads_at()) {}

bool RangeReader::next(Range& range) {
  if (finished_) return false;
  if (read_at_size_ != ByteSource::kInOrderOnly) {
    const auto size = static_cast<std::size_t>(std::min<std::uint64_t>(range_size_, read_at_size_ - position_));
    range = Range{};
    range.size = size;
    range.offset = position_;
    range.at_end = position_ + size == read_at_size_;
    range.to_load = true;
    position_ += size;
    finished_ = range.at_end;
    source_.consumed(position_);
    return true;
  }
  Window window = source_.window(position_, 1);
  // A stream hands out what it holds; while it has more at once, a short
  // range waits for it, and a producer that pauses gets its range now.
  while (window.error_number == 0 && window.size < range_size_ && !window.at_end && source_.more_ready()) {
    window = source_.window(position_, window.size + 1);
  }
  if (window.error_number != 0) {
    read_error_ = window.error_number;
    finished_ = true;
    return false;
  }
  const std::size_t size = std::min(window.size, range_size_);
  range.owner = std::move(window.owner);
  range.data = window.data;
  range.size = size;
  range.offset = position_;
  range.at_end = window.at_end && size == window.size;
  range.mapped = source_.is_mapped();
  position_ += size;
  finished_ = range.at_end;
  return true;
}

namespace {

// A cut range's bytes, read.
void take_window(Range& range, Window window) {
  range.to_load = false;
  if (window.error_number != 0) {
    range.error_number = window.error_number;
    return;
  }
  range.owner = std::move(window.owner);
  range.data = window.data;
  range.headroom = window.headroom;
}

}  // namespace

void RangeReader::load(Range& range) const {
  if (!range.to_load) return populate(range);
  take_window(range, source_.read_at(range.offset, range.size));
}

void RangeReader::load(SharedReads& reads, Range& range) {
  if (!range.to_load) return populate(range);
  take_window(range, reads.read_at(range.offset, range.size));
}

Framer::Framer(const FramingOptions& options)
    : lines_per_record_(std::max<std::size_t>(options.lines_per_record, 1)),
      max_record_size_(std::max<std::size_t>(options.max_record_size, 1)) {}

std::size_t Framer::range_size(const FramingOptions& options) {
  return std::clamp<std::size_t>(options.chunk_size, 1, std::max<std::size_t>(options.max_record_size, 1) + 1);
}

void Framer::carry(std::shared_ptr<const void> owner, const char* data, std::size_t size, std::uint64_t offset,
                   std::uint64_t lines) {
  carry_copy_.reset();
  carry_owner_ = std::move(owner);
  carry_data_ = data;
  carry_size_ = size;
  carry_offset_ = offset;
  carry_lines_ = lines;
}

void Framer::push(std::shared_ptr<const void> owner, const char* data, std::size_t size, std::uint64_t offset,
                  std::uint64_t first_line, Chunk::End end, std::vector<Chunk>& chunks) {
  Chunk& chunk = chunks.emplace_back();
  chunk.owner = std::move(owner);
  chunk.bytes = std::string_view(data, size);
  chunk.offset = offset;
  chunk.first_line = first_line;
  chunk.end = end;
}

void Framer::add(const Range& range, std::uint64_t newlines, std::vector<Chunk>& chunks) {
  if (state_ != State::kFinished && range.error_number != 0) {
    read_error_ = range.error_number;
    state_ = State::kFinished;
  }
  switch (state_) {
    case State::kFinished: return;
    case State::kBlankRun: return add_to_blank_run(range, chunks);
    case State::kRecords: break;
  }
  const char* const begin = range.data;
  const char* const end = begin + range.size;
  // The carried partial record and this range are one run of memory when
  // they share an owner and meet, or once the record is copied in front.
  bool contiguous = carry_size_ == 0 || (carry_owner_ == range.owner && carry_data_ + carry_size_ == begin);
  if (!contiguous && carry_size_ <= range.headroom) {
    // The headroom is the range's own to write (Window::headroom): its
    // buffer was allocated writable, and only handed out as const.
    char* const front = const_cast<char*>(begin) - carry_size_;
    std::memcpy(front, carry_data_, carry_size_);
    carry(range.owner, front, carry_size_, carry_offset_, carry_lines_);
    contiguous = true;
  }
  const std::uint64_t need = lines_per_record_ - carry_lines_;
  if (newlines < need) return add_to_carry(range, newlines, contiguous, chunks);
  const char* const first_end = after_nth_newline(begin, end, need);
  if (first_end == nullptr) return lose_track();
  if (carry_size_ + distance(begin, first_end) > longest_record()) return too_long(range, begin, chunks);
  // The whole records after the first; the lines after them begin the next.
  const std::uint64_t rest = newlines - need;
  const std::uint64_t tail_lines = rest % lines_per_record_;
  const char* const last_boundary =
      tail_lines == rest ? first_end : after_nth_newline_from_back(first_end, end, tail_lines + 1);
  if (last_boundary == nullptr) return lose_track();
  const bool ends_input = range.at_end && distance(last_boundary, end) < longest_record();
  const char* const chunk_end = ends_input ? end : last_boundary;
  const Chunk::End kind = ends_input ? Chunk::End::kEndOfInput : Chunk::End::kRecords;
  if (contiguous) {
    push(range.owner, begin - carry_size_, carry_size_ + distance(begin, chunk_end), carry_offset_, line_, kind,
         chunks);
  } else {
    // The straddling record alone is copied; the rest stays in the range.
    auto joined = std::make_shared<std::string>(carry_data_, carry_size_);
    joined->append(begin, distance(begin, first_end));
    const char* const data = joined->data();
    const std::size_t size = joined->size();
    const bool joined_ends = chunk_end == first_end;
    push(std::move(joined), data, size, carry_offset_, line_, joined_ends ? kind : Chunk::End::kRecords, chunks);
    if (!joined_ends) {
      push(range.owner, first_end, distance(first_end, chunk_end), range.offset + distance(begin, first_end),
           line_ + lines_per_record_, kind, chunks);
    }
  }
  line_ += carry_lines_ + newlines - tail_lines;
  if (ends_input) {
    carry(nullptr, nullptr, 0, 0, 0);  // lets the range's buffer go with its chunks
    state_ = State::kFinished;
    return;
  }
  const std::size_t tail_size = distance(last_boundary, end);
  const std::uint64_t tail_offset = range.offset + distance(begin, last_boundary);
  if (tail_size <= range.headroom) {
    // The next range, read into a buffer like this one, has room for the
    // tail in front of it: a copy held until then lets this range's buffer
    // go as soon as its chunks are written, rather than after the next read.
    held_tail_.assign(last_boundary, tail_size);
    carry(nullptr, held_tail_.data(), tail_size, tail_offset, tail_lines);
  } else {
    carry(range.owner, last_boundary, tail_size, tail_offset, tail_lines);
  }
  if (carry_size_ >= longest_record()) too_long(range, end, chunks);
}

void Framer::add_to_blank_run(const Range& range, std::vector<Chunk>& chunks) {
  if (!is_blank_text(std::string_view(range.data, range.size))) {
    push(blank_head_, blank_head_->data(), blank_head_->size(), carry_offset_, line_, Chunk::End::kRecordTooLong,
         chunks);
    state_ = State::kFinished;
  } else if (range.at_end) {
    push(blank_head_, blank_head_->data(), blank_head_->size(), carry_offset_, line_, Chunk::End::kEndOfInput, chunks);
    state_ = State::kFinished;
  }
}

void Framer::add_to_carry(const Range& range, std::uint64_t newlines, bool contiguous, std::vector<Chunk>& chunks) {
  const char* const begin = range.data;
  if (carry_size_ + range.size >= longest_record()) return too_long(range, begin, chunks);
  if (contiguous) {
    carry(range.owner, begin - carry_size_, carry_size_ + range.size, carry_offset_, carry_lines_ + newlines);
  } else {
    // A long record over many small ranges of many buffers: gathered in a
    // buffer of our own, appended to (not copied again for each range).
    std::shared_ptr<std::string> gathered = std::move(carry_copy_);
    if (!gathered) gathered = std::make_shared<std::string>(carry_data_, carry_size_);
    gathered->append(begin, range.size);
    const char* const data = gathered->data();
    const std::size_t size = gathered->size();
    carry(gathered, data, size, carry_offset_, carry_lines_ + newlines);
    carry_copy_ = std::move(gathered);
  }
  if (range.at_end) {
    if (carry_size_ > 0) {
      push(carry_owner_, carry_data_, carry_size_, carry_offset_, line_, Chunk::End::kEndOfInput, chunks);
    }
    state_ = State::kFinished;
  }
}

void Framer::lose_track() {
  input_changed_ = true;
  state_ = State::kFinished;
}

void Framer::too_long(const Range& range, const char* rest, std::vector<Chunk>& chunks) {
  // The record at carry_offset_ is the carried bytes followed by
  // [rest, range end): its first max_record_size_ bytes are the last chunk,
  // copied (once in a run) since they may lie in two places.
  const char* const end = range.data + range.size;
  auto head = std::make_shared<std::string>();
  head->reserve(max_record_size_);
  const std::size_t from_carry = std::min(carry_size_, max_record_size_);
  head->append(carry_data_, from_carry);
  const std::size_t from_range = max_record_size_ - from_carry;
  head->append(rest, from_range);
  state_ = State::kFinished;
  const auto hand_out = [&](Chunk::End kind) {
    const char* const data = head->data();
    push(head, data, max_record_size_, carry_offset_, line_, kind, chunks);
  };
  // Blanks and newlines only: the clean end of the input if nothing else
  // follows, however long; held (bounded) while the ranges tell.
  const bool blank = is_blank_text(*head) &&
                     is_blank_text(std::string_view(carry_data_ + from_carry, carry_size_ - from_carry)) &&
                     is_blank_text(std::string_view(rest + from_range, distance(rest + from_range, end)));
  if (!blank) return hand_out(Chunk::End::kRecordTooLong);
  if (range.at_end) return hand_out(Chunk::End::kEndOfInput);
  blank_head_ = std::move(head);
  state_ = State::kBlankRun;
}

}  // namespace poker::io
