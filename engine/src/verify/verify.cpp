// run_verify: the pipeline run with a Verifier as its destination.
#include "poker/verify.h"

#include "pipeline/answer_destination.h"
#include "verify/verifier.h"

namespace poker {

VerifyOutcome run_verify(const Format& format, io::ByteSource& input, io::ByteSource& candidate,
                         const PipelineOptions& pipeline_options, const VerifyOptions& options) {
  VerifyOutcome outcome;
  io::TextCursor cursor(candidate);
  verify::Verifier verifier(format, cursor, options, outcome.report);
  bool stopped_by_verifier = false;  // never: the instances are judged to their end
  outcome.run = run_pipeline_to(format, input, verifier, pipeline_options, stopped_by_verifier);
  return outcome;
}

}  // namespace poker
