#include "poker/bench/machine.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <ctime>
#include <fstream>
#include <string_view>

#include "poker/pipeline.h"

namespace poker::bench {
namespace {

// The first "model name" of /proc/cpuinfo (x86), else its "Model" or
// "Hardware" (ARM boards), else "unknown".
std::string cpu_model() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  std::string fallback;
  while (std::getline(cpuinfo, line)) {
    const std::size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string key = line.substr(0, colon);
    key.erase(key.find_last_not_of(" \t") + 1);
    const std::size_t start = line.find_first_not_of(" \t", colon + 1);
    const std::string value = start == std::string::npos ? "" : line.substr(start);
    if (value.empty()) continue;
    if (key == "model name") return value;
    if ((key == "Model" || key == "Hardware") && fallback.empty()) fallback = value;
  }
  return fallback.empty() ? "unknown" : fallback;
}

}  // namespace

MachineInfo machine_info() {
  MachineInfo machine;
  machine.cpu = cpu_model();
  machine.cores = usable_threads(0);
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGESIZE);
  if (pages > 0 && page_size > 0)
    machine.memory_bytes = static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page_size);
  utsname name{};
  machine.kernel = uname(&name) == 0 ? std::string(name.sysname) + " " + name.release + " " + name.machine : "unknown";
  return machine;
}

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

}  // namespace poker::bench
