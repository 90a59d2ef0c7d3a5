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
    if (user_owns(name) || last_of_needed_group(name)) return;
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

namespace {

bool needs_a_member(const AttributeGroup& g) {
  return g.kind == AttributeGroup::Kind::ExactlyOne || g.kind == AttributeGroup::Kind::AtLeastOne;
}

}  // namespace

bool RefusalLearner::last_of_needed_group(const std::string& path) const {
  auto left_unset = [&](const std::string& p) {
    if (const AttributeHint* h = m_user.find(p); h != nullptr && h->omit) return true;
    auto it = m_paths.find(p);
    return it != m_paths.end() && it->second.current && it->second.current->hint.omit;
  };
  auto last_of = [&](const AttributeGroup& g) {
    if (!needs_a_member(g) || std::find(g.paths.begin(), g.paths.end(), path) == g.paths.end()) return false;
    return std::all_of(g.paths.begin(), g.paths.end(),
                       [&](const std::string& p) { return p == path || left_unset(p); });
  };
  return std::any_of(m_user.groups.begin(), m_user.groups.end(), last_of) ||
         std::any_of(m_groups.begin(), m_groups.end(), [&](const auto& g) { return last_of(g.first); });
}

void RefusalLearner::keep_one_set(const AttributeGroup& group, const std::string& evidence) {
  // "No attribute specified when one (and only one) of [a,b] is required" after refusals left
  // every member unset: the first one the learner left unset gets the generator's values back.
  if (!needs_a_member(group)) return;
  auto learned_unset = [&](const std::string& p) {
    auto it = m_paths.find(p);
    return it != m_paths.end() && it->second.current && it->second.current->hint.omit;
  };
  const bool all_unset = std::all_of(group.paths.begin(), group.paths.end(), [&](const std::string& p) {
    const AttributeHint* user = m_user.find(p);
    return (user != nullptr && user->omit) || learned_unset(p);
  });
  if (!all_unset) return;
  for (const auto& p : group.paths) {
    if (!learned_unset(p) || user_owns(p)) continue;
    set(m_paths[p], {AttributeHint{}, "diagnostic", "set (one of a group that needs one)"}, evidence);
    return;
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
