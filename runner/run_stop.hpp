#pragma once
// Why a run stops early, visible to every thread of the process. The first SIGINT or SIGTERM
// aborts: RPCs in flight are cancelled, provider processes are killed and nothing is restarted.
// The end of --time-budget only winds down: the case in hand finishes, no new one starts.
// Either way the reports are still written for the work done.

#include <string>

namespace tfc::runner {

enum class StopReason : int { None = 0, TimeBudget = 1, Interrupt = 2, Terminate = 3 };

/// The strongest reason recorded so far (None while the run goes on).
StopReason stop_reason() noexcept;
/// True once any reason is recorded.
bool stop_requested() noexcept;
/// True for SIGINT / SIGTERM: cancel what is in flight, restart nothing.
bool aborting() noexcept;
/// Records `reason` unless a stronger one is already recorded (a signal outranks the time
/// budget); returns true when the recorded reason changed. Async-signal-safe.
bool request_stop(StopReason reason) noexcept;
/// Forgets every reason (tests only: a process runs one run).
void clear_stop_for_tests() noexcept;

/// "interrupted by SIGINT", "terminated by SIGTERM", "stopped at the time budget".
std::string describe(StopReason reason);
/// The exit status of a run that stopped for `reason`: 130 (SIGINT), 143 (SIGTERM), else 0.
int stop_exit_code(StopReason reason) noexcept;

}  // namespace tfc::runner
