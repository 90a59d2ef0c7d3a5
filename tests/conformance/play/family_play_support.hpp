#pragma once
// What the family play tests share: the in-memory family provider's whole schema as a play sees
// it, configurations written as JSON, and the rule ids a case found.

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "conformance/play/family_play.hpp"
#include "proto/cty/json.hpp"
#include "proto/schema/implied_type.hpp"
#include "tests/conformance/memory_families.hpp"

namespace tfc::conformance::testing {

inline const schema::ProviderSchema& family_schema() {
  static const schema::ProviderSchema s = MemoryFamilyProvider::provider_schema();
  return s;
}

inline PlayOptions family_options(bool apply) {
  PlayOptions o;
  o.provider = &family_schema();
  o.apply = apply;
  return o;
}

/// A value of `block`'s type from JSON (every attribute named).
inline cty::Value value_of(const schema::Block& block, const std::string& json) {
  auto v = cty::json_decode(json, schema::implied_type(block));
  EXPECT_TRUE(v.has_value()) << json << ": " << (v ? "" : v.error().message);
  return v ? *v : cty::Value();
}

/// A wholly known configuration, and the same with `unknown` (a top-level attribute) unknown.
inline ConfigPair config_pair(const schema::Block& block, const std::string& json, const std::string& unknown = "") {
  const cty::Value known = value_of(block, json);
  if (unknown.empty()) return ConfigPair{known, gen::InjectedConfig{known, {}}};
  auto values = known.attribute_values();
  const auto i = static_cast<std::size_t>(known.type().attribute_index(unknown));
  values[i] = cty::Value::unknown(values[i].type());
  return ConfigPair{known, gen::InjectedConfig{cty::Value::object(known.type(), std::move(values)),
                                               {cty::Path().attribute(unknown)}}};
}

/// The rule id of every finding, in order.
inline std::vector<std::string> rules_of(const CaseOutcome& out) {
  std::vector<std::string> rules;
  for (const auto& f : out.findings) rules.push_back(f.finding.rule_id);
  return rules;
}

/// The distinct rule ids of the findings.
inline std::set<std::string> distinct_rules(const CaseOutcome& out) {
  std::set<std::string> rules;
  for (const auto& f : out.findings) rules.insert(f.finding.rule_id);
  return rules;
}

/// Every finding, for a failure message.
inline std::string described(const CaseOutcome& out) {
  std::string s;
  for (const auto& f : out.findings)
    s += "[" + f.scenario + "] " + f.finding.rule_id + " " + f.finding.path + ": " + f.finding.message + "\n";
  if (out.harness_error) s += "harness error: " + *out.harness_error + "\n";
  if (!out.rejection.empty()) s += "rejection: " + out.rejection + "\n";
  return s;
}

}  // namespace tfc::conformance::testing
