#include "conformance/suite/crash_output.hpp"

#include <array>
#include <string_view>

namespace tfc::conformance {
namespace {

bool starts_crash(std::string_view line) {
  // The Go runtime's words (runtime/panic.go, runtime/signal_unix.go): a panic, a fatal error
  // (concurrent map writes, out of memory, ...), and a signal in code the runtime cannot turn
  // into a panic.
  static constexpr std::array<std::string_view, 7> kStarts = {
      "panic: ", "fatal error: ", "SIGSEGV: ", "SIGBUS: ", "SIGFPE: ", "SIGILL: ", "SIGABRT: "};
  for (std::string_view start : kStarts) {
    if (line.starts_with(start)) return true;
  }
  return false;
}

bool starts_goroutine(std::string_view line) { return line.starts_with("goroutine "); }

}  // namespace

std::vector<std::string> go_crash_report(const std::vector<std::string>& lines) {
  std::size_t first = 0;
  while (first < lines.size() && !starts_crash(lines[first])) ++first;
  std::vector<std::string> out;
  bool in_stack = false;
  for (std::size_t i = first; i < lines.size() && out.size() < kCrashLines; ++i) {
    const std::string& line = lines[i];
    // The stack of the goroutine that crashed ends where the next goroutine's begins (with
    // GOTRACEBACK=all) or where the provider's ordinary log resumes (an hclog JSON record, a
    // timestamped or a `[LEVEL]` line).
    if (starts_goroutine(line)) {
      if (in_stack) break;
      in_stack = true;
    } else if (in_stack && (line.starts_with("{") || line.starts_with("20") || line.starts_with("["))) {
      break;
    }
    out.push_back(line);
  }
  return out;
}

void open_with_crash(report::Finding& finding, const std::vector<std::string>& crash, const std::string& plugin) {
  if (crash.empty()) return;
  const std::string name = plugin.empty() ? "provider" : "terraform-provider-" + plugin;
  finding.crash_output = {"Stack trace from the " + name + " plugin:", ""};
  finding.crash_output.insert(finding.crash_output.end(), crash.begin(), crash.end());
  const std::string opening = crash.front() + " (" + finding.message + ")";
  finding.message = opening;
  if (!finding.violations.empty()) finding.violations.front().message = opening;
}

}  // namespace tfc::conformance
