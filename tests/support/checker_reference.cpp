#include "support/checker_reference.h"

#include <cmath>
#include <cstdio>
#include <vector>

namespace poker::testing {
namespace {

bool c_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
bool wcmp_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// The tokens of `text` between bytes for which `space` holds.
template <typename Space>
std::vector<std::string> tokens_of(const std::string& text, Space space) {
  std::vector<std::string> tokens;
  std::string token;
  for (const char c : text) {
    if (!space(c)) {
      token += c;
    } else if (!token.empty()) {
      tokens.push_back(token);
      token.clear();
    }
  }
  if (!token.empty()) tokens.push_back(token);
  return tokens;
}

// A token as C compares it: up to its first NUL.
std::string as_c_string(const std::string& token) { return token.substr(0, token.find('\0')); }

bool is_number(const std::string& token, double& value) {
  const std::string text = as_c_string(token);
  // The rule is the C library's: problemtools asks scanf.
  char rest[11];
  return std::sscanf(text.c_str(), "%lf%10s", &value, rest) == 1 && std::isfinite(value);
}

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c);
  return text;
}

bool same_tokens(const std::string& judge, const std::string& team, const TokenRule& rule) {
  double j = 0, t = 0;
  const bool floats = rule.float_absolute_tolerance || rule.float_relative_tolerance;
  if (floats && is_number(judge, j)) {
    if (!is_number(team, t)) return false;
    return std::fabs(j - t) <= rule.float_absolute_tolerance.value_or(-1) ||
           std::fabs(j - t) <= rule.float_relative_tolerance.value_or(-1) * std::fabs(j);
  }
  if (rule.case_sensitive) return as_c_string(judge) == as_c_string(team);
  return lower(as_c_string(judge)) == lower(as_c_string(team));
}

// The runs of whitespace of `text`, the one before its first token
// included (perhaps empty), the one after its last only if there is one.
std::vector<std::string> space_runs(const std::string& text) {
  std::vector<std::string> runs{""};
  bool in_space = true;
  for (const char c : text) {
    if (c_space(c) && !in_space) runs.emplace_back();
    if (c_space(c)) runs.back() += c;
    in_space = c_space(c);
  }
  return runs;
}

}  // namespace

bool problemtools_accepts(const std::string& judge, const std::string& team, const TokenRule& rule) {
  const std::vector<std::string> j = tokens_of(judge, c_space), t = tokens_of(team, c_space);
  if (j.size() != t.size()) return false;
  for (std::size_t i = 0; i < j.size(); ++i) {
    if (!same_tokens(j[i], t[i], rule)) return false;
  }
  return !rule.space_change_sensitive || space_runs(judge) == space_runs(team);
}

Wcmp wcmp(const std::string& judge, std::string team) {
  if (team.rfind("\xEF\xBB\xBF", 0) == 0) team.erase(0, 3);
  const std::vector<std::string> j = tokens_of(judge, wcmp_blank), t = tokens_of(team, wcmp_blank);
  for (std::size_t i = 0; i < j.size() && i < t.size(); ++i) {
    if (j[i] != t[i]) return Wcmp::kWrongAnswer;
  }
  return j.size() == t.size() ? Wcmp::kOk : Wcmp::kWrongAnswer;
}

}  // namespace poker::testing
