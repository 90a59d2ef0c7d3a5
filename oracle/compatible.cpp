// The compatibility walk (seed 000 §ApplyResourceChange): one worker per nesting mode and per
// value kind, each carrying its path and adding every difference it finds.
#include "oracle/compatible.hpp"

#include <map>
#include <optional>

#include "oracle/value_walk.hpp"

namespace tfc::oracle {
namespace {

using cty::Path;
using cty::Value;
using schema::Attribute;
using schema::Block;
using schema::NestedBlock;

// Every kind reported, so that a trial walk sees every difference; its findings are only
// counted, never shown, so any catalogued id serves.
constexpr RuleId kTrial = "apply.known_value_changed";
constexpr DriftRules kTrialRules{kTrial, kTrial, kTrial, kTrial, kTrial, kTrial, kTrial, kTrial, kTrial};
constexpr std::size_t kSmallSet = 8;

struct ValueLess {
  bool operator()(const Value& a, const Value& b) const { return canonical_compare(a, b) < 0; }
};

bool untyped(const Value& v) { return (v.is_null() || !v.is_known()) && v.type().is_dynamic(); }

// A fast "cannot correlate": two objects of one type whose known primitive attributes differ.
// Saves the trial walk (and its messages) for most non-matching set element pairs.
bool surely_differ(const Value& p, const Value& a) {
  if (!p.is_known() || !a.is_known() || p.is_null() || a.is_null()) return false;
  if (p.type().kind() != cty::Kind::Object || a.type().kind() != cty::Kind::Object) return false;
  const auto& pv = p.attribute_values();
  const auto& av = a.attribute_values();
  if (pv.size() != av.size()) return false;
  const auto& pa = p.type().attributes();
  const auto& aa = a.type().attributes();
  for (std::size_t i = 0; i < pv.size(); ++i) {
    if (pa[i].name != aa[i].name) return false;
    if (pv[i].is_known() && !pv[i].is_null() && pv[i].type().is_primitive() && av[i].is_known() &&
        !raw_equals(pv[i], av[i]))
      return true;
  }
  return false;
}

// The attribute `name` of both values, looked up once when both have the same object type.
std::pair<Value, Value> children(const Value& planned, const Value& actual, const std::string& name) {
  if (planned.is_known() && actual.is_known() && !planned.is_null() && !actual.is_null() &&
      planned.type().kind() == cty::Kind::Object && actual.type().kind() == cty::Kind::Object) {
    const int i = planned.type().attribute_index(name);
    const auto& aa = actual.type().attributes();
    if (i >= 0 && static_cast<std::size_t>(i) < aa.size() && aa[static_cast<std::size_t>(i)].name == name)
      return {planned.attribute_values()[static_cast<std::size_t>(i)],
              actual.attribute_values()[static_cast<std::size_t>(i)]};
  }
  return {child_attribute(planned, name), child_attribute(actual, name)};
}

class CompatWalk {
public:
  CompatWalk(const DriftRules& rules, Findings& out, bool stop_early = false)
      : m_rules(rules), m_out(out), m_stop_early(stop_early) {}

  void object(const Block& block, const Value& planned, const Value& actual, const Path& path, bool root) {
    if (stopped()) return;
    if (planned.is_null() && !actual.is_null()) {
      report(root ? m_rules.root_appeared : m_rules.null_became_value, path,
             root ? "root object was absent, but now present" : "block was absent, but now present");
      return;
    }
    if (actual.is_null() && !planned.is_null()) {
      report(root ? m_rules.root_vanished : m_rules.value_became_null, path,
             root ? "root object was present, but now absent" : "block was present, but now absent");
      return;
    }
    if (planned.is_null() || !planned.is_known()) return;
    if (!actual.is_known()) {
      report(m_rules.became_unknown, path, "was known, but now unknown");
      return;
    }
    if (actual.type().kind() != cty::Kind::Object) {  // only possible at a dynamic position
      m_out.add("value.type_mismatch", path,
                "found " + actual.type().friendly_name() + " where a block object belongs");
      return;
    }
    for (const Attribute& a : block.attributes) {
      auto [p, x] = children(planned, actual, a.name);
      attribute(a, p, x, path, a.name);
    }
    for (const NestedBlock& nb : block.block_types) {
      auto [p, x] = children(planned, actual, nb.type_name);
      block_type(nb, p, x, path.attribute(nb.type_name));
    }
  }

