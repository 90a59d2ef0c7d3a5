// A quiet play's findings with a loud play's log (see loud_evidence.hpp).
#include "conformance/suite/loud_evidence.hpp"

#include <algorithm>

namespace tfc::conformance {

LoudEvidence loud_evidence(const CaseOutcome& quiet, const std::vector<std::string>& quiet_log,
                           const std::set<std::string>& fresh, const Played* loud) {
  LoudEvidence out{quiet, quiet_log, false, false};
  if (fresh.empty()) return out;
  if (loud != nullptr && loud->stopped) return out;  // cut off by the run's stop: proves nothing
  if (loud == nullptr) {
    out.not_reproduced = true;
    return out;
  }
  for (auto& f : out.outcome.findings) {
    if (!fresh.contains(f.finding.fingerprint)) continue;
    const auto& twins = loud->outcome.findings;
    const auto twin = std::find_if(twins.begin(), twins.end(), [&](const CaseFinding& t) {
      return t.finding.fingerprint == f.finding.fingerprint;
    });
    if (twin == twins.end()) {
      out.outcome = quiet;
      out.not_reproduced = true;
      return out;
    }
    f.answer = twin->answer;
  }
  out.outcome.log_marks = loud->outcome.log_marks;
  out.log = loud->log;
  out.replayed = true;
  return out;
}

}  // namespace tfc::conformance
