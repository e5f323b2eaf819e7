// The cli's JSON writers, byte for byte: -v --json's statistics (schema
// poker-stats/1), with any bytes in its strings and the digits its numbers
// are documented with.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "stats_json.h"

namespace poker::cli {
namespace {

bool printable_ascii(const std::string& text) {
  for (const char c : text) {
    if (c < 0x20 || c > 0x7E) return false;
  }
  return true;
}

TEST(StatsJson, IsTheSchemasFieldsWithMicrosecondsAndWholeRates) {
  EXPECT_EQ(stats_json("hold'em, 2 players", 2, 262144, RunStats{27, 1}, 0.000655, "pread"),
            R"({"schema":"poker-stats/1","format":"hold'em, 2 players","threads":2,"chunk_size":262144,"bytes":27,)"
            R"("instances":1,"seconds":0.000655,"bytes_per_second":41221,"instances_per_second":1527,"reader":"pread"})"
            "\n");
  // Seconds keep their six decimals; a run too short for the clock has no
  // rate: 0, not infinity.
  EXPECT_EQ(stats_json("eval", 1, 4096, RunStats{10, 2}, 2.5, "stream"),
            R"({"schema":"poker-stats/1","format":"eval","threads":1,"chunk_size":4096,"bytes":10,"instances":2,)"
            R"("seconds":2.500000,"bytes_per_second":4,"instances_per_second":1,"reader":"stream"})"
            "\n");
  EXPECT_NE(stats_json("eval", 1, 4096, RunStats{10, 2}, 0, "stream")
                .find(R"("seconds":0.000000,"bytes_per_second":0,"instances_per_second":0,)"),
            std::string::npos);
}

// The reader's words can carry a system's message (mmap's REASON): any
// bytes are escaped.
TEST(StatsJson, EscapesAnyBytes) {
  const std::string json = stats_json("f\xff", 1, 1, RunStats{}, 1, "pread: mmap failed: \x01\xc3(\n");
  EXPECT_TRUE(printable_ascii(json.substr(0, json.size() - 1))) << json;
  EXPECT_NE(json.find(R"("format":"f\u00ff",)"), std::string::npos) << json;
  EXPECT_NE(json.find(R"("reader":"pread: mmap failed: \u0001\u00c3(\n"})"), std::string::npos) << json;
  EXPECT_TRUE(nlohmann::json::accept(json)) << json;
}

}  // namespace
}  // namespace poker::cli
