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

#include <algorithm>
#include <atomic>
#include <utility>
#include <vector>

#include "equity/equity_request.h"
#include "formats/card_line_reader.h"
#include "formats/for_each_instance.h"
#include "formats/format_hints.h"
#include "poker/equity_format.h"
#include "poker/input_hint.h"

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

// A line that is no query, by its first token: a blank line (no token), or a
// comment (from a '#' on).
bool is_skipped_line_start(std::string_view first_token) { return first_token.empty() || first_token.front() == '#'; }

class EquityFormat final : public Format {
 public:
  EquityFormat(const EquityRequest& defaults, EquityOutput output, EquityComputation compute)
      : defaults_(defaults), output_(output), compute_(std::move(compute)) {}

  std::size_t lines_per_instance() const override { return 1; }
  std::size_t answer_lines_per_instance() const override { return 1; }
  Noun instance_noun() const override { return {"query", "queries"}; }
  std::optional<std::string> hint(const InputError& error, const HintContext& /*context*/) const override {
    return equity_word_hint(error.token);
  }

  bool skips_line(std::string_view line) const override {
    const auto first = std::find_if(line.begin(), line.end(), [](char c) { return !is_blank(c); });
    return is_skipped_line_start(first == line.end() ? std::string_view() : std::string_view(&*first, 1));
  }

  void process(const io::Chunk& chunk, ChunkResult& result) const override {
    // The reader's notation is unused: a query's words are parsed as words.
    CardLineReader reader(chunk, Notation::kHoldem);
    std::vector<Words> window;
    // Comment and blank lines, which for_each_instance counts among the
    // instances (each is a line, as a query is) but which are none.
    std::uint64_t skipped = 0;
    const auto read_one = [&] {
      Read read = read_query(reader);
      if (read.skipped) {
        ++skipped;
        return true;
      }
      if (!read.words) return false;
      window.push_back(*std::move(read.words));
      if (window.size() == kWindow) {
        answer(window, result);
        window.clear();
      }
      return true;
    };
    // A stop discards the chunk's answers: what is left need not be read.
    for_each_instance(reader, result, read_one, [&] { return stopping(); });
    result.instances -= skipped;
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

  // A line read: a query's words, a line skipped, or neither (the error
  // recorded in the reader).
  struct Read {
    std::optional<Words> words;
    bool skipped = false;
  };

  // The words of a valid query, the reader past its line; or a comment or
  // blank line, skipped; or nothing, the error recorded in the reader.
  Read read_query(CardLineReader& reader) const {
    const CardLineReader::Token first = reader.next_token();
    // A blank line is skipped when its newline is there; the input's blank
    // end without one is the clean end (the error below, which the reader
    // then drops) or a missing newline.
    if (is_skipped_line_start(first.text) && !(first.text.empty() && reader.at_end())) {
      for (CardLineReader::Token token = first; !token.text.empty();) token = reader.next_token();
      return Read{std::nullopt, reader.end_line("the comment")};
    }
    // The words, each a view of the line: a range that blanks split after
    // its commas ("QQ+, AKs") is one word, with the blanks inside it.
    Words words;
    for (CardLineReader::Token token = first; !token.text.empty(); token = reader.next_token()) {
      if (reader.cut_by_limit(token, kLongestWord)) {
        reader.fail_at_chunk_end(kQueryLabel, {});
        return {};
      }
      if (!words.empty() && range_continues(words.back(), token.text)) {
        const char* const start = words.back().data();
        words.back() = std::string_view(start, static_cast<std::size_t>(token.text.data() + token.text.size() - start));
      } else {
        words.push_back(token.text);
      }
    }
    if (words.empty()) {
      reader.fail_missing("a query: 2 to 10 hands or ranges, then options", kQueryLabel);
      return {};
    }
    const auto parsed = parse_equity_request(words, defaults_);
    if (const auto* error = std::get_if<QueryError>(&parsed)) {
      if (error->word == words.size()) {
        reader.fail_missing(error->message, kQueryLabel);
      } else if (error->word == QueryError::kWholeQuery) {
        reader.fail(words.front().data(), error->message);
      } else {
        reader.fail(words[error->word].data() + error->offset, error->message, InputErrorKind::kOther,
                    words[error->word]);
      }
      return {};
    }
    if (!reader.end_line(kQueryLabel)) return {};
    return Read{std::move(words), false};
  }

  const EquityRequest defaults_;
  const EquityOutput output_;
  const EquityComputation compute_;
};

}  // namespace

std::optional<FormatGuess> sniff_equity(std::span<const std::string_view> lines) {
  // The first query: the first line that is no comment and not blank.
  for (const std::string_view line : lines) {
    const std::vector<std::string_view> tokens = hints::tokens_of(line);
    if (tokens.empty() || is_skipped_line_start(tokens.front())) continue;
    // Its words as a query line joins them (blanks after a range's commas).
    Words words;
    for (const std::string_view token : tokens) {
      if (!words.empty() && range_continues(words.back(), token)) {
        words.back() = std::string_view(words.back().data(),
                                        static_cast<std::size_t>(token.data() + token.size() - words.back().data()));
      } else {
        words.push_back(token);
      }
    }
    if (std::holds_alternative<QueryError>(parse_equity_request(words, EquitySettings{}))) return std::nullopt;
    return FormatGuess{"equity"};
  }
  return std::nullopt;
}

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
