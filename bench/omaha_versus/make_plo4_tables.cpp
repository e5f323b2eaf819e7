// Rebuilds PokerHandEvaluator's two PLO4 tables, noflush_plo4 and
// flush_plo4, for a copy of its C/C++ sources that lacks src/tables_plo4.c
// (a checkout without its large files). Not part of the build: it is
// compiled and run by bench/omaha_versus_phevaluator.sh, against that
// evaluator's headers and its libpheval.a.
//
//   make_plo4_tables OUT_DIR
//
// writes OUT_DIR/noflush_plo4.bin and OUT_DIR/flush_plo4.bin (the arrays'
// bytes) and OUT_DIR/tables_plo4.c, which defines the two arrays with the
// names, types and sizes that its src/tables.h declares by including those
// bytes (.incbin: a C initializer of 15 million entries takes the compiler
// minutes).
//
// Each entry is what that evaluator's evaluate_plo4_cards() reads it for:
// the best (lowest) rank that its own evaluate_5cards() gives any two of
// the hole cards with any three of the board cards.
//   * noflush_plo4[board * 1820 + hole]: board and hole are hash_quinary()
//     of the rank counts of the five board cards and of the four hole cards
//     (6175 x 1820); the ranks are judged as cards of mixed suits.
//   * flush_plo4[board * 1365 + hole]: board and hole are the binary hashes
//     (evaluator_plo4.c's hash_binary(), static there: the same formula
//     below) of the rank masks of the board's and the hole's cards of the
//     flush suit, padded with bits 13 and 14 to five and four bits set
//     (3003 x 1365); the ranks are judged as cards of one suit.
// Entries that no deal reaches (five of a rank, a card both on the board and
// in the hand) are left 0.
//
// The script then checks the tables through the evaluator's own
// evaluate_plo4_cards() against every choice of two hole and three board
// cards by evaluate_5cards() (omaha_versus_driver --check).
#include <phevaluator/phevaluator.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "hash.h"    // hash_quinary()
#include "tables.h"  // choose[][], the tables' declarations

