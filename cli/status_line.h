// A status line on stderr, rewritten in place and erased before anything
// else is written: the rendering that progress displays share (a long equity
// computation's here; the judge's progress may use it too).
//
// It shows only where it cannot mix with other output: stderr is a terminal
// and stdout is not that same terminal (answers written there would land in
// the middle of the line). Lines are cut to the terminal's width, so that
// "\r" always returns to their start.
//
// Thread safety: one thread at a time per StatusLine.
#ifndef POKER_CLI_STATUS_LINE_H_
#define POKER_CLI_STATUS_LINE_H_

#include <string_view>

namespace poker::cli {

class StatusLine {
 public:
  StatusLine();
  ~StatusLine();  // erases the line if one is shown

  StatusLine(const StatusLine&) = delete;
  StatusLine& operator=(const StatusLine&) = delete;

  // Whether show() writes anything (decided once, at construction).
  bool enabled() const { return enabled_; }

  // Replaces the line with `text` (one line, no '\n').
  void show(std::string_view text);

  // Erases the line, if shown; call it before writing anything else to the
  // terminal.
  void erase();

  // The terminal rule on its own: stderr is a terminal, and stdout is not
  // the same terminal.
  static bool stderr_is_a_terminal_of_its_own();

 private:
  const bool enabled_;
  bool shown_ = false;
};

}  // namespace poker::cli

#endif  // POKER_CLI_STATUS_LINE_H_
