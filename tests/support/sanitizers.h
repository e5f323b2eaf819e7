// What kind of build the tests run in, for tests that scale their work or
// their limits to it: sanitizers run code several times slower and take
// more memory (their shadow), and an unoptimised build is slower still.
// GCC says so with __SANITIZE_*__, clang (the instrumented flavours) with
// __has_feature; this is the one place that asks.
#ifndef POKER_TESTS_SUPPORT_SANITIZERS_H_
#define POKER_TESTS_SUPPORT_SANITIZERS_H_

namespace poker::testing {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
inline constexpr bool kAddressSanitizer = __has_feature(address_sanitizer);
#else
inline constexpr bool kAddressSanitizer = false;
#endif

#if defined(__SANITIZE_THREAD__)
inline constexpr bool kThreadSanitizer = true;
#elif defined(__has_feature)
inline constexpr bool kThreadSanitizer = __has_feature(thread_sanitizer);
#else
inline constexpr bool kThreadSanitizer = false;
#endif

inline constexpr bool kUnderSanitizer = kAddressSanitizer || kThreadSanitizer;

#if defined(__OPTIMIZE__)
inline constexpr bool kOptimized = true;
#else
inline constexpr bool kOptimized = false;
#endif

}  // namespace poker::testing

#endif  // POKER_TESTS_SUPPORT_SANITIZERS_H_
