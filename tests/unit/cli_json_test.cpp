// The cli's JSON writers, byte for byte: -v --json's statistics (schema
// poker-stats/1) and Gradescope's results.json, with any bytes in their
// strings and the digits their numbers are documented with.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "run/gradescope_results.h"
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

// A candidate that could not be read scores 0 in every test, the reason
// (which names the file, whatever its bytes) in each; the points are exact
// decimals (1 point over 3 instances in tests of 2: 0.6667 and 0.3333).
TEST(GradescopeResults, UnreadableCandidateIsEscapedWithExactPoints) {
  GradescopeSettings settings;
  settings.tests_of = 2;
  settings.max_score = 1;
  const std::string results = render_gradescope_unreadable(3, settings, "answers\xff\x01.txt: cannot open");
  const std::string said = R"("output":"no answers to grade: answers\u00ff\u0001.txt: cannot open\n")";
  EXPECT_EQ(results,
            R"({"score":0,)" + said +
                R"(,"output_format":"text","test_output_format":"text","test_name_format":"text",)"
                R"("extra_data":{"schema":"poker-gradescope/1","max_score":1,"instances":3,"right":0,"wrong":0,)"
                R"("missing":0,"extra":0,"summary_differs":false,"unreadable":"answers\u00ff\u0001.txt: cannot open"},)"
                R"("tests":[{"name":"instances 1 to 2","number":"1","score":0,"max_score":0.6667,"status":"failed",)" +
                said +
                R"(,"output_format":"text","name_format":"text"},)"
                R"({"name":"instance 3","number":"2","score":0,"max_score":0.3333,"status":"failed",)" +
                said +
                R"(,"output_format":"text","name_format":"text"}]})"
                "\n");
  EXPECT_TRUE(nlohmann::json::accept(results)) << results;
}

}  // namespace
}  // namespace poker::cli
