#include "poker/eval_format.h"

#include <algorithm>
#include <string>
#include <string_view>

#include "formats/card_line_reader.h"
#include "formats/explain_line.h"
#include "formats/for_each_instance.h"
#include "formats/format_hints.h"
#include "poker/evaluator.h"

namespace poker {
namespace {

constexpr int kMinHandCards = 5;
constexpr std::string_view kSeparator = ";";
constexpr std::string_view kLabels[2] = {"hand 1", "hand 2"};
constexpr std::string_view kVerdicts[3] = {"Hand 1 wins\n", "Hand 2 wins\n", "Tie\n"};

class EvalFormat final : public Format {
 public:
  std::size_t lines_per_instance() const override { return 1; }
  std::size_t answer_lines_per_instance() const override { return 3; }  // two hands, the verdict

  std::optional<std::string> hint(const InputError& error, const HintContext& context) const override {
    if (std::optional<std::string> other = hints::other_format(error, context, "eval")) return other;
    if (error.kind == InputErrorKind::kInvalidCard) return hints::card_hint(error.token, Notation::kEval);
    return std::nullopt;
  }

  void process(const io::Chunk& chunk, ChunkResult& result) const override {
    // Room for every answer up front (growing by copies cost more than a
    // line's rendering): no instance is shorter than 32 bytes, two hands of
    // five cards around the separator.
    result.answers.reserve_more((chunk.bytes.size() / 32 + 1) * (2 * kMaxExplainLineBytes + 16));
    CardLineReader reader(chunk, Notation::kEval);
    for_each_instance(reader, result, [&] {
      CardMask hands[2] = {0, 0};
      if (!reader.read_two_sets(kMinHandCards, kSeparator, kLabels, hands)) return false;
      const BestFive first = best_five(hands[0]);
      const BestFive second = best_five(hands[1]);
      append_explain_line(result.answers, prefixes_[0], first, Notation::kEval);
      append_explain_line(result.answers, prefixes_[1], second, Notation::kEval);
      result.answers += kVerdicts[stronger_of_two(first.value, second.value, 2)];
      return true;
    });
  }

 private:
  const ExplainPrefix prefixes_[2] = {explain_prefix("Hand", 1), explain_prefix("Hand", 2)};
};

}  // namespace

// Eval: a first line with the separator between cards.
std::optional<FormatGuess> sniff_eval(std::span<const std::string_view> lines) {
  const std::vector<std::string_view> tokens = hints::tokens_of(lines.front());
  const auto separator = std::find(tokens.begin(), tokens.end(), kSeparator);
  if (separator == tokens.end() || separator == tokens.begin() || separator + 1 == tokens.end()) return std::nullopt;
  return FormatGuess{"eval"};
}

std::unique_ptr<Format> make_eval_format() { return std::make_unique<EvalFormat>(); }

}  // namespace poker