namespace {

constexpr int kRanks = 13;
constexpr int kNoflushHoles = 1820;   // multisets of 4 of 13 ranks
constexpr int kNoflushBoards = 6175;  // multisets of 5 of 13 ranks, at most 4 of each
constexpr int kFlushHoles = 1365;     // 4 of 15 bits
constexpr int kFlushBoards = 3003;    // 5 of 15 bits

// evaluator_plo4.c's index of a 15-bit mask with k bits set: for each set
// bit from the lowest, choose[14 - bit][k] while 14 - bit >= k, k counting down.
int binary_hash(unsigned mask, int k) {
  int sum = 0;
  for (int bit = 0; bit < 15 && k > 0; ++bit) {
    if ((mask & (1u << bit)) == 0) continue;
    if (14 - bit >= k) sum += static_cast<int>(choose[14 - bit][k]);
    --k;
  }
  return sum;
}

// The cards of the rank multiset `ranks` (five ranks) with suits that make no
// flush: each rank's copies in suits 0, 1, 2, ..., and five distinct ranks
// with the last in suit 1.
int noflush_rank(const std::array<int, 5>& ranks) {
  std::array<int, kRanks> seen{};
  std::array<int, 5> cards{};
  bool all_first = true;
  for (int i = 0; i < 5; ++i) {
    const int suit = seen[ranks[i]]++;
    all_first = all_first && suit == 0;
    cards[i] = 4 * ranks[i] + suit;
  }
  if (all_first) cards[4] += 1;
  return evaluate_5cards(cards[0], cards[1], cards[2], cards[3], cards[4]);
}

// Every multiset of `size` of the 13 ranks with at most 4 of each, as its
// sorted ranks, in any order.
std::vector<std::vector<int>> rank_multisets(int size) {
  std::vector<std::vector<int>> out;
  std::vector<int> current;
  auto extend = [&](auto&& self, int from) -> void {
    if (static_cast<int>(current.size()) == size) {
      out.push_back(current);
      return;
    }
    for (int rank = from; rank < kRanks; ++rank) {
      const int copies = static_cast<int>(std::count(current.begin(), current.end(), rank));
      if (copies == 4) continue;
      current.push_back(rank);
      self(self, rank);
      current.pop_back();
    }
  };
  extend(extend, 0);
  return out;
}

int quinary_hash(const std::vector<int>& ranks) {
  std::array<unsigned char, kRanks> counts{};
  for (const int rank : ranks) ++counts[rank];
  return hash_quinary(counts.data(), static_cast<int>(ranks.size()));
}

constexpr std::array<std::array<int, 3>, 10> kTriples = {{
    {0, 1, 2},
    {0, 1, 3},
    {0, 1, 4},
    {0, 2, 3},
    {0, 2, 4},
    {0, 3, 4},
    {1, 2, 3},
    {1, 2, 4},
    {1, 3, 4},
    {2, 3, 4},
}};
constexpr std::array<std::array<int, 2>, 6> kPairs = {{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}};

bool fail(const std::string& what) {
  std::fprintf(stderr, "make_plo4_tables: %s\n", what.c_str());
  return false;
}

bool build_noflush(std::vector<short>& table) {
  const auto boards = rank_multisets(5);
  const auto holes = rank_multisets(4);
  if (boards.size() != kNoflushBoards || holes.size() != kNoflushHoles) return fail("unexpected multiset counts");
  std::vector<int> board_hash(boards.size());
  std::vector<int> hole_hash(holes.size());
  std::vector<bool> taken(kNoflushBoards + kNoflushHoles);
  for (std::size_t b = 0; b < boards.size(); ++b) {
    board_hash[b] = quinary_hash(boards[b]);
    if (board_hash[b] < 0 || board_hash[b] >= kNoflushBoards || taken[board_hash[b]]) {
      return fail("hash_quinary of the boards is no bijection");
    }
    taken[board_hash[b]] = true;
  }
  for (std::size_t h = 0; h < holes.size(); ++h) {
    hole_hash[h] = quinary_hash(holes[h]);
    if (hole_hash[h] < 0 || hole_hash[h] >= kNoflushHoles || taken[kNoflushBoards + hole_hash[h]]) {
      return fail("hash_quinary of the holes is no bijection");
    }
    taken[kNoflushBoards + hole_hash[h]] = true;
  }
  table.assign(std::size_t{kNoflushBoards} * kNoflushHoles, 0);
  for (std::size_t b = 0; b < boards.size(); ++b) {
    std::array<int, kRanks> board_count{};
    for (const int rank : boards[b]) ++board_count[rank];
    for (std::size_t h = 0; h < holes.size(); ++h) {
      std::array<int, kRanks> count = board_count;
      bool possible = true;
      for (const int rank : holes[h]) possible = possible && ++count[rank] <= 4;
      if (!possible) continue;
      int best = 1 << 30;
      for (const auto& pair : kPairs) {
        for (const auto& triple : kTriples) {
          const std::array<int, 5> five{holes[h][pair[0]], holes[h][pair[1]], boards[b][triple[0]],
                                        boards[b][triple[1]], boards[b][triple[2]]};
          best = std::min(best, noflush_rank(five));
        }
      }
      table[static_cast<std::size_t>(board_hash[b]) * kNoflushHoles + static_cast<std::size_t>(hole_hash[h])] =
          static_cast<short>(best);
    }
  }
  return true;
}

// The masks evaluate_plo4_cards() looks up: `real` ranks (bits 0..12) and
// padding (none, bit 13, or bits 13 and 14) to `bits` set.
std::vector<unsigned> padded_masks(int bits) {
  std::vector<unsigned> out;
  for (unsigned mask = 0; mask < (1u << 15); ++mask) {
    const unsigned padding = mask >> 13;
    if (std::popcount(mask) == bits && padding != 2) out.push_back(mask);
  }
  return out;
}

bool build_flush(std::vector<short>& table) {
  table.assign(std::size_t{kFlushBoards} * kFlushHoles, 0);
  const auto boards = padded_masks(5);
  const auto holes = padded_masks(4);
  std::vector<bool> taken(kFlushBoards + kFlushHoles);
  for (const unsigned board : boards) {
    const int at = binary_hash(board, 5);
    if (at < 0 || at >= kFlushBoards || taken[at]) return fail("the binary hash of the boards is no injection");
    taken[at] = true;
  }
  for (const unsigned hole : holes) {
    const int at = binary_hash(hole, 4);
    if (at < 0 || at >= kFlushHoles || taken[kFlushBoards + at])
      return fail("the binary hash of the holes is no injection");
    taken[kFlushBoards + at] = true;
  }
  for (const unsigned board : boards) {
    const unsigned board_ranks = board & 0x1FFF;
    std::vector<int> b;
    for (unsigned m = board_ranks; m != 0; m &= m - 1) b.push_back(std::countr_zero(m));
    for (const unsigned hole : holes) {
      const unsigned hole_ranks = hole & 0x1FFF;
      if ((board_ranks & hole_ranks) != 0) continue;
      std::vector<int> h;
      for (unsigned m = hole_ranks; m != 0; m &= m - 1) h.push_back(std::countr_zero(m));
      int best = 1 << 30;
      for (std::size_t i = 0; i < h.size(); ++i) {
        for (std::size_t j = i + 1; j < h.size(); ++j) {
          for (std::size_t x = 0; x < b.size(); ++x) {
            for (std::size_t y = x + 1; y < b.size(); ++y) {
              for (std::size_t z = y + 1; z < b.size(); ++z) {
                best = std::min(best, evaluate_5cards(4 * h[i], 4 * h[j], 4 * b[x], 4 * b[y], 4 * b[z]));
              }
            }
          }
        }
      }
      table[static_cast<std::size_t>(binary_hash(board, 5)) * kFlushHoles +
            static_cast<std::size_t>(binary_hash(hole, 4))] = static_cast<short>(best);
    }
  }
  return true;
}

bool write_bytes(const std::string& path, const std::vector<short>& table) {
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr) return fail("cannot write " + path);
  const bool ok = std::fwrite(table.data(), sizeof(short), table.size(), file) == table.size();
  return std::fclose(file) == 0 && ok ? true : fail("cannot write " + path);
}

