// The batch equity format: a query per line (equity_format.h). The queries of
// a chunk are read and checked in order up to the first error, a window at a
// time; each window's queries are computed in parallel (each query may itself
// run in parallel: the threads share both levels) and answered in order.
//
// Memory: a parsed query holds its ranges' combinations (21 KB for one
// "random"), so a chunk of thousands of short lines cannot keep every query
// parsed until its turn. A window keeps only its queries' words (views of
// the chunk); each query is parsed again, its check already passed, when it
// is computed. Each computation runs isolated, so that a thread waiting for
// its parts never starts another query meanwhile: the parsed queries alive
// at once are at most one per thread.
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <atomic>
#include <utility>
#include <vector>

#include "equity/equity_request.h"
#include "formats/card_line_reader.h"
#include "formats/for_each_instance.h"
#include "poker/equity_format.h"

namespace poker {
namespace {

constexpr std::string_view kQueryLabel = "the query";
// No option or range of a query is longer (a range can be a long list of
// parts, so the limit is generous): a token cut by the length limit and
// shorter than this may be the head of a valid one.
constexpr std::size_t kLongestWord = 64 * 1024;
// Queries read before they are computed: enough to keep the threads busy
// (each query has parallel work of its own too), few enough that their words
// are a few kilobytes.
constexpr std::size_t kWindow = 64;

using Words = std::vector<std::string_view>;

class EquityFormat final : public Format {
 public:
  EquityFormat(const EquityRequest& defaults, EquityOutput output, EquityComputation compute)
      : defaults_(defaults), output_(output), compute_(std::move(compute)) {}

  std::size_t lines_per_instance() const override { return 1; }
  std::size_t answer_lines_per_instance() const override { return 1; }

  void process(const io::Chunk& chunk, ChunkResult& result) const override {
    // The reader's notation is unused: a query's words are parsed as words.
    CardLineReader reader(chunk, Notation::kHoldem);
    std::vector<Words> window;
    const auto read_one = [&] {
      std::optional<Words> words = read_query(reader);
      if (!words) return false;
      window.push_back(*std::move(words));
      if (window.size() == kWindow) {
        answer(window, result);
        window.clear();
      }
      return true;
    };
    // A stop discards the chunk's answers: what is left need not be read.
    for_each_instance(reader, result, read_one, [&] { return stopping(); });
    if (!stopping()) answer(window, result);
  }

 private:
  bool stopping() const {
    return defaults_.settings.stop != nullptr && defaults_.settings.stop->load(std::memory_order_relaxed);
  }

  void answer(const std::vector<Words>& window, ChunkResult& result) const {
    std::vector<EquityResult> answers(window.size());
    std::vector<EquityEcho> echoes(window.size());
    tbb::parallel_for(std::size_t{0}, window.size(), [&](std::size_t i) {
      if (stopping()) return;
      const auto parsed = equity::parse_request(window[i], defaults_, equity::QueryCheck::kSkip);
      const EquityRequest& request = std::get<EquityRequest>(parsed);  // checked when it was read
      echoes[i] = equity_echo(window[i], request);
      answers[i] = tbb::this_task_arena::isolate([&] { return compute_(request.query, request.settings); });
    });
    if (stopping()) return;  // the answers are incomplete, and a stop discards them anyway
    std::string lines;
    for (std::size_t i = 0; i < answers.size(); ++i) {
      if (output_ == EquityOutput::kJson) {
        append_equity_json(lines, echoes[i], answers[i]);
      } else {
        append_equity_line(lines, echoes[i], answers[i]);
      }
    }
    result.answers += lines;
  }

  // The words of a valid query, the reader past its line; nothing, the
  // error recorded in the reader, for an invalid one.
  std::optional<Words> read_query(CardLineReader& reader) const {
    std::vector<CardLineReader::Token> tokens;
    for (CardLineReader::Token token = reader.next_token(); !token.text.empty(); token = reader.next_token()) {
      if (reader.cut_by_limit(token, kLongestWord)) {
        reader.fail_at_chunk_end(kQueryLabel, {});
        return std::nullopt;
      }
      tokens.push_back(token);
    }
    if (tokens.empty()) {
      reader.fail_missing("a query: 2 to 10 hands or ranges, then options", kQueryLabel);
      return std::nullopt;
    }
    Words words;
    for (const auto& token : tokens) words.push_back(token.text);
    const auto parsed = parse_equity_request(words, defaults_);
    if (const auto* error = std::get_if<QueryError>(&parsed)) {
      if (error->word == words.size()) {
        reader.fail_missing(error->message, kQueryLabel);
      } else if (error->word == QueryError::kWholeQuery) {
        reader.fail(tokens.front().start, error->message);
      } else {
        reader.fail(tokens[error->word].start + error->offset, error->message);
      }
      return std::nullopt;
    }
    if (!reader.end_line(kQueryLabel)) return std::nullopt;
    return words;
  }

  const EquityRequest defaults_;
  const EquityOutput output_;
  const EquityComputation compute_;
};

}  // namespace

std::unique_ptr<Format> make_equity_format(const EquitySettings& defaults, EquityComputation compute) {
  EquityRequest request;
  request.settings = defaults;
  return make_equity_format(request, EquityOutput::kText, std::move(compute));
}

std::unique_ptr<Format> make_equity_format(const EquityRequest& defaults, EquityOutput output,
                                           EquityComputation compute) {
  return std::make_unique<EquityFormat>(defaults, output, std::move(compute));
}

}  // namespace poker
