// Running a Format in tests: one chunk by itself, or a whole input through the
// pipeline with a given thread count and chunk size.
#ifndef POKER_TESTS_SUPPORT_FORMAT_RUNS_H_
#define POKER_TESTS_SUPPORT_FORMAT_RUNS_H_

#include <tbb/task_arena.h>

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "poker/format.h"
#include "poker/pipeline.h"
#include "support/fake_io.h"

namespace poker::testing {

// `format`'s result for `input` as one chunk starting at line 1.
inline ChunkResult process_chunk(const Format& format, std::string_view input,
                                 io::Chunk::End end = io::Chunk::End::kEndOfInput) {
  io::Chunk chunk;
  chunk.bytes = input;
  chunk.first_line = 1;
  chunk.end = end;
  ChunkResult result;
  format.process(chunk, result);
  return result;
}

// Expects `input` to fail at line:column with `message`, after `answers_before`.
inline void expect_chunk_error(const Format& format, std::string_view input, std::uint64_t line, std::uint64_t column,
                               const std::string& message, const std::string& answers_before = "") {
  const ChunkResult result = process_chunk(format, input);
  ASSERT_TRUE(result.error.has_value()) << input;
  EXPECT_EQ(result.error->line, line) << input;
  EXPECT_EQ(result.error->column, column) << input;
  EXPECT_EQ(result.error->message, message) << input;
  EXPECT_EQ(result.answers, answers_before) << input;
}

struct PipelineRun {
  RunOutcome outcome;
  std::string output;
};

// `input` through the whole pipeline, read `read_step` bytes at a time.
inline PipelineRun run_format(const Format& format, const std::string& input, int threads, std::size_t chunk_size,
                              std::size_t read_step = 1 << 20) {
  auto source = fake_stream(input, read_step, 4 * chunk_size);
  StringSink sink;
  PipelineOptions options;
  options.chunk_size = chunk_size;
  PipelineRun run;
  tbb::task_arena arena(threads);
  arena.execute([&] { run.outcome = run_pipeline(format, *source, sink, options); });
  run.output = sink.text;
  return run;
}

}  // namespace poker::testing

#endif  // POKER_TESTS_SUPPORT_FORMAT_RUNS_H_
