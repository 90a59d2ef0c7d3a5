// PlanResourceChange: the planned new state against config and prior (seed 000
// §PlanResourceChange and §Handling of Nested Blocks in Configuration). One worker per schema
// case; each carries its path and adds every violation it finds.
#include "oracle/plan_valid.hpp"

#include <map>

#include "oracle/findings.hpp"
#include "oracle/state_checks.hpp"
#include "oracle/value_conformance.hpp"
#include "oracle/value_walk.hpp"
#include "proto/schema/implied_type.hpp"

namespace tfc::oracle {
namespace {

using cty::Path;
using cty::Value;
using schema::Attribute;
using schema::Block;
using schema::NestedBlock;
using schema::NestedType;

std::string count_text(std::size_t n) { return std::to_string(n); }

// Planned exactly as configured. Refinements do not count: providers built on
// terraform-plugin-go drop them when decoding (docs/protocol.md §3.4), so an unknown config
// value comes back as a plain unknown, and Core accepts that.
bool same_as_config(const Value& planned, const Value& config) {
  if (raw_equals(planned, config)) return true;
  if (planned.is_wholly_known() && config.is_wholly_known()) return false;
  return raw_equals(without_refinements(planned), without_refinements(config));
}

class PlanWalk {
public:
  explicit PlanWalk(Findings& out) : m_out(out) {}

  /// A block body: the root object (root = true) or one nested block.
  void body(const Block& block, const Value& prior, const Value& config, const Value& planned, const Path& path,
            bool root) {
    if (planned.is_null() && !config.is_null()) {
      if (root)
        m_out.add("plan.null_for_existing", path, "planned a null object, but config wants it to exist");
      else
        m_out.add("plan.block_absent", path, "planned null for a block present in config");
      return;
    }
    if (config.is_null() && !planned.is_null()) {
      if (root)
        m_out.add("plan.destroy_not_null", path,
                  "planned " + shown(planned, has_sensitive(block)) + " for a destroy, but config is null");
      else
        m_out.add("plan.block_present", path, "planned a block that is absent from config");
      return;
    }
    if (planned.is_null()) return;
    if (!planned.is_known()) {
      m_out.add("plan.unknown_for_configured", path, "planned the whole object unknown, but config has it");
      return;
    }
    if (planned.type().kind() != cty::Kind::Object) {  // only possible at a dynamic position
      m_out.add("value.type_mismatch", path,
                "planned " + planned.type().friendly_name() + " where a block object belongs");
      return;
    }
    attributes(block.attributes, prior, config, planned, path, false);
    for (const NestedBlock& nb : block.block_types) {
      block_type(nb, child_attribute(prior, nb.type_name), child_attribute(config, nb.type_name),
                 child_attribute(planned, nb.type_name), path.attribute(nb.type_name));
    }
  }

private:
  void attributes(const std::vector<Attribute>& attrs, const Value& prior, const Value& config, const Value& planned,
                  const Path& path, bool sensitive) {
    for (const Attribute& a : attrs) {
      const Value p = child_attribute(planned, a.name);
      const Value c = child_attribute(config, a.name);
      // The easy path, taken by most attributes: planned exactly as configured.
      if (same_as_config(p, c)) continue;
      attribute(a, child_attribute(prior, a.name), c, p, path.attribute(a.name), sensitive);
    }
  }

  void attribute(const Attribute& a, const Value& prior, const Value& config, const Value& planned, const Path& path,
                 bool inherited_sensitive) {
    const bool sensitive = inherited_sensitive || a.sensitive;
    const bool hide = sensitive || has_sensitive(a);
    // Write-only values live only in config; check_write_only_null reports them at any depth.
    if (a.write_only) return;
    if (same_as_config(planned, config)) return;
    // The provider may keep the prior value when it judges the config change insignificant.
    if (!prior.is_null() && !config.is_null() && raw_equals(planned, prior)) return;
    if (a.computed && !a.optional) return;
    if (config.is_null() && a.computed) return;
    if (config.is_null() && !planned.is_null()) {
      m_out.add("plan.non_computed_set", path,
                hide
                    ? std::string("planned a value for a non-computed attribute that is null in config")
                    : "planned value " + planned.to_display() + " for a non-computed attribute that is null in config");
      return;
    }
    if (a.nested_type != nullptr) {
      nested(*a.nested_type, prior, config, planned, path, sensitive);
      return;
    }
    std::string message =
        hide ? std::string("sensitive planned value does not match config value")
             : "planned value " + planned.to_display() + " does not match config value " + config.to_display();
    if (!prior.is_null()) message += hide ? " nor prior value" : " nor prior value " + prior.to_display();
    m_out.add("plan.config_value_changed", path, std::move(message));
  }

