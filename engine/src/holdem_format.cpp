#include "poker/holdem_format.h"

#include <array>
#include <string>
#include <vector>

#include "explain_line.h"
#include "line_scanner.h"
#include "poker/evaluator.h"

namespace poker {
namespace {

constexpr CardSyntax kHoldemCards{Notation::kHoldem,
                                  "a rank (2-9, T, J, Q, K, A) then a suit (h, d, s, c), like 'Ah' or 'Td'"};

class HoldemFormat final : public Format {
 public:
  explicit HoldemFormat(const HoldemOptions& options) : options_(options), layout_(cards_per_line(options.players)) {
    for (int player = 1; player <= options.players; ++player) {
      labels_.push_back("player " + std::to_string(player));
      winner_lines_.push_back("Player " + std::to_string(player) + "\n");
    }
    labels_.push_back("the board");
  }

  std::size_t lines_per_instance() const override { return static_cast<std::size_t>(options_.players) + 1; }

  static std::vector<int> cards_per_line(int players) {
    std::vector<int> counts(static_cast<std::size_t>(players), 2);
    counts.push_back(5);
    return counts;
  }

  void process(const io::Chunk& chunk, ChunkResult& result) const override {
    const int players = options_.players;
    CardLineReader reader(chunk, kHoldemCards);
    // cards[0..2*players) are the players' hole cards, then the board.
    std::array<Card, 2 * kMaxHoldemPlayers + 5> cards{};
    while (!reader.at_end()) {
      if (reader.read_canonical_instance(layout_, cards.data())) {
        render(cards.data(), result.answers);
        ++result.instances;
        continue;
      }
      reader.begin_instance();
      bool valid = true;
      for (int player = 0; valid && player < players; ++player) {
        valid = reader.read_line(2, labels_[static_cast<std::size_t>(player)], &cards[2 * player]);
      }
      valid = valid && reader.read_line(5, labels_.back(), &cards[2 * players]);
      if (!valid) {
        reader.finish_with_error(result);
        return;
      }
      render(cards.data(), result.answers);
      ++result.instances;
    }
  }

 private:
  void render(const Card* cards, std::string& out) const {
    const int players = options_.players;
    const Card* board = cards + 2 * players;
    Hand board_hand;
    CardMask board_mask = 0;
    for (int i = 0; i < 5; ++i) {
      board_hand.add(board[i]);
      board_mask |= mask_of(board[i]);
    }
    HandValue best;
    int winner = 0;
    int best_count = 0;
    for (int player = 0; player < players; ++player) {
      const HandValue value = board_hand.plus(cards[2 * player]).plus(cards[2 * player + 1]).evaluate();
      if (value > best) {
        best = value;
        winner = player;
        best_count = 1;
      } else if (value == best) {
        ++best_count;
      }
      if (options_.explain) {
        append_explain_line(out, "Player", player + 1,
                            best_five(board_mask | mask_of(cards[2 * player]) | mask_of(cards[2 * player + 1])),
                            Notation::kHoldem);
      }
    }
    out += best_count == 1 ? winner_lines_[static_cast<std::size_t>(winner)] : std::string_view("Draw\n");
  }

  const HoldemOptions options_;
  std::vector<std::string> labels_;        // "player 1", ..., "the board"
  std::vector<std::string> winner_lines_;  // "Player 1\n", ...
  const CanonicalLayout layout_;
};

}  // namespace

std::unique_ptr<Format> make_holdem_format(const HoldemOptions& options) {
  return std::make_unique<HoldemFormat>(options);
}

}  // namespace poker
