// What the learner leaves unset when a refusal names no attribute, and before any case was
// accepted (see refusal_learner.hpp).
#include <algorithm>

#include "generators/learning/refusal_learner.hpp"
#include "generators/learning/rule_hints.hpp"

namespace tfc::gen::learning {

void RefusalLearner::unattributed(const cty::Value& config, const std::string& evidence) {
  ++m_unattributed;
  bool changed = false;
  auto omit = [&](const std::string& name) {
    if (user_owns(name)) return;
    PathState& st = m_paths[name];
    if (m_probe && *m_probe == name) {
      st.probing = false;
      st.resting.reset();
      m_probe.reset();
    }
    if (st.current && st.current->hint.omit) return;
    if (!st.queue_built) build_queue(name, st);
    // Possibly innocent: a probe gives it back its generated values later.
    const bool queued =
        std::any_of(st.queue.begin(), st.queue.end(), [](const Strategy& q) { return q.source == "generator"; });
    if (!queued) st.queue.push_back({AttributeHint{}, "generator", "the generator's own values"});
    AttributeHint h;
    h.omit = true;
    set(st, {h, "refusal without a path", kOmitRule}, evidence);
    scrub_examples(name, {*config.attribute(name)});
    changed = true;
  };
  for (const auto& a : m_block.attributes) {
    if (a.required || computed_only(a)) continue;
    const cty::Value* v = config.attribute(a.name);
    if (v == nullptr || v->is_null()) continue;
    // Values accepted before stay: they are not what the provider refused now.
    bool seen = false;
    for (const auto& c : m_accepted) {
      const cty::Value* before = c.attribute(a.name);
      seen = seen || (before != nullptr && raw_equals(*before, *v));
    }
    if (!seen) omit(a.name);
  }
  for (const auto& nb : m_block.block_types) {
    if (nb.min_items > 0) continue;
    const cty::Value* v = config.attribute(nb.type_name);
    if (v == nullptr || v->is_null() || !v->is_known()) continue;
    if ((v->type().is_collection() || v->type().kind() == cty::Kind::Tuple) && v->length() == 0) continue;
    if (nb.nesting == schema::NestingMode::Group) continue;
    omit(nb.type_name);
  }
  if (changed) return;
  // Already minimal: the required attributes' values are next.
  for (const auto& a : m_block.attributes) {
    if (!a.required || user_owns(a.name)) continue;
    PathState& st = m_paths[a.name];
    advance(a.name, st, evidence);
  }
}

std::vector<std::string> RefusalLearner::minimal_omissions() const {
  std::vector<std::string> out;
  auto grouped = [&](const std::string& name) {
    auto in = [&](const AttributeGroup& g) {
      return g.kind != AttributeGroup::Kind::AtMostOne &&
             std::find(g.paths.begin(), g.paths.end(), name) != g.paths.end();
    };
    return std::any_of(m_user.groups.begin(), m_user.groups.end(), in) ||
           std::any_of(m_groups.begin(), m_groups.end(), [&](const auto& g) { return in(g.first); });
  };
  auto known_good = [&](const std::string& name) {
    auto it = m_paths.find(name);
    if (it == m_paths.end() || !it->second.current) return false;
    const AttributeHint& h = it->second.current->hint;
    return h.shapes_values() || h.always || h.present;  // learned values, or a rule that it be set
  };
  auto consider = [&](const std::string& name) {
    if (user_owns(name) || grouped(name) || known_good(name)) return;
    out.push_back(name);
  };
  for (const auto& a : m_block.attributes) {
    if (!a.required && !computed_only(a)) consider(a.name);
  }
  for (const auto& nb : m_block.block_types) {
    if (nb.min_items == 0) consider(nb.type_name);
  }
  return out;
}

}  // namespace tfc::gen::learning
