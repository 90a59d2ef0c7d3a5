#include "oracle/state_checks.hpp"

#include "oracle/compatible.hpp"
#include "oracle/findings.hpp"
#include "oracle/value_conformance.hpp"
#include "oracle/value_walk.hpp"
#include "proto/schema/implied_type.hpp"

#include <algorithm>
#include <type_traits>
#include <variant>

namespace tfc::oracle {
namespace {

using cty::Path;
using cty::Value;

constexpr DriftRules all_rules_as(RuleId rule) {
  return DriftRules{rule, rule, rule, rule, rule, rule, rule, rule, rule};
}

// Each element of a block or nested-attribute collection with its path step applied.
template <class F>
void for_each_element(const Value& collection, const Path& path, F each) {
  if (!collection.is_known() || collection.is_null()) return;
  switch (collection.type().kind()) {
    case cty::Kind::List:
    case cty::Kind::Tuple:
      for (std::size_t i = 0; i < collection.elements().size(); ++i)
        each(collection.elements()[i], path.index(static_cast<std::int64_t>(i)));
      return;
    case cty::Kind::Set:
      for (const Value& e : collection.elements()) each(e, path.set_element(e));
      return;
    case cty::Kind::Map:
    case cty::Kind::Object:
      for (const auto& [k, v] : keyed_elements(collection)) each(v, path.key(k));
      return;
    default: return;
  }
}

/// Visits every attribute of `object` (a value of a block) with its value and path, through
/// nested blocks and, where `visit` returns true, into the attribute's nested type. Null and
/// unknown objects are not entered.
template <class Visit>
struct AttributeWalk {
  Visit visit;

  void attributes(const std::vector<schema::Attribute>& attrs, const Value& object, const Path& path) {
    if (!object.is_known() || object.is_null()) return;
    for (const schema::Attribute& a : attrs) {
      const Value v = child_attribute(object, a.name);
      const Path p = path.attribute(a.name);
      if (!visit(a, v, p) || a.nested_type == nullptr) continue;
      if (a.nested_type->nesting == schema::NestingMode::Single || a.nested_type->nesting == schema::NestingMode::Group)
        attributes(a.nested_type->attributes, v, p);
      else
        for_each_element(v, p, [&](const Value& e, const Path& ep) { attributes(a.nested_type->attributes, e, ep); });
    }
  }

  void block(const schema::Block& b, const Value& object, const Path& path) {
    if (!object.is_known() || object.is_null()) return;
    attributes(b.attributes, object, path);
    for (const schema::NestedBlock& nb : b.block_types) {
      const Value v = child_attribute(object, nb.type_name);
      const Path p = path.attribute(nb.type_name);
      if (nb.nesting == schema::NestingMode::Single || nb.nesting == schema::NestingMode::Group)
        block(*nb.block, v, p);
      else
        for_each_element(v, p, [&](const Value& e, const Path& ep) { block(*nb.block, e, ep); });
    }
  }
};

template <class Visit>
void walk_attributes(const schema::Block& block, const Value& object, Visit visit) {
  AttributeWalk<Visit>{std::move(visit)}.block(block, object, Path{});
}

void report_unknowns(const Value& v, RuleId rule, std::string_view what, Findings& out) {
  std::vector<Path> unknowns;
  collect_unknown_paths(v, Path{}, unknowns);
  for (const Path& p : unknowns) out.add(rule, p, std::string(what) + " holds an unknown value");
}

struct DataConfigWalk {
  Findings& out;

