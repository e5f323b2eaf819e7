// A status line on stderr, rewritten in place and erased before anything
// else is written: the rendering that progress displays share (the judge's,
// progress.h, and a long equity computation's, equity_progress.h).
//
// It shows only where it cannot mix with other output: stderr is a terminal,
// and the answers do not go to that same terminal (they would land in the
// middle of the line): StatusLine::allowed(). Lines are cut to the
// terminal's width, so that "\r" always returns to their start.
//
// Thread safety: one thread at a time per StatusLine.
#ifndef POKER_CLI_STATUS_LINE_H_
#define POKER_CLI_STATUS_LINE_H_

#include <chrono>
#include <string_view>

namespace poker::cli {

// The pace of the progress lines (progress.h, equity_progress.h): none
// before kFirstUpdate, so that a short run or computation shows no flicker,
// then a new one every kUpdateInterval.
inline constexpr std::chrono::milliseconds kFirstUpdate{1000};
inline constexpr std::chrono::milliseconds kUpdateInterval{250};

// What the standard streams are, as far as a status line cares.
struct Terminals {
  bool stdin_is_terminal = false;
  bool stderr_is_terminal = false;
  bool stdout_is_stderr_terminal = false;  // stdout is the terminal stderr is, or /dev/tty
};
Terminals current_terminals();

class StatusLine {
 public:
  // Shown where `allowed`: allowed() or a caller's rule that includes it.
  explicit StatusLine(bool allowed);
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

  // The terminal rule: stderr is a terminal, and the answers do not go to
  // it (`answers_on_stdout`: no -o FILE, and stdout is stderr's terminal).
  static bool allowed(const Terminals& terminals, bool answers_on_stdout);

 private:
  const bool enabled_;
  bool shown_ = false;
};

}  // namespace poker::cli

#endif  // POKER_CLI_STATUS_LINE_H_
