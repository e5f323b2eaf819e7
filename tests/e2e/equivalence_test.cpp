// "Its observable behaviour is exactly that of a careful serial program: same
// bytes on stdout, same first error, whatever the thread count, chunk size or
// input source" (the specification, docs/specification.md, section 1). Random
// instances, answered independently by the reference evaluator, run through
// every path; and errors deep inside large inputs.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "e2e_helpers.h"

namespace poker::e2e {
namespace {

using Args = std::vector<std::string>;

// The ways of running one input: thread counts, chunk sizes (64K and 16M with
// the binary's own size suffixes).
const std::vector<Args> kTunings = {
    {"-j", "1"},
    {"-j", "2"},
    {"-j", "8"},
    {"-j", "1", "--chunk-size", "1"},
    {"-j", "8", "--chunk-size", "1"},
    {"-j", "4", "--chunk-size", "7"},
    {"-j", "4", "--chunk-size", "100"},
    {"-j", "4", "--chunk-size", "64K"},
    {"-j", "4", "--chunk-size", "16M"},
};

// A smaller set for the error runs.
const std::vector<Args> kErrorTunings = {
    {"-j", "1"},
    {"-j", "8"},
    {"-j", "8", "--chunk-size", "1"},
    {"-j", "2", "--chunk-size", "100"},
    {"-j", "8", "--chunk-size", "64K"},
    {"-j", "1", "--chunk-size", "7"},
};

struct Expectation {
  std::string out;
  int status = 0;
  std::string error_stdin;  // stderr when the input is stdin
  std::string error_file;   // stderr when the input is the file
};

// Runs `input` through every tuning, from a pipe and from the file read
// with pread() and through a map, and (once per strategy) from stdin
// redirected from the file.
void expect_everywhere(const Args& args, const std::string& input, const std::vector<Args>& tunings,
                       const std::string& path, const Expectation& expected) {
  const auto check = [&](const RunResult& result, const std::string& expected_err) {
    ASSERT_FALSE(result.timed_out) << "the run did not end";
    EXPECT_EQ(result.exit_status, expected.status) << result.err;
    EXPECT_EQ(without_instance_and_hint(result.err), expected_err);
    EXPECT_TRUE(result.out == expected.out) << first_difference(expected.out, result.out);
  };
  for (const Args& tuning : tunings) {
    SCOPED_TRACE("options " + ::testing::PrintToString(concat(args, tuning)));
    {
      SCOPED_TRACE("stdin pipe");
      check(run_poker(concat(args, tuning), input), expected.error_stdin);
    }
    for (const char* strategy : {"--no-mmap", "--mmap"}) {
      SCOPED_TRACE(std::string("-i FILE ") + strategy);
      check(run_poker(concat(concat(args, tuning), {strategy, "-i", path})), expected.error_file);
    }
  }
  for (const char* strategy : {"--no-mmap", "--mmap"}) {
    SCOPED_TRACE(std::string("stdin redirected from the file, ") + strategy);
    check(run_poker_stdin_file(concat(args, {"-j", "3", "--chunk-size", "1000", strategy}), path),
          expected.error_stdin);
  }
}

void expect_dataset(const Dataset& data, const Args& extra, const std::vector<Args>& tunings) {
  const std::string path = write_temp_file("dataset.txt", data.input);
  const Args args = concat({std::to_string(data.players)}, extra);
  expect_everywhere(args, data.input, tunings, path, Expectation{data.answers, 0, "", ""});
}

// How many of the answers are draws: the generator must make ties common.
std::size_t draws(const Dataset& data) {
  std::size_t count = 0;
  for (std::size_t at = data.answers.find("Draw\n"); at != std::string::npos;
       at = data.answers.find("Draw\n", at + 1)) {
    ++count;
  }
  return count;
}

TEST(Equivalence, TwoPlayersMatchReferenceOnEveryPath) {
  std::mt19937_64 rng(20240601);
  const Dataset data = make_dataset(2, random_instances(2, 20000, rng), Blanks::kVaried, rng);
  EXPECT_GT(draws(data), 2000u);
  expect_dataset(data, {}, kTunings);
}

TEST(Equivalence, EightPlayersMatchReferenceOnEveryPath) {
  std::mt19937_64 rng(8);
  const Dataset data = make_dataset(8, random_instances(8, 5000, rng), Blanks::kVaried, rng);
  EXPECT_GT(draws(data), 500u);
  expect_dataset(data, {}, kTunings);
}

TEST(Equivalence, TwentyThreePlayersMatchReferenceOnEveryPath) {
  std::mt19937_64 rng(23);
  const Dataset data = make_dataset(23, random_instances(23, 600, rng), Blanks::kVaried, rng);
  expect_dataset(data, {}, kTunings);
}

TEST(Equivalence, CanonicalLayoutMatchesReference) {
  std::mt19937_64 rng(1);
  const Dataset data = make_dataset(3, random_instances(3, 5000, rng), Blanks::kCanonical, rng);
  expect_dataset(data, {}, {{"-j", "1"}, {"-j", "8", "--chunk-size", "1"}, {"-j", "8", "--chunk-size", "64K"}});
}

TEST(Equivalence, ExplainMatchesReferenceOnEveryPath) {
  std::mt19937_64 rng(77);
  const std::vector<Args> tunings = {{"-j", "1"},
                                     {"-j", "8"},
                                     {"-j", "8", "--chunk-size", "1"},
                                     {"-j", "2", "--chunk-size", "7"},
                                     {"-j", "4", "--chunk-size", "64K"}};
  for (const int players : {2, 6, 23}) {
    SCOPED_TRACE(std::to_string(players) + " players");
    const std::size_t count = players == 2 ? 3000 : players == 6 ? 500 : 60;
    const Dataset data = make_dataset(players, random_instances(players, count, rng), Blanks::kVaried, rng, true);
    expect_dataset(data, {"-e"}, tunings);
  }
}

TEST(Equivalence, ExplainCategoriesMatchReference) {
  // A narrower check than the one above, for a clearer failure: each explain
  // line's category is the reference's.
  std::mt19937_64 rng(5);
  const Dataset data = make_dataset(4, random_instances(4, 2000, rng), Blanks::kCanonical, rng, true);
  const RunResult result = run_poker({"4", "--explain", "-j", "2"}, data.input);
  ASSERT_EQ(result.exit_status, 0) << result.err;
  std::size_t checked = 0;
  std::size_t expected_at = 0;
  std::size_t got_at = 0;
  while (expected_at < data.answers.size() && got_at < result.out.size()) {
    const std::size_t expected_end = data.answers.find('\n', expected_at);
    const std::size_t got_end = result.out.find('\n', got_at);
    const std::string expected = data.answers.substr(expected_at, expected_end - expected_at);
    const std::string got = result.out.substr(got_at, got_end - got_at);
    const std::size_t colon = expected.find(": ");
    if (colon != std::string::npos) {
      const std::string expected_category = expected.substr(0, expected.find(" ["));
      ASSERT_EQ(got.substr(0, got.find(" [")), expected_category) << "line " << checked + 1;
    }
    ++checked;
    expected_at = expected_end + 1;
    got_at = got_end + 1;
  }
  EXPECT_EQ(checked, 2000u * 5);
}

// ---- Errors deep inside large inputs ----------------------------------------------

// Instances 0..count-1 of `data` with instance `at` replaced by `bad` (or
// `bad` appended when at == count).
std::string splice(const Dataset& data, std::size_t at, const std::string& bad) {
  const std::size_t start = at == 0 ? 0 : data.ends[at - 1];
  const std::size_t end = at < data.ends.size() ? data.ends[at] : data.input.size();
  return data.input.substr(0, start) + bad + data.input.substr(end);
}

std::string answers_before(const Dataset& data, std::size_t at) {
  return data.answers.substr(0, at == 0 ? 0 : data.answer_ends[at - 1]);
}

Expectation error_expectation(const Dataset& data, std::size_t at, const std::string& path, std::uint64_t line,
                              std::uint64_t column, const std::string& message) {
  return Expectation{answers_before(data, at), 1, error_line("<stdin>", line, column, message),
                     error_line(path, line, column, message)};
}

class DeepErrors : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::mt19937_64 rng(15000);
    // Canonical layout: line numbers are 3 per instance.
    data_ = new Dataset(make_dataset(2, random_instances(2, 20000, rng), Blanks::kCanonical, rng));
  }
  static void TearDownTestSuite() {
    delete data_;
    data_ = nullptr;
  }

