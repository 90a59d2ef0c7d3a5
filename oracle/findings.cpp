#include "oracle/findings.hpp"

#include <iterator>

#include "oracle/rules.hpp"

namespace tfc::oracle {

void Findings::add(RuleId rule, const cty::Path& path, std::string message) {
  const RuleInfo* info = find_rule(rule.str());
  Severity severity = info != nullptr ? info->severity : Severity::error;
  // docs/lifecycle-contract.md "Severity and the cores": MUST rules that Core only logs for the legacy SDK are
  // reported as tolerated, unless the run asks to be strict.
  if (info != nullptr && info->legacy_logged_only && severity == Severity::error && m_options.legacy_type_system &&
      !m_options.strict) {
    severity = Severity::warning;
    message += " (tolerated for the legacy SDK)";
  }
  m_violations.push_back(Violation{std::string(rule.str()), severity, path, std::move(message)});
}

void Findings::append(Violations more) {
  m_violations.insert(m_violations.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
}

std::string shown(const cty::Value& value, bool sensitive) {
  return sensitive ? std::string("(sensitive value)") : value.to_display();
}

}  // namespace tfc::oracle
