#include "options.h"

#include <unistd.h>
#include <CLI/CLI.hpp>

#include <algorithm>

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "checker_protocol.h"
#include "command_table.h"
#include "did_you_mean.h"
#include "equity_command.h"
#include "exit_status.h"
#include "help_format.h"
#include "messages.h"
#include "option_checks.h"
#include "poker/equity.h"
#include "poker/equity_format.h"
#include "poker/escape.h"
#include "poker/holdem_format.h"
#include "poker/number_text.h"
#include "version_text.h"

namespace poker::cli {
namespace {

// A Gradescope score: a decimal (poker/number_text.h) from 0.0001, the
// results' unit, to a million.
CLI::Validator points_value() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        const std::optional<double> value = parse_decimal(text);
        if (!value || *value < 1e-4 || *value > 1e6) {
          return "expected points from 0.0001 to 1000000, found '" + escape_bytes(text) + "'";
        }
        return {};
      },
      "POINTS");
}

// A size in bytes: a whole number, then optionally K, M or G (powers of
// 1024; also KB, KiB and the like, in any case).
CLI::Validator byte_size(std::uint64_t min, std::uint64_t max) {
  return CLI::Validator(
      [min, max](std::string& text) -> std::string {
        const std::size_t digits = text.find_first_not_of("0123456789");
        const std::optional<std::uint64_t> number = parse_whole_number(std::string_view(text).substr(0, digits));
        std::string unit = digits == std::string::npos ? "" : text.substr(digits);
        for (char& c : unit) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        constexpr std::pair<std::string_view, int> kUnits[] = {{"", 0},     {"b", 0},   {"k", 10},  {"kb", 10},
                                                               {"kib", 10}, {"m", 20},  {"mb", 20}, {"mib", 20},
                                                               {"g", 30},   {"gb", 30}, {"gib", 30}};
        int shift = -1;
        for (const auto& [name, bits] : kUnits) {
          if (unit == name) shift = bits;
        }
        if (!number || shift < 0 || *number > (max >> shift) || (*number << shift) < min) {
          return "expected a size in bytes from " + std::to_string(min) + " to " + std::to_string(max) +
                 ", like 64K or 1M, found '" + escape_bytes(text) + "'";
        }
        text = std::to_string(*number << shift);
        return {};
      },
      "SIZE");
}

// The options every format shares. They are added to the main command and
// to each subcommand, bound to the same variables, so that they may stand
// before or after a subcommand's name (`poker -j 2 euler` = `poker euler -j 2`).
void add_shared_options(CLI::App& app, Options& options) {
  app.add_option("-i,--input", options.input, "Input file ('-': standard input, the default)")->type_name("FILE");
  app.add_option("-o,--output", options.output, "Output file ('-': standard output, the default)")->type_name("FILE");
  app.add_option("-j,--threads", options.threads, "Worker threads, 1 to 4096 (default: all hardware threads)")
      ->type_name("N")
      ->transform(whole_number(1, 4096));
  app.add_option("--chunk-size", options.chunk_size,
                 "Bytes of input per unit of parallel work, 1 to 1G, like 64K or 1M (default 256K)")
      ->type_name("SIZE")
      ->transform(byte_size(1, std::uint64_t{1} << 30));
  app.add_flag("-q,--quiet", options.quiet, "Never show a progress line; verify: print nothing, only set the status");
  app.add_flag("-v,--verbose", options.verbose,
               "Print diagnostics on stderr: threads, chunk size, how the input is read, bytes, instances, time, rate");
  // One flag and its negation, so that the last one given wins (as ripgrep's
  // do: an alias's --mmap is overridden by a --no-mmap after it).
  app.add_flag("--mmap,!--no-mmap", options.mmap,
               "Read a regular input file through a memory map (a map that cannot be made falls back to reads); "
               "--no-mmap: with pread(), the default. The last one given wins");
  app.set_version_flag("--version", std::function<std::string()>(version_text));
  app.add_flag("--json", options.json,
               "Write verify's report, -v's statistics and equity's answers as JSON objects (docs/guide.md and "
               "docs/grading.md: the schemas)");
}

