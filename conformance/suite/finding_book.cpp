// A suite's findings, each reported once (see finding_book.hpp).
#include "conformance/suite/finding_book.hpp"

#include "reports/fingerprint.hpp"

namespace tfc::conformance {

report::Finding* FindingBook::reported(const report::Finding& finding) {
  if (auto it = m_by_fingerprint.find(finding.fingerprint); it != m_by_fingerprint.end())
    return &m_findings[it->second.first][it->second.second];
  for (auto& [scenario, findings] : m_findings) {
    for (auto& f : findings) {
      if (report::same_promise(f, finding)) return &f;
    }
  }
  return nullptr;
}

const report::Finding& FindingBook::add(const std::string& scenario, report::Finding finding,
                                        const std::vector<std::string>& aliases) {
  auto& findings = m_findings[scenario];
  m_by_fingerprint[finding.fingerprint] = {scenario, findings.size()};
  for (const auto& alias : aliases) m_by_fingerprint.try_emplace(alias, scenario, findings.size());
  findings.push_back(std::move(finding));
  ++m_count;
  return findings.back();
}

}  // namespace tfc::conformance
