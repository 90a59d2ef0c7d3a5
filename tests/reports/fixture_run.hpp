#pragma once
// A fixed finished run that exercises every writer: passes, an error finding, a warning, a
// sensitive value, hostile provider strings (script tags, quotes, ampersands, control
// characters, invalid UTF-8), provider log lines, a skipped and an errored scenario.

#include <chrono>

#include "reports/run_report.hpp"

namespace tfc::report::testing {

/// 2026-01-02T03:04:05Z: the pinned "now" every golden file is written with.
std::chrono::system_clock::time_point pinned_now();

/// The fixed run (same value on every call).
RunReport fixture_run();

/// What every replay command of the fixture starts with (a path with a space, quoted).
inline constexpr const char* kReplayPrefix =
    "/opt/tfconform/bin/tfconform run --provider /opt/providers/terraform-provider-tfc --apply --hints "
    "'/home/me/tfc hints.json' --replay ";

/// The exact hostile string the HTML test looks for: `<script>alert("x")</script>`.
inline constexpr const char* kScriptValue = "<script>alert(\"x\")</script>";

}  // namespace tfc::report::testing
