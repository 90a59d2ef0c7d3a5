#pragma once
// Where the check workers put what they find: looks up each rule's severity in the catalogue
// and applies the legacy SDK tolerance of docs/lifecycle-contract.md ("Severity and the cores").

#include <string>
#include <string_view>

#include "oracle/rule_id.hpp"
#include "oracle/violation.hpp"
#include "proto/cty/value.hpp"

namespace tfc::oracle {

class Findings {
public:
  explicit Findings(CheckOptions options = {}) : m_options(options) {}

  /// Records a violation of `rule` (checked against the catalogue while compiling) at `path`. A rule Core only logs
  /// for the legacy SDK becomes a warning ending "(tolerated for the legacy SDK)" when the
  /// options say legacy and not strict.
  void add(RuleId rule, const cty::Path& path, std::string message);
  /// Appends already judged violations unchanged.
  void append(Violations more);

  bool empty() const noexcept { return m_violations.empty(); }
  std::size_t size() const noexcept { return m_violations.size(); }
  const Violations& violations() const noexcept { return m_violations; }
  Violations take() { return std::move(m_violations); }
  const CheckOptions& options() const noexcept { return m_options; }

private:
  CheckOptions m_options;
  Violations m_violations;
};

/// The value as messages show it, or "(sensitive value)" when `sensitive`.
std::string shown(const cty::Value& value, bool sensitive);

}  // namespace tfc::oracle
