#include "e2e_helpers.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <stdlib.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "support/reference_evaluator.h"

namespace poker::e2e {
namespace {

constexpr std::string_view kRanks = "23456789TJQKA";
constexpr std::string_view kSuits = "cdhs";  // index order of poker/cards.h: c < d < h < s
constexpr int kAce = 12;

// The process's temporary directory, removed at exit.
class TempDirectory {
 public:
  TempDirectory() {
    std::string pattern = (std::filesystem::temp_directory_path() / "poker-e2e-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~TempDirectory() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDirectory(const TempDirectory&) = delete;
  TempDirectory& operator=(const TempDirectory&) = delete;

  const std::string& path() const { return path_; }
  std::string fresh(std::string_view hint) {
    return path_ + "/" + std::to_string(++counter_) + "-" + std::string(hint);
  }

 private:
  std::string path_;
  int counter_ = 0;
};

TempDirectory& temp() {
  static TempDirectory directory;
  return directory;
}

int rank_of_card(Card card) { return card >> 2; }
int suit_of_card(Card card) { return card & 3; }
Card card_of(int rank, int suit) { return static_cast<Card>(4 * rank + suit); }

// The five cards in explain order (the specification, docs/specification.md,
// section 3): larger groups first, then higher ranks, higher suits first among
// equal ranks; straights from the top card down, the wheel as 5 4 3 2 A.
std::array<Card, 5> explain_order(std::array<Card, 5> five, int category) {
  std::array<int, 13> count{};
  for (const Card card : five) ++count[rank_of_card(card)];
  std::sort(five.begin(), five.end(), [&](Card a, Card b) {
    if (count[rank_of_card(a)] != count[rank_of_card(b)]) return count[rank_of_card(a)] > count[rank_of_card(b)];
    return a > b;  // rank, then suit
  });
  const bool straight = category == 4 || category == 8;
  if (straight && rank_of_card(five[0]) == kAce && rank_of_card(five[1]) == 3) {
    std::rotate(five.begin(), five.begin() + 1, five.end());  // A 5 4 3 2 -> 5 4 3 2 A
  }
  return five;
}

struct Best {
  reference::RefValue value;
  std::array<Card, 5> cards{};  // explain order
};

// The best five of the seven cards: the strongest, and among equally strong
// choices the one whose cards, in explain order, have the highest suits first.
Best best_of_seven(const std::array<Card, 7>& seven) {
  Best best;
  bool have = false;
  for (int skip1 = 0; skip1 < 7; ++skip1) {
    for (int skip2 = skip1 + 1; skip2 < 7; ++skip2) {
      std::array<Card, 5> five{};
      std::size_t n = 0;
      for (int i = 0; i < 7; ++i) {
        if (i != skip1 && i != skip2) five[n++] = seven[static_cast<std::size_t>(i)];
      }
      const reference::RefValue value = reference::evaluate5(std::span<const Card, 5>(five));
      const std::array<Card, 5> ordered = explain_order(five, value.category);
      if (!have || value > best.value || (value == best.value && ordered > best.cards)) {
        best = Best{value, ordered};
        have = true;
      }
    }
  }
  return best;
}

std::array<Card, 7> seven_of(const Instance& instance, int player) {
  std::array<Card, 7> seven{};
  seven[0] = instance.hole[static_cast<std::size_t>(2 * player)];
  seven[1] = instance.hole[static_cast<std::size_t>(2 * player + 1)];
  std::copy(instance.board.begin(), instance.board.end(), seven.begin() + 2);
  return seven;
}

std::string answer_line(const std::vector<reference::RefValue>& values) {
  const auto best = std::max_element(values.begin(), values.end());
  if (std::count(values.begin(), values.end(), *best) > 1) return "Draw\n";
  return "Player " + std::to_string(best - values.begin() + 1) + "\n";
}

}  // namespace

// ---- Running the binary ----------------------------------------------------

RunResult run_poker(const std::vector<std::string>& args, std::string_view input) {
  testing::SpawnOptions options;
  options.args = args;
  options.working_directory = kSourceDir;
  return testing::run(kBinary, options, input);
}

RunResult run_poker_stdin_file(const std::vector<std::string>& args, const std::string& path) {
  testing::SpawnOptions options;
  options.args = args;
  options.working_directory = kSourceDir;
  options.stdin_file = path;
  return testing::run(kBinary, options);
}

std::vector<std::string> concat(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

// (By hand, not with std::regex: GCC 12 warns of an uninitialised
// std::function inside <regex> under -O2 -fsanitize=address, and warnings
// are errors.)
void expect_usage_error(const std::vector<std::string>& args, std::string_view says, std::string_view command) {
  SCOPED_TRACE(::testing::PrintToString(args));
  const RunResult result = run_poker(args);
  ASSERT_FALSE(result.timed_out);
  EXPECT_EQ(result.exit_status, 2) << result.err;
  EXPECT_EQ(result.out, "");
  if (says.empty()) {
    EXPECT_EQ(result.err.rfind("poker: ", 0), 0u) << result.err;
    return;
  }
  const std::string named = command.empty() ? "" : std::string(command) + ": ";
  const std::string help = command.empty() ? "" : std::string(command) + " ";
  EXPECT_EQ(result.err, "poker: " + named + std::string(says) + "\nRun 'poker " + help + "--help' for usage.\n");
}

std::string without_instance_and_hint(const std::string& err) {
  if (err.empty() || err.back() != '\n') return err;
  const std::size_t previous_newline = err.size() < 2 ? std::string::npos : err.rfind('\n', err.size() - 2);
  const std::size_t line_start = previous_newline == std::string::npos ? 0 : previous_newline + 1;
  // " (instance N)", or a query file's " (query N)", in the last line only.
  std::string_view noun = " (instance ";
  std::size_t tail = err.rfind(noun);
  if (tail == std::string::npos || tail < line_start) {
    noun = " (query ";
    tail = err.rfind(noun);
  }
  if (tail == std::string::npos || tail < line_start) return err;
  std::size_t at = tail + noun.size();
  const std::size_t digits = at;
  while (at < err.size() && err[at] >= '0' && err[at] <= '9') ++at;
  if (at == digits || at >= err.size() || err[at] != ')') return err;
  ++at;
  const std::string_view rest = std::string_view(err).substr(at);
  if (rest != "\n" && !rest.starts_with("; hint: ")) return err;
  return err.substr(0, tail) + "\n";
}

std::string error_line(std::string_view source, std::uint64_t line, std::uint64_t column, std::string_view message) {
  return "poker: " + std::string(source) + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " +
         std::string(message) + "\n";
}

std::string invalid_card(std::string_view quoted) {
  return "invalid card " + std::string(quoted) +
         ": expected a rank (2-9, T, J, Q, K, A) then a suit (h, d, s, c), like 'Ah' or 'Td'";
}

std::string printable(std::string_view bytes, std::size_t limit) {
  std::string text;
  for (const char c : bytes.substr(0, limit)) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\n') {
      text += "\\n";
    } else if (byte < 0x20 || byte >= 0x7F) {
      constexpr char kHex[] = "0123456789abcdef";
      text += "\\x";
      text += kHex[byte >> 4];
      text += kHex[byte & 0xF];
    } else {
      text += c;
    }
  }
  if (bytes.size() > limit) text += "...(" + std::to_string(bytes.size()) + " bytes)";
  return text;
}

std::string first_difference(std::string_view expected, std::string_view got) {
  if (expected == got) return {};
  std::size_t at = 0;
  while (at < expected.size() && at < got.size() && expected[at] == got[at]) ++at;
  const std::size_t line_start = expected.substr(0, at).rfind('\n');
  const std::size_t from = line_start == std::string_view::npos ? 0 : line_start + 1;
  const auto line_of = [from](std::string_view text) {
    if (from >= text.size()) return std::string("<end of output>");
    return printable(text.substr(from, text.substr(from).find('\n')), 200);
  };
  const auto line_number = std::count(expected.begin(), expected.begin() + static_cast<std::ptrdiff_t>(from), '\n') + 1;
  return "outputs differ at line " + std::to_string(line_number) + " (expected " + std::to_string(expected.size()) +
         " bytes, got " + std::to_string(got.size()) + "):\n  expected: " + line_of(expected) +
         "\n  got:      " + line_of(got);
}

// ---- Temporary files --------------------------------------------------------

std::string temp_directory() { return temp().path(); }

bool wait_until_taking_stop_signals(pid_t pid, testing::Milliseconds timeout) {
  enum class State { kTakes, kNotYet, kEnded };
  const auto state = [pid] {
    std::error_code error;
    const auto program = std::filesystem::read_symlink("/proc/" + std::to_string(pid) + "/exe", error);
    if (error) return State::kEnded;  // a process that ended (a zombie) has no program
    if (program == std::filesystem::read_symlink("/proc/self/exe")) return State::kNotYet;  // not yet executed
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    std::uint64_t taken = 0;
    for (std::string line; std::getline(status, line);) {
      if (line.rfind("SigBlk:", 0) == 0 || line.rfind("SigCgt:", 0) == 0)
        taken |= std::stoull(line.substr(7), nullptr, 16);
    }
    const std::uint64_t stop_signals = (std::uint64_t{1} << (SIGINT - 1)) | (std::uint64_t{1} << (SIGTERM - 1));
    return (taken & stop_signals) == stop_signals ? State::kTakes : State::kNotYet;
  };
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (State now = state(); now != State::kTakes; now = state()) {
    if (now == State::kEnded || std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(testing::Milliseconds(5));
  }
  return true;
}

std::string temp_path(std::string_view name_hint) { return temp().fresh(name_hint); }

std::string write_temp_file(std::string_view name_hint, std::string_view bytes) {
  const std::string path = temp_path(name_hint);
  std::ofstream file(path, std::ios::binary);
  file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  file.close();
  if (!file) throw std::runtime_error("cannot write " + path);
  return path;
}

std::string read_whole_file(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

// ---- Cards and instances ----------------------------------------------------

std::string card_text(Card card) {
  return {kRanks[static_cast<std::size_t>(rank_of_card(card))], kSuits[static_cast<std::size_t>(suit_of_card(card))]};
}

Card card_from(std::string_view text) {
  const std::size_t rank = text.size() == 2 ? kRanks.find(text[0]) : std::string_view::npos;
  const std::size_t suit = text.size() == 2 ? kSuits.find(text[1]) : std::string_view::npos;
  if (rank == std::string_view::npos || suit == std::string_view::npos) {
    throw std::invalid_argument("bad card literal: " + std::string(text));
  }
  return card_of(static_cast<int>(rank), static_cast<int>(suit));
}

std::vector<std::vector<std::vector<Card>>> instances_of(const std::string& text, int lines) {
  std::istringstream stream(text);
  std::vector<std::vector<std::vector<Card>>> instances;
  std::vector<std::vector<Card>> instance;
  for (std::string line; std::getline(stream, line);) {
    std::istringstream tokens(line);
    std::vector<Card>& cards = instance.emplace_back();
    for (std::string token; tokens >> token;) cards.push_back(card_from(token));
    if (instance.size() == static_cast<std::size_t>(lines)) instances.push_back(std::exchange(instance, {}));
  }
  return instances;
}

std::string_view category_name_of(int category) {
  static constexpr std::array<std::string_view, 9> kNames = {"High card",       "Pair",           "Two pair",
                                                             "Three of a kind", "Straight",       "Flush",
                                                             "Full house",      "Four of a kind", "Straight flush"};
  return kNames.at(static_cast<std::size_t>(category));
}

std::string reference_answer(const Instance& instance) {
  std::vector<reference::RefValue> values;
  for (int player = 0; player < instance.players(); ++player) {
    const std::array<Card, 7> seven = seven_of(instance, player);
    values.push_back(reference::best_of(std::span<const Card>(seven)));
  }
  return answer_line(values);
}

std::string reference_explain(const Instance& instance) {
  std::string text;
  std::vector<reference::RefValue> values;
  for (int player = 0; player < instance.players(); ++player) {
    const Best best = best_of_seven(seven_of(instance, player));
    values.push_back(best.value);
    text += "Player " + std::to_string(player + 1) + ": " + std::string(category_name_of(best.value.category)) + " [";
    for (std::size_t i = 0; i < 5; ++i) {
      if (i != 0) text += ' ';
      text += card_text(best.cards[i]);
    }
    text += "]\n";
  }
  return text + answer_line(values);
}

std::string render(const Instance& instance, Blanks blanks, std::mt19937_64& rng) {
  std::string text;
  for (int player = 0; player < instance.players(); ++player) {
    testing::append_card_line(text, &instance.hole[static_cast<std::size_t>(2 * player)], 2, card_text, blanks, rng);
  }
  testing::append_card_line(text, instance.board.data(), 5, card_text, blanks, rng);
  return text;
}

std::vector<Instance> random_instances(int players, std::size_t count, std::mt19937_64& rng) {
  std::vector<Instance> instances;
  instances.reserve(count);
  std::uniform_int_distribution<int> suit_dist(0, 3);
  for (std::size_t n = 0; n < count; ++n) {
    Instance instance;
    std::array<bool, 52> used{};
    std::vector<Card> board;
    const auto take = [&](Card card) {
      used[card] = true;
      return card;
    };
    // A tie-heavy board, sometimes: one that plays for (almost) everyone.
    const int kind = std::uniform_int_distribution<int>(0, 9)(rng);
    if (kind == 0) {  // a straight flush on the board, the wheel included
      const int top = std::uniform_int_distribution<int>(3, 12)(rng);
      const int suit = suit_dist(rng);
      for (int i = 0; i < 5; ++i) {
        const int rank = top - i < 0 ? kAce : top - i;
        board.push_back(take(card_of(rank, suit)));
      }
    } else if (kind == 1) {  // a broadway straight, two suits at most three times
      const std::array<int, 5> suits = {0, 1, 2, 3, suit_dist(rng)};
      for (int i = 0; i < 5; ++i) board.push_back(take(card_of(12 - i, suits[static_cast<std::size_t>(i)])));
    } else if (kind == 2) {  // quads and an ace: nobody can beat or break it
      const int rank = std::uniform_int_distribution<int>(0, 11)(rng);
      for (int suit = 0; suit < 4; ++suit) board.push_back(take(card_of(rank, suit)));
      board.push_back(take(card_of(kAce, suit_dist(rng))));
    }
    // The players' cards: with "mirror" on, each tries to hold the ranks of
    // player 1 in other suits, for ties decided by the board's kickers.
    const bool mirror = kind == 3 || kind == 4;
    const auto random_free = [&] {
      for (;;) {
        const auto card = static_cast<Card>(std::uniform_int_distribution<int>(0, 51)(rng));
        if (!used[card]) return take(card);
      }
    };
    const auto free_of_rank = [&](int rank) -> int {
      const int first = suit_dist(rng);
      for (int i = 0; i < 4; ++i) {
        const Card card = card_of(rank, (first + i) % 4);
        if (!used[card]) return take(card);
      }
      return -1;
    };
    for (int player = 0; player < players; ++player) {
      for (int i = 0; i < 2; ++i) {
        int card = -1;
        if (mirror && player > 0) card = free_of_rank(rank_of_card(instance.hole[static_cast<std::size_t>(i)]));
        instance.hole.push_back(card >= 0 ? static_cast<Card>(card) : random_free());
      }
    }
    while (board.size() < 5) board.push_back(random_free());
    std::shuffle(board.begin(), board.end(), rng);
    std::copy(board.begin(), board.end(), instance.board.begin());
    instances.push_back(std::move(instance));
  }
  return instances;
}

Dataset make_dataset(int players, std::vector<Instance> instances, Blanks blanks, std::mt19937_64& rng, bool explain) {
  Dataset data;
  data.players = players;
  for (const Instance& instance : instances) {
    data.input += render(instance, blanks, rng);
    data.ends.push_back(data.input.size());
    data.answers += explain ? reference_explain(instance) : reference_answer(instance);
    data.answer_ends.push_back(data.answers.size());
  }
  data.instances = std::move(instances);
  return data;
}

Expected ok(std::string out) { return Expected{std::move(out), 0, 0, 0, {}}; }

Expected error(std::string out, std::uint64_t line, std::uint64_t column, std::string message) {
  return Expected{std::move(out), 1, line, column, std::move(message)};
}

void expect_result(const RunResult& result, const Expected& expected, const std::string& source) {
  ASSERT_FALSE(result.timed_out) << "the run did not end";
  EXPECT_EQ(result.out, expected.out);
  EXPECT_EQ(result.exit_status, expected.status) << "stderr: " << result.err;
  if (expected.status == 0) {
    EXPECT_EQ(result.err, "");
  } else {
    EXPECT_EQ(without_instance_and_hint(result.err),
              error_line(source, expected.line, expected.column, expected.message));
  }
}

void expect_judged(const std::vector<std::string>& args, const std::string& input, const Expected& expected) {
  SCOPED_TRACE("input: " + printable(input));
  using Args = std::vector<std::string>;
  for (const Args& tuning : {Args{"-j", "1"}, Args{"-j", "2", "--chunk-size", "7"}}) {
    SCOPED_TRACE("stdin pipe, options: " + ::testing::PrintToString(tuning));
    expect_result(run_poker(concat(args, tuning), input), expected, "<stdin>");
  }
  const std::string path = write_temp_file("input.txt", input);
  for (const Args& tuning : {Args{"-j", "2"}, Args{"-j", "1", "--chunk-size", "1"}}) {
    for (const char* strategy : {"--no-mmap", "--mmap"}) {
      SCOPED_TRACE("-i FILE, options: " + ::testing::PrintToString(tuning) + " " + strategy);
      expect_result(run_poker(concat(concat(args, tuning), {strategy, "-i", path})), expected, path);
    }
  }
  for (const char* strategy : {"--no-mmap", "--mmap"}) {
    SCOPED_TRACE(std::string("stdin redirected from a file, ") + strategy);
    expect_result(run_poker_stdin_file(concat(args, {"-j", "2", "--chunk-size", "3", strategy}), path), expected,
                  "<stdin>");
  }
}

}  // namespace poker::e2e
