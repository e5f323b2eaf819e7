#include "commands/euler_command.h"

#include <CLI/CLI.hpp>

#include "poker/euler_format.h"

namespace poker::cli {

void EulerCommand::add_options(CLI::App& app, Binding) {
  app.add_flag("--summary", summary_,
               "Print only the counts at the end: \"Player 1: N\", \"Player 2: N\", \"Draw: N\"");
  file_.add(app);
}

std::unique_ptr<Format> EulerCommand::make_format(const std::atomic<bool>&) const {
  return make_euler_format(EulerOptions{summary_});
}

}  // namespace poker::cli
