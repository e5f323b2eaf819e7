#include "run/prairielearn_results.h"

#include <nlohmann/json.hpp>

#include "exit_status.h"
#include "messages.h"
#include "poker/json_text.h"

namespace poker::cli {
namespace {

using Json = nlohmann::ordered_json;

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

}  // namespace

std::string render_prairielearn_results(const GradedRun& run, const GradescopeSettings& /*settings*/) {
  Json tests = Json::array();
  for (const GradedTest& test : run.tests) {
    tests.push_back({{"name", test.name},
                     {"points", points_of(test.units)},
                     {"max_points", points_of(test.max_units)},
                     {"message", first_line(test.output)},
                     {"output", test.output}});
  }
  const double score = run.max_units == 0 ? 0.0 : static_cast<double>(run.units) / static_cast<double>(run.max_units);
  const Json results = {{"gradable", true},
                        {"score", score},
                        {"message", first_line(run.output)},
                        {"output", run.output},
                        {"tests", std::move(tests)}};
  return json_text(results) + "\n";
}

}  // namespace poker::cli