  void expect_error_at(std::size_t at, const std::string& bad, std::uint64_t line, std::uint64_t column,
                       const std::string& message) {
    const std::string input = splice(*data_, at, bad);
    const std::string path = write_temp_file("deep-error.txt", input);
    expect_everywhere({}, input, kErrorTunings, path, error_expectation(*data_, at, path, line, column, message));
  }

  static Dataset* data_;
};

Dataset* DeepErrors::data_ = nullptr;

TEST_F(DeepErrors, InvalidCardInInstance15000Of20000) {
  const std::size_t at = 14999;
  expect_error_at(at, "Ah Kh\n2c 3d\nQh Jh Th 5c 6x\n", 3 * at + 3, 13, invalid_card("'6x'"));
}

TEST_F(DeepErrors, DuplicateInTheLastInstance) {
  const std::size_t at = 19999;
  expect_error_at(at, "Ah Kd\n9c 9d\n2s 3s 4s Kd 7h\n", 3 * at + 3, 10,
                  "duplicate card 'Kd': already at line " + std::to_string(3 * at + 1) + ", column 4");
}

TEST_F(DeepErrors, InvalidCardInTheFirstInstance) {
  expect_error_at(0, "Ah Kh\n2c 3d\nQh Jh Th 5c \x01\n", 3, 13, invalid_card("'\\x01'"));
}