// The options of `poker verify`, on `verify` and on its format subcommands
// alike, so that they too may stand before or after a format's name.
void add_verify_options(CLI::App& app, Options& options) {
  app.add_option("--answers", options.verify.answers,
                 "The candidate's answers to compare with the expected ones ('-': standard input)")
      ->type_name("FILE");
  app.add_flag("--all", options.verify.compare.all,
               "Do not stop at the first mismatch: count the instances answered right, wrong and missing, "
               "and the extra lines, then print a summary");
  app.add_flag("--strip-trailing-cr", options.verify.compare.strip_trailing_cr,
               "Accept CRLF line ends in the candidate");
  app.add_flag("--ignore-trailing-space", options.verify.compare.ignore_trailing_space,
               "Do not compare blanks at the end of the candidate's lines, nor a missing final newline");
  GradescopeSettings& gradescope = options.verify.gradescope;
  app.add_option("--gradescope", gradescope.dir,
                 "Also write DIR/results.json, a Gradescope autograder's results (implies --all; status 0 once "
                 "written, whatever the score; docs/grading.md)")
      ->type_name("DIR");
  app.add_option("--tests-of", gradescope.tests_of,
                 "--gradescope: one test per N instances, 1 to 1T (default: one test for the whole file)")
      ->type_name("N")
      ->transform(whole_number(1, 1000000000000));
  app.add_flag("--partial-credit", gradescope.partial_credit,
               "--gradescope: a test scores its share of right answers (default: all or nothing)");
  app.add_option("--max-score", gradescope.max_score,
                 "--gradescope: the total points, 0.0001 to 1000000, split among the tests by their instances "
                 "(default 100)")
      ->type_name("POINTS")
      ->transform(points_value());
  add_checker_protocol_options(app, options.verify);
}

// The hold'em judge's operands and options, on the main command and on
// `verify`. The operands are read after parsing (read_operands): a number
// is PLAYERS, anything else the input FILE, as coreutils read theirs.
struct HoldemArguments {
  CLI::Option* first = nullptr;
  CLI::Option* second = nullptr;
  CLI::Option* players = nullptr;
  CLI::Option* explain = nullptr;
  std::size_t count() const { return first->count() + second->count() + players->count() + explain->count(); }
};

struct Operands {
  std::optional<std::string> first, second;
};

HoldemArguments add_holdem_arguments(CLI::App& app, Options& options, Operands& operands,
                                     std::optional<int>& option_players) {
  HoldemArguments added;
  added.first = app.add_option("PLAYERS", operands.first,
                               "Players per instance, " + std::to_string(kMinHoldemPlayers) + " to " +
                                   std::to_string(kMaxHoldemPlayers) + " (default 2)");
  added.second = app.add_option("FILE", operands.second, "Input file, like -i ('-': standard input)");
  added.players = app.add_option("-p,--players", option_players, "Players per instance, like PLAYERS")
                      ->type_name("N")
                      ->transform(whole_number(kMinHoldemPlayers, kMaxHoldemPlayers));
  added.explain = app.add_flag("-e,--explain", options.explain,
                               "Before each answer, print each player's hand category and best five cards");
  return added;
}

// The rows' subcommands under `parent` (the main command, or `verify` with
// those it takes); the one parsed is found by name.
void add_row_commands(CLI::App& parent, Options& options, std::optional<std::string>& file, bool verifying) {
  for (const CommandRow& row : command_table()) {
    if (!row.is_subcommand || (verifying && !row.verifiable)) continue;
    CLI::App* sub = parent.add_subcommand(row.name, row.description);
    sub->group(row.summary);  // the help's list of subcommands shows the group (help_format.cpp)
    const std::string example = verifying ? std::string("poker verify ") + row.name + " " + row.verify_example
                                          : std::string("poker ") + row.name + " " + row.example;
    const char* exit_statuses = verifying ? verify_help().exit_statuses : row.exit_statuses;
    sub->footer(exit_statuses + std::string("\nExample:\n  ") + example);
    if (row.make_format != nullptr) {
      add_shared_options(*sub, options);
    } else {  // a command of its own has its own options; --version stands after any subcommand
      sub->set_version_flag("--version", std::function<std::string()>(version_text));
    }
    if (row.add_options != nullptr) row.add_options(*sub, options);
    // A format without operands of its own takes its input file as one.
    if (row.make_format != nullptr &&
        sub->get_options([](const CLI::Option* option) { return option->get_positional(); }).empty()) {
      sub->add_option("FILE", file, "Input file, like -i ('-': standard input)");
    }
    if (verifying) add_verify_options(*sub, options);
  }
}