  // Nested attribute types follow the rules of a nested block of the same nesting mode
  // (000 §Handling of Nested Blocks in Configuration, last paragraph).
  void nested(const NestedType& nt, const Value& prior, const Value& config, const Value& planned, const Path& path,
              bool sensitive) {
    if (planned.is_null() && !config.is_null()) {
      m_out.add("plan.block_absent", path, "planned null for a nested object present in config");
      return;
    }
    if (config.is_null() && !planned.is_null()) {
      m_out.add("plan.block_present", path, "planned a nested object that is absent from config");
      return;
    }
    if (!planned.is_known()) {
      m_out.add("plan.unknown_for_configured", path, "planned unknown for a nested value that config sets");
      return;
    }
    if (planned.is_null()) return;
    if (!config.is_known()) {
      m_out.add("plan.config_value_changed", path,
                "planned a known value for a nested value that is unknown in config");
      return;
    }
    switch (nt.nesting) {
      case schema::NestingMode::Single:
      case schema::NestingMode::Group: attributes(nt.attributes, prior, config, planned, path, sensitive); return;
      case schema::NestingMode::List: nested_list(nt, prior, config, planned, path, sensitive); return;
      case schema::NestingMode::Map: nested_map(nt, prior, config, planned, path, sensitive); return;
      case schema::NestingMode::Set: nested_set(config, planned, path); return;
    }
  }

  void nested_element(const NestedType& nt, const Value& prior, const Value& config, const Value& planned,
                      const Path& path, bool sensitive) {
    if (same_as_config(planned, config)) return;
    if (!planned.is_known()) {
      m_out.add("plan.unknown_for_configured", path, "planned unknown for a nested object that config sets");
      return;
    }
    if (planned.is_null() && !config.is_null()) {
      m_out.add("plan.block_absent", path, "planned null for a nested object present in config");
      return;
    }
    attributes(nt.attributes, prior, config, planned, path, sensitive);
  }

  void nested_list(const NestedType& nt, const Value& prior, const Value& config, const Value& planned,
                   const Path& path, bool sensitive) {
    const auto& pe = planned.elements();
    const auto& ce = config.elements();
    if (pe.size() != ce.size()) {
      m_out.add("plan.block_count_changed", path,
                "count in plan (" + count_text(pe.size()) + ") disagrees with count in config (" +
                    count_text(ce.size()) + ")");
      return;
    }
    const Value null_element = Value::null(config.type().element());
    for (std::size_t i = 0; i < pe.size(); ++i) {
      const bool in_prior = prior.is_known() && !prior.is_null() && i < prior.elements().size();
      nested_element(nt, in_prior ? prior.elements()[i] : null_element, ce[i], pe[i],
                     path.index(static_cast<std::int64_t>(i)), sensitive);
    }
  }

  void nested_map(const NestedType& nt, const Value& prior, const Value& config, const Value& planned, const Path& path,
                  bool sensitive) {
    const Value null_element = Value::null(config.type().element());
    std::map<std::string, Value> prior_by_key;
    for (auto& [k, v] : keyed_elements(prior)) prior_by_key.emplace(k, v);
    compare_keys("map key", config, planned, path, [&](const std::string& key, const Value& c, const Value& p) {
      auto it = prior_by_key.find(key);
      nested_element(nt, it != prior_by_key.end() ? it->second : null_element, c, p, path.key(key), sensitive);
    });
  }

  void nested_set(const Value& config, const Value& planned, const Path& path) {
    // Set elements have no identity to correlate them by, so only the count is checked, as Core
    // does; the elements themselves are trusted.
    if (planned.length() != config.length()) {
      m_out.add("plan.block_count_changed", path,
                "count in plan (" + count_text(planned.length()) + ") disagrees with count in config (" +
                    count_text(config.length()) + ")");
    }
  }

