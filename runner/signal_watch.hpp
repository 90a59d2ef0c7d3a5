#pragma once
// SIGINT and SIGTERM for a multi-threaded harness: both are blocked in every thread and taken by
// one watcher thread with sigwait, so no RPC or write is interrupted half-way by a handler.
//   first signal:  the run stops (run_stop.hpp), calls in flight are cancelled, every provider
//                  process group is killed; the caller writes its reports and exits 130 / 143;
//   second signal: the provider groups are killed again, scratch directories removed, and the
//                  process exits at once with 130 / 143.

namespace tfc::runner {

/// Call first thing in main(), before any other thread exists (threads inherit the mask).
/// Idempotent. Child processes start with an empty mask and default dispositions anyway.
void watch_stop_signals();

}  // namespace tfc::runner
