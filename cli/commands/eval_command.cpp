#include "commands/eval_command.h"

#include "poker/eval_format.h"

namespace poker::cli {

std::unique_ptr<Format> EvalCommand::make_format(const std::atomic<bool>&) const { return make_eval_format(); }

}  // namespace poker::cli
