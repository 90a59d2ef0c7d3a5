// What update plans teach (refusal_learner.hpp, update_planned): which top-level attributes and
// blocks the provider replaces the object for. In-place update steps then keep those at their
// create values, so one object lives through several updates (a break that shows only on the
// second in-place update of an object is met at all).
#include <algorithm>

#include "generators/learning/refusal_learner.hpp"

namespace tfc::gen::learning {

bool RefusalLearner::configurable_top_level(const std::string& name) const {
  for (const auto& a : m_block.attributes) {
    if (a.name == name) return a.optional || a.required;
  }
  return std::any_of(m_block.block_types.begin(), m_block.block_types.end(),
                     [&name](const schema::NestedBlock& nb) { return nb.type_name == name; });
}

void RefusalLearner::update_planned(const std::set<std::string>& replaced, const std::set<std::string>& in_place) {
  // Names outside the schema (a provider may list a path that does not exist: a finding of its
  // own) or computed-only ones are nothing a configuration can keep.
  for (const auto& name : replaced) {
    if (!configurable_top_level(name) || m_replacing.contains(name)) continue;
    m_replacing.emplace(name, LearnedFact{name, "update plan", "forces replacement (requires_replace)", "", m_case});
  }
  for (const auto& name : in_place) {
    if (!configurable_top_level(name) || m_in_place.contains(name)) continue;
    m_in_place.emplace(name, LearnedFact{name, "update plan", "updated in place", "", m_case});
  }
  rebuild();
}

}  // namespace tfc::gen::learning
