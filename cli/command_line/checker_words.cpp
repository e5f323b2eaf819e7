#include "command_line/checker_words.h"

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <string_view>

namespace poker::cli {
namespace {

constexpr std::size_t kKattisFiles = 3;

// problemtools' validator flag `word` as a verify option ("" if none), and
// whether a value follows it.
std::string_view kattis_option(std::string_view word, bool& takes_value) {
  takes_value = word.starts_with("float_");
  if (word == "case_sensitive") return "--case-sensitive";
  if (word == "space_change_sensitive") return "--space-change-sensitive";
  if (word == "float_absolute_tolerance") return "--float-absolute-tolerance";
  if (word == "float_relative_tolerance") return "--float-relative-tolerance";
  if (word == "float_tolerance") return "--float-tolerance";
  return {};
}

// The validator flags after the files of --kattis at `at`, moved before
// it (where the option's values cannot take them) in poker's terms.
void translate_kattis_flags(std::vector<std::string>& words, std::size_t at) {
  const auto first = words.begin() + static_cast<std::ptrdiff_t>(std::min(words.size(), at + 1 + kKattisFiles));
  const auto last = std::find(first, words.end(), "--");
  std::vector<std::string> flags(first, last);
  words.erase(first, last);
  for (std::size_t i = 0; i < flags.size(); ++i) {
    bool takes_value = false;
    const std::string_view option = kattis_option(flags[i], takes_value);
    if (option.empty()) continue;
    flags[i] = std::string(option);
    if (takes_value) ++i;  // its value stays as it is: the option checks it
  }
  words.insert(words.begin() + static_cast<std::ptrdiff_t>(at), flags.begin(), flags.end());
}

// The words after --testlib at `at`: its testset and group moved before
// it, `-appes` after the report file turned into --appes.
void translate_testlib_words(std::vector<std::string>& words, std::size_t at) {
  std::vector<std::string> before;
  std::size_t i = at + 1;
  while (i + 1 < words.size() && (words[i] == "--testset" || words[i] == "--group")) {
    before.push_back(words[i]);
    before.push_back(words[i + 1]);
    i += 2;
  }
  words.erase(words.begin() + static_cast<std::ptrdiff_t>(at + 1), words.begin() + static_cast<std::ptrdiff_t>(i));
  const std::size_t appes = at + 1 + 4;
  if (appes < words.size() && (words[appes] == "-appes" || words[appes] == "-APPES")) {
    words.erase(words.begin() + static_cast<std::ptrdiff_t>(appes));
    before.emplace_back("--appes");
  }
  words.insert(words.begin() + static_cast<std::ptrdiff_t>(at), before.begin(), before.end());
}

}  // namespace

std::vector<std::string> checker_words_in_poker_terms(std::vector<std::string> words) {
  const auto end_of_options = std::find(words.begin(), words.end(), "--");
  const auto kattis = std::find(words.begin(), end_of_options, "--kattis");
  if (kattis != end_of_options) {
    translate_kattis_flags(words, static_cast<std::size_t>(kattis - words.begin()));
    return words;
  }
  const auto testlib = std::find(words.begin(), end_of_options, "--testlib");
  if (testlib != end_of_options) translate_testlib_words(words, static_cast<std::size_t>(testlib - words.begin()));
  return words;
}

}  // namespace poker::cli
