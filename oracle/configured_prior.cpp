// The search behind holds_configured_value: every object of a nested value, every attribute of
// each object, descending only through computed nested attributes (000 §Proposed New State;
// follows Core's behaviour).
#include "oracle/configured_prior.hpp"

#include "oracle/value_walk.hpp"

namespace tfc::oracle {
namespace {

using cty::Value;
using schema::Attribute;
using schema::NestedType;

bool object_holds(const std::vector<Attribute>& attributes, const Value& object) {
  if (object.is_null() || !object.is_known()) return false;
  for (const Attribute& a : attributes) {
    const Value v = child_attribute(object, a.name);
    if (v.is_null()) continue;
    if (!a.computed) return true;
    if (a.nested_type != nullptr && holds_configured_value(*a.nested_type, v)) return true;
  }
  return false;
}

}  // namespace

bool holds_configured_value(const NestedType& nested, const Value& prior) {
  if (prior.is_null() || !prior.is_known()) return false;
  if (nested.nesting == schema::NestingMode::Single || nested.nesting == schema::NestingMode::Group)
    return object_holds(nested.attributes, prior);
  if (is_sequence(prior) || prior.type().kind() == cty::Kind::Set) {
    for (const Value& e : prior.elements())
      if (object_holds(nested.attributes, e)) return true;
    return false;
  }
  for (const auto& [key, e] : keyed_elements(prior))
    if (object_holds(nested.attributes, e)) return true;
  return false;
}

}  // namespace tfc::oracle
