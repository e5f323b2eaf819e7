#include "commands/range_command.h"

#include <unistd.h>
#include <CLI/CLI.hpp>

#include <cstdlib>
#include <memory>
#include <string_view>
#include <variant>

#include "command_line/operand_words.h"
#include "command_line/value_checks.h"
#include "commands/equity_command.h"
#include "commands/shared_options.h"
#include "exit_status.h"
#include "messages.h"
#include "output_file.h"
#include "poker/escape.h"
#include "poker/range_grid.h"
#include "run/run_plan.h"

namespace poker::cli {

void RangeCommand::add_options(CLI::App& app, Binding binding) {
  app.add_option("RANGE", words_, "The range, like QQ+,AKs,T9s-65s or 10%; several words are joined by commas")
      ->type_name("RANGE");
  add_percent_order_option(app, binding, order_);
  ValueChecks& checks = binding.checks;
  app.add_option_function<std::string>(
         "--color",
         [this, &checks](const std::string& value) {
           if (value == "always") {
             color_ = Color::kAlways;
           } else if (value == "never") {
             color_ = Color::kNever;
           } else if (value == "auto") {
             color_ = Color::kAuto;
           } else {
             checks.fail("--color: expected always, never or auto, not " + quote_token(value));
           }
         },
         "Color the grid, one of: always (for less -R), never, or auto (the default: on a terminal, unless NO_COLOR "
         "is set)")
      ->type_name("WHEN");
  add_version_flag(app);
}

std::optional<Mistake> RangeCommand::check(CheckContext& context) {
  if (const std::optional<std::string> problem = judge_options_given(context.shared, "range")) {
    return Mistake{*problem, "range"};
  }
  if (words_.empty()) return Mistake{"missing RANGE", "range"};
  return std::nullopt;
}

RunPlan RangeCommand::plan(const SharedOptions& shared) const {
  return own_run(shared, [this](const StopSignals& signals) { return show(signals); });
}

std::string join_range_words(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& word : rejoin_bracket_words(words)) {
    if (!text.empty() && !text.ends_with(',') && !word.starts_with(',')) text += ',';
    text += word;
  }
  return text;
}

bool color_on_stdout() {
  const char* no_color = std::getenv("NO_COLOR");
  const char* term = std::getenv("TERM");
  return ::isatty(STDOUT_FILENO) == 1 && (no_color == nullptr || *no_color == '\0') &&
         !(term != nullptr && std::string_view(term) == "dumb");
}

int RangeCommand::show(const StopSignals& signals) const {
  const auto parsed = parse_range(join_range_words(words_), order_);
  if (const auto* error = std::get_if<RangeError>(&parsed)) {
    return usage_error(error->message, "range");
  }
  const bool color = color_ == Color::kAuto ? color_on_stdout() : color_ == Color::kAlways;
  int status = kExitOk;
  const std::unique_ptr<io::OutputSink> out = open_output_or_report("-", signals, status);
  if (!out) return status;
  return write_and_finish(*out, range_grid(std::get<Range>(parsed), color), signals);
}

}  // namespace poker::cli
