#include <ostream>

#include "poker/answer_buffer.h"

namespace poker {

std::ostream& operator<<(std::ostream& out, const AnswerBuffer& buffer) { return out << buffer.view(); }

}  // namespace poker
