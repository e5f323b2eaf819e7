// problemtools wants an accepted submission: this one runs poker, so that
// `verifyproblem` can judge the package on a host with poker installed. A
// real problem has its author's solution here (a judge's sandbox has no
// poker). For another format or player count: execlp("poker", "poker", "3",
// nullptr), or "euler".
#include <unistd.h>

int main() {
  execlp("poker", "poker", static_cast<char*>(nullptr));
  return 1;
}