// The C source defining `name` as const short[size] from the bytes at `bin`,
// in .rodata, aligned as the compiler aligns a large array.
std::string array_asm(const std::string& name, const std::string& bin, std::size_t size) {
  return "    \".globl " + name + "\\n\"\n    \".type " + name + ", @object\\n\"\n    \".balign 32\\n\"\n    \"" +
         name + ":\\n\"\n    \".incbin \\\"" + bin + "\\\"\\n\"\n    \".size " + name + ", " +
         std::to_string(size * sizeof(short)) + "\\n\"\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2 || argv[1][0] != '/') {
    std::fprintf(stderr, "usage: make_plo4_tables OUT_DIR (an absolute path)\n");
    return 2;
  }
  const std::string out = argv[1];
  std::vector<short> noflush;
  std::vector<short> flush;
  if (!build_noflush(noflush) || !build_flush(flush)) return 1;
  const std::string noflush_bin = out + "/noflush_plo4.bin";
  const std::string flush_bin = out + "/flush_plo4.bin";
  if (!write_bytes(noflush_bin, noflush) || !write_bytes(flush_bin, flush)) return 1;
  const std::string source =
      "/* Written by poker's bench/omaha_versus/make_plo4_tables.cpp: the PLO4\n"
      " * tables rebuilt from this evaluator's evaluate_5cards(); see there. */\n"
      "__asm__(\n    \".section .rodata\\n\"\n" +
      array_asm("noflush_plo4", noflush_bin, noflush.size()) + array_asm("flush_plo4", flush_bin, flush.size()) +
      "    \".previous\\n\");\n";
  std::FILE* file = std::fopen((out + "/tables_plo4.c").c_str(), "w");
  if (file == nullptr || std::fputs(source.c_str(), file) < 0 || std::fclose(file) != 0) {
    fail("cannot write " + out + "/tables_plo4.c");
    return 1;
  }
  std::printf("make_plo4_tables: wrote %s/tables_plo4.c (noflush_plo4[%zu], flush_plo4[%zu])\n", out.c_str(),
              noflush.size(), flush.size());
  return 0;
}
