// The batch equity format: a query per line (equity_format.h). The queries of
// a chunk are read and checked in order up to the first error, computed in
// parallel (each query may itself run in parallel: the threads share both
// levels), and answered in order.
#include <tbb/parallel_for.h>

#include <vector>

#include "line_scanner.h"
#include "poker/equity_format.h"

namespace poker {
namespace {

constexpr CardSyntax kQueryCards{Notation::kHoldem, "a rank (2-9, T, J, Q, K, A) then a suit (h, d, s, c)"};
constexpr std::string_view kQueryLabel = "the query";
// No option or range of a query is longer (a range can be a long list of
// parts, so the limit is generous): a token cut by the length limit and
// shorter than this may be the head of a valid one.
constexpr std::size_t kLongestWord = 64 * 1024;

class EquityFormat final : public Format {
 public:
  explicit EquityFormat(const EquitySettings& defaults) : defaults_(defaults) {}

  std::size_t lines_per_instance() const override { return 1; }
  std::size_t answer_lines_per_instance() const override { return 1; }

  void process(const io::Chunk& chunk, ChunkResult& result) const override {
    std::vector<EquityRequest> requests;
    CardLineReader reader(chunk, kQueryCards);
    while (!reader.at_end()) {
      reader.begin_instance();
      std::optional<EquityRequest> request = read_request(reader);
      if (!request) {
        reader.finish_with_error(result);
        break;
      }
      requests.push_back(*std::move(request));
    }
    std::vector<EquityResult> answers(requests.size());
    tbb::parallel_for(std::size_t{0}, requests.size(), [&](std::size_t i) {
      answers[i] = compute_equity(requests[i].query, requests[i].settings);
    });
    for (const EquityResult& answer : answers) append_equity_line(result.answers, answer);
    result.instances = answers.size();
  }

 private:
  std::optional<EquityRequest> read_request(CardLineReader& reader) const {
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
    std::vector<std::string_view> words;
    for (const auto& token : tokens) words.push_back(token.text);
    auto parsed = parse_equity_request(words, defaults_);
    if (auto* error = std::get_if<QueryError>(&parsed)) {
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
    return std::get<EquityRequest>(std::move(parsed));
  }

  const EquitySettings defaults_;
};

}  // namespace

std::unique_ptr<Format> make_equity_format(const EquitySettings& defaults) {
  return std::make_unique<EquityFormat>(defaults);
}

}  // namespace poker