// The row of the subcommand parsed under `parent`, or null.
const CommandRow* parsed_row(const CLI::App& parent) {
  for (const CLI::App* sub : parent.get_subcommands()) {
    for (const CommandRow& row : command_table()) {
      if (row.is_subcommand && sub->get_name() == row.name) return &row;
    }
  }
  return nullptr;
}

// What `poker equity` cannot take together, or nothing.
std::optional<std::string> equity_conflict(const Options& options) {
  const EquityOptions& equity = options.equity;
  if (equity.hands.size() == 1) {
    return "'" + escape_bytes(equity.hands.front()) +
           "' is no file, and one hand is no query: give 2 to 10 hands or ranges, or one operand, the query file";
  }
  if (!equity.hands.empty() && options.input != "-") return "hands on the command line and -i do not go together";
  if (!equity.hands.empty() && options.verify.on)
    return "hands on the command line and 'poker verify' do not go together";
  if (equity.hands.empty()) return check_equity_defaults(equity);  // a query file's defaults
  return std::nullopt;  // the query reports its own cards' errors, hand by hand
}

// An option given at two levels (`poker -i a.txt euler -i b.txt`): both are
// bound to one variable, so one would silently win; as at one level, giving
// it twice is an error. The levels are the main command and the parsed
// subcommands under it.
std::optional<std::string> option_given_twice(const CLI::App& app) {
  std::map<std::string, std::string> given_before;  // option name -> where
  for (const CLI::App* level = &app; level != nullptr;) {
    const std::string where = level == &app ? "'poker'" : "'" + level->get_name() + "'";
    for (const CLI::Option* option : level->get_options()) {
      if (option->count() == 0) continue;
      const auto [before, inserted] = given_before.emplace(option->get_name(), where);
      if (!inserted)
        return option->get_name() + " given both to " + before->second + " and to " + where + ": give it once";
    }
    const std::vector<CLI::App*> parsed = level->get_subcommands();
    level = parsed.empty() ? nullptr : parsed.front();
  }
  return std::nullopt;
}

// Every long option and subcommand name anywhere under `app`.
void collect_words(const CLI::App& app, std::vector<std::string>& options, std::vector<std::string>& commands) {
  for (const CLI::Option* option : app.get_options()) {
    for (const std::string& name : option->get_lnames()) options.push_back("--" + name);
  }
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    commands.push_back(sub->get_name());
    collect_words(*sub, options, commands);
  }
}

// The subcommand named `word` directly under `level`, or null.
const CLI::App* subcommand_named(const CLI::App& level, std::string_view word) {
  for (const CLI::App* sub : level.get_subcommands([](const CLI::App*) { return true; })) {
    if (sub->get_name() == word) return sub;
  }
  return nullptr;
}

// A usage error's text, and the subcommand whose help says more.
struct Mistake {
  std::string what;
  std::string command;  // "range", "verify euler"; empty: poker's own
};

// The command line as the parser would read it, word by word: the
// subcommands named ("verify euler": whose help says more of a mistake), and
// the first option that the command where it stands does not take. A long
// option that no command takes is a mistyped one ("did you mean …?" among
// all long options); any other is named with the subcommand where it stands
// (`poker: range: unknown option '-o'`), with the closest of that
// subcommand's own long options when one is close.
struct CommandLineWalk {
  std::string path;
  std::optional<Mistake> unknown_option;
};

