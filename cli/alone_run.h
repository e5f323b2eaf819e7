// What a command's run of its own (CommandRow::run_alone) ends in.
#ifndef POKER_CLI_ALONE_RUN_H_
#define POKER_CLI_ALONE_RUN_H_

#include <optional>

namespace poker::cli {

// Either the command is done, with its exit status (`poker range`,
// `poker generate`, `poker equity` with hands on the command line), or it
// did nothing and the pipeline is to judge the input (`poker equity` with a
// query file).
class AloneRun {
 public:
  static AloneRun exited(int status) { return AloneRun(status); }
  static AloneRun judge_input() { return AloneRun(std::nullopt); }

  bool done() const { return status_.has_value(); }
  // REQUIRES: done().
  int exit_status() const { return *status_; }

 private:
  explicit AloneRun(std::optional<int> status) : status_(status) {}
  std::optional<int> status_;  // none: the pipeline judges the input
};

}  // namespace poker::cli

#endif  // POKER_CLI_ALONE_RUN_H_
