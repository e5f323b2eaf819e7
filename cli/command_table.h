// The one table of what `poker` can do: the default hold'em judge and every
// subcommand. Each row says how the command line offers it (its name, help
// text, options, examples; whether `poker verify` takes it) and how it runs
// (the engine format it builds, or a run of its own). options.cpp builds the
// subcommands and verify's format subcommands from it, main.cpp the format
// and -v's name; the help lists the rows, and the bash, zsh and fish
// completions, the man page and the test of the fuzz targets read the help
// or the table (tests/install/command_table_test.sh, through the rows that
// tests/install/command_table_rows.cpp prints), so a new format is one
// engine file and one row here.
//
// A command that is not a format (`poker generate`, `poker range`) is a row with
// no make_format and a run_alone that is always done.
#ifndef POKER_CLI_COMMAND_TABLE_H_
#define POKER_CLI_COMMAND_TABLE_H_

#include <atomic>
#include <memory>
#include <span>
#include <string>

#include "alone_run.h"
#include "options.h"
#include "poker/format.h"
#include "stop_signals.h"

namespace CLI {
class App;
}

namespace poker::cli {

struct CommandRow {
  Command command;
  // The subcommand's name; for the default judge (not a subcommand) the
  // name of its fuzz targets and corpus.
  const char* name;
  bool is_subcommand;
  bool verifiable;             // `poker verify NAME` judges and compares its answers
  const char* summary;         // one line in the help's list of subcommands and in completions
  const char* description;     // the help's paragraph, unwrapped
  const char* example;         // the arguments after `poker NAME `
  const char* verify_example;  // the arguments after `poker verify NAME `, or null
  // Adds the command's own options (beyond the shared ones); null: none.
  void (*add_options)(CLI::App& app, Options& options);
  // The engine format that judges the input; null: the command is no format.
  std::unique_ptr<Format> (*make_format)(const Options& options, const std::atomic<bool>& stop);
  // What -v says the run judges.
  std::string (*describe)(const Options& options);
  // A run without the pipeline (equity's query on the command line); null,
  // or a run that is not done(): the pipeline judges the input.
  AloneRun (*run_alone)(const Options& options, const StopSignals& signals);
  // The help's "Exit status:" paragraph: the statuses this command can
  // return, and no other (the man page gathers them all).
  const char* exit_statuses;
};

// The help of `poker verify`, which is no row: it takes the verifiable rows
// as its formats, and its statuses are its own.
struct VerifyHelp {
  const char* summary;
  const char* description;
  const char* exit_statuses;
};
const VerifyHelp& verify_help();

// Every row, the default judge first.
std::span<const CommandRow> command_table();

// The row of `command`.
const CommandRow& command_row(Command command);

}  // namespace poker::cli

#endif  // POKER_CLI_COMMAND_TABLE_H_