CommandLineWalk walk_command_line(const CLI::App& app, int argc, char** argv) {
  std::vector<std::string> options, commands;
  collect_words(app, options, commands);
  std::sort(options.begin(), options.end());
  options.erase(std::unique(options.begin(), options.end()), options.end());
  const CLI::App* level = &app;
  CommandLineWalk walk;
  for (int i = 1; i < argc; ++i) {
    const std::string_view word = argv[i];
    if (word == "--") break;
    if (const CLI::App* sub = subcommand_named(*level, word)) {
      level = sub;
      walk.path += (walk.path.empty() ? "" : " ") + std::string(word);
      continue;
    }
    // "--name", "--name=value", "-x", "-xvalue"; "-5%" and "-" are operands.
    const bool is_long = word.starts_with("--");
    const bool is_short =
        !is_long && word.size() > 1 && word[0] == '-' && std::isalpha(static_cast<unsigned char>(word[1])) != 0;
    if (!is_long && !is_short) continue;
    const std::string name(is_long ? word.substr(0, word.find('=')) : word.substr(0, 2));
    if (const CLI::Option* option = level->get_option_no_throw(name)) {
      // Its values are the next words but one attached ("--name=v", "-xv").
      const bool attached = is_long ? word.find('=') != std::string_view::npos : word.size() > 2;
      if (option->get_expected_min() > 0) i += option->get_expected_min() - (attached ? 1 : 0);
      continue;
    }
    if (walk.unknown_option) continue;
    const std::string quoted = "'" + escape_bytes(name) + "'";
    if (is_long && std::find(options.begin(), options.end(), name) == options.end()) {
      const std::optional<std::string> meant = closest_word(name, options);
      walk.unknown_option = Mistake{"unknown option " + quoted + (meant ? "; did you mean '" + *meant + "'?" : ""), ""};
      continue;
    }
    std::vector<std::string> own;
    for (const CLI::Option* option : level->get_options()) {
      for (const std::string& long_name : option->get_lnames()) own.push_back("--" + long_name);
    }
    const std::optional<std::string> meant = is_long ? closest_word(name, own) : std::nullopt;
    walk.unknown_option = Mistake{"unknown option " + quoted + (meant ? "; did you mean '" + *meant + "'?" : ""), ""};
  }
  // A mistake is explained by the help of the command where it stands.
  if (walk.unknown_option) walk.unknown_option->command = walk.path;
  return walk;
}

// The text after "PREFIX" in `message`, when it starts so.
std::optional<std::string> after_prefix(const std::string& message, std::string_view prefix) {
  if (!message.starts_with(prefix)) return std::nullopt;
  return message.substr(prefix.size());
}

// The option library's message for a mistake, in the command line's own
// words: `poker -i a -i b`, `-n x`, `range a b`, `--exact --mc 1M`.
std::string plain_words(const CLI::ParseError& error) {
  const std::string message = error.what();
  const std::string kind = error.get_name();
  const std::size_t colon = message.find(": ");
  const std::string name = message.substr(0, colon);
  if (kind == "ArgumentMismatch" && colon != std::string::npos) {
    const std::string rest = message.substr(colon + 2);
    if (rest.starts_with("At Most")) return name + " given twice: give it once";
    if (rest.ends_with(" missing")) {  // "1 required FILE missing"
      const std::string needed = rest.substr(0, rest.size() - std::string_view(" missing").size());
      return name + " needs a value: " + needed.substr(needed.rfind(' ') + 1);
    }
  }
  if (const std::optional<std::string> rest = after_prefix(message, "Could not convert: ")) {
    const std::size_t equals = rest->find(" = ");
    if (equals != std::string::npos) {
      return rest->substr(0, equals) + ": expected a number, found '" + escape_bytes(rest->substr(equals + 3)) + "'";
    }
  }
  // "The following argument(s) was/were not expected: W ...", the extra
  // words last first (CLI11 names the error after the subcommand).
  const std::size_t extras = message.find(" not expected: ");
  if (message.starts_with("The following argument") && extras != std::string::npos) {
    const std::string words = message.substr(extras + 15);
    return "extra operand '" + escape_bytes(words.substr(words.rfind(' ') + 1)) + "'";
  }
  if (kind == "RequiredError") {
    if (message.ends_with(" is required")) return "missing " + message.substr(0, message.size() - 12);
  }
  if (kind == "ExcludesError") {
    const std::size_t excludes = message.find(" excludes ");
    if (excludes != std::string::npos) {
      return message.substr(0, excludes) + " and " + message.substr(excludes + 10) + " do not go together";
    }
  }
  return message;
}

