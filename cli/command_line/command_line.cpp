#include "command_line/command_line.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <map>
#include <sstream>
#include <utility>
#include <variant>
#include <vector>

#include "command_line/checker_words.h"
#include "command_line/did_you_mean.h"
#include "command_line/empty_values.h"
#include "command_line/help_format.h"
#include "command_line/operand_words.h"
#include "command_line/value_checks.h"
#include "commands/command_table.h"
#include "commands/dealt_game_command.h"
#include "commands/verify_command.h"
#include "exit_status.h"
#include "messages.h"
#include "poker/escape.h"

namespace poker::cli {
namespace {

// A command of the table, made, and the subcommand it was added as (null
// for the default judge, which is poker's own command).
struct MadeCommand {
  const CommandRow* row;
  std::unique_ptr<Command> command;
  CLI::App* app = nullptr;
  CLI::App* verify_app = nullptr;  // as a format of `poker verify`, if it is one
};

// How a run ends before it starts: a usage error (reported), or --help or
// --version (their text on stdout).
struct ExitNow {
  int status;
  std::string standard_output;
};

ExitNow usage(const Mistake& mistake) {
  return ExitNow{usage_error(mistake.what, mistake.help_of.empty() ? nullptr : mistake.help_of.c_str()), {}};
}

// What every level of the parser shares: an option given again keeps its
// last value, for the parse to call it given twice; a word no option or
// operand takes is left for the parse to name.
void prepare(CLI::App& app) {
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  app.allow_extras();
}

// The levels the parse went through: poker's own command, then each
// subcommand parsed under the one before.
std::vector<const CLI::App*> parsed_levels(const CLI::App& app) {
  std::vector<const CLI::App*> levels{&app};
  for (;;) {
    const std::vector<CLI::App*> parsed = levels.back()->get_subcommands();
    if (parsed.empty()) return levels;
    levels.push_back(parsed.front());
  }
}

// The subcommands parsed, as usage errors name them: "verify euler".
std::string path_of(const std::vector<const CLI::App*>& levels, std::size_t depth) {
  std::string path;
  for (std::size_t i = 1; i <= depth && i < levels.size(); ++i) {
    path += (path.empty() ? "" : " ") + levels[i]->get_name();
  }
  return path;
}

bool is_option_word(const std::string& word) {
  if (word.starts_with("--")) return word.size() > 2;
  return word.size() > 1 && word[0] == '-' && std::isalpha(static_cast<unsigned char>(word[1])) != 0;
}

// "--name=value" and "-xvalue" name "--name" and "-x".
std::string option_name(const std::string& word) {
  return word.starts_with("--") ? word.substr(0, word.find('=')) : word.substr(0, 2);
}

}  // namespace

class CommandLine {
 public:
  CommandLine();
  CommandLine(const CommandLine&) = delete;
  CommandLine& operator=(const CommandLine&) = delete;

  // The command to run, or how the run ends now.
  std::variant<Command*, ExitNow> parse(int argc, char** argv);
  const SharedOptions& shared() const { return shared_; }

 private:
  Binding binding() { return Binding{shared_, checks_}; }
  CLI::App& add_subcommand(CLI::App& parent, const CommandHelp& help, bool verifying);
  void add_verify_formats();

  std::variant<std::monostate, ExitNow> parse_words(int argc, char** argv);
  ExitNow parse_failure(const CLI::ParseError& error, int argc, char** argv);
  std::optional<Mistake> words_left(const std::vector<const CLI::App*>& levels) const;
  std::optional<Mistake> given_twice(const std::vector<const CLI::App*>& levels) const;
  std::optional<Mistake> empty_file_name(const std::vector<const CLI::App*>& levels) const;
  // The command of the deepest level parsed, and its name for usage errors.
  MadeCommand& chosen(const std::vector<const CLI::App*>& levels);
  std::optional<Mistake> check_chosen(MadeCommand& made, const std::vector<const CLI::App*>& levels);

