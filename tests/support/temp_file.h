// A temporary file for tests that need a real file (to be read with pread(),
// mapped, or redirected to standard input) rather than bytes in memory.
#ifndef POKER_TESTS_SUPPORT_TEMP_FILE_H_
#define POKER_TESTS_SUPPORT_TEMP_FILE_H_

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/types.h>
#include <unistd.h>

#include <string>

namespace poker::testing {

// A file holding `bytes` under /tmp, removed with the object.
class TempFile {
 public:
  explicit TempFile(const std::string& bytes) {
    const int fd = ::mkstemp(path_);
    EXPECT_GE(fd, 0);
    EXPECT_EQ(::write(fd, bytes.data(), bytes.size()), static_cast<ssize_t>(bytes.size()));
    ::close(fd);
  }
  ~TempFile() { ::unlink(path_); }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;

  const char* path() const { return path_; }

 private:
  char path_[32] = "/tmp/poker_test_XXXXXX";
};

}  // namespace poker::testing

#endif  // POKER_TESTS_SUPPORT_TEMP_FILE_H_