bool is_existing_file(const std::string& word) { return word == "-" || ::access(word.c_str(), F_OK) == 0; }

// `word` without the blanks around it.
std::string_view trim_blanks(std::string_view word) {
  const std::size_t first = word.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  return word.substr(first, word.find_last_not_of(" \t") - first + 1);
}

// A word meant as a number ("0x8", "-3", "2x"), not as a file name. Blanks
// around it change nothing ("8 ", " 8"): a number's text has none, so such
// a word is never PLAYERS, but it is no file name either unless that file
// exists.
bool looks_like_number(std::string_view word) {
  word = trim_blanks(word);
  if (!word.empty() && (word[0] == '+' || word[0] == '-')) word.remove_prefix(1);
  return !word.empty() && std::isdigit(static_cast<unsigned char>(word[0])) != 0;
}

// A word where a FILE may stand that is no file but a mistake: a number, or
// a subcommand's name, exact or mistyped ("did you mean …?"). `command`:
// the subcommand it follows, empty for the hold'em judge.
std::optional<std::string> operand_mistake(const CLI::App& app, const std::string& word, const std::string& command) {
  if (is_existing_file(word)) return std::nullopt;
  if (looks_like_number(word)) {
    const std::string expected = "PLAYERS: expected a whole number from " + std::to_string(kMinHoldemPlayers) + " to " +
                                 std::to_string(kMaxHoldemPlayers);
    if (command.empty() && trim_blanks(word).size() != word.size())
      return expected + " without blanks around it, found '" + escape_bytes(word) + "'";
    if (command.empty()) return expected;
    return "PLAYERS, --players and --explain belong to the hold'em judge, not to 'poker " + command + "'";
  }
  std::vector<std::string> options, commands;
  collect_words(app, options, commands);
  if (std::find(commands.begin(), commands.end(), word) != commands.end()) {
    return "'" + word + "' after " + (command.empty() ? "PLAYERS" : "'" + command + "'") +
           ": give one subcommand, before the operands";
  }
  const std::optional<std::string> meant = closest_word(word, commands);
  if (!meant) return std::nullopt;
  return "unknown subcommand '" + escape_bytes(word) + "'; did you mean '" + *meant + "'?";
}

// PLAYERS and FILE from the hold'em judge's operands: a whole number is
// PLAYERS, any other word the input file. `input_operand`: the operand that
// named the input, if one did. Nothing, or the usage error.
std::optional<std::string> read_operands(const CLI::App& app, const Operands& operands, std::optional<int>& players,
                                         Options& options, std::optional<std::string>& input_operand) {
  for (const std::optional<std::string>& operand : {operands.first, operands.second}) {
    if (!operand) continue;
    if (const std::optional<std::uint64_t> number = parse_whole_number(*operand); number && !players) {
      if (*number < kMinHoldemPlayers || *number > kMaxHoldemPlayers) {
        return "PLAYERS: expected a whole number from " + std::to_string(kMinHoldemPlayers) + " to " +
               std::to_string(kMaxHoldemPlayers);
      }
      players = static_cast<int>(*number);
      continue;
    }
    if (players && !is_existing_file(*operand) && looks_like_number(*operand)) {
      return "extra operand '" + escape_bytes(*operand) + "' after PLAYERS";
    }
    if (operand->empty()) return "FILE: the file name is empty ('-' is standard input)";
    if (const std::optional<std::string> mistake = operand_mistake(app, *operand, "")) return mistake;
    if (input_operand) {
      return "two input files: '" + escape_bytes(*input_operand) + "' and '" + escape_bytes(*operand) +
             "' (one file per run)";
    }
    if (options.input != "-") return "the input file given twice: FILE '" + escape_bytes(*operand) + "' and -i";
    options.input = *operand;
    input_operand = *operand;
  }
  return std::nullopt;
}