  CLI::App app_;
  SharedOptions shared_;
  ValueChecks checks_;
  std::vector<MadeCommand> commands_;  // the table's rows, in order
  DealtGameCommand* holdem_ = nullptr;
  VerifyCommand* verify_ = nullptr;
  CLI::App* verify_app_ = nullptr;
};

CommandLine::CommandLine() : app_(command_table().front().help.description, "poker") {
  prepare(app_);
  app_.formatter(make_help_formatter(help_width()));
  const CommandHelp& judge = command_table().front().help;
  app_.footer(exit_status_paragraph(judge) +
              "\nThe subcommands judge other formats with the same input, output and error rules; "
              "'poker verify' compares the answers with a candidate's instead of printing them (status 4 when they "
              "differ). 'poker help SUBCOMMAND' shows a subcommand's help, and 'man poker' the manual." +
              "\nExamples:\n  poker " + judge.example + "\n  poker -j 2 examples/sample.txt");
  app_.require_subcommand(0, 1);
  for (const CommandRow& row : command_table()) {
    MadeCommand& made = commands_.emplace_back(MadeCommand{&row, row.make()});
    switch (row.kind) {
      case RowKind::kDefaultJudge:
        holdem_ = static_cast<DealtGameCommand*>(made.command.get());
        holdem_->add_options(app_, binding());
        add_shared_options(app_, binding());
        break;
      case RowKind::kFormat:
        made.app = &add_subcommand(app_, row.help, false);
        add_shared_options(*made.app, binding());
        made.command->add_options(*made.app, binding());
        break;
      case RowKind::kOwnRun:
        made.app = &add_subcommand(app_, row.help, false);
        made.command->add_options(*made.app, binding());
        break;
      case RowKind::kVerify:
        verify_ = static_cast<VerifyCommand*>(made.command.get());
        verify_app_ = made.app = &add_subcommand(app_, row.help, false);
        add_shared_options(*verify_app_, binding());
        verify_->add_options(*verify_app_, binding());
        holdem_->add_options(*verify_app_, binding());
        verify_app_->require_subcommand(0, 1);
        break;
    }
  }
  add_verify_formats();
}

CLI::App& CommandLine::add_subcommand(CLI::App& parent, const CommandHelp& help, bool verifying) {
  CLI::App& sub = *parent.add_subcommand(help.name, help.description);
  prepare(sub);
  sub.group(help.summary);  // the help's list of subcommands shows the group (help_format.cpp)
  const CommandHelp& judge = command_table().front().help;
  const CommandHelp& verify = command_table().back().help;
  std::string footer;
  if (verifying) {
    footer = exit_status_paragraph(verify) + "\nExample:\n  poker verify " + help.name + " " + help.verify_example;
  } else if (&help == &verify) {
    footer = exit_status_paragraph(verify) + "\nExamples:\n  poker verify " + judge.verify_example +
             "\n  poker verify " + command_table()[1].help.name + " " + command_table()[1].help.verify_example;
  } else {
    footer = exit_status_paragraph(help) + "\nExample:\n  poker " + help.name + " " + help.example;
  }
  sub.footer(footer);
  return sub;
}

// The verifiable formats as subcommands of `verify`, each with the shared
// options, its own and verify's, so that all may stand before or after the
// format's name.
void CommandLine::add_verify_formats() {
  for (MadeCommand& made : commands_) {
    if (made.row->kind != RowKind::kFormat || !made.row->verifiable()) continue;
    made.verify_app = &add_subcommand(*verify_app_, made.row->help, true);
    add_shared_options(*made.verify_app, binding());
    made.command->add_options(*made.verify_app, binding());
    verify_->add_options(*made.verify_app, binding());
  }
}

MadeCommand& CommandLine::chosen(const std::vector<const CLI::App*>& levels) {
  const CLI::App* deepest = levels.back();
  for (MadeCommand& made : commands_) {
    if (made.app == deepest || made.verify_app == deepest) return made;
  }
  return commands_.front();  // poker's own: the hold'em judge
}

std::optional<Mistake> CommandLine::words_left(const std::vector<const CLI::App*>& levels) const {
  // An option that the command where it stands does not take.
  for (std::size_t depth = 0; depth < levels.size(); ++depth) {
    for (const std::string& word : levels[depth]->remaining()) {
      if (word == "--") break;
      if (!is_option_word(word)) continue;
      const Vocabulary words(app_);
      return Mistake{unknown_option(words, option_name(word), long_options_of(*levels[depth])), path_of(levels, depth)};
    }
  }
  // An operand too many: the first word that is neither a number nor a file
  // may be a subcommand mistyped (`poker equty AhKh QsQd`).
  for (std::size_t depth = 0; depth < levels.size(); ++depth) {
    const std::vector<std::string> left = levels[depth]->remaining();
    if (left.empty()) continue;
    const Vocabulary words(app_);
    for (const std::string& first : holdem_->first_operands()) {
      if (std::optional<std::string> mistyped = operand_mistake(words, first, "")) return Mistake{*mistyped, ""};
    }
    const std::string& extra = left.front() == "--" && left.size() > 1 ? left[1] : left.front();
    return Mistake{"extra operand '" + escape_bytes(extra) + "'", path_of(levels, levels.size() - 1)};
  }
  return std::nullopt;
}

// An option given twice at one level, or at two (`poker -i a.txt euler -i
// b.txt`): bound to one variable, one would silently win.
std::optional<Mistake> CommandLine::given_twice(const std::vector<const CLI::App*>& levels) const {
  std::map<std::string, std::string> given_before;  // option name -> where
  for (const CLI::App* level : levels) {
    const std::string where = level == &app_ ? "'poker'" : "'" + level->get_name() + "'";
    for (const CLI::Option* option : level->get_options()) {
      if (option->count() == 0) continue;
      const bool takes_values = option->get_expected_max() > 0;
      if (takes_values && option->count() > static_cast<std::size_t>(option->get_items_expected_max())) {
        return Mistake{option->get_name() + " given twice: give it once", path_of(levels, levels.size() - 1)};
      }
      const auto [before, inserted] = given_before.emplace(option->get_name(), where);
      if (!inserted) {
        return Mistake{option->get_name() + " given both to " + before->second + " and to " + where + ": give it once",
                       ""};
      }
    }
  }
  return std::nullopt;
}

// An option's empty file name ("-i ''"): no file has it, and it is no
// standard stream either ('-' is).
std::optional<Mistake> CommandLine::empty_file_name(const std::vector<const CLI::App*>& levels) const {
  for (const char* name : {"--input", "--output", "--answers"}) {
    for (const CLI::App* level : levels) {
      const CLI::Option* option = level->get_option_no_throw(name);
      if (option == nullptr || option->count() == 0 || !option->results().back().empty()) continue;
      return Mistake{std::string(name) + ": the file name is empty ('-' is standard " +
                         (std::string_view(name) == "--output" ? "output" : "input") + ")",
                     path_of(levels, levels.size() - 1)};
    }
  }
  return std::nullopt;
}

std::optional<Mistake> CommandLine::check_chosen(MadeCommand& made, const std::vector<const CLI::App*>& levels) {
  const std::string name = path_of(levels, levels.size() - 1);
  const bool verifying = levels.size() > 1 && levels[1] == verify_app_;
  const bool subcommand = made.row->kind != RowKind::kDefaultJudge && made.row->kind != RowKind::kVerify;
  if (subcommand && holdem_->given()) {
    // A dealt game takes them too, after its name.
    const bool dealt = dynamic_cast<const DealtGameCommand*>(made.command.get()) != nullptr;
    return Mistake{"PLAYERS, FILE, --players and --explain belong to the hold'em judge, not to 'poker " + name +
                       (dealt ? "' (give them after '" + name + "')" : "' (give its input with -i)"),
                   ""};
  }
  const auto* format = dynamic_cast<const FormatCommand*>(made.command.get());
  if (shared_.json && !shared_.verbose && !verifying && format != nullptr && !format->answers_as_json()) {
    return Mistake{"--json writes -v's statistics here (the answers are plain lines): give -v too", name};
  }
  CheckContext context{shared_, Vocabulary(app_), name, verifying};
  if (verifying) {
    verify_->choose(*static_cast<FormatCommand*>(made.row->kind == RowKind::kVerify ? holdem_ : made.command.get()));
    return verify_->check(context);
  }
  return made.command->check(context);
}

ExitNow CommandLine::parse_failure(const CLI::ParseError& error, int argc, char** argv) {
  const std::vector<const CLI::App*> levels = parsed_levels(app_);
  const std::string path = path_of(levels, levels.size() - 1);
  if (checks_.mistake()) return usage(Mistake{*checks_.mistake(), path});
  // With every option's values checked here and every word left for the
  // parse to name (allow_extras), what is left is an option whose values
  // the command line ends before: it is the last word.
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&error) != nullptr && argc > 1) {
    const std::string last = option_name(argv[argc - 1]);
    for (auto level = levels.rbegin(); level != levels.rend(); ++level) {
      if (const CLI::Option* option = (*level)->get_option_no_throw(last)) {
        return usage(Mistake{option->get_name() + " needs a value: " + value_name(*option), path});
      }
    }
  }
  return usage(Mistake{"the command line cannot be read (" + escape_bytes(error.get_name()) + ")", path});
}

