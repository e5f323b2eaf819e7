// A chunk: a run of whole records of the input, the unit of parallel work.
//
// Thread safety: a Chunk is a value; its bytes are immutable and stay valid
// while a copy of `owner` lives, on any thread. Copies share the bytes.
#ifndef POKER_IO_CHUNK_H_
#define POKER_IO_CHUNK_H_

#include <cstdint>
#include <memory>
#include <string_view>

namespace poker::io {

struct Chunk {
  enum class End : std::uint8_t {
    kRecords,        // `bytes` ends exactly after a record's last newline
    kEndOfInput,     // the last chunk: `bytes` runs to the end of the input,
                     // which may stop inside a record (or after blanks only)
    kRecordTooLong,  // the last chunk: `bytes` stops inside a record that grew
                     // past the length limit; what follows was not read
  };

  std::shared_ptr<const void> owner;  // keeps `bytes` alive (mapping or buffer)
  std::string_view bytes;
  std::uint64_t offset = 0;      // input offset of bytes[0]
  std::uint64_t first_line = 1;  // 1-based line number of bytes[0]
  End end = End::kRecords;
};

}  // namespace poker::io

#endif  // POKER_IO_CHUNK_H_
