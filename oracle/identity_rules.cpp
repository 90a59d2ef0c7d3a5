#include "oracle/identity_rules.hpp"

#include "oracle/compatible.hpp"
#include "oracle/findings.hpp"
#include "oracle/value_conformance.hpp"
#include "oracle/value_walk.hpp"
#include "proto/schema/implied_type.hpp"

namespace tfc::oracle {
namespace {

constexpr DriftRules every(RuleId rule) { return DriftRules{rule, rule, rule, rule, rule, rule, rule, rule, rule}; }

/// Compatibility of two identities under one rule, messages prefixed with `what`.
Violations kept(const schema::Block& identity, const cty::Value& before, const cty::Value& after, RuleId rule,
                std::string_view what) {
  Findings walked;
  check_compatible(identity, before, after, every(rule), walked);
  Findings out;
  for (Violation& v : walked.take()) out.add(rule, v.path, std::string(what) + ": " + v.message);
  return out.take();
}

}  // namespace

schema::Block identity_block(const schema::IdentitySchema& identity) {
  schema::Block block;
  for (const auto& a : identity.attributes) {
    schema::Attribute attr;
    attr.name = a.name;
    attr.type = a.type;
    attr.computed = true;
    attr.optional = a.optional_for_import;
    attr.description = a.description;
    block.attributes.push_back(std::move(attr));
  }
  block.sort();
  return block;
}

Violations check_identity_value(const schema::Block& identity, const cty::Value& value, bool unknown_allowed,
                                std::string_view what) {
  Findings out;
  Findings conformance;
  check_conformance(schema::implied_type(identity), value, what, conformance);
  for (Violation& v : conformance.take()) out.add("identity.type_mismatch", v.path, v.message);
  if (!out.empty() || unknown_allowed) return out.take();
  std::vector<cty::Path> unknowns;
  collect_unknown_paths(value, cty::Path{}, unknowns);
  for (const cty::Path& p : unknowns) out.add("identity.unknown", p, std::string(what) + " holds an unknown value");
  return out.take();
}

Violations check_identity_present(bool present, RuleId rule, std::string_view what) {
  Findings out;
  if (!present)
    out.add(rule, cty::Path{},
            std::string(what) + " has no identity, although the resource type has an identity schema");
  return out.take();
}

Violations check_identity_kept(const schema::Block& identity, const cty::Value& before, const cty::Value& after,
                               std::string_view what) {
  if (before.is_null()) return {};
  return kept(identity, before, after, "identity.changed", what);
}

Violations check_import_identity(const schema::Block& identity, const cty::Value& requested,
                                 const cty::Value& returned) {
  return kept(identity, requested, returned, "import.identity_mismatch",
              "import by identity returned another identity");
}

Violations check_identity_upgrade(const schema::Block& identity, const cty::Value& before,
                                  const std::optional<cty::Value>& after) {
  if (!after) {
    Findings out;
    out.add("identity.upgrade_changed", cty::Path{},
            "upgrading an identity at the current version returned no identity");
    return out.take();
  }
  return kept(identity, before, *after, "identity.upgrade_changed", "upgrading an identity at the current version");
}

}  // namespace tfc::oracle