  void block_type(const NestedBlock& nb, const Value& prior, const Value& config, const Value& planned,
                  const Path& path) {
    if (same_as_config(planned, config)) return;
    // A computed block (6.11) that config leaves out is the provider's to fill, like a computed
    // attribute null in config: any blocks, or an unknown collection, may be planned.
    if (nb.block != nullptr && nb.block->computed && absent_from_config(config)) return;
    if (!config.is_known()) {
      m_out.add("plan.config_value_changed", path,
                "planned " + shown(planned, has_sensitive(*nb.block)) +
                    " for a dynamic block whose for_each is unknown in config");
      return;
    }
    if (!planned.is_known()) {
      m_out.add("plan.block_element_unknown", path,
                "planned the block collection unknown itself; set nested attribute values to unknown instead");
      return;
    }
    // A block body holding `dynamic` makes the position dynamic, so its shape is checked here.
    if (!shaped_as(planned, nb.nesting) || !shaped_as(config, nb.nesting)) {
      m_out.add("value.type_mismatch", path,
                "planned " + planned.type().friendly_name() + " for a " + std::string(schema::to_string(nb.nesting)) +
                    " block");
      return;
    }
    switch (nb.nesting) {
      case schema::NestingMode::Single:
      case schema::NestingMode::Group: body(*nb.block, prior, config, planned, path, false); return;
      case schema::NestingMode::List: block_list(nb, prior, config, planned, path); return;
      case schema::NestingMode::Map: block_map(nb, prior, config, planned, path); return;
      case schema::NestingMode::Set: block_set(planned, path); return;
    }
  }

  static bool absent_from_config(const Value& config) {
    if (config.is_null()) return true;
    if (!config.is_known()) return false;
    switch (config.type().kind()) {
      case cty::Kind::List:
      case cty::Kind::Set:
      case cty::Kind::Map:
      case cty::Kind::Tuple: return config.length() == 0;
      default: return false;
    }
  }

  bool collection_null(const NestedBlock& nb, const Value& planned, const Path& path) {
    if (!planned.is_null()) return false;
    m_out.add("plan.block_collection_null", path,
              std::string("planned null for a ") + std::string(schema::to_string(nb.nesting)) +
                  " of nested blocks; no blocks is an empty collection, not null");
    return true;
  }

  void element_unknown(const Path& path) {
    m_out.add("plan.block_element_unknown", path,
              "planned a nested block unknown itself; set its attribute values to unknown instead");
  }

  void block_list(const NestedBlock& nb, const Value& prior, const Value& config, const Value& planned,
                  const Path& path) {
    if (collection_null(nb, planned, path)) return;
    static const std::vector<Value> kNone;
    const auto& pe = planned.elements();
    // Config never decodes a block list to null, but ignore_changes can put a legacy null here.
    const auto& ce = config.is_null() ? kNone : config.elements();
    if (pe.size() != ce.size()) {
      m_out.add("plan.block_count_changed", path,
                "block count in plan (" + count_text(pe.size()) + ") disagrees with count in config (" +
                    count_text(ce.size()) + ")");
      return;
    }
    const Value null_body = Value::null(schema::implied_type(*nb.block));
    for (std::size_t i = 0; i < pe.size(); ++i) {
      const Path element_path = path.index(static_cast<std::int64_t>(i));
      if (!pe[i].is_known()) {
        element_unknown(element_path);
        continue;
      }
      const bool in_prior = prior.is_known() && !prior.is_null() && is_sequence(prior) && i < prior.elements().size();
      body(*nb.block, in_prior ? prior.elements()[i] : null_body, ce[i], pe[i], element_path, false);
    }
  }

  void block_map(const NestedBlock& nb, const Value& prior, const Value& config, const Value& planned,
                 const Path& path) {
    if (collection_null(nb, planned, path)) return;
    const Value null_body = Value::null(schema::implied_type(*nb.block));
    std::map<std::string, Value> prior_by_key;
    for (auto& [k, v] : keyed_elements(prior)) prior_by_key.emplace(k, v);
    compare_keys("block key", config, planned, path, [&](const std::string& key, const Value& c, const Value& p) {
      if (!p.is_known()) {
        element_unknown(path.key(key));
        return;
      }
      auto it = prior_by_key.find(key);
      body(*nb.block, it != prior_by_key.end() ? it->second : null_body, c, p, path.key(key), false);
    });
  }

