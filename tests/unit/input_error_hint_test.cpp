// poker/input_hint.h: the hints' evidence, the input's first bytes as the
// run read them (HeadKeepingSource), and no more of it than the lines
// through the failing instance, which every source has given by then; the
// hints read the error's kind and token, and each format recognises its own
// input.
#include "poker/input_hint.h"

#include <tbb/task_arena.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <string>

#include "poker/draw_format.h"
#include "poker/euler_format.h"
#include "poker/eval_format.h"
#include "poker/holdem_format.h"
#include "poker/io/head_keeping_source.h"
#include "poker/io/input.h"
#include "poker/pipeline.h"
#include "support/fake_io.h"
#include "support/format_runs.h"
#include "support/temp_file.h"

namespace poker {
namespace {

const std::string kBoard = "2d 3d 4d 5d 6d\n";

// Runs `source` through the pipeline, judging hold'em of two players in
// chunks of `chunk_size` bytes; its head afterwards.
std::string head_after_a_run(std::unique_ptr<io::ByteSource> from, std::size_t chunk_size) {
  io::HeadKeepingSource source(std::move(from), 100);
  const auto holdem = make_holdem_format(HoldemOptions{2, false});
  poker::testing::StringSink sink;
  PipelineOptions options;
  options.chunk_size = chunk_size;
  RunOutcome outcome;
  tbb::task_arena arena(2);
  arena.execute([&] { outcome = run_pipeline(*holdem, source, sink, options); });
  EXPECT_EQ(outcome.status, RunOutcome::Status::kOk);
  return source.head();
}

TEST(HeadKeepingSource, KeepsTheFirstBytesWhateverTheSourceReadsAndChunks) {
  std::string input;
  for (int i = 0; i < 30; ++i) input += "Ah Kh\n2c 3d\nQh Jh Th 5c 6d\n";
  const poker::testing::TempFile file(input);
  const char* const path = file.path();
  for (const std::size_t chunk : {std::size_t{1}, std::size_t{64}, std::size_t{256 * 1024}}) {
    SCOPED_TRACE("chunks of " + std::to_string(chunk));
    for (const std::size_t step : {std::size_t{1}, std::size_t{7}, std::size_t{4096}}) {
      EXPECT_EQ(head_after_a_run(poker::testing::fake_stream(input, step, 4 * chunk), chunk), input.substr(0, 100))
          << "a stream read " << step << " bytes at a time";
    }
    EXPECT_EQ(head_after_a_run(io::open_input(path, io::InputOptions{io::FileReading::kMap, 1 << 20, 4 * chunk}).source,
                               chunk),
              input.substr(0, 100))
        << "mapped";
    EXPECT_EQ(
        head_after_a_run(io::open_input(path, io::InputOptions{io::FileReading::kReadAt, 0, 4 * chunk}).source, chunk),
        input.substr(0, 100))
        << "read at offsets";
  }
}

// The formats say what kind of fault an error is, and which token, as the
// hints read them: a reworded message changes no hint.
TEST(InputErrorKinds, EachFaultCarriesItsKindAndToken) {
  const auto holdem = make_holdem_format(HoldemOptions{2, false});
  const auto error_of = [&](const Format& format, std::string_view input) {
    const ChunkResult result = testing::process_chunk(format, input, io::Chunk::End::kEndOfInput);
    EXPECT_TRUE(result.error.has_value()) << input;
    return result.error.value_or(InputError{});
  };
  const auto expect = [](const InputError& error, InputErrorKind kind, std::string_view token) {
    EXPECT_EQ(error.kind, kind) << error.message;
    EXPECT_EQ(error.token, token) << error.message;
  };
  expect(error_of(*holdem, "Ah Kh\n10h Qd\n" + kBoard), InputErrorKind::kInvalidCard, "10h");
  expect(error_of(*holdem, "Ah Kh\nAh Qd\n" + kBoard), InputErrorKind::kDuplicateCard, "Ah");
  expect(error_of(*holdem, "Ah Kh Qs\n"), InputErrorKind::kExtraToken, "Qs");
  expect(error_of(*holdem, "Ah Kh\nQs Qd\n2d 3d\n"), InputErrorKind::kShortLine, "");
  expect(error_of(*holdem, "Ah Kh\n\r\n"), InputErrorKind::kBlankLine, "");
  expect(error_of(*holdem, "Ah Kh\n  \n"), InputErrorKind::kBlankLine, "");
  expect(error_of(*make_eval_format(), "Ah Kh Qh Jh Th ; 2c 3c 4c 5c 7d\n"), InputErrorKind::kInvalidCard, "Th");
  expect(error_of(*make_euler_format(EulerOptions{}), "8C TS KC 9H 4S 7D 2S 5D 3S Ac\n"), InputErrorKind::kInvalidCard,
         "Ac");
  expect(error_of(*make_draw_format(), "X 5\n"), InputErrorKind::kInvalidCard, "X");
}

// What a hint suggests, in words a test can compare.
std::string suggested(const FormatGuess& guess) {
  std::string words = "<";
  words.append(guess.format);
  if (guess.players > 0) words.append(" ").append(std::to_string(guess.players));
  return words.append(">");
}

// The hint for `error` in `head` judged by `format`, or "".
std::string hint_of(const Format& format, const InputError& error, std::string_view head) {
  return input_error_hint(format, error, head, &suggested).value_or("");
}

InputError error_at(std::uint64_t line, std::uint64_t column, InputErrorKind kind, std::string token = {}) {
  return InputError{line, column, "a message no hint reads", kind, std::move(token)};
}

// The head of a file of four players. Judged as two, the error is at line 3
// and its instance ends there: the board at line 5 is past what a pipe must
// have brought, so it is no evidence, whether the head holds it or not; the
// three lines of two cards show at least three players.
TEST(InputErrorHint, ReadsTheInputOnlyThroughTheFailingInstance) {
  const std::string four = "Ah Kh\n2c 3d\nQs Qd\n9h 9c\n" + kBoard;
  const auto two = make_holdem_format(HoldemOptions{2, false});
  const InputError board_expected = error_at(3, 6, InputErrorKind::kShortLine);
  for (const std::string& head : {four, four.substr(0, 18)}) {
    EXPECT_EQ(hint_of(*two, board_expected, head),
              "the input seems to hold at least 3 players per instance: try <holdem 3>");
  }
  EXPECT_EQ(hint_of(*two, board_expected, ""),
            "an instance is one line per player (2 here) then the board: is PLAYERS right?");
  // Judged as five, the instance holds the board.
  const auto five = make_holdem_format(HoldemOptions{5, false});
  EXPECT_EQ(hint_of(*five, error_at(5, 1, InputErrorKind::kShortLine), four),
            "the input seems to hold 4 players per instance: try <holdem 4>");
}

// The hints read the kind and the token, never the message: a message
// worded otherwise has the same hint.
TEST(InputErrorHint, ReadsTheKindAndTokenNotTheMessage) {
  const auto holdem = make_holdem_format(HoldemOptions{2, false});
  const std::string head = "Ah Kh\n10h Qd\n" + kBoard;
  for (const std::string message : {"invalid card '10h'", "", "la carte '10h' n'existe pas"}) {
    const InputError error{2, 1, message, InputErrorKind::kInvalidCard, "10h"};
    EXPECT_EQ(hint_of(*holdem, error, head), "ten is written T, like 'Th'");
  }
  EXPECT_EQ(hint_of(*holdem, InputError{2, 1, "invalid card '10h'"}, head), "") << "no kind, no hint";
}

// Each format's card notation, from its own alphabet: ten, the case of
// ranks and suits.
TEST(InputErrorHint, CardHintsFollowEachFormatsNotation) {
  const auto holdem = make_holdem_format(HoldemOptions{2, false});
  const auto euler = make_euler_format(EulerOptions{});
  const auto eval = make_eval_format();
  const std::string holdem_head = "Ah Kh\nQs Qd\n" + kBoard;
  const auto card = [](std::string token) { return error_at(1, 1, InputErrorKind::kInvalidCard, std::move(token)); };
  EXPECT_EQ(hint_of(*holdem, card("0h"), holdem_head), "ten is written T, like 'Th'");
  EXPECT_EQ(hint_of(*holdem, card("ah"), holdem_head), "ranks are upper-case, like 'Ah'");
  EXPECT_EQ(
      hint_of(*holdem, card("AH"), holdem_head),
      "suits are lower-case: 'Ah', not 'AH' (Project Euler 54 files, with upper-case suits, go to 'poker euler')");
  const std::string eval_head = "Ah Kh Qh Jh 9h ; 2c 3c 4c 5c 7d\n";
  EXPECT_EQ(hint_of(*eval, card("Th"), eval_head), "ten is written 0, like '0h'");
  EXPECT_EQ(hint_of(*eval, card("10h"), eval_head), "ten is written 0, like '0h'");
  EXPECT_EQ(hint_of(*eval, card("KH"), eval_head), "suits are lower-case: 'Kh', not 'KH'");
  const std::string euler_head = "8C TS KC 9H 4S 7D 2S 5D 3S AC\n";
  EXPECT_EQ(hint_of(*euler, card("Th"), euler_head),
            "Project Euler 54 writes suits upper-case, like 'TH' (lower-case suits are the hold'em judge's)");
  EXPECT_EQ(hint_of(*euler, card("10H"), euler_head), "ten is written T, like 'TH'");
  EXPECT_EQ(hint_of(*holdem, card("Qx"), holdem_head), "");
}

TEST(InputErrorHint, CardsJoinedByCommasOrNothing) {
  const auto holdem = make_holdem_format(HoldemOptions{2, false});
  const std::string head = "Ah,Kh\n";
  EXPECT_EQ(hint_of(*holdem, error_at(1, 1, InputErrorKind::kInvalidCard, "Ah,Kh"), head),
            "cards are separated by blanks, not commas: 'Ah Kh', not 'Ah,Kh'");
  EXPECT_EQ(hint_of(*holdem, error_at(1, 1, InputErrorKind::kInvalidCard, "Ah,"), "Ah, Kh\n"),
            "cards are separated by blanks, not commas: 'Ah', not 'Ah,'");
  EXPECT_EQ(hint_of(*holdem, error_at(1, 1, InputErrorKind::kInvalidCard, "AhKh"), "AhKh\n"),
            "cards are separated by blanks: 'Ah Kh', not 'AhKh'");
}

// Each format recognises its own input; a hint names the one the first
// lines look like, when the error is in the first instance.
TEST(InputErrorHint, OtherFormatsRecogniseTheirInput) {
  const std::string holdem_input = "Ah Kh\nQs Qd\n" + kBoard;
  const std::string euler_input = "8C TS KC 9H 4S 7D 2S 5D 3S AC\n";
  const std::string eval_input = "Ah Kh Qh Jh 9h ; 2c 3c 4c 5c 7d\n";
  const std::string draw_input = "S 5\nH 13\n";
  const auto holdem = make_holdem_format(HoldemOptions{2, false});
  const auto euler = make_euler_format(EulerOptions{});
  const auto eval = make_eval_format();
  const auto draw = make_draw_format();
  const auto any = [](InputErrorKind kind, std::string token = {}) { return error_at(1, 1, kind, std::move(token)); };
  EXPECT_EQ(hint_of(*euler, any(InputErrorKind::kInvalidCard, "Ah"), holdem_input),
            "this looks like a hold'em input: try <holdem>");
  EXPECT_EQ(hint_of(*eval, any(InputErrorKind::kShortLine), holdem_input),
            "this looks like a hold'em input: try <holdem>");
  EXPECT_EQ(hint_of(*euler, any(InputErrorKind::kInvalidCard, "Ah"), eval_input),
            "this looks like an eval input (HAND1 ; HAND2): try <eval>");
  EXPECT_EQ(hint_of(*eval, any(InputErrorKind::kInvalidCard, "8C"), euler_input),
            "this looks like a Project Euler 54 input: try <euler>");
  EXPECT_EQ(hint_of(*holdem, any(InputErrorKind::kExtraToken, "KC"), euler_input),
            "this looks like a Project Euler 54 input: try <euler>");
  EXPECT_EQ(hint_of(*holdem, any(InputErrorKind::kExtraToken, "2c"), eval_input),
            "this looks like an eval input (HAND1 ; HAND2): try <eval>");
  EXPECT_EQ(hint_of(*holdem, any(InputErrorKind::kInvalidCard, "S"), draw_input),
            "this looks like a draw puzzle input: try <draw>");
  // A draw instance is 52 lines: the hold'em board is among them.
  EXPECT_EQ(hint_of(*draw, any(InputErrorKind::kInvalidCard, "Ah"), holdem_input),
            "this looks like a hold'em input of 2 players: try <holdem 2>");
  // Past the first instance, the input is the format's own: the hint is the card's.
  EXPECT_EQ(hint_of(*euler, error_at(2, 1, InputErrorKind::kInvalidCard, "Ah"), euler_input + holdem_input),
            "Project Euler 54 writes suits upper-case, like 'AH' (lower-case suits are the hold'em judge's)");
}

// Line ends: a blank line (CRLF or not) between instances, and lone CRs.
TEST(InputErrorHint, BlankLinesAndLoneCarriageReturns) {
  const auto holdem = make_holdem_format(HoldemOptions{2, false});
  const std::string instance = "Ah Kh\nQs Qd\n" + kBoard;
  EXPECT_EQ(hint_of(*holdem, error_at(4, 2, InputErrorKind::kBlankLine), instance + "\r\n" + instance),
            "line 4 is blank: instances follow each other with no blank line between");
  EXPECT_EQ(hint_of(*holdem, error_at(1, 7, InputErrorKind::kExtraToken, "Qs"), "Ah Kh\rQs Qd\r2d 3d 4d 5d 6d\r"),
            "lines here end with a lone CR (classic Mac OS line ends), which is a blank, not a line end: convert them "
            "to LF, e.g. with tr '\\r' '\\n'");
  EXPECT_EQ(hint_of(*holdem, error_at(2, 4, InputErrorKind::kInvalidCard, "Qx"), "Ah Kh\r\nQs Qx\r\n"), "")
      << "CRLF line ends are line ends";
}

// Where the hint suggests a command, the front end words it.
TEST(InputErrorHint, TheLineNamesTheInstanceAndTheFrontEndsSuggestion) {
  const auto euler = make_euler_format(EulerOptions{});
  const InputError error{1, 1, "invalid card 'Ah'", InputErrorKind::kInvalidCard, "Ah"};
  EXPECT_EQ(input_error_line("in.txt", *euler, error, "Ah Kh\n",
                             [](const FormatGuess& guess) { return "'poker " + std::string(guess.format) + " x'"; }),
            "in.txt:1:1: invalid card 'Ah' (instance 1); hint: this looks like a hold'em input: try 'poker holdem x'");
}

}  // namespace
}  // namespace poker