  void value(const Value& planned, const Value& actual, const Path& path, bool hide) {
    if (stopped()) return;
    if (untyped(planned)) return;  // a dynamic placeholder: anything goes
    if (!untyped(actual) && !actual.conforms_to(planned.type())) {
      report(m_rules.known_changed, path,
             "wrong value type: was " + planned.type().friendly_name() + ", but now " + actual.type().friendly_name());
      return;
    }
    if (!planned.is_known()) {
      if (auto why = broken_refinement(planned.refinements(), actual))
        report(m_rules.refinement_broken, path, "final value " + shown(actual, hide) + " " + *why);
      return;
    }
    if (planned.is_null()) {
      if (!actual.is_null()) report(m_rules.null_became_value, path, "was null, but now " + shown(actual, hide));
      return;
    }
    if (!actual.is_known()) {
      report(m_rules.became_unknown, path, "was known, but now unknown");
      return;
    }
    if (actual.is_null()) {
      report(m_rules.value_became_null, path, "was " + shown(planned, hide) + ", but now null");
      return;
    }
    switch (planned.type().kind()) {
      case cty::Kind::String:
      case cty::Kind::Number:
      case cty::Kind::Bool:
        if (equals(planned, actual) != cty::Tristate::True)
          report(m_rules.known_changed, path, "was " + shown(planned, hide) + ", but now " + shown(actual, hide));
        return;
      case cty::Kind::List:
      case cty::Kind::Tuple: sequence(planned, actual, path, hide); return;
      case cty::Kind::Map: map(planned, actual, path, hide); return;
      case cty::Kind::Object: object_value(planned, actual, path, hide); return;
      case cty::Kind::Set: set(planned, actual, path, hide); return;
      case cty::Kind::Dynamic: return;
    }
  }

private:
  bool stopped() const { return m_stop_early && !m_out.empty(); }

  void report(RuleId rule, const Path& path, std::string message) {
    if (!rule.empty()) m_out.add(rule, path, std::move(message));
  }

  void attribute(const Attribute& a, const Value& planned, const Value& actual, const Path& parent,
                 const std::string& name) {
    if (a.write_only) return;
    // The common cases need no walk (and no path): an identical value, or an unrefined unknown
    // that any value of its type may replace.
    if (raw_equals(planned, actual)) return;
    if (!planned.is_known() && planned.refinements().empty() && (untyped(actual) || actual.conforms_to(planned.type())))
      return;
    const Path path = parent.attribute(name);
    if (!has_sensitive(a)) {
      value(planned, actual, path, false);
      return;
    }
    // One vague finding per sensitive attribute: any detail could disclose the value.
    Findings hidden;
    CompatWalk(m_rules, hidden, m_stop_early).value(planned, actual, path, true);
    if (hidden.empty()) return;
    if (auto rule = RuleId::find(hidden.violations().front().rule))
      m_out.add(*rule, path, "inconsistent values for sensitive attribute");
  }

  void sequence(const Value& planned, const Value& actual, const Path& path, bool hide) {
    const auto& pe = planned.elements();
    const auto& ae = actual.elements();
    const std::size_t common = std::min(pe.size(), ae.size());
    for (std::size_t i = 0; i < common; ++i) value(pe[i], ae[i], path.index(static_cast<std::int64_t>(i)), hide);
    for (std::size_t i = common; i < pe.size(); ++i)
      report(m_rules.element_changed, path, "element " + std::to_string(i) + " has vanished");
    for (std::size_t i = common; i < ae.size(); ++i)
      report(m_rules.element_changed, path, "new element " + std::to_string(i) + " has appeared");
  }

