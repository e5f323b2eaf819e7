// run_token_verify(): the verdicts of problemtools' default validator and of
// testlib's wcmp, against references written here over whole strings (the
// product compares a stream a byte at a time), on thousands of random
// mutations of right answers, for every thread count, chunk size and read
// size; and the places its verdicts name.
#include "poker/token_verify.h"

#include <tbb/task_arena.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "poker/holdem_format.h"
#include "support/checker_reference.h"
#include "support/fake_io.h"
#include "support/sanitizers.h"

namespace poker {
namespace {

using poker::testing::fake_stream;
using poker::testing::problemtools_accepts;
using poker::testing::Wcmp;
using poker::testing::wcmp;

const std::string kInstances =
    "Ah Kh\n2c 3d\nQh Jh Th 5c 6d\n"
    "Ks Qd\n8c 8h\n2s 8d Ad 4c Jh\n"
    "2c 3c\n4d 5d\nAs Ks Qs Js Ts\n";
const std::string kAnswers = "Player 1\nPlayer 2\nDraw\n";

// ---- The product ----

TokenVerifyOutcome token_verify(const std::string& team, const TokenRule& rule, int threads, std::size_t chunk_size,
                                std::size_t read_size) {
  const auto holdem = make_holdem_format(HoldemOptions{2, false});
  auto input = fake_stream(kInstances, 5, 4 * chunk_size);
  auto output = fake_stream(team, read_size, 4 + read_size);
  PipelineOptions options;
  options.chunk_size = chunk_size;
  TokenVerifyOutcome outcome;
  tbb::task_arena arena(threads);
  arena.execute([&] { outcome = run_token_verify(*holdem, *input, *output, options, rule); });
  return outcome;
}

// A random mutation of the right answers: bytes replaced, inserted or
// removed, from an alphabet of what matters to the rules.
std::string mutated(std::mt19937& rng) {
  static const std::string kBytes = std::string("  \t\n\n\r\v\f\0", 9) + "\xff\xEF\xBB\xBFPpLlAaYyEeRr12.0e+Dw";
  std::string text = kAnswers;
  const int edits = std::uniform_int_distribution<int>(0, 3)(rng);
  for (int e = 0; e < edits; ++e) {
    const std::size_t at = std::uniform_int_distribution<std::size_t>(0, text.size())(rng);
    const char byte = kBytes[std::uniform_int_distribution<std::size_t>(0, kBytes.size() - 1)(rng)];
    switch (std::uniform_int_distribution<int>(0, 2)(rng)) {
      case 0: text.insert(at, 1, byte); break;
      case 1:
        if (at < text.size()) text[at] = byte;
        break;
      default:
        if (at < text.size()) text.erase(at, 1);
    }
  }
  return text;
}

// Random outputs per test: fewer under sanitizers, where each run costs ten
// times as much.
constexpr int kMutations = poker::testing::kUnderSanitizer || !poker::testing::kOptimized ? 400 : 3000;

std::vector<TokenRule> problemtools_rules() {
  std::vector<TokenRule> rules(5);
  rules[1].case_sensitive = true;
  rules[2].space_change_sensitive = true;
  rules[3].case_sensitive = rules[3].space_change_sensitive = true;
  rules[4].float_absolute_tolerance = 0.5;
  rules[4].float_relative_tolerance = 1e-9;
  return rules;
}

TEST(TokenVerify, ProblemtoolsVerdictsEqualTheReferenceOnRandomMutations) {
  std::mt19937 rng(20261128);
  const std::vector<TokenRule> rules = problemtools_rules();
  std::vector<int> accepted(rules.size());
  for (int i = 0; i < kMutations; ++i) {
    const std::string team = mutated(rng);
    for (std::size_t r = 0; r < rules.size(); ++r) {
      const bool expected = problemtools_accepts(kAnswers, team, rules[r]);
      const TokenVerifyOutcome outcome = token_verify(team, rules[r], 1 + i % 2, 8 + i % 64, 1 + i % 7);
      ASSERT_EQ(outcome.run.status, RunOutcome::Status::kOk);
      ASSERT_EQ(outcome.verdict.accepted(), expected)
          << "rule " << r << ", output \"" << team << "\": " << describe_token_verdict(outcome.verdict);
      accepted[r] += expected;
    }
  }
  // Both verdicts, often, under every rule: the mutations test something.
  for (const int count : accepted) {
    EXPECT_GT(count, kMutations / 10);
    EXPECT_LT(count, kMutations * 9 / 10);
  }
}

TEST(TokenVerify, WcmpVerdictsEqualTheReferenceOnRandomMutations) {
  std::mt19937 rng(1128);
  TokenRule rule;
  rule.checker = TokenRule::Checker::kTestlibWcmp;
  int accepted = 0;
  for (int i = 0; i < kMutations; ++i) {
    const std::string team = mutated(rng);
    const Wcmp expected = wcmp(kAnswers, team);
    const TokenVerifyOutcome outcome = token_verify(team, rule, 1 + i % 2, 8 + i % 64, 1 + i % 7);
    ASSERT_EQ(outcome.verdict.accepted(), expected == Wcmp::kOk)
        << "output \"" << team << "\": " << describe_token_verdict(outcome.verdict);
    ASSERT_FALSE(outcome.verdict.presentation_error());
    accepted += expected == Wcmp::kOk;
  }
  EXPECT_GT(accepted, kMutations / 10);
  EXPECT_LT(accepted, kMutations * 9 / 10);
}

TEST(TokenVerify, TheSameVerdictForEveryChunkAndReadSize) {
  const std::string team = "Player 1\r\nPlayer  2\nDrew\n";
  const TokenVerdict first = token_verify(team, TokenRule{}, 1, 8, 1).verdict;
  EXPECT_EQ(first.kind, TokenVerdict::Kind::kTokenDiffers);
  EXPECT_EQ(first.token, 5u);
  EXPECT_EQ(first.expected_line, 3u);
  EXPECT_EQ(first.output_line, 3u);
  EXPECT_EQ(first.expected, "Draw");
  EXPECT_EQ(first.found, "Drew");
  for (const int threads : {1, 2, 4}) {
    for (const std::size_t chunk : {std::size_t{1}, std::size_t{7}, std::size_t{64 << 10}}) {
      for (const std::size_t read : {std::size_t{1}, std::size_t{2}, std::size_t{4096}}) {
        const TokenVerdict verdict = token_verify(team, TokenRule{}, threads, chunk, read).verdict;
        EXPECT_EQ(describe_token_verdict(verdict), describe_token_verdict(first));
      }
    }
  }
}

TEST(TokenVerify, VerdictsNameWhereAndWhat) {
  const auto described = [](const std::string& team, const TokenRule& rule) {
    return describe_token_verdict(token_verify(team, rule, 1, 16, 3).verdict);
  };
  EXPECT_EQ(described("Player 1\nPlayer 2\n", TokenRule{}),
            "token 5 (line 3 of the answers, line 3 of the output): the output ends where the answers go on with "
            "\"Draw\"");
  EXPECT_EQ(described(kAnswers + "\n\nmore", TokenRule{}),
            "token 6 (line 4 of the answers, line 6 of the output): the output goes on after the last answer with "
            "\"more\"");
  TokenRule spaces;
  spaces.space_change_sensitive = true;
  EXPECT_EQ(described("Player 1\nPlayer 2\nDraw", spaces),
            "token 5 (line 3 of the answers, line 3 of the output): whitespace: expected \"\\x0a\", found the end of "
            "the output");
  EXPECT_EQ(described("Player  1\nPlayer 2\nDraw\n", spaces),
            "token 2 (line 1 of the answers, line 1 of the output): whitespace \" \" where the answers have none");
  TokenRule floats;
  floats.float_absolute_tolerance = 0.1;
  EXPECT_EQ(described("Player one\nPlayer 2\nDraw\n", floats),
            "token 2 (line 1 of the answers, line 1 of the output): expected a number close to \"1\", found \"one\"");
  EXPECT_TRUE(token_verify("Player 1.05\nPlayer 2\nDraw\n", floats, 1, 16, 3).verdict.accepted());
  EXPECT_FALSE(token_verify("Player 1.2\nPlayer 2\nDraw\n", floats, 1, 16, 3).verdict.accepted());
}

// problemtools compares C strings: a NUL ends a token's compared part.
TEST(TokenVerify, ProblemtoolsComparesTokensUpToANulByte) {
  EXPECT_TRUE(
      token_verify(std::string("Player\0junk 1\nPlayer 2\nDraw\n", 27), TokenRule{}, 1, 16, 3).verdict.accepted());
  TokenRule wcmp_rule;
  wcmp_rule.checker = TokenRule::Checker::kTestlibWcmp;
  EXPECT_FALSE(
      token_verify(std::string("Player\0junk 1\nPlayer 2\nDraw\n", 27), wcmp_rule, 1, 16, 3).verdict.accepted());
}

// An output of NUL bytes (`< /dev/zero`) once held the comparison for ever:
// a token that matched up to its NUL is read to 32 MiB at most.
TEST(TokenVerify, ProblemtoolsEndlessTokenAfterANulStopsAt32MiB) {
  const std::string zeros(33 << 20, '\0');
  EXPECT_EQ(token_verify(zeros, TokenRule{}, 1, 64 << 10, 1 << 16).verdict.kind, TokenVerdict::Kind::kTokenDiffers);
  EXPECT_EQ(token_verify("Player" + zeros, TokenRule{}, 1, 64 << 10, 1 << 16).verdict.kind,
            TokenVerdict::Kind::kTokenTooLong);
}

// testlib reads a whole token before it compares it: one of over 32 MiB
// is a presentation error even where its first byte differs.
TEST(TokenVerify, WcmpTokenOver32MiBIsAPresentationError) {
  TokenRule rule;
  rule.checker = TokenRule::Checker::kTestlibWcmp;
  const TokenVerdict verdict = token_verify(std::string((32 << 20) + 1, 'x'), rule, 2, 64 << 10, 1 << 16).verdict;
  EXPECT_EQ(verdict.kind, TokenVerdict::Kind::kTokenTooLong);
  EXPECT_TRUE(verdict.presentation_error());
  EXPECT_EQ(token_verify(std::string(32 << 20, 'x'), rule, 2, 64 << 10, 1 << 16).verdict.kind,
            TokenVerdict::Kind::kTokenDiffers);
}

TEST(TokenVerify, ReadErrorIsNoVerdict) {
  const auto holdem = make_holdem_format(HoldemOptions{2, false});
  auto input = fake_stream(kInstances, 5, 64);
  auto output = fake_stream(kAnswers, 2, 4, 3);
  const TokenVerifyOutcome outcome = run_token_verify(*holdem, *input, *output, PipelineOptions{}, TokenRule{});
  EXPECT_EQ(outcome.verdict.kind, TokenVerdict::Kind::kOutputUnreadable);
  EXPECT_NE(outcome.verdict.read_error, 0);
}

}  // namespace
}  // namespace poker
