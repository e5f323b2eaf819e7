// Offline generator for the evaluator's rank keys and perfect-hash offsets.
//
// Build and run (from the repository root):
//
//     g++ -std=c++20 -O2 -o /tmp/generate_rank_keys scripts/generate_rank_keys.cpp
//     /tmp/generate_rank_keys > engine/src/eval/rank_hash_generated.h
//
// The output is deterministic; the committed engine/src/eval/rank_hash_generated.h
// is exactly what this program prints.
//
// What it computes
// ----------------
// 1. Rank keys k[0..12] (one per rank 2..A) such that every multiset of at
//    most 7 ranks, each rank used at most 4 times, has a distinct sum. The
//    search is greedy: k[0] = 1, then each next key is the smallest value
//    above the previous one that keeps all sums distinct. Sums of multisets
//    over the ranks chosen so far are kept per multiset size, and a bitset
//    marks every sum already taken; a candidate k for the next rank adds the
//    sums s + m*k (m = 1..4 copies, s a sum of at most 7 - m cards) and is
//    rejected at the first collision.
//
// 2. A row-displacement perfect hash of those sums (all multisets of 0..7
//    ranks, so that a Hand with any number of cards hashes inside the table).
//    A key is split into a row, its low `shift` bits, and a column, the bits
//    above:
//        index = offset[key & ((1 << shift) - 1)] + (key >> shift)
//    The low bits of the sums are well spread, so every row is a sparse,
//    irregular set of columns; rows are placed first-fit, fullest row first,
//    into one table, and offset[row] is the row's base in it. (Rows taken from
//    the high bits instead pack badly: the sums of low ranks crowd near zero.)
//    Bases are even, so offsets are stored halved in 16 bits:
//        index = 2 * half_offset[key & ((1 << shift) - 1)] + (key >> shift)
//    Among the shifts whose offsets table is at most 16 KB (half of a 32 KB L1
//    data cache, so that it stays cached beside the hot table lines; 16-bit
//    offsets keep twice as many of them in the cache as 32-bit ones, which
//    BM_Eval7Random in bench/poker_bench measures on random 7-card hands),
//    the one that gives the smallest table + offsets (in bytes) is kept.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

namespace {

constexpr int kRanks = 13;
constexpr int kMaxCards = 7;
constexpr int kMaxPerRank = 4;
constexpr std::uint32_t kOffsetAlign = 2;            // bases are multiples of this
constexpr std::size_t kMaxOffsetsBytes = 16 * 1024;  // offsets table budget

std::vector<std::uint32_t> find_rank_keys() {
  std::vector<std::uint32_t> keys;
  // sums[n]: sums of all multisets of exactly n cards over the ranks so far.
  std::vector<std::vector<std::uint32_t>> sums(kMaxCards + 1);
  sums[0].push_back(0);
  std::vector<std::uint64_t> taken(1);  // bitset of all sums in `sums`
  auto test = [](const std::vector<std::uint64_t>& bits, std::uint64_t v) {
    return v / 64 < bits.size() && ((bits[v / 64] >> (v % 64)) & 1) != 0;
  };
  auto set = [](std::vector<std::uint64_t>& bits, std::uint64_t v) {
    if (v / 64 >= bits.size()) bits.resize(v / 64 + 1 + bits.size() / 2, 0);
    bits[v / 64] |= std::uint64_t{1} << (v % 64);
  };
  auto reset = [](std::vector<std::uint64_t>& bits, std::uint64_t v) {
    bits[v / 64] &= ~(std::uint64_t{1} << (v % 64));
  };
  set(taken, 0);
  std::vector<std::uint64_t> fresh;  // bitset of the candidate's new sums
  std::vector<std::uint64_t> added;
  std::uint32_t candidate = 1;
  for (int rank = 0; rank < kRanks; ++rank) {
    for (;; ++candidate) {
      added.clear();
      bool ok = true;
      for (int m = 1; m <= kMaxPerRank && ok; ++m) {
        for (int n = 0; n + m <= kMaxCards && ok; ++n) {
          for (std::uint32_t s : sums[n]) {
            const std::uint64_t v = s + std::uint64_t{candidate} * m;
            if (test(taken, v) || test(fresh, v)) {
              ok = false;
              break;
            }
            set(fresh, v);
            added.push_back(v);
          }
        }
      }
      for (std::uint64_t v : added) reset(fresh, v);
      if (ok) break;
    }
    const std::uint32_t key = candidate;
    keys.push_back(key);
    std::vector<std::vector<std::uint32_t>> next = sums;
    for (int m = 1; m <= kMaxPerRank; ++m) {
      for (int n = 0; n + m <= kMaxCards; ++n) {
        for (std::uint32_t s : sums[n]) {
          const std::uint32_t v = s + key * m;
          next[n + m].push_back(v);
          set(taken, v);
        }
      }
    }
    sums = std::move(next);
    ++candidate;
  }
  return keys;
}

struct PerfectHash {
  int shift = 0;
  std::vector<std::uint32_t> offsets;
  std::uint32_t table_size = 0;
  std::size_t bytes() const { return offsets.size() * 2 + table_size * 2; }
};

PerfectHash build_hash(const std::vector<std::uint32_t>& all_keys, int shift) {
  const std::size_t row_count = std::size_t{1} << shift;
  std::vector<std::vector<std::uint32_t>> rows(row_count);
  for (std::uint32_t k : all_keys) rows[k & ((1u << shift) - 1)].push_back(k >> shift);
  std::vector<std::size_t> order(row_count);
  for (std::size_t i = 0; i < row_count; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return rows[a].size() > rows[b].size(); });
  std::vector<bool> used;
  PerfectHash hash;
  hash.shift = shift;
  hash.offsets.assign(row_count, 0);
  for (std::size_t row : order) {
    const auto& cols = rows[row];
    std::uint32_t base = 0;
    if (!cols.empty()) {
      for (;; base += kOffsetAlign) {
        bool fits = true;
        for (std::uint32_t c : cols) {
          if (base + c < used.size() && used[base + c]) {
            fits = false;
            break;
          }
        }
        if (fits) break;
      }
      for (std::uint32_t c : cols) {
        if (base + c >= used.size()) used.resize(base + c + 1, false);
        used[base + c] = true;
        hash.table_size = std::max(hash.table_size, base + c + 1);
      }
    }
    hash.offsets[row] = base;  // empty rows keep base 0: no key lands there
  }
  return hash;
}

