// The one-line messages of the command line: `poker: WHAT` on stderr, with
// file names escaped and every failure after a stop signal reported as the
// interruption it is. Shared by every subcommand, so that one mistake has
// one wording.
#ifndef POKER_CLI_MESSAGES_H_
#define POKER_CLI_MESSAGES_H_

#include <string>

#include "poker/io/io_error.h"
#include "stop_signals.h"

namespace poker::cli {

// True for the names of the standard streams: "" and "-".
bool is_standard(const std::string& path);

// A file name as messages print it: escaped, so that a newline in it cannot
// split the one-line message, nor its bytes drive the terminal; `standard`
// (e.g. "<stdout>") for the standard stream.
std::string display_name(const std::string& path, const char* standard);

// Prints `poker: what` on stderr.
void report(const std::string& what);

// How report() lines are told: a checker protocol words a judge error its
// own way (`prefix`: testlib's "FAIL " instead of "poker: ") and keeps the
// lines for its judge (`copy`, unless null: Kattis's judgemessage.txt).
// REQUIRES: called by the thread that reports (main()'s: the run reports
// nothing from other threads), `copy` alive until routed elsewhere.
void route_reports(const char* prefix, std::string* copy);

// The line of an I/O failure, the one wording of each: `NAME: cannot open:
// WHY`, `NAME: cannot open for writing: WHY`, `NAME: read error: WHY`,
// `NAME: write error: WHY`; NAME is the file's display_name(), <stdin> or
// <stdout> for the standard streams.
std::string io_error_line(const io::IoError& error);

// Prints an I/O failure's line as report() does.
void report(const io::IoError& error);

// A usage error: `poker: [COMMAND: ]what` and the line that points at the
// help (`poker [COMMAND ]--help`) on stderr; returns the usage status, 2.
// `command` is the subcommand whose help says more, or null for poker's.
int usage_error(const std::string& what, const char* command = nullptr);

// The one line of a failure, and the status to return. After a stop signal
// every failure is its consequence (an open or a read it cut short), and the
// line says `interrupted by SIGxxx` instead; main() then re-raises the signal.
int fail(const StopSignals& signals, const std::string& message, int status);

// fail() for an I/O failure: its line, and the I/O status, 3.
int fail(const StopSignals& signals, const io::IoError& error);

}  // namespace poker::cli

#endif  // POKER_CLI_MESSAGES_H_