  void block_set(const Value& planned, const Path& path) {
    if (planned.is_null()) {
      m_out.add("plan.block_collection_null", path,
                "planned null for a set of nested blocks; no blocks is an empty set, not null");
      return;
    }
    // Set elements cannot be correlated with config: a planned element may mix prior and config
    // values, so it equals neither. Like Core, trust the provider here beyond unknown elements.
    for (const Value& e : planned.elements())
      if (!e.is_known()) element_unknown(path.set_element(e));
  }

  // Reports keys present on one side only; calls `each` for keys on both, in key order.
  template <class F>
  void compare_keys(const char* what, const Value& config, const Value& planned, const Path& path, F each) {
    std::map<std::string, Value> config_by_key;
    for (auto& [k, v] : keyed_elements(config)) config_by_key.emplace(k, v);
    std::map<std::string, Value> planned_by_key;
    for (auto& [k, v] : keyed_elements(planned)) planned_by_key.emplace(k, v);
    for (const auto& [k, p] : planned_by_key) {
      auto it = config_by_key.find(k);
      if (it == config_by_key.end()) {
        m_out.add("plan.block_count_changed", path,
                  std::string(what) + " \"" + k + "\" from the plan is not present in config");
        continue;
      }
      each(k, it->second, p);
    }
    for (const auto& [k, c] : config_by_key) {
      if (planned_by_key.count(k) == 0)
        m_out.add("plan.block_count_changed", path,
                  std::string(what) + " \"" + k + "\" from config is not present in the plan");
    }
  }

  Findings& m_out;
};

enum class Presence { Present, Absent };

// hcl.ApplyPath semantics: a step through an unknown yields an unknown (present); a step
// through null or past the end of a collection fails (absent).
Presence resolve(const Value& root, const Path& path) {
  Value cur = root;
  for (const cty::PathStep& step : path.steps()) {
    if (!cur.is_known()) return Presence::Present;
    if (cur.is_null()) return Presence::Absent;
    const cty::Kind kind = cur.type().kind();
    if (const auto* a = std::get_if<cty::AttributeStep>(&step)) {
      const Value* next = kind == cty::Kind::Object ? cur.attribute(a->name) : nullptr;
      if (next == nullptr) return Presence::Absent;
      cur = *next;
    } else if (const auto* i = std::get_if<cty::IndexStep>(&step)) {
      if (!is_sequence(cur) || i->index < 0 || static_cast<std::size_t>(i->index) >= cur.elements().size())
        return Presence::Absent;
      cur = cur.elements()[static_cast<std::size_t>(i->index)];
    } else if (const auto* k = std::get_if<cty::KeyStep>(&step)) {
      const Value* next = kind == cty::Kind::Map      ? cur.map_find(k->key)
                          : kind == cty::Kind::Object ? cur.attribute(k->key)
                                                      : nullptr;
      if (next == nullptr) return Presence::Absent;
      cur = *next;
    } else if (const auto* s = std::get_if<cty::SetElementStep>(&step)) {
      if (kind != cty::Kind::Set) return Presence::Absent;
      const Value* found = nullptr;
      for (const Value& e : cur.elements())
        if (raw_equals(e, s->element)) found = &e;
      if (found == nullptr) return Presence::Absent;
      cur = *found;
    }
  }
  return Presence::Present;
}

}  // namespace

Violations check_plan(const Block& block, const Value& prior, const Value& config, const Value& planned,
                      const CheckOptions& options) {
  Findings out(options);
  check_conformance(schema::implied_type(block), planned, "planned state", out);
  if (!out.empty()) return out.take();
  PlanWalk(out).body(block, prior, config, planned, Path{}, true);
  out.append(check_write_only_null(block, planned, "plan.write_only_not_null", "the planned state"));
  return out.take();
}

Violations check_requires_replace(const Value& prior, const Value& planned, const std::vector<Path>& requires_replace) {
  Findings out;
  if (prior.is_null()) return out.take();  // a create has nothing to replace
  for (const Path& p : requires_replace) {
    if (resolve(prior, p) == Presence::Absent && resolve(planned, p) == Presence::Absent)
      out.add("plan.replace_path_invalid", p,
              "requires_replace names a path that exists in neither the prior nor the planned state");
  }
  return out.take();
}

Violations check_deferral(bool deferral_allowed, bool deferred) {
  Findings out;
  if (deferred && !deferral_allowed)
    out.add("plan.deferred_not_allowed", Path{},
            "the provider deferred the change, but the request did not allow deferral");
  return out.take();
}

}  // namespace tfc::oracle