void all_sums(const std::vector<std::uint32_t>& keys, int rank, int cards, std::uint32_t sum,
              std::vector<std::uint32_t>& out) {
  if (rank == kRanks) {
    out.push_back(sum);
    return;
  }
  for (int m = 0; m <= kMaxPerRank && cards + m <= kMaxCards; ++m) {
    all_sums(keys, rank + 1, cards + m, sum + keys[rank] * m, out);
  }
}

}  // namespace

int main() {
  const std::vector<std::uint32_t> keys = find_rank_keys();
  std::vector<std::uint32_t> sums;
  all_sums(keys, 0, 0, 0, sums);
  std::vector<std::uint32_t> sorted = sums;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
    std::fprintf(stderr, "rank keys are not unique\n");
    return 1;
  }
  PerfectHash best;
  for (int shift = 12; shift <= 15; ++shift) {
    PerfectHash h = build_hash(sums, shift);
    std::fprintf(stderr, "shift %2d: rows %zu, table %u, %zu bytes\n", shift, h.offsets.size(), h.table_size,
                 h.bytes());
    if (h.offsets.size() * 2 > kMaxOffsetsBytes) continue;
    if (h.table_size / kOffsetAlign > 0xFFFF) continue;  // halved offsets must fit 16 bits
    if (best.offsets.empty() || h.bytes() < best.bytes()) best = std::move(h);
  }
  if (best.offsets.empty()) {
    std::fprintf(stderr, "no shift fits the offsets budget\n");
    return 1;
  }

  std::printf("// Generated by scripts/generate_rank_keys.cpp. Do not edit.\n");
  std::printf("//\n// Rank keys: every multiset of at most 7 ranks (at most 4 of each) has a\n");
  std::printf("// distinct sum of keys. Perfect hash of those %zu sums:\n", sums.size());
  std::printf("//     index = 2 * kHalfOffsets[key & (2^kShift - 1)] + (key >> kShift)\n");
  std::printf("// lands in [0, kTableSize), distinct for distinct sums.\n");
  std::printf("#ifndef POKER_ENGINE_EVAL_RANK_HASH_GENERATED_H_\n#define POKER_ENGINE_EVAL_RANK_HASH_GENERATED_H_\n\n");
  std::printf("#include <array>\n#include <cstdint>\n\nnamespace poker::detail::rank_hash {\n\n");
  std::printf("inline constexpr std::array<std::uint32_t, 13> kKeys = {\n   ");
  for (std::uint32_t k : keys) std::printf(" 0x%x,", k);
  std::printf("\n};\n\n");
  std::printf("inline constexpr int kShift = %d;\n", best.shift);
  std::printf("inline constexpr std::uint32_t kTableSize = %u;\n\n", best.table_size);
  std::printf("inline constexpr std::array<std::uint16_t, %zu> kHalfOffsets = {\n", best.offsets.size());
  for (std::size_t i = 0; i < best.offsets.size(); ++i) {
    std::printf("%s0x%04x,", i % 12 == 0 ? "    " : " ", best.offsets[i] / kOffsetAlign);
    if (i % 12 == 11 || i + 1 == best.offsets.size()) std::printf("\n");
  }
  std::printf(
      "};\n\n}  // namespace poker::detail::rank_hash\n\n#endif  // POKER_ENGINE_EVAL_RANK_HASH_GENERATED_H_\n");
  return 0;
}
