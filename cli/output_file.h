// The output's opening and a whole answer's writing, with their one-line
// failures: shared by the pipeline's run (main.cpp) and by the runs that
// print one text (a verify report, equity's table), so that a failure has
// one wording.
#ifndef POKER_CLI_OUTPUT_FILE_H_
#define POKER_CLI_OUTPUT_FILE_H_

#include <memory>
#include <string>
#include <string_view>

#include "poker/io/output_sink.h"
#include "stop_signals.h"

namespace poker::cli {

// Opens `path` ("-": standard output) for writing; a stop signal cuts the
// wait for a FIFO's reader short. Null after reporting the failure, whose
// status is then in `status`.
std::unique_ptr<io::OutputSink> open_output_or_report(const std::string& path, const StopSignals& signals, int& status);

// Opens `path` ("-": standard output) for a report that is whole or absent
// (`poker bench -o FILE`): opened now, so that a file that cannot be
// written fails before the work, but a regular file is truncated only by
// the first write. Until then a run that ends (a stop signal, a failure)
// leaves FILE as it was, and removes it if this call created it and the
// name still names it. A FIFO or a device is opened as
// open_output_or_report() opens it. Null after reporting the failure,
// whose status is then in `status`.
std::unique_ptr<io::OutputSink> open_report_output_or_report(const std::string& path, const StopSignals& signals,
                                                             int& status);

// The exit status of a write's or a finish's result: 0 (a broken pipe
// included: the reader had what it wanted) or that of the write error it
// reports (the result names the file).
int report_write_result(const io::WriteResult& written, const StopSignals& signals);

// Writes `text` and finishes the sink; the exit status: 0 (a broken pipe
// included: the reader had what it wanted) or the reported write error's.
int write_and_finish(io::OutputSink& sink, std::string_view text, const StopSignals& signals);

}  // namespace poker::cli

#endif  // POKER_CLI_OUTPUT_FILE_H_
