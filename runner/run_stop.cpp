#include "runner/run_stop.hpp"

#include <atomic>

namespace tfc::runner {
namespace {

std::atomic<int> g_reason{0};

}  // namespace

StopReason stop_reason() noexcept { return static_cast<StopReason>(g_reason.load(std::memory_order_acquire)); }

bool stop_requested() noexcept { return stop_reason() != StopReason::None; }

bool aborting() noexcept {
  const auto r = stop_reason();
  return r == StopReason::Interrupt || r == StopReason::Terminate;
}

bool request_stop(StopReason reason) noexcept {
  int seen = g_reason.load(std::memory_order_acquire);
  while (static_cast<int>(reason) > seen) {
    if (g_reason.compare_exchange_weak(seen, static_cast<int>(reason), std::memory_order_acq_rel)) return true;
  }
  return false;
}

void clear_stop_for_tests() noexcept { g_reason.store(0, std::memory_order_release); }

std::string describe(StopReason reason) {
  switch (reason) {
    case StopReason::None: return "not stopped";
    case StopReason::TimeBudget: return "stopped at the time budget (--time-budget)";
    case StopReason::Interrupt: return "interrupted by SIGINT";
    case StopReason::Terminate: return "terminated by SIGTERM";
  }
  return "stopped";
}

int stop_exit_code(StopReason reason) noexcept {
  switch (reason) {
    case StopReason::Interrupt: return 130;
    case StopReason::Terminate: return 143;
    default: return 0;
  }
}

}  // namespace tfc::runner
