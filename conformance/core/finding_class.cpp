#include "conformance/core/finding_class.hpp"

#include "oracle/rule_id.hpp"
#include "oracle/rules.hpp"

namespace tfc::conformance {

report::FindingClass class_of(std::string_view rule, report::Severity severity) {
  if (rule.starts_with("coverage.")) return report::FindingClass::coverage;
  if (rule == oracle::rule_text("rpc.crashed") || rule == oracle::rule_text("rpc.timeout") ||
      rule == oracle::rule_text("rpc.message_too_large") || rule.find("memory") != std::string_view::npos)
    return report::FindingClass::robustness;
  const oracle::RuleInfo* info = oracle::find_rule(rule);
  if (info == nullptr) return report::FindingClass::contract;
  if (info->severity == oracle::Severity::warning) return report::FindingClass::hygiene;
  if (severity == report::Severity::warning && info->legacy_logged_only) return report::FindingClass::tolerated;
  return report::FindingClass::contract;
}

report::Severity severity_under(std::string_view rule, report::Severity severity, oracle::CoreProfile profile) {
  if (severity != report::Severity::error || profile == oracle::CoreProfile::Both) return severity;
  const oracle::RuleInfo* info = oracle::find_rule(rule);
  if (info == nullptr) return severity;
  if (info->cores == oracle::Cores::Terraform && profile == oracle::CoreProfile::OpenTofu)
    return report::Severity::warning;
  if (info->cores == oracle::Cores::OpenTofu && profile == oracle::CoreProfile::Terraform)
    return report::Severity::warning;
  return severity;
}

std::string_view to_string(oracle::CoreProfile profile) {
  switch (profile) {
    case oracle::CoreProfile::Both: return "both";
    case oracle::CoreProfile::Terraform: return "terraform";
    case oracle::CoreProfile::OpenTofu: return "opentofu";
  }
  return "both";
}

}  // namespace tfc::conformance
