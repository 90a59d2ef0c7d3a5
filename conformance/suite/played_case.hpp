#pragma once
// A case played on one provider session: what the suite learns, judges and reports from it,
// gathered without touching the suite (the cases of a learning round may run on several
// threads at once).

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "conformance/core/case_outcome.hpp"

namespace tfc::conformance {

struct Played {
  CaseOutcome outcome;
  std::vector<std::string> log;      // the provider's log during the case, when it was kept
  bool stopped = false;              // cut off by the run's stop: proves nothing
  std::optional<std::string> lost;   // the process was lost and could not be restarted
  bool loud = false;                 // played on a process with its logging on: its log is the evidence
  bool lent = false;                 // played on a session another worker lent (case_player.hpp)
  std::chrono::nanoseconds wall{0};  // how long the play took
};

}  // namespace tfc::conformance