// `poker help [SUBCOMMAND...]`, as git and cargo take it: the words after
// `poker` of `poker [SUBCOMMAND...] --help`, or the usage error of a word
// that names no subcommand. Nothing when the first word is not `help`.
std::optional<std::variant<std::vector<std::string>, Mistake>> help_command(const CLI::App& app, int argc,
                                                                            char** argv) {
  if (argc < 2 || std::string_view(argv[1]) != "help") return std::nullopt;
  std::vector<std::string> words;
  const CLI::App* level = &app;
  for (int i = 2; i < argc; ++i) {
    const std::string word = argv[i];
    const CLI::App* sub = nullptr;
    for (const CLI::App* candidate : level->get_subcommands([](const CLI::App*) { return true; })) {
      if (candidate->get_name() == word) sub = candidate;
    }
    if (sub == nullptr) {
      const std::optional<std::string> meant = closest_word(word, Vocabulary(app).commands());
      return Mistake{
          "help: unknown subcommand '" + escape_bytes(word) + "'" + (meant ? "; did you mean '" + *meant + "'?" : ""),
          ""};
    }
    level = sub;
    words.push_back(word);
  }
  words.push_back("--help");
  return words;
}

std::variant<std::monostate, ExitNow> CommandLine::parse_words(int argc, char** argv) {
  try {
    if (const auto help = help_command(app_, argc, argv)) {
      if (const Mistake* mistake = std::get_if<Mistake>(&*help)) return usage(*mistake);
      std::vector<std::string> words = std::get<std::vector<std::string>>(*help);
      std::reverse(words.begin(), words.end());  // CLI11 takes the words last first
      app_.parse(words);
    } else {
      app_.parse(argc, argv);
    }
  } catch (const CLI::Success& success) {  // --help, --version
    std::ostringstream text;
    const int status = app_.exit(success, text);
    return ExitNow{status, text.str()};
  } catch (const CLI::ParseError& error) {
    return parse_failure(error, argc, argv);
  }
  return std::monostate{};
}