TEST_F(DeepErrors, BlankLineBetweenInstancesDeepInside) {
  const std::size_t at = 10001;
  expect_error_at(at, "\nAh Kh\n2c 3d\nQh Jh Th 5c 6d\n", 3 * at + 1, 1,
                  "expected 2 cards for player 1, found 0 before the end of the line");
}

TEST_F(DeepErrors, IncompleteInstanceAtTheEndOfALargeInput) {
  const std::size_t at = 20000;
  expect_error_at(at, "Ah Kh\n2c 3d\n", 3 * at + 3, 1,
                  "incomplete instance: expected the line of the board, found the end of the input");
}

TEST_F(DeepErrors, MissingNewlineAtTheEndOfALargeInput) {
  const std::size_t at = 20000;
  expect_error_at(at, "Ah Kh\n2c 3d\nQh Jh Th 5c 6d", 3 * at + 3, 15, "missing newline at the end of the input");
}

TEST_F(DeepErrors, ManyTrailingBlankLinesAreAccepted) {
  const std::string input = data_->input + std::string(50000, '\n') + " \t\r\n\n";
  const std::string path = write_temp_file("trailing-blank.txt", input);
  expect_everywhere({}, input, kErrorTunings, path, Expectation{data_->answers, 0, "", ""});
}

TEST_F(DeepErrors, ManyTrailingBlankLinesThenCardsIsAnErrorAtTheFirstBlankLine) {
  const std::size_t at = 20000;
  const std::string input = data_->input + std::string(50000, '\n') + "Ah Kh\n2c 3d\nQh Jh Th 5c 6d\n";
  const std::string path = write_temp_file("trailing-then-cards.txt", input);
  expect_everywhere({}, input, kErrorTunings, path,
                    error_expectation(*data_, at, path, 3 * at + 1, 1,
                                      "expected 2 cards for player 1, found 0 before the end of the line"));
}

