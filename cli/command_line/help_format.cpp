#include "help_format.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <sstream>
#include <vector>

namespace poker::cli {
namespace {

// Where descriptions start: wide enough for most options' names.
constexpr std::size_t kDescriptionColumn = 24;

class HelpFormatter : public CLI::FormatterBase {
 public:
  explicit HelpFormatter(std::size_t width) : width_(width) {}

  std::string make_help(const CLI::App* app, std::string name, CLI::AppFormatMode /*mode*/) const override {
    std::ostringstream out;
    out << "Usage: " << usage(*app) << "\n";
    if (!app->get_subcommands([](const CLI::App*) { return true; }).empty()) {
      out << "   or: " << command_path(*app) << " [OPTIONS] SUBCOMMAND [ARGUMENTS]\n";
    }
    (void)name;
    if (!app->get_description().empty()) out << wrap(app->get_description(), width_);
    const std::vector<const CLI::Option*> positionals =
        app->get_options([](const CLI::Option* option) { return option->get_positional(); });
    if (!positionals.empty()) {
      out << "\nArguments:\n";
      for (const CLI::Option* option : positionals) out << entry(option->get_name(), option->get_description());
    }
    out << "\nOptions:\n";
    for (const CLI::Option* option : app->get_options([](const CLI::Option* o) { return o->nonpositional(); })) {
      out << entry(option_names(*option), option->get_description());
    }
    const std::vector<const CLI::App*> subcommands =
        app->get_subcommands([](const CLI::App* sub) { return !sub->get_name().empty(); });
    if (!subcommands.empty()) {
      out << "\nSubcommands:\n";
      for (const CLI::App* sub : subcommands) out << entry(sub->get_name(), summary(*sub));
    }
    if (!app->get_footer().empty()) out << "\n" << wrap(app->get_footer(), width_);
    return out.str();
  }

 private:
  // "poker verify euler".
  static std::string command_path(const CLI::App& app) {
    std::string path;
    for (const CLI::App* level = &app; level != nullptr; level = level->get_parent()) {
      path.insert(0, level->get_name() + (path.empty() ? "" : " "));
    }
    return path;
  }

  // "poker [OPTIONS] [PLAYERS] [FILE]", "poker verify euler [OPTIONS] [FILE]".
  static std::string usage(const CLI::App& app) {
    std::string line = command_path(app) + " [OPTIONS]";
    for (const CLI::Option* option : app.get_options([](const CLI::Option* o) { return o->get_positional(); })) {
      line += " [" + option->get_name() + (option->get_expected_max() > 1 ? "...]" : "]");
    }
    return line;
  }

  static std::string option_names(const CLI::Option& option) {
    std::string shorts;
    for (const std::string& name : option.get_snames()) shorts += (shorts.empty() ? "-" : ", -") + name;
    std::string longs;
    for (const std::string& name : option.get_lnames()) longs += (longs.empty() ? "--" : ", --") + name;
    // Long options line up after "-x, ".
    std::string names = shorts.empty() ? "    " + longs : longs.empty() ? shorts : shorts + ", " + longs;
    const std::string value = value_name(option);
    // An option of several values takes them as words: "--kattis IN ANS DIR".
    if (!value.empty()) names += (longs.empty() || option.get_expected_min() > 1 ? " " : "=") + value;
    return names;
  }

  // A subcommand's line in its parent's list: its group, where the table's
  // one-line summary is kept (CLI11 shows groups nowhere else).
  static std::string summary(const CLI::App& sub) {
    return sub.get_group() == "Subcommands" ? sub.get_description() : sub.get_group();
  }

  // "  NAMES  DESCRIPTION", the description wrapped under itself.
  std::string entry(const std::string& names, const std::string& description) const {
    std::string text = "  " + names;
    if (text.size() + 2 > kDescriptionColumn) {
      text += "\n" + std::string(kDescriptionColumn, ' ');
    } else {
      text.append(kDescriptionColumn - text.size(), ' ');
    }
    const std::string wrapped = wrap(description, width_, kDescriptionColumn, kDescriptionColumn);
    return text + wrapped.substr(std::min(wrapped.size(), kDescriptionColumn));
  }

  std::size_t width_;
};

}  // namespace

std::size_t help_width() {
  winsize size{};
  if (::isatty(STDOUT_FILENO) == 1 && ::ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col >= 40) {
    return size.ws_col;
  }
  return 80;
}

std::string wrap(std::string_view text, std::size_t width, std::size_t first, std::size_t rest) {
  std::string out;
  bool first_line = true;
  while (true) {
    const std::size_t end = text.find('\n');
    const std::string_view paragraph = text.substr(0, end);
    std::size_t indent = first_line ? first : rest;
    std::string line(indent, ' ');
    std::size_t column = indent;
    bool empty = true;
    std::size_t at = 0;
    // A paragraph's own leading blanks are kept (footers indent examples).
    while (at < paragraph.size() && paragraph[at] == ' ') line += paragraph[at++], ++column;
    while (at < paragraph.size()) {
      const std::size_t word_end = std::min(paragraph.find(' ', at), paragraph.size());
      const std::string_view word = paragraph.substr(at, word_end - at);
      if (!empty && column + 1 + word.size() > width) {
        out += line + "\n";
        line.assign(rest, ' ');
        column = rest;
        empty = true;
      }
      if (!empty) line += ' ', ++column;
      line += word;
      column += word.size();
      empty = false;
      at = paragraph.find_first_not_of(' ', word_end);
      if (at == std::string_view::npos) break;
    }
    out += line + "\n";
    first_line = false;
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
    indent = rest;
  }
  return out;
}

std::string value_name(const CLI::Option& option) {
  if (option.get_expected_max() == 0) return {};
  // CLI11 appends its validators' descriptions after a ':'; the first word
  // before is the value's name, the first words an option's of several values.
  std::string type = option.get_type_name();
  type = type.substr(0, type.find_first_of(option.get_expected_min() > 1 ? ":" : ": "));
  return type.empty() ? "VALUE" : type;
}

std::shared_ptr<CLI::FormatterBase> make_help_formatter(std::size_t width) {
  return std::make_shared<HelpFormatter>(width);
}

}  // namespace poker::cli
