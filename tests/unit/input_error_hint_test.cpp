// cli/input_error_hint: the hints' evidence, the input's first bytes as the
// run read them (HeadKeepingSource), and no more of it than the lines
// through the failing instance, which every source has given by then.
#include "input_error_hint.h"

#include <tbb/task_arena.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <string>

#include "poker/holdem_format.h"
#include "poker/io/input.h"
#include "poker/pipeline.h"
#include "support/fake_io.h"

namespace poker::cli {
namespace {

const std::string kBoard = "2d 3d 4d 5d 6d\n";

// Runs `source` through the pipeline, judging hold'em of two players in
// chunks of `chunk_size` bytes; its head afterwards.
std::string head_after_a_run(std::unique_ptr<io::ByteSource> from, std::size_t chunk_size) {
  HeadKeepingSource source(std::move(from), 100);
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
  char path[] = "/tmp/poker_head_XXXXXX";
  const int fd = ::mkstemp(path);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::write(fd, input.data(), input.size()), static_cast<ssize_t>(input.size()));
  ::close(fd);
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
  ::unlink(path);
}

// The head of a file of four players. Judged as two, the error is at line 3
// and its instance ends there: the board at line 5 is past what a pipe must
// have brought, so it is no evidence, whether the head holds it or not.
TEST(InputErrorHint, ReadsTheInputOnlyThroughTheFailingInstance) {
  const std::string four = "Ah Kh\n2c 3d\nQs Qd\n9h 9c\n" + kBoard;
  const InputError board_expected{3, 1, "expected 5 cards for the board, found 2 before the end of the line"};
  const std::string no_count = "an instance is one line per player (2 here) then the board: is PLAYERS right?";
  for (const std::string& head : {four, four.substr(0, 18), std::string()}) {
    EXPECT_EQ(input_error_hint(board_expected, ErrorContext{Command::kHoldem, 2, 3, head}), no_count);
  }
  // Judged as five, the instance holds the board.
  const InputError player_expected{5, 1, "expected 2 cards for player 5, found 5 before the end of the line"};
  EXPECT_EQ(input_error_hint(player_expected, ErrorContext{Command::kHoldem, 5, 6, four}),
            "the input seems to hold 4 players per instance: try 'poker 4'");
}

}  // namespace
}  // namespace poker::cli