  void map(const Value& planned, const Value& actual, const Path& path, bool hide) {
    for (const auto& [k, p] : planned.map_entries()) {
      const Value* a = actual.map_find(k);
      if (a == nullptr) {
        report(m_rules.element_changed, path, "element \"" + k + "\" has vanished");
        continue;
      }
      value(p, *a, path.key(k), hide);
    }
    for (const auto& [k, a] : actual.map_entries())
      if (planned.map_find(k) == nullptr)
        report(m_rules.element_changed, path, "new element \"" + k + "\" has appeared");
  }

  void object_value(const Value& planned, const Value& actual, const Path& path, bool hide) {
    const auto& attributes = planned.type().attributes();
    for (std::size_t i = 0; i < attributes.size(); ++i) {
      const Value* a = actual.attribute(attributes[i].name);
      if (a != nullptr) value(planned.attribute_values()[i], *a, path.attribute(attributes[i].name), hide);
    }
  }

  void set(const Value& planned, const Value& actual, const Path& path, bool hide) {
    correlate(planned, actual, path, hide, m_rules.element_changed, [&](const Value& p, const Value& a) {
      Findings trial;
      CompatWalk(kTrialRules, trial, true).value(p, a, Path{}, hide);
      return trial.empty();
    });
    // Elements that become equal once known coalesce, so a set may shrink, but never grow.
    if (planned.length() < actual.length())
      report(m_rules.element_changed, path,
             "length changed from " + std::to_string(planned.length()) + " to " + std::to_string(actual.length()));
  }

  void block_type(const NestedBlock& nb, const Value& planned, const Value& actual, const Path& path) {
    if (stopped()) return;
    // A block body holding `dynamic` makes the position dynamic, so its shape is checked here.
    if (!shaped_as(planned, nb.nesting) || !shaped_as(actual, nb.nesting)) {
      m_out.add(
          "value.type_mismatch", path,
          "found " + actual.type().friendly_name() + " for a " + std::string(schema::to_string(nb.nesting)) + " block");
      return;
    }
    switch (nb.nesting) {
      case schema::NestingMode::Single:
      case schema::NestingMode::Group:
        // An unknown block placeholder may expand to any block, or to none.
        if (!planned.is_known()) return;
        object(*nb.block, planned, actual, path, false);
        return;
      case schema::NestingMode::List: block_list(nb, planned, actual, path); return;
      case schema::NestingMode::Map: block_map(nb, planned, actual, path); return;
      case schema::NestingMode::Set: block_set(nb, planned, actual, path); return;
    }
  }

  static bool comparable(const Value& planned, const Value& actual) {
    return planned.is_known() && actual.is_known() && !planned.is_null() && !actual.is_null();
  }

  void block_list(const NestedBlock& nb, const Value& planned, const Value& actual, const Path& path) {
    if (!comparable(planned, actual)) return;
    const auto& pe = planned.elements();
    const auto& ae = actual.elements();
    if (pe.size() != ae.size()) {
      report(m_rules.block_count, path,
             "block count changed from " + std::to_string(pe.size()) + " to " + std::to_string(ae.size()));
      return;
    }
    for (std::size_t i = 0; i < pe.size(); ++i)
      object(*nb.block, pe[i], ae[i], path.index(static_cast<std::int64_t>(i)), false);
  }

  void block_map(const NestedBlock& nb, const Value& planned, const Value& actual, const Path& path) {
    if (!comparable(planned, actual)) return;
    std::map<std::string, Value> actual_by_key;
    for (auto& [k, v] : keyed_elements(actual)) actual_by_key.emplace(k, v);
    std::map<std::string, Value> planned_by_key;
    for (auto& [k, v] : keyed_elements(planned)) planned_by_key.emplace(k, v);
    for (const auto& [k, p] : planned_by_key) {
      auto it = actual_by_key.find(k);
      if (it == actual_by_key.end()) {
        report(m_rules.block_count, path, "block key \"" + k + "\" has vanished");
        continue;
      }
      object(*nb.block, p, it->second, path.key(k), false);
    }
    for (const auto& [k, a] : actual_by_key)
      if (planned_by_key.count(k) == 0) report(m_rules.block_count, path, "new block key \"" + k + "\" has appeared");
  }