  void block(const schema::Block& b, const Value& config, const Value& result, const Path& path) {
    if (!config.is_known() || config.is_null() || !result.is_known() || result.is_null()) return;
    for (const schema::Attribute& a : b.attributes) {
      const Value c = child_attribute(config, a.name);
      const Value r = child_attribute(result, a.name);
      if (c.is_null() || !c.is_wholly_known() || raw_equals(c, r)) continue;
      out.add(
          "data.config_value_changed", path.attribute(a.name),
          "result value " + shown(r, has_sensitive(a)) + " does not match config value " + shown(c, has_sensitive(a)));
    }
    for (const schema::NestedBlock& nb : b.block_types) {
      const Value c = child_attribute(config, nb.type_name);
      const Value r = child_attribute(result, nb.type_name);
      const Path p = path.attribute(nb.type_name);
      switch (nb.nesting) {
        case schema::NestingMode::Single:
        case schema::NestingMode::Group: block(*nb.block, c, r, p); break;
        case schema::NestingMode::List:
          if (c.is_known() && !c.is_null() && r.is_known() && !r.is_null() && is_sequence(r)) {
            const std::size_t n = std::min(c.elements().size(), r.elements().size());
            for (std::size_t i = 0; i < n; ++i)
              block(*nb.block, c.elements()[i], r.elements()[i], p.index(static_cast<std::int64_t>(i)));
          }
          break;
        case schema::NestingMode::Map:
          for (const auto& [k, cv] : keyed_elements(c)) {
            for (const auto& [rk, rv] : keyed_elements(r))
              if (rk == k) block(*nb.block, cv, rv, p.key(k));
          }
          break;
        case schema::NestingMode::Set:
          // Set blocks have no identity to correlate config and result elements by.
          break;
      }
    }
  }
};

bool has_write_only(const std::vector<schema::Attribute>& attrs) {
  for (const schema::Attribute& a : attrs)
    if (a.write_only || (a.nested_type != nullptr && has_write_only(a.nested_type->attributes))) return true;
  return false;
}

bool has_write_only(const schema::Block& block) {
  if (has_write_only(block.attributes)) return true;
  for (const schema::NestedBlock& nb : block.block_types)
    if (nb.block != nullptr && has_write_only(*nb.block)) return true;
  return false;
}

}  // namespace

Violations check_write_only_null(const schema::Block& block, const Value& state, RuleId rule, std::string_view what) {
  Findings out;
  if (!has_write_only(block)) return out.take();  // most schemas have none: skip the walk
  walk_attributes(block, state, [&](const schema::Attribute& a, const Value& v, const Path& p) {
    if (!a.write_only) return true;
    if (!v.is_null()) out.add(rule, p, std::string(what) + " holds a non-null value for a write-only attribute");
    return false;
  });
  return out.take();
}

Violations check_read(const schema::Block& block, const Value& new_state) {
  Findings out;
  check_conformance(schema::implied_type(block), new_state, "refreshed state", out);
  if (!out.empty()) return out.take();
  report_unknowns(new_state, "read.unknown_in_state", "the refreshed state", out);
  out.append(check_write_only_null(block, new_state, "read.write_only_not_null", "the refreshed state"));
  return out.take();
}

Violations check_read_normalization(const schema::Block& block, const Value& applied, const Value& read) {
  Findings out;
  check_compatible(block, applied, read, all_rules_as("read.normalization_not_preserved"), out);
  return out.take();
}

Violations check_upgrade(const schema::Block& block, const Value& upgraded) {
  Findings out;
  check_conformance(schema::implied_type(block), upgraded, "upgraded state", out);
  if (!out.empty()) return out.take();
  report_unknowns(upgraded, "upgrade.unknown_in_state", "the upgraded state", out);
  return out.take();
}

Violations check_upgrade_same_version(const schema::Block& block, const Value& before, const Value& after) {
  Findings out;
  check_compatible(block, before, after, all_rules_as("upgrade.meaning_changed"), out);
  return out.take();
}

Violations check_import(const std::vector<ImportedObject>& imported, bool deferred) {
  Findings out;
  if (imported.empty()) {
    if (!deferred) out.add("import.no_resources", Path{}, "import returned no object and did not defer");
    return out.take();
  }
  if (imported.size() > 1)
    out.add("import.multiple", Path{},
            "import returned " + std::to_string(imported.size()) + " objects, but one was expected");
  for (const ImportedObject& o : imported) {
    if (o.type_name.empty()) out.add("import.type_missing", Path{}, "an imported object has no resource type name");
    if (o.state.is_null()) out.add("import.null_object", Path{}, "an imported object has a null state");
  }
  return out.take();
}

Violations check_import_read(const Value& read_state) {
  Findings out;
  if (read_state.is_null())
    out.add("import.nonexistent_after_read", Path{}, "the imported object reads back as null, as if it did not exist");
  return out.take();
}

Violations check_import_complete(const schema::Block& block, const Value& applied, const Value& imported) {
  Findings out;
  check_compatible(block, applied, imported, all_rules_as("import.incomplete"), out);
  return out.take();
}

namespace {

/// `path` cut to its first `n` steps.
Path prefix(const Path& path, std::size_t n) {
  Path out;
  for (std::size_t i = 0; i < n && i < path.size(); ++i) {
    out = std::visit(
        [&](const auto& step) {
          using S = std::decay_t<decltype(step)>;
          if constexpr (std::is_same_v<S, cty::AttributeStep>)
            return out.attribute(step.name);
          else if constexpr (std::is_same_v<S, cty::IndexStep>)
            return out.index(step.index);
          else if constexpr (std::is_same_v<S, cty::KeyStep>)
            return out.key(step.key);
          else
            return out.set_element(step.element);
        },
        path.steps()[i]);
  }
  return out;
}

/// True when the import left `path` null: the value there, or a value on the way to it, is null
/// in the imported state. A step the state does not have (an element the plan adds) is not.
bool left_null_by_import(const Value& imported, const Path& path) {
  for (std::size_t n = 0; n <= path.size(); ++n) {
    const Value* v = cty::value_at(imported, prefix(path, n));
    if (v == nullptr) return false;
    if (v->is_null()) return true;
  }
  return false;
}

/// True when the import read back, on the way to `path`, another value than the non-null one
/// apply had stored: a value import cannot know (`import.incomplete` reports it). A null that
/// apply had and import replaced (`null` -> `{}`) is not: that value the import did set.
bool lost_by_import(const Value& applied, const Value& imported, const Path& path) {
  for (std::size_t n = 1; n <= path.size(); ++n) {
    const Value* a = cty::value_at(applied, prefix(path, n));
    const Value* i = cty::value_at(imported, prefix(path, n));
    if (a == nullptr || i == nullptr || a->is_null()) return false;
    if (!raw_equals(*a, *i)) return true;
  }
  return false;
}

/// True when `path` lies at or under one of `roots`.
bool under_any(const Path& path, const std::vector<Path>& roots) {
  for (const Path& root : roots) {
    if (root.size() <= path.size() && prefix(path, root.size()) == root) return true;
  }
  return false;
}

}  // namespace

Violations check_plan_after_import(const schema::Block& block, const Value& applied, const Value& imported,
                                   const Value& planned, const std::vector<Path>& requires_replace) {
  Findings out;
  if (raw_equals(imported, planned)) return out.take();
  Findings walk;
  check_compatible(block, imported, planned, all_rules_as("import.plan_not_empty"), walk);
  Violations all = walk.take();
  auto not_known_to_import = [&](const Path& p) {
    return left_null_by_import(imported, p) || lost_by_import(applied, imported, p);
  };
  // A replacement that only what import could not know forces: the values it leaves unknown
  // follow from import.incomplete's finding, not from one of the plan's own.
  bool replaced_for_own_reason = false;
  bool replaced_for_unknowable = false;
  for (const Violation& v : all) {
    if (!under_any(v.path, requires_replace)) continue;
    (not_known_to_import(v.path) ? replaced_for_unknowable : replaced_for_own_reason) = true;
  }
  for (Violation& v : all) {
    if (not_known_to_import(v.path)) continue;
    const Value* now = cty::value_at(planned, v.path);
    if (replaced_for_unknowable && !replaced_for_own_reason && now != nullptr && !now->is_known()) continue;
    std::string message = "the plan after import changes what the import set: " + v.message;
    if (under_any(v.path, requires_replace)) message += ", and the provider requires replacement for it";
    out.add("import.plan_not_empty", v.path, std::move(message));
  }
  // What forces the replacement names the finding: the unknowns a replacement plans follow from it.
  Violations found = out.take();
  std::stable_partition(found.begin(), found.end(),
                        [&](const Violation& v) { return under_any(v.path, requires_replace); });
  return found;
}

Violations check_data_read(const schema::Block& block, const Value& config, const Value& result) {
  Findings out;
  if (result.is_null()) {
    out.add("data.null_result", Path{}, "the data source returned a null object");
    return out.take();
  }
  check_conformance(schema::implied_type(block), result, "data source result", out);
  if (!out.empty()) return out.take();
  report_unknowns(result, "data.unknown_in_result", "the data source result", out);
  DataConfigWalk{out}.block(block, config, result, Path{});
  return out.take();
}

Violations check_plan_is_no_op(const schema::Block& block, const Value& prior, const Value& planned, RuleId rule) {
  Findings out;
  if (raw_equals(prior, planned)) return out.take();
  check_compatible(block, prior, planned, all_rules_as(rule), out);
  if (out.empty())
    out.add(rule, Path{}, "planning the same configuration again does not plan the prior state unchanged");
  return out.take();
}

Violations check_move(const schema::Block& block, const Value& target) {
  Findings out;
  if (target.is_null()) {
    out.add("move.state_invalid", Path{}, "the moved state is null");
    return out.take();
  }
  check_conformance(schema::implied_type(block), target, "moved state", out);
  if (!out.empty()) return out.take();
  report_unknowns(target, "move.state_invalid", "the moved state", out);
  out.append(check_write_only_null(block, target, "move.write_only_not_null", "the moved state"));
  return out.take();
}

Violations check_generated_config(const schema::Block& block, const Value& config) {
  Findings out;
  Findings conformance;
  check_conformance(schema::implied_type(block), config, "generated configuration", conformance);
  for (Violation& v : conformance.take()) out.add("generate.config_invalid", v.path, v.message);
  if (!out.empty()) return out.take();
  report_unknowns(config, "generate.config_invalid", "the generated configuration", out);
  walk_attributes(block, config, [&](const schema::Attribute& a, const Value& v, const Path& p) {
    if (!(a.computed && !a.optional && !a.required)) return true;
    if (!v.is_null())
      out.add("generate.config_invalid", p, "the generated configuration sets a computed-only attribute");
    return false;
  });
  return out.take();
}

Violations check_validate_diagnostics(const Value& config, const std::vector<Path>& error_paths) {
  Findings out;
  for (const Path& p : error_paths) {
    const Value* cur = &config;
    bool unknown = !cur->is_known();
    for (const cty::PathStep& step : p.steps()) {
      if (unknown || cur->is_null()) break;
      const Value* next = nullptr;
      if (const auto* a = std::get_if<cty::AttributeStep>(&step))
        next = cur->attribute(a->name);
      else if (const auto* k = std::get_if<cty::KeyStep>(&step))
        next = cur->type().kind() == cty::Kind::Map ? cur->map_find(k->key) : cur->attribute(k->key);
      else if (const auto* i = std::get_if<cty::IndexStep>(&step)) {
        if (is_sequence(*cur) && i->index >= 0 && static_cast<std::size_t>(i->index) < cur->elements().size())
          next = &cur->elements()[static_cast<std::size_t>(i->index)];
      }
      if (next == nullptr) break;
      cur = next;
      unknown = !cur->is_known();
    }
    if (unknown)
      out.add("validate.rejects_unknown", p, "validation reported an error for a value that is not yet known");
  }
  return out.take();
}

}  // namespace tfc::oracle