// An option's empty file name ("-i ''"): no file has it, and it is no
// standard stream either ('-' is).
std::optional<std::string> empty_file_name(const CLI::App& app, const Options& options) {
  const std::pair<const char*, const std::string*> files[] = {
      {"--input", &options.input}, {"--output", &options.output}, {"--answers", &options.verify.answers}};
  for (const auto& [name, value] : files) {
    if (!value->empty()) continue;
    // Given, at one level or another: the variable holds what was given.
    bool given = false;
    for (const CLI::App* level = &app; level != nullptr;) {
      const CLI::Option* option = level->get_option_no_throw(name);
      given = given || (option != nullptr && option->count() > 0);
      const std::vector<CLI::App*> parsed = level->get_subcommands();
      level = parsed.empty() ? nullptr : parsed.front();
    }
    if (given) {
      return std::string(name) + ": the file name is empty ('-' is standard " +
             (std::string_view(name) == "--output" ? "output" : "input") + ")";
    }
  }
  return std::nullopt;
}

// The command line's parser and the variables it fills.
struct CommandLine {
  CLI::App app{command_row(Command::kHoldem).description, "poker"};
  CLI::App* verify = nullptr;
  Options options;
  Operands operands, verify_operands;
  std::optional<int> option_players;
  HoldemArguments holdem, verify_holdem;
  std::optional<std::string> format_file;  // a subcommand's FILE operand
};

void build_command_line(CommandLine& line) {
  CLI::App& app = line.app;
  app.formatter(make_help_formatter(help_width()));
  app.footer(std::string(command_row(Command::kHoldem).exit_statuses) +
             "\nThe subcommands judge other formats with the same input, output and error rules; "
             "'poker verify' compares the answers with a candidate's instead of printing them (status 4 when they "
             "differ). 'poker help SUBCOMMAND' shows a subcommand's help." +
             "\nExamples:\n  poker " + command_row(Command::kHoldem).example + "\n  poker -j 2 examples/sample.txt");
  app.require_subcommand(0, 1);
  line.holdem = add_holdem_arguments(app, line.options, line.operands, line.option_players);
  add_shared_options(app, line.options);
  add_row_commands(app, line.options, line.format_file, false);

  CLI::App* verify = line.verify = app.add_subcommand("verify", verify_help().description);
  verify->footer(verify_help().exit_statuses + std::string("\nExamples:\n  poker verify ") +
                 command_row(Command::kHoldem).verify_example + "\n  poker verify " +
                 command_row(Command::kEuler).name + " " + command_row(Command::kEuler).verify_example);
  verify->group(verify_help().summary);
  add_shared_options(*verify, line.options);
  verify->require_subcommand(0, 1);
  add_verify_options(*verify, line.options);
  line.verify_holdem = add_holdem_arguments(*verify, line.options, line.verify_operands, line.option_players);
  add_row_commands(*verify, line.options, line.format_file, true);
}

// `poker help [SUBCOMMAND...]`, as git and cargo take it: the words after
// `poker` of `poker [SUBCOMMAND...] --help`, or the usage error of a word that names
// no subcommand. Nothing when the first word is not `help`.
std::optional<std::variant<std::vector<std::string>, std::string>> help_command(const CLI::App& app, int argc,
                                                                                char** argv) {
  if (argc < 2 || std::string_view(argv[1]) != "help") return std::nullopt;
  std::vector<std::string> words;
  const CLI::App* level = &app;
  for (int i = 2; i < argc; ++i) {
    const std::string word = argv[i];
    level = subcommand_named(*level, word);
    if (level == nullptr) {
      std::vector<std::string> options, commands;
      collect_words(app, options, commands);
      const std::optional<std::string> meant = closest_word(word, commands);
      return "help: unknown subcommand '" + escape_bytes(word) + "'" +
             (meant ? "; did you mean '" + *meant + "'?" : "");
    }
    words.push_back(word);
  }
  words.push_back("--help");
  return words;
}

