#include "commands/command.h"

#include "commands/shared_options.h"
#include "run/outcome_reporter.h"
#include "run/run_plan.h"

namespace poker::cli {

RunPlan FormatCommand::plan(const SharedOptions& shared) const {
  RunPlan plan;
  plan.shared = &shared;
  plan.format = this;
  plan.reporter = std::make_unique<OutcomeReporter>();
  return plan;
}

}  // namespace poker::cli
