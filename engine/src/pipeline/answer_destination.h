// Where the pipeline's in-order writer stage sends each chunk's answers: an
// OutputSink (the judge), or the comparison with a candidate's answers
// (`poker verify`). Internal to the engine.
//
// Thread safety: called from the writer stage only, one chunk at a time, in
// input order; then finish() from the thread that ran the pipeline.
#ifndef POKER_ENGINE_PIPELINE_ANSWER_DESTINATION_H_
#define POKER_ENGINE_PIPELINE_ANSWER_DESTINATION_H_

#include <string_view>

#include "poker/format.h"
#include "poker/io/byte_source.h"
#include "poker/io/chunk.h"
#include "poker/io/output_sink.h"
#include "poker/pipeline.h"

namespace poker {

class AnswerDestination {
 public:
  virtual ~AnswerDestination() = default;
  // The answers of `chunk` (its instances before any error). False stops the
  // run: the destination has set `outcome` if that is an error, and leaves
  // it kOk if it simply needs nothing more (a verdict is reached).
  virtual bool take(const io::Chunk& chunk, const ChunkResult& result, RunOutcome& outcome) = 0;
  // After the last chunk, when every instance was valid and nothing stopped
  // the run: the format's summary (often empty). Sets `outcome` on failure.
  virtual void finish(std::string_view summary, RunOutcome& outcome) = 0;
};

// run_pipeline() with its answers going to `destination`. Returns with
// `stopped_by_destination` set if take() returned false.
RunOutcome run_pipeline_to(const Format& format, io::ByteSource& source, AnswerDestination& destination,
                           const PipelineOptions& options, bool& stopped_by_destination);

}  // namespace poker

#endif  // POKER_ENGINE_PIPELINE_ANSWER_DESTINATION_H_
