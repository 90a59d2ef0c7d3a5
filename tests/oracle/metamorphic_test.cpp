// Metamorphic properties of the oracle over generated schemas: a change to a compatible answer
// that the contract does not see keeps it compatible. The answers are Core's own proposal
// (proposed_new) from a generated configuration, a valid plan of a create (seed 000
// §PlanResourceChange), and an apply result that fills that plan's unknowns (§ApplyResourceChange):
//  - renaming: the same names changed consistently in schema, configuration and answer (in
//    another sort order, so that the values' attribute order changes too);
//  - set order: the set elements of the answer sent in another order (the JSON the provider
//    writes is decoded as Core decodes it);
//  - unknowns: computed attributes the configuration leaves null planned as unknown.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <map>

#include <nlohmann/json.hpp>

#include "generators/arbitrary_block.hpp"
#include "generators/arbitrary_value.hpp"
#include "generators/config_gen.hpp"
#include "oracle/apply_compatible.hpp"
#include "oracle/plan_valid.hpp"
#include "oracle/proposed_new.hpp"
#include "proto/cty/json.hpp"
#include "proto/schema/implied_type.hpp"
#include "tests/oracle/oracle_test_support.hpp"

namespace tfc::oracle {
namespace {

using testing::summary;

gen::BlockOptions block_options() {
  gen::BlockOptions o;
  o.write_only = false;  // planned null whatever the configuration: not Core's proposal
  o.dynamic = false;     // JSON of a dynamic value carries its type: kept out of the set-order walk
  return o;
}

/// A generated schema with a configuration and Core's proposal for its create.
struct Created {
  schema::Block block;
  cty::Value config;
  cty::Value planned;
  cty::Value prior() const { return cty::Value::null(planned.type()); }
};

Created created() {
  Created c;
  c.block = *gen::block(block_options());
  c.config = *gen::config_of(c.block);
  c.planned = proposed_new(c.block, c.prior(), c.config);
  return c;
}

// --- renaming

/// The block's top-level attributes and block types renamed "n<k>", k counting down in the
/// old order (so the new names sort the other way round); old → new in `names`.
struct Renaming {
  schema::Block block;
  std::map<std::string, std::string> names;
};

Renaming renamed(const schema::Block& block) {
  std::vector<std::string> old;
  for (const auto& a : block.attributes) old.push_back(a.name);
  for (const auto& b : block.block_types) old.push_back(b.type_name);
  std::sort(old.begin(), old.end());
  Renaming r{block, {}};
  for (std::size_t i = 0; i < old.size(); ++i) {
    const std::string k = std::to_string(old.size() - i);
    r.names[old[i]] = "n" + std::string(4 - std::min<std::size_t>(4, k.size()), '0') + k;
  }
  for (auto& a : r.block.attributes) a.name = r.names.at(a.name);
  for (auto& b : r.block.block_types) b.type_name = r.names.at(b.type_name);
  r.block.sort();
  return r;
}

/// `v` (an object of the old block's type) under the new names.
cty::Value renamed(const Renaming& r, const cty::Value& v) {
  const cty::Type type = schema::implied_type(r.block);
  if (v.is_null()) return cty::Value::null(type);
  if (!v.is_known()) return cty::Value::unknown(type);
  std::map<std::string, cty::Value> by_new;
  for (std::size_t i = 0; i < v.type().attributes().size(); ++i)
    by_new.emplace(r.names.at(v.type().attributes()[i].name), v.attribute_values()[i]);
  std::vector<cty::Value> values;
  for (const auto& a : type.attributes()) values.push_back(by_new.at(a.name));
  return cty::Value::object(type, std::move(values));
}

// --- unknowns where the plan may have them

/// Top-level computed attributes that `config` leaves null.
std::vector<std::string> unset_computed(const schema::Block& block, const cty::Value& config) {
  std::vector<std::string> out;
  for (const auto& a : block.attributes) {
    if (a.computed && config.attribute(a.name)->is_null()) out.push_back(a.name);
  }
  return out;
}

cty::Value with_attribute(const cty::Value& object, const std::string& name, cty::Value value) {
  auto values = object.attribute_values();
  values[static_cast<std::size_t>(object.type().attribute_index(name))] = std::move(value);
  return cty::Value::object(object.type(), std::move(values));
}

/// The plan with some of `names` unknown (each with its declared type), and an apply result
/// that gives each of them a generated known value: what a provider computes.
struct Unknowns {
  cty::Value planned;
  cty::Value applied;
};

Unknowns with_some_unknown(const schema::Block& block, const cty::Value& planned,
                           const std::vector<std::string>& names) {
  Unknowns u{planned, planned};
  for (const auto& name : names) {
    if (!*rc::gen::arbitrary<bool>()) continue;
    const cty::Type type = schema::implied_type(*block.find_attribute(name));
    u.planned = with_attribute(u.planned, name, cty::Value::unknown(type));
    u.applied = with_attribute(u.applied, name, *gen::value_of(type, gen::known_value_options()));
  }
  return u;
}

// --- set order

/// `json` (the JSON form of a value of `type`) with every set's elements in reverse order.
nlohmann::json sets_reversed(const cty::Type& type, nlohmann::json json) {
  if (json.is_null()) return json;
  switch (type.kind()) {
    case cty::Kind::Set: std::reverse(json.begin(), json.end()); [[fallthrough]];
    case cty::Kind::List:
      for (auto& e : json) e = sets_reversed(type.element(), e);
      return json;
    case cty::Kind::Map:
      for (auto& [key, e] : json.items()) e = sets_reversed(type.element(), e);
      return json;
    case cty::Kind::Tuple:
      for (std::size_t i = 0; i < json.size(); ++i) json[i] = sets_reversed(type.tuple_elements()[i], json[i]);
      return json;
    case cty::Kind::Object:
      for (const auto& a : type.attributes()) {
        if (json.contains(a.name)) json[a.name] = sets_reversed(a.type, json[a.name]);
      }
      return json;
    default: return json;
  }
}

/// A wholly known value sent with its sets in another order, decoded as Core decodes it.
cty::Value reordered(const cty::Value& v) {
  const auto text = cty::json_encode(v, v.type());
  RC_ASSERT(text.has_value());
  auto back = cty::json_decode(sets_reversed(v.type(), nlohmann::json::parse(*text)).dump(), v.type());
  RC_ASSERT(back.has_value());
  return *back;
}

// The starting point of every property: Core's proposal is a valid plan of the create, and an
// apply that returns the plan is compatible with it.
RC_GTEST_PROP(Metamorphic, CoresProposalIsAValidPlanAndItsApplyCompatible, ()) {
  const auto c = created();
  RC_ASSERT(summary(check_plan(c.block, c.prior(), c.config, c.planned)).empty());
  RC_ASSERT(summary(check_apply(c.block, c.planned, c.planned)).empty());
}

RC_GTEST_PROP(Metamorphic, RenamingConsistentlyKeepsACompatibleAnswerCompatible, ()) {
  const auto c = created();
  const auto u = with_some_unknown(c.block, c.planned, unset_computed(c.block, c.config));
  RC_PRE(check_plan(c.block, c.prior(), c.config, u.planned).empty());
  RC_PRE(check_apply(c.block, u.planned, u.applied).empty());
  const auto r = renamed(c.block);
  RC_ASSERT(summary(check_plan(r.block, renamed(r, c.prior()), renamed(r, c.config), renamed(r, u.planned))).empty());
  RC_ASSERT(summary(check_apply(r.block, renamed(r, u.planned), renamed(r, u.applied))).empty());
}

RC_GTEST_PROP(Metamorphic, ReorderingSetElementsKeepsACompatibleAnswerCompatible, ()) {
  const auto c = created();
  RC_PRE(c.planned.is_wholly_known());
  RC_ASSERT(summary(check_plan(c.block, c.prior(), c.config, reordered(c.planned))).empty());
  RC_ASSERT(summary(check_apply(c.block, c.planned, reordered(c.planned))).empty());
}

RC_GTEST_PROP(Metamorphic, UnknownsWhereThePlanAllowsThemKeepItValid, ()) {
  const auto c = created();
  const auto names = unset_computed(c.block, c.config);
  RC_TAG(names.empty() ? "no computed attribute left null" : "computed attributes left null");
  const auto u = with_some_unknown(c.block, c.planned, names);
  RC_ASSERT(summary(check_plan(c.block, c.prior(), c.config, u.planned)).empty());
  RC_ASSERT(summary(check_apply(c.block, u.planned, u.applied)).empty());
}

}  // namespace
}  // namespace tfc::oracle
