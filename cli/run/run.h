// A planned run, carried out: the thread limit set, then a run of its own,
// or the judging of an input: the reporter's files, the input (and a
// candidate's answers) opened before the output, the format made, the
// pipeline run (or verify's comparison), and the end told by the reporter.
#ifndef POKER_CLI_RUN_RUN_H_
#define POKER_CLI_RUN_RUN_H_

#include "run/run_plan.h"
#include "standard_descriptors.h"
#include "stop_signals.h"

namespace poker::cli {

// The exit status of the run.
int run(RunPlan& plan, const StopSignals& signals, const ClosedStandardDescriptors& closed);

}  // namespace poker::cli

#endif  // POKER_CLI_RUN_RUN_H_
