// poker_generate: writes hold'em instance files for benchmarks and large tests.
//
//   poker_generate [PLAYERS] --bytes 1G [--seed 1] [--ties 0.3] [--error-at K] [-o FILE]
//
// Deterministic for a seed. Fast (hundreds of MB/s on one core): a
// xoshiro256** generator, a partial Fisher-Yates shuffle of one deck per
// instance, cards written from a two-byte table into a large buffer.
#include <CLI/CLI.hpp>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "poker/cards.h"
#include "poker/holdem_format.h"
#include "poker/random.h"

namespace {

using poker::Random;

struct Options {
  int players = 2;
  std::uint64_t bytes = 0;
  std::uint64_t instances = 0;
  std::uint64_t seed = 1;
  double ties = 0.0;
  std::uint64_t error_at = 0;  // 1-based instance with an invalid card; 0: none
  std::string output = "-";
};

class Generator {
 public:
  explicit Generator(const Options& options) : options_(options), random_(options.seed) {
    for (int card = 0; card < poker::kCardCount; ++card) deck_[static_cast<std::size_t>(card)] = static_cast<poker::Card>(card);
  }

  // Writes one instance at `out` (room for kMaxInstanceBytes); returns its end.
  char* instance(std::uint64_t number, char* out) {
    char* const start = out;
    const int players = options_.players;
    const int needed = 2 * players + 5;
    for (int i = 0; i < needed; ++i) {
      const auto j = static_cast<std::size_t>(i) + random_.below(static_cast<std::uint32_t>(poker::kCardCount - i));
      std::swap(deck_[static_cast<std::size_t>(i)], deck_[j]);
    }
    std::array<poker::Card, 2 * poker::kMaxHoldemPlayers + 5> cards{};
    std::copy(deck_.begin(), deck_.begin() + needed, cards.begin());
    if (options_.ties > 0 && random_.unit() < options_.ties) make_tie(cards.data());
    // Every card is written as "Rs " (rank, suit, space); the last space of
    // each line then becomes its newline.
    for (int i = 0; i < needed; ++i) {
      const auto chars = poker::card_chars(cards[static_cast<std::size_t>(i)], poker::Notation::kHoldem);
      out[0] = chars[0];
      out[1] = chars[1];
      out[2] = (i < 2 * players ? i % 2 == 1 : i == needed - 1) ? '\n' : ' ';
      out += 3;
    }
    // Plant an invalid card at the start of the instance's first line.
    if (number == options_.error_at) start[0] = 'X';
    return out;
  }

  static constexpr std::size_t kMaxInstanceBytes = 3 * (2 * poker::kMaxHoldemPlayers + 5);

 private:
  // Rewrites the deal so that the best hands are likely shared: the board is
  // a royal or straight flush that plays for everyone, or the players' hole
  // cards are the same ranks in other suits.
  void make_tie(poker::Card* cards) {
    const int players = options_.players;
    poker::Card* board = cards + 2 * players;
    // (Beyond 16 players the deck is too small to deal around a low straight flush.)
    if (players <= 16 && random_.below(2) == 0) {
      // A straight flush on the board, top card 9..A, in a random suit; the
      // players' cards are redealt from what is left.
      const int suit = static_cast<int>(random_.below(4));
      const int top = 7 + static_cast<int>(random_.below(6));
      poker::CardMask used = 0;
      for (int i = 0; i < 5; ++i) {
        board[i] = poker::make_card(top - i, suit);
        used |= poker::mask_of(board[i]);
      }
      // Players get cards that cannot beat it: below the straight, or off-suit.
      int next = 0;
      for (int i = 0; i < 2 * players; ++i) {
        while ((used & poker::mask_of(static_cast<poker::Card>(next))) != 0 ||
               (poker::suit_of(static_cast<poker::Card>(next)) == suit && poker::rank_of(static_cast<poker::Card>(next)) > top - 5)) {
          ++next;
        }
        cards[i] = static_cast<poker::Card>(next);
        used |= poker::mask_of(cards[i]);
      }
    } else {
      // Player 2 mirrors player 1's ranks in other suits (when free).
      poker::CardMask used = 0;
      for (int i = 0; i < 2 * players + 5; ++i) used |= poker::mask_of(cards[i]);
      for (int c = 0; c < 2 && players >= 2; ++c) {
        const int rank = poker::rank_of(cards[c]);
        for (int suit = 0; suit < 4; ++suit) {
          const poker::Card mirror = poker::make_card(rank, suit);
          if ((used & poker::mask_of(mirror)) == 0) {
            used &= ~poker::mask_of(cards[2 + c]);
            cards[2 + c] = mirror;
            used |= poker::mask_of(mirror);
            break;
          }
        }
      }
    }
  }

  const Options& options_;
  Random random_;
  std::array<poker::Card, poker::kCardCount> deck_{};
};

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Writes seeded random hold'em instances (the workload of poker's benchmarks)", "poker_generate"};
  Options options;
  app.add_option("PLAYERS,-p,--players", options.players, "Players per instance (default 2)")
      ->check(CLI::Range(poker::kMinHoldemPlayers, poker::kMaxHoldemPlayers));
  auto* bytes = app.add_option("--bytes", options.bytes, "Stop after at least this many bytes, e.g. 1G")
                    ->transform(CLI::AsSizeValue(false));
  auto* instances = app.add_option("-n,--instances", options.instances, "Number of instances");
  bytes->excludes(instances);
  app.add_option("--seed", options.seed, "Random seed (default 1)");
  app.add_option("--ties", options.ties, "Fraction of instances dealt to be ties (default 0)")
      ->check(CLI::Range(0.0, 1.0));
  app.add_option("--error-at", options.error_at, "Plant an invalid card in this instance (1-based)");
  app.add_option("-o,--output", options.output, "Output file (default: standard output)");
  CLI11_PARSE(app, argc, argv);
  if (options.bytes == 0 && options.instances == 0) options.instances = 1000;

  std::FILE* out = options.output == "-" ? stdout : std::fopen(options.output.c_str(), "wb");
  if (out == nullptr) {
    std::fprintf(stderr, "poker_generate: %s: %s\n", options.output.c_str(), std::strerror(errno));
    return 3;
  }
  Generator generator(options);
  constexpr std::size_t kBlock = 1 << 20;
  std::vector<char> buffer(kBlock + Generator::kMaxInstanceBytes);
  char* cursor = buffer.data();
  std::uint64_t written = 0;
  bool failed = false;
  for (std::uint64_t number = 1; !failed; ++number) {
    if (options.instances != 0 ? number > options.instances : written >= options.bytes) break;
    char* const end = generator.instance(number, cursor);
    written += static_cast<std::uint64_t>(end - cursor);
    cursor = end;
    if (static_cast<std::size_t>(cursor - buffer.data()) >= kBlock) {
      const auto size = static_cast<std::size_t>(cursor - buffer.data());
      failed = std::fwrite(buffer.data(), 1, size, out) != size;
      cursor = buffer.data();
    }
  }
  const auto size = static_cast<std::size_t>(cursor - buffer.data());
  failed = failed || std::fwrite(buffer.data(), 1, size, out) != size;
  if (failed || std::fflush(out) != 0 || std::ferror(out) != 0 || (out != stdout && std::fclose(out) != 0)) {
    std::fprintf(stderr, "poker_generate: %s: write error: %s\n", options.output.c_str(), std::strerror(errno));
    return 3;
  }
  return 0;
}