// The usage error of a command line the parser refused.
ParsedCommandLine parse_failure(const CommandLine& line, const CLI::ParseError& error, int argc, char** argv) {
  const CommandLineWalk walk = walk_command_line(line.app, argc, argv);
  const char* command = walk.path.empty() ? nullptr : walk.path.c_str();
  if (walk.unknown_option) {
    const std::string& where = walk.unknown_option->command;
    return ParsedCommandLine{std::nullopt,
                             usage_error(walk.unknown_option->what, where.empty() ? nullptr : where.c_str())};
  }
  // Too many operands: the first word that is neither a number nor a
  // file may be a subcommand mistyped (`poker equty AhKh QsQd`).
  for (const std::optional<std::string>& operand : {line.operands.first, line.verify_operands.first}) {
    if (!operand) continue;
    if (const std::optional<std::string> mistyped = operand_mistake(line.app, *operand, "")) {
      return ParsedCommandLine{std::nullopt, usage_error(*mistyped)};
    }
  }
  return ParsedCommandLine{std::nullopt, usage_error(plain_words(error), command)};
}

// What the shared options cannot do for the command given: -v and --json
// report a judge's run, which `poker range` and `poker generate` have not,
// and the judge's answers are plain lines (--json: -v's statistics).
std::optional<std::string> option_without_effect(const Options& options, const CommandRow* row) {
  if (row != nullptr && row->make_format == nullptr) {
    if (options.verbose) return std::string("-v does not apply to 'poker ") + row->name + "': it reports a judge's run";
    if (options.json) return std::string("--json does not apply to 'poker ") + row->name + "'";
  }
  const bool answers_as_json = options.verify.on || options.command == Command::kEquity;
  if (options.json && !options.verbose && !answers_as_json) {
    return "--json writes -v's statistics here (the answers are plain lines): give -v too";
  }
  return std::nullopt;
}

// The subcommands given, as usage errors name them: "verify euler", "range",
// "verify"; empty for the hold'em judge.
std::string command_name(const Options& options, const CommandRow* row) {
  const std::string format = row == nullptr ? "" : row->name;
  if (!options.verify.on) return format;
  return format.empty() ? "verify" : "verify " + format;
}

// The operands and what may not go together, once parsed: the usage error
// (with the subcommand whose help says more), or nothing.
std::optional<Mistake> check_parsed(CommandLine& line, const CommandRow* row) {
  Options& options = line.options;
  const std::string name = command_name(options, row);
  std::optional<int> players;
  std::optional<std::string> input_operand;
  for (const Operands* given : {&line.operands, &line.verify_operands}) {
    if (std::optional<std::string> problem = read_operands(line.app, *given, players, options, input_operand)) {
      return Mistake{*problem, ""};
    }
  }
  // One operand alone is no query (a query has two hands or more): an
  // existing file, or '-', is the query file, as any format's FILE is.
  if (options.command == Command::kEquity && options.equity.hands.size() == 1 &&
      is_existing_file(options.equity.hands.front())) {
    line.format_file = options.equity.hands.front();
    options.equity.hands.clear();
  }
  if (line.format_file) {
    if (line.format_file->empty()) return Mistake{"FILE: the file name is empty ('-' is standard input)", name};
    if (std::optional<std::string> mistake = operand_mistake(line.app, *line.format_file, name)) {
      return Mistake{*mistake, ""};
    }
    if (options.input != "-") {
      return Mistake{"the input file given twice: FILE '" + escape_bytes(*line.format_file) + "' and -i", name};
    }
    options.input = *line.format_file;
  }
  if (const std::optional<std::string> protocol = resolve_checker_protocol(options)) return Mistake{*protocol, name};
  if (players && line.option_players) return Mistake{"PLAYERS excludes --players", ""};
  if (options.command == Command::kEquity) {
    if (const std::optional<std::string> conflict = equity_conflict(options)) {
      return Mistake{"equity: " + *conflict, ""};
    }
  }
  if (const GradescopeSettings& gradescope = options.verify.gradescope;
      gradescope.dir.empty() &&
      (gradescope.tests_of != 0 || gradescope.partial_credit || gradescope.max_score != 100)) {
    return Mistake{"--tests-of, --partial-credit and --max-score go with --gradescope DIR", name};
  }
  if (options.verify.on && options.verify.answers.empty()) {
    return Mistake{"'poker verify' needs the candidate's answers: --answers FILE", ""};
  }
  if (options.verify.on && (options.verify.answers == "-") && (options.input.empty() || options.input == "-")) {
    return Mistake{"the instances and the candidate's answers cannot both be standard input: give -i FILE", ""};
  }
  options.players = players.value_or(line.option_players.value_or(2));
  return std::nullopt;
}

