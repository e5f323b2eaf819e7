// The pipeline's last stage: it takes the chunks' results in input order,
// checks the bytes they came from are still the input's, and hands the
// answers to the destination, or records the first error and stops the run.
// Internal to the engine.
//
// Thread safety: a serial_in_order stage; TBB calls it one Work at a time.
#ifndef POKER_ENGINE_PIPELINE_ORDERED_WRITER_H_
#define POKER_ENGINE_PIPELINE_ORDERED_WRITER_H_

#include <cstdint>

#include "pipeline/answer_destination.h"
#include "pipeline/work.h"
#include "pipeline/work_pool.h"
#include "poker/io/byte_source.h"
#include "poker/pipeline.h"

namespace poker::pipeline {

// Functor that hands each chunk's answers to the destination in input order, up to the first error.
class OrderedWriter {
 public:
  OrderedWriter(io::ByteSource& source, AnswerDestination& destination, RunState& state, const PipelineOptions& options,
                WorkPool& works)
      : source_(source), destination_(destination), state_(state), options_(options), works_(works) {}

  // Writes `work`'s answers, then gives it back to the pool.
  void operator()(Work* work) const;

 private:
  void write(const Piece& piece, std::uint64_t framed_from) const;
  void fail(InputError error) const;

  io::ByteSource& source_;
  AnswerDestination& destination_;
  RunState& state_;
  const PipelineOptions& options_;
  WorkPool& works_;
};

}  // namespace poker::pipeline

#endif  // POKER_ENGINE_PIPELINE_ORDERED_WRITER_H_
