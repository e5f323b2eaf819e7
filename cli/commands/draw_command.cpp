#include "commands/draw_command.h"

#include "poker/draw_format.h"

namespace poker::cli {

std::unique_ptr<Format> DrawCommand::make_format(const std::atomic<bool>&) const { return make_draw_format(); }

}  // namespace poker::cli