// ---- Lines longer than the input buffers -------------------------------------------

const std::string kSample =
    "Ah Kh\n2c 3d\nQh Jh Th 5c 6d\nKs Qd\n8c 8h\n2s 8d Ad 4c Jh\n2c 3c\n4d 5d\nAs Ks Qs Js Ts\n";
const std::string kSampleAnswers = "Player 1\nPlayer 2\nDraw\n";
constexpr std::size_t kTwoMegabytes = 2 * 1024 * 1024;

// The result of a run with the file's name in its messages made "<stdin>".
RunResult as_if_stdin(RunResult result, const std::string& path) {
  for (std::size_t at = result.err.find(path); at != std::string::npos; at = result.err.find(path)) {
    result.err.replace(at, path.size(), "<stdin>");
  }
  return result;
}

// The specification, section 1: one result whatever the input source and
// chunk size.
void expect_same_from_every_source(const std::string& input) {
  const std::string path = write_temp_file("long.txt", input);
  const RunResult file = as_if_stdin(run_poker({"-i", path}), path);
  ASSERT_FALSE(file.timed_out);
  const auto same = [&file](const RunResult& other, const char* how) {
    SCOPED_TRACE(how);
    ASSERT_FALSE(other.timed_out);
    EXPECT_EQ(other.exit_status, file.exit_status);
    EXPECT_EQ(other.err, file.err);
    EXPECT_TRUE(other.out == file.out) << first_difference(file.out, other.out);
  };
  same(run_poker_stdin_file({}, path), "stdin redirected from the file");
  same(run_poker({}, input), "stdin pipe");
  same(run_poker({"--chunk-size", "16M"}, input), "stdin pipe, --chunk-size 16M");
  same(as_if_stdin(run_poker({"-j", "1", "--chunk-size", "1", "-i", path}), path), "-i FILE --chunk-size 1");
  same(as_if_stdin(run_poker({"--mmap", "-i", path}), path), "-i FILE --mmap");
  same(as_if_stdin(run_poker({"-j", "1", "--chunk-size", "1", "--mmap", "-i", path}), path),
       "-i FILE --chunk-size 1 --mmap");
}

TEST(LongInputs, MegabytesOfTrailingBlanksAreAccepted) {
  // The specification, section 3: "If everything after the last complete
  // instance is blanks and newlines only, that is also the end (no error)",
  // from any source.
  for (const std::string& tail : {std::string(kTwoMegabytes, ' '), std::string(kTwoMegabytes, ' ') + "\n",
                                  "\n" + std::string(kTwoMegabytes, '\t') + "\n\n"}) {
    const std::string input = kSample + tail;
    const std::string path = write_temp_file("trailing-blanks.txt", input);
    expect_everywhere({}, input, {{}, {"-j", "1", "--chunk-size", "16M"}}, path,
                      Expectation{kSampleAnswers, 0, "", ""});
  }
}

TEST(LongInputs, LineLongerThanAMebibyteGivesOneResultFromEverySource) {
  expect_same_from_every_source("Ah" + std::string(kTwoMegabytes, ' ') + "Kh\n2c 3d\nQh Jh Th 5c 6d\n" + kSample);
}

TEST(LongInputs, LongTokenIsTheFirstErrorFromEverySource) {
  // The token at line 1, column 1 is not a card, however long it is: the
  // first error by byte position.
  const std::string input = std::string(kTwoMegabytes, 'A') + "h Kh\n2c 3d\nQh Jh Th 5c 6d\n";
  expect_same_from_every_source(input);
  const RunResult piped = run_poker({}, input);
  EXPECT_EQ(piped.exit_status, 1);
  EXPECT_EQ(piped.err.rfind("poker: <stdin>:1:1: invalid card 'AAAA", 0), 0u) << piped.err;
}

}  // namespace
}  // namespace poker::e2e