std::variant<Command*, ExitNow> CommandLine::parse(int argc, char** argv) {
  if (auto ended = parse_words(argc, argv); std::holds_alternative<ExitNow>(ended)) {
    return std::get<ExitNow>(std::move(ended));
  }
  const std::vector<const CLI::App*> levels = parsed_levels(app_);
  for (const auto& check : {&CommandLine::words_left, &CommandLine::given_twice, &CommandLine::empty_file_name}) {
    if (const std::optional<Mistake> mistake = (this->*check)(levels)) return usage(*mistake);
  }
  MadeCommand& made = chosen(levels);
  if (const std::optional<Mistake> mistake = check_chosen(made, levels)) return usage(*mistake);
  const bool verifying = levels.size() > 1 && levels[1] == verify_app_;
  return verifying ? static_cast<Command*>(verify_) : made.command.get();
}

ParsedCommandLine::ParsedCommandLine(std::unique_ptr<CommandLine> line, Command& command)
    : line_(std::move(line)), command_(&command) {}
ParsedCommandLine::ParsedCommandLine(int status, std::string text)
    : exit_status_(status), standard_output_(std::move(text)) {}
ParsedCommandLine::ParsedCommandLine(ParsedCommandLine&&) noexcept = default;
ParsedCommandLine& ParsedCommandLine::operator=(ParsedCommandLine&&) noexcept = default;
ParsedCommandLine::~ParsedCommandLine() = default;

RunPlan ParsedCommandLine::plan() const { return command_->plan(line_->shared()); }

ParsedCommandLine parse_command_line(int given_argc, char** given_argv) {
  // A judge system's words, in poker's terms: then one parse.
  std::vector<std::string> words = with_empty_values_split(checker_words_in_poker_terms(
      std::vector<std::string>(given_argv + std::min(given_argc, 1), given_argv + given_argc)));
  std::vector<char*> arguments{given_argc > 0 ? given_argv[0] : nullptr};
  for (std::string& word : words) arguments.push_back(word.data());
  arguments.push_back(nullptr);
  const int argc = static_cast<int>(arguments.size()) - 1;
  char** argv = arguments.data();
  auto line = std::make_unique<CommandLine>();
  auto parsed = line->parse(argc, argv);
  if (Command** command = std::get_if<Command*>(&parsed)) return ParsedCommandLine(std::move(line), **command);
  ExitNow& ended = std::get<ExitNow>(parsed);
  // testlib's checker failure is its usage error's status.
  if (ended.status == kExitUsage) ended.status = usage_status(argc, argv);
  return ParsedCommandLine(ended.status, std::move(ended.standard_output));
}

}  // namespace poker::cli
