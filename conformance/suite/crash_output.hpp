#pragma once
// A provider that dies says why on stderr: a Go program prints its panic (`panic: ...`, or
// `fatal error: ...` for the runtime's own failures, or the signal it could not turn into a
// panic, `SIGSEGV: segmentation violation`) and the stack of the goroutine that crashed, then
// exits. Terraform shows exactly those lines after "Stack trace from the terraform-provider-NAME
// plugin:" and before "The terraform-provider-NAME plugin crashed!", so a crash finding opens
// with them too: they name the bug, where the 100 trace lines before them do not.

#include <string>
#include <vector>

#include "reports/run_report.hpp"

namespace tfc::conformance {

/// The crash report among a provider's log lines (the first panic, fatal error or signal line
/// and what follows it up to the end of the crashed goroutine's stack, at most kCrashLines
/// lines); empty when the lines hold none.
std::vector<std::string> go_crash_report(const std::vector<std::string>& lines);
inline constexpr std::size_t kCrashLines = 60;

/// Puts `crash` first in `finding`: its message opens with the crash's first line, and
/// crash_output holds the report as Terraform prints it for the plugin `terraform-provider-NAME`.
void open_with_crash(report::Finding& finding, const std::vector<std::string>& crash, const std::string& plugin);

}  // namespace tfc::conformance
