#include "standard_descriptors.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>

namespace poker::cli {
namespace {

// Whether `fd` was closed; if so, /dev/null is opened in its place (the
// lowest free number is `fd`, since the lower ones are open by then).
bool fill_if_closed(int fd) {
  if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) return false;
  const int opened = ::open("/dev/null", O_RDWR);
  // Without /dev/null, nothing can be trusted to land where it should.
  if (opened != fd) std::_Exit(3);
  return true;
}

}  // namespace

ClosedStandardDescriptors fill_closed_standard_descriptors() {
  ClosedStandardDescriptors closed;
  closed.in = fill_if_closed(STDIN_FILENO);
  closed.out = fill_if_closed(STDOUT_FILENO);
  closed.err = fill_if_closed(STDERR_FILENO);
  return closed;
}

}  // namespace poker::cli