// A usage error's status, reported; the parse's result.
ParsedCommandLine usage(const std::string& what, const std::string& command = {}) {
  return ParsedCommandLine{std::nullopt, usage_error(what, command.empty() ? nullptr : command.c_str())};
}

// The command line, parsed; a usage error's status is poker's own.
ParsedCommandLine parse_words(int argc, char** argv) {
  CommandLine line;
  build_command_line(line);
  CLI::App& app = line.app;
  Options& options = line.options;
  try {
    if (const auto help = help_command(app, argc, argv)) {
      if (const std::string* mistake = std::get_if<std::string>(&*help)) return usage(*mistake);
      std::vector<std::string> words = std::get<std::vector<std::string>>(*help);
      std::reverse(words.begin(), words.end());  // CLI11 takes the words last first
      app.parse(words);
    } else {
      app.parse(argc, argv);
    }
  } catch (const CLI::Success& e) {  // --help, --version
    std::ostringstream text;
    const int status = app.exit(e, text);
    return ParsedCommandLine{std::nullopt, status, text.str()};
  } catch (const CLI::ParseError& e) {
    return parse_failure(line, e, argc, argv);
  }
  if (const std::optional<std::string> twice = option_given_twice(app)) return usage(*twice);
  options.verify.on = line.verify->parsed();
  const CommandRow* row = parsed_row(options.verify.on ? *line.verify : app);
  options.command = row != nullptr ? row->command : Command::kHoldem;
  const std::string name = command_name(options, row);
  if (const std::optional<std::string> empty = empty_file_name(app, options)) return usage(*empty, name);
  if (const std::optional<std::string> useless = option_without_effect(options, row)) return usage(*useless, name);
  if (row != nullptr && line.holdem.count() + line.verify_holdem.count() > 0) {
    return usage("PLAYERS, FILE, --players and --explain belong to the hold'em judge, not to 'poker " + name +
                 "' (give its input with -i)");
  }
  if (options.command == Command::kGenerate) {
    if (const std::optional<std::string> problem = resolve_generate_command(options.generator)) {
      return usage(*problem, "generate");
    }
    return ParsedCommandLine{options, kExitOk};
  }
  if (options.command == Command::kBench) {
    if (const std::optional<std::string> problem = resolve_bench_command(options)) return usage(*problem, "bench");
    return ParsedCommandLine{options, kExitOk};
  }
  if (const std::optional<Mistake> mistake = check_parsed(line, row)) return usage(mistake->what, mistake->command);
  return ParsedCommandLine{options, kExitOk};
}

}  // namespace

ParsedCommandLine parse_command_line(int argc, char** argv) {
  ParsedCommandLine parsed = parse_words(argc, argv);
  if (!parsed.options && parsed.exit_status == kExitUsage) parsed.exit_status = usage_status(argc, argv);
  return parsed;
}

}  // namespace poker::cli
