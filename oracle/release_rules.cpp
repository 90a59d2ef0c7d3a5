// The contract between two releases (see release_rules.hpp).
#include "oracle/release_rules.hpp"

#include <algorithm>

#include "oracle/findings.hpp"
#include "oracle/value_walk.hpp"
#include "proto/cty/path.hpp"
#include "proto/schema/absent_block.hpp"
#include "proto/schema/implied_type.hpp"

namespace tfc::oracle {
namespace {

using cty::Path;
using cty::Value;

/// Nothing written: null, or a block collection without elements.
bool unset(const Value& v) {
  if (v.is_null()) return true;
  if (!v.is_known()) return false;
  const auto kind = v.type().kind();
  if (kind == cty::Kind::List || kind == cty::Kind::Set || kind == cty::Kind::Tuple) return v.elements().empty();
  if (kind == cty::Kind::Map) return v.length() == 0;
  return false;
}

std::string type_text(const cty::Type& t) { return t.friendly_name(); }

}  // namespace

CarriedConfig carry_config(const schema::Block& previous, const schema::Block& next, const Value& config) {
  CarriedConfig out;
  Findings refused;
  std::vector<std::pair<std::string, Value>> members;
  // What the file sets that the new schema has no place for.
  for (const auto& a : previous.attributes) {
    const Value* v = config.attribute(a.name);
    if (v == nullptr || v->is_null()) continue;
    if (next.find_attribute(a.name) == nullptr && next.find_block_type(a.name) == nullptr)
      refused.add("release.config_refused", Path().attribute(a.name),
                  "the configuration sets ." + a.name + ", which the new release no longer has (\"An argument named " +
                      a.name + " is not expected here\")");
  }
  for (const auto& b : previous.block_types) {
    const Value* v = config.attribute(b.type_name);
    if (v == nullptr || unset(*v)) continue;
    if (next.find_block_type(b.type_name) == nullptr)
      refused.add("release.config_refused", Path().attribute(b.type_name),
                  "the configuration has a " + b.type_name + " block, which the new release no longer has");
  }
  for (const auto& a : next.attributes) {
    const cty::Type type = schema::implied_type(a);
    const Value* v = config.attribute(a.name);
    const schema::Attribute* before = previous.find_attribute(a.name);
    if (v == nullptr || before == nullptr || v->is_null()) {
      if (a.required)
        refused.add("release.config_refused", Path().attribute(a.name),
                    "the new release requires ." + a.name +
                        ", which the configuration written for the previous one "
                        "does not set");
      members.emplace_back(a.name, Value::null(type));
      continue;
    }
    // The schemas' types decide (a dynamic attribute's value has a type of its own).
    if (!(schema::implied_type(*before) == type)) {
      if (a.nested_type || before->nested_type) {
        out.uncarried = "." + a.name + " changed its nested attributes between the releases";
      } else {
        refused.add("release.config_refused", Path().attribute(a.name),
                    "." + a.name + " was " + type_text(schema::implied_type(*before)) +
                        " in the previous release and is " + type_text(type) + " in the new one");
      }
      members.emplace_back(a.name, Value::null(type));
      continue;
    }
    members.emplace_back(a.name, *v);
  }
  for (const auto& b : next.block_types) {
    const Value* v = config.attribute(b.type_name);
    if (v == nullptr || unset(*v)) {
      if (b.min_items > 0)
        refused.add("release.config_refused", Path().attribute(b.type_name),
                    "the new release requires at least " + std::to_string(b.min_items) + " " + b.type_name +
                        " block(s), which the configuration written for the previous one does not have");
      members.emplace_back(b.type_name, schema::absent_block(b));
      continue;
    }
    const schema::NestedBlock* earlier = previous.find_block_type(b.type_name);
    if (earlier == nullptr || !(schema::implied_type(*earlier) == schema::implied_type(b))) {
      out.uncarried = "the " + b.type_name + " block changed its shape between the releases";
      members.emplace_back(b.type_name, schema::absent_block(b));
      continue;
    }
    members.emplace_back(b.type_name, *v);
  }
  out.refused = refused.take();
  if (out.refused.empty() && out.uncarried.empty()) {
    // Of the new schema's implied type (a dynamic attribute stays dynamic in the object's type).
    const cty::Type type = schema::implied_type(next);
    std::vector<Value> values;
    for (const auto& member : type.attributes()) {
      auto it = std::find_if(members.begin(), members.end(), [&](const auto& m) { return m.first == member.name; });
      values.push_back(it != members.end() ? it->second : Value::null(member.type));
    }
    out.value = Value::object(type, std::move(values));
  }
  return out;
}

Violations check_release_upgrade(const schema::Block& previous, std::int64_t previous_version,
                                 const schema::Block& next, std::int64_t next_version, const Value& before,
                                 const Value& config, const Value& upgraded) {
  Findings out;
  if (before.is_null() || upgraded.is_null() || !before.is_known() || !upgraded.is_known()) return out.take();
  // `block`: an empty block collection counts as nothing written; an attribute's empty
  // collection is a value.
  auto judge = [&](const std::string& name, const cty::Type& previous_type, std::optional<cty::Type> next_type,
                   bool sensitive, bool block) {
    auto nothing = [block](const Value& v) { return block ? unset(v) : v.is_null(); };
    const Value* was = before.attribute(name);
    if (was == nullptr || nothing(*was) || !was->is_wholly_known()) return;
    const Path path = Path().attribute(name);
    if (!next_type || !(*next_type == previous_type)) {
      // Gone or retyped: only an upgrader (a higher schema version) can say where it went.
      if (next_version <= previous_version)
        out.add("release.dropped_without_upgrade", path,
                "the previous release stored ." + name + " = " + shown(*was, sensitive) + "; the new schema " +
                    (next_type ? "gives it another type" : "no longer has it") + ", yet its version stayed " +
                    std::to_string(next_version));
      return;
    }
    const Value* now = upgraded.attribute(name);
    if (now == nullptr || raw_equals(*was, *now)) return;
    const Value* set = config.attribute(name);
    const bool configured = set != nullptr && !nothing(*set);
    out.add(configured ? RuleId("release.value_lost") : RuleId("release.meaning_changed"), path,
            "the previous release stored " + shown(*was, sensitive) + ", the upgraded state holds " +
                shown(*now, sensitive) + (configured ? " (a value the configuration sets)" : ""));
  };
  for (const auto& a : previous.attributes) {
    const schema::Attribute* n = next.find_attribute(a.name);
    judge(a.name, schema::implied_type(a), n ? std::optional(schema::implied_type(*n)) : std::nullopt, has_sensitive(a),
          false);
  }
  for (const auto& b : previous.block_types) {
    const schema::NestedBlock* n = next.find_block_type(b.type_name);
    judge(b.type_name, schema::implied_type(b), n ? std::optional(schema::implied_type(*n)) : std::nullopt,
          b.block && has_sensitive(*b.block), true);
  }
  return out.take();
}

Violations check_release_data(const schema::Block& previous, const schema::Block& next, const Value& first,
                              const Value& again, const Value& next_result) {
  Findings out;
  if (!first.is_known() || !again.is_known() || !next_result.is_known() || first.is_null() || again.is_null() ||
      next_result.is_null())
    return out.take();
  auto judge = [&](const std::string& name, const cty::Type& previous_type, const cty::Type& next_type,
                   bool sensitive) {
    if (!(previous_type == next_type)) return;
    const Value* a = first.attribute(name);
    const Value* b = again.attribute(name);
    const Value* n = next_result.attribute(name);
    if (a == nullptr || b == nullptr || n == nullptr || !raw_equals(*a, *b) || raw_equals(*a, *n)) return;
    out.add(
        "release.data_result_changed", Path().attribute(name),
        "the previous release read " + shown(*a, sensitive) + " twice, the new release reads " + shown(*n, sensitive));
  };
  for (const auto& a : previous.attributes) {
    if (const schema::Attribute* n = next.find_attribute(a.name))
      judge(a.name, schema::implied_type(a), schema::implied_type(*n), has_sensitive(a) || has_sensitive(*n));
  }
  for (const auto& b : previous.block_types) {
    if (const schema::NestedBlock* n = next.find_block_type(b.type_name))
      judge(b.type_name, schema::implied_type(b), schema::implied_type(*n), b.block && has_sensitive(*b.block));
  }
  return out.take();
}

Violations check_release_version(std::int64_t previous_version, std::int64_t next_version) {
  Findings out;
  if (next_version < previous_version)
    out.add("release.schema_version_lowered", Path(),
            "the previous release stored its state at schema version " + std::to_string(previous_version) +
                ", the new release's schema is version " + std::to_string(next_version) +
                " (Core refuses a state written by a newer schema version)");
  return out.take();
}

}  // namespace tfc::oracle
