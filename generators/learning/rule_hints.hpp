#pragma once
// Turning a value rule (what a diagnostic, a description or a name says) into an attribute
// hint the generator follows: enumerations become value lists, ranges ranges, lengths and
// character rules patterns, formats lists of known-good values chosen by the attribute's name.

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "generators/hints.hpp"
#include "generators/learning/schema_paths.hpp"
#include "generators/learning/value_rule.hpp"
#include "proto/schema/block.hpp"

namespace tfc::gen::learning {

/// A hint and the rule it carries out, as reports show it.
struct Candidate {
  AttributeHint hint;
  std::string rule;
};

/// The primitive kind an attribute's values have: the type itself, or a collection's elements.
inline cty::Kind leaf_kind(const cty::Type& type) { return type.is_collection() ? type.element().kind() : type.kind(); }

inline bool computed_only(const schema::Attribute& a) { return a.computed && !a.optional && !a.required; }

/// A values hint of these candidates (nullopt when there are none).
std::optional<Candidate> from_values(std::vector<nlohmann::json> values, std::string rule, bool required);

/// The hint for `rule` on member `m` at `path`; nullopt when the rule says nothing the member
/// can use (a computed-only attribute, a block without "required").
std::optional<Candidate> hint_for_rule(const ValueRule& rule, const Member& m, const std::string& path);

/// Plain values for when nothing better is known: a short identifier, a small whole number.
std::optional<Candidate> plain_candidate(const schema::Attribute& a);

}  // namespace tfc::gen::learning
