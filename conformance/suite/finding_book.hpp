#pragma once
// A suite's findings, each reported once: a later case that meets a finding already reported (its
// fingerprint, the unshrunk fingerprint of the case that was shrunk into it, or the same promise
// at partly other paths) counts there instead; and which rules were shrunk already (each rule is
// shrunk once per suite: shrinking is the slow part).

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "reports/run_report.hpp"

namespace tfc::conformance {

class FindingBook {
public:
  /// The finding `finding` repeats, or null.
  report::Finding* reported(const report::Finding& finding);
  /// Whether a finding of exactly this fingerprint (or one shrunk into a reported one) was reported.
  bool known(const std::string& fingerprint) const { return m_by_fingerprint.contains(fingerprint); }
  /// Adds a new finding under `scenario`; `aliases` are further fingerprints counted under it.
  /// Returns the finding as kept.
  const report::Finding& add(const std::string& scenario, report::Finding finding,
                             const std::vector<std::string>& aliases);

  /// Whether `rule` was shrunk (reported from a shrunk case) already; the suite stops at the
  /// first timeout shrunk.
  bool shrunk(std::string_view rule) const { return m_shrunk_rules.contains(rule); }
  void shrinking(const std::string& rule) { m_shrunk_rules.insert(rule); }

  /// New findings so far (progress counts them per case).
  std::size_t count() const noexcept { return m_count; }

  /// The findings, by scenario, in the order they were found.
  std::map<std::string, std::vector<report::Finding>> take() { return std::move(m_findings); }

private:
  std::map<std::string, std::vector<report::Finding>> m_findings;
  std::set<std::string, std::less<>> m_shrunk_rules;
  std::map<std::string, std::pair<std::string, std::size_t>> m_by_fingerprint;  // → scenario, index
  std::size_t m_count = 0;
};

}  // namespace tfc::conformance
