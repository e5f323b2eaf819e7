// A seeded random generator for dealing cards: Monte Carlo equity and
// `poker generate` (engine/src/generate/generate.cpp) draw from it.
//
// xoshiro256** (the public-domain algorithm by Blackman and Vigna), seeded
// through splitmix64: fast, statistically sound for simulation, and the same
// stream on every platform for a seed, so that a seed reproduces a run.
//
// Thread safety: none; give each thread (or each block of work) its own,
// seeded from (seed, stream).
#ifndef POKER_RANDOM_H_
#define POKER_RANDOM_H_

#include <array>
#include <bit>
#include <cstdint>

namespace poker {

class Random {
 public:
  explicit Random(std::uint64_t seed) {
    for (auto& word : state_) word = splitmix64(seed);
  }
  // Independent streams of one seed (Monte Carlo's blocks): the stream
  // number is hashed into the seed, so that neighbouring streams share no
  // state words.
  Random(std::uint64_t seed, std::uint64_t stream) : Random(seed ^ splitmix64(stream)) {}

  std::uint64_t next() {
    const std::uint64_t result = std::rotl(state_[1] * 5, 7) * 9;
    const std::uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = std::rotl(state_[3], 45);
    return result;
  }

  // Uniform in [0, bound), bound < 2^32: Lemire's multiply-shift, whose bias
  // (below bound / 2^32) no card-dealing sample size can see.
  std::uint32_t below(std::uint32_t bound) { return static_cast<std::uint32_t>(((next() >> 32) * bound) >> 32); }

  // Uniform in [0, 1).
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  // Advances `state` and returns its next splitmix64 output (on a copy, as
  // for `stream` above, the hash of the value).
  static std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB;
    return z ^ (z >> 31);
  }

  std::array<std::uint64_t, 4> state_{};
};

}  // namespace poker

#endif  // POKER_RANDOM_H_