  void block_set(const NestedBlock& nb, const Value& planned, const Value& actual, const Path& path) {
    if (!comparable(planned, actual)) return;
    const bool hide = has_sensitive(*nb.block);
    correlate(planned, actual, path, hide, m_rules.element_changed, [&](const Value& p, const Value& a) {
      Findings trial;
      CompatWalk(kTrialRules, trial, true).object(*nb.block, p, a, Path{}, false);
      return trial.empty();
    });
    if (planned.length() < actual.length())
      report(m_rules.block_count, path,
             "block set length changed from " + std::to_string(planned.length()) + " to " +
                 std::to_string(actual.length()));
  }

  // Set elements have no identity: each planned element must be compatible with some actual
  // element and each actual element with some planned one. Raw-equal pairs are found by a
  // merge over the canonical order; the rest are tried pairwise, narrowed for object elements
  // by one wholly known attribute.
  template <class Compatible>
  void correlate(const Value& planned, const Value& actual, const Path& path, bool hide, RuleId rule,
                 Compatible compatible) {
    const auto& pe = planned.elements();
    const auto& ae = actual.elements();
    std::vector<bool> pm(pe.size()), am(ae.size());
    for (std::size_t i = 0, j = 0; i < pe.size() && j < ae.size();) {
      const int c = canonical_compare(pe[i], ae[j]);
      if (c == 0) {
        pm[i] = am[j] = true;
        ++i, ++j;
      } else if (c < 0) {
        ++i;
      } else {
        ++j;
      }
    }
    std::map<std::string, std::map<Value, std::vector<std::size_t>, ValueLess>> index;
    std::vector<std::size_t> all;
    for (std::size_t i = 0; i < pe.size(); ++i) {
      if (pm[i]) continue;
      for (std::size_t j : candidates(pe[i], ae, index, all)) {
        if (!surely_differ(pe[i], ae[j]) && compatible(pe[i], ae[j])) pm[i] = am[j] = true;
      }
    }
    bool any = false;
    for (std::size_t i = 0; i < pe.size(); ++i) {
      if (pm[i]) continue;
      any = true;
      report(rule, path,
             "planned set element " + shown(pe[i], hide) + " does not correlate with any element in the result");
    }
    if (!any) {
      for (std::size_t j = 0; j < ae.size(); ++j)
        if (!am[j])
          report(rule, path,
                 "set element " + shown(ae[j], hide) + " of the result does not correlate with any planned element");
    }
  }

  // Actual elements worth trying against planned element `p`: for an object with a wholly known
  // primitive attribute, those holding the same value there (falling back to all when none do,
  // and always all for small sets, where an index costs more than it saves).
  const std::vector<std::size_t>& candidates(
      const Value& p, const std::vector<Value>& ae,
      std::map<std::string, std::map<Value, std::vector<std::size_t>, ValueLess>>& index,
      std::vector<std::size_t>& all) {
    if (all.empty()) {
      all.resize(ae.size());
      for (std::size_t j = 0; j < ae.size(); ++j) all[j] = j;
    }
    if (ae.size() <= kSmallSet || !p.is_known() || p.is_null() || p.type().kind() != cty::Kind::Object) return all;
    const auto& attributes = p.type().attributes();
    for (std::size_t i = 0; i < attributes.size(); ++i) {
      const Value& v = p.attribute_values()[i];
      if (!v.is_known() || v.is_null() || !v.type().is_primitive()) continue;
      auto [slot, fresh] = index.try_emplace(attributes[i].name);
      if (fresh) {
        for (std::size_t j = 0; j < ae.size(); ++j) {
          const Value* a = ae[j].is_known() && !ae[j].is_null() ? ae[j].attribute(attributes[i].name) : nullptr;
          if (a != nullptr && a->is_known()) slot->second[*a].push_back(j);
        }
      }
      auto it = slot->second.find(v);
      return it != slot->second.end() ? it->second : all;
    }
    return all;
  }

  const DriftRules& m_rules;
  Findings& m_out;
  bool m_stop_early;
};

}  // namespace

void check_compatible(const Block& block, const Value& planned, const Value& actual, const DriftRules& rules,
                      Findings& out) {
  CompatWalk(rules, out).object(block, planned, actual, Path{}, true);
}

}  // namespace tfc::oracle
