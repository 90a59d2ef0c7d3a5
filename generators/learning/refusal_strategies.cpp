// How the learner changes one attribute path's strategy (see refusal_learner.hpp): the queue of
// candidates, what a refusal blamed on the path does to it, and probes of omitted optionals.
#include <algorithm>

#include "generators/learning/description_rules.hpp"
#include "generators/learning/name_dictionary.hpp"
#include "generators/learning/refusal_learner.hpp"
#include "generators/learning/rule_hints.hpp"
#include "generators/learning/schema_paths.hpp"
#include "proto/schema/implied_type.hpp"
#include "proto/schema/tf_json.hpp"

namespace tfc::gen::learning {

namespace {

using nlohmann::json;

constexpr std::size_t kMaxAcceptedValues = 6;

}  // namespace

void RefusalLearner::set(PathState& state, Strategy strategy, const std::string& evidence) {
  state.tried.push_back(strategy.rule);
  state.current = std::move(strategy);
  state.evidence = evidence;
  state.case_number = m_case;
}

void RefusalLearner::build_queue(const std::string& path, PathState& state) {
  state.queue_built = true;
  const Member m = member_at(m_block, path);
  if (!m.attribute || computed_only(*m.attribute)) {
    if (m.block) state.queue.push_back({AttributeHint{}, "generator", "the generator's own blocks"});
    return;
  }
  const schema::Attribute& a = *m.attribute;
  const cty::Type type = schema::implied_type(a);
  auto add = [&](std::optional<Candidate> c, const char* source) {
    if (!c) return;
    // A rule tried before (the description's, used from the first case) is not tried again.
    if (std::find(state.tried.begin(), state.tried.end(), c->rule) != state.tried.end()) return;
    if (state.current && state.current->rule == c->rule) return;
    for (const auto& q : state.queue) {
      if (q.rule == c->rule) return;
    }
    state.queue.push_back({std::move(c->hint), source, std::move(c->rule)});
  };
  // Values accepted before, in other configurations.
  std::vector<json> accepted;
  for (const auto& config : m_accepted) {
    for (const auto& v : values_at(m_block, config, path)) {
      if (v.is_null() || !v.is_wholly_known()) continue;
      json j = schema::value_to_tf_json(v);
      if (std::find(accepted.begin(), accepted.end(), j) == accepted.end() && accepted.size() < kMaxAcceptedValues)
        accepted.push_back(std::move(j));
    }
  }
  if (!accepted.empty() && schema::value_from_tf_json(accepted.front(), type, "")) {
    std::string rule = "one of the values accepted before (" + std::to_string(accepted.size()) + ")";
    add(from_values(accepted, rule, false), "accepted value");
  }
  if (!a.description.empty()) add(hint_for_rule(rule_from_description(a.description), m, path), "description");
  if (auto f = format_for_name(last_name(path), type)) {
    ValueRule r;
    r.format = f;
    add(hint_for_rule(r, m, path), "dictionary");
  }
  // Plain values and the generator's own are worth a case only for an attribute that must be
  // set; an optional one stays null rather than spend cases on guesses.
  if (a.required) add(plain_candidate(a), "fallback");
}

void RefusalLearner::scrub_examples(const std::string& path, const std::vector<cty::Value>& refused) {
  if (path.find('.') != std::string::npos) return;
  const Member m = member_at(m_block, path);
  if (m.attribute && m.attribute->required) return;
  if (m.block && m.block->min_items > 0) return;
  if (!m.attribute) {
    for (auto& e : m_examples) e.erase(path);  // a block type: out of every example
    return;
  }
  // Only the examples that hold a refused value go, whole: the others were accepted with theirs,
  // and erasing one member of an example could break a group it keeps (all or none, exactly one).
  auto holds_refused = [&](const json& e) {
    const auto it = e.find(path);
    if (it == e.end()) return false;
    if (refused.empty()) return true;
    auto v = schema::value_from_tf_json(*it, schema::implied_type(*m.attribute), "");
    if (!v) return true;
    return std::any_of(refused.begin(), refused.end(), [&](const cty::Value& r) { return raw_equals(*v, r); });
  };
  m_examples.erase(std::remove_if(m_examples.begin(), m_examples.end(), holds_refused), m_examples.end());
}

bool RefusalLearner::keep_after_refusal(PathState& state, const std::string& path,
                                        const std::vector<cty::Value>& refused) {
  if (!state.current || state.current->hint.values.empty()) return false;
  const Member m = member_at(m_block, path);
  if (!m.attribute) return false;
  const cty::Type type = schema::implied_type(*m.attribute);
  auto& values = state.current->hint.values;
  const std::size_t before = values.size();
  values.erase(std::remove_if(values.begin(), values.end(),
                              [&](const json& doc) {
                                auto v = schema::value_from_tf_json(doc, type, "");
                                if (!v) return true;
                                return std::any_of(refused.begin(), refused.end(),
                                                   [&](const cty::Value& r) { return raw_equals(*v, r); });
                              }),
               values.end());
  if (values.size() == before) return true;  // the refused value was not one of ours (an example's)
  return !values.empty();
}

void RefusalLearner::advance(const std::string& path, PathState& state, const std::string& evidence) {
  const Member m = member_at(m_block, path);
  if (!state.queue_built) build_queue(path, state);
  const bool optional =
      (m.attribute && !m.attribute->required && !computed_only(*m.attribute)) || (m.block && m.block->min_items == 0);
  if (optional) {
    if (!state.current || !state.current->hint.omit) {
      AttributeHint omit;
      omit.omit = true;
      set(state, {omit, "diagnostic", kOmitRule}, evidence);
    }
    return;
  }
  while (!state.queue.empty()) {
    Strategy next = std::move(state.queue.front());
    state.queue.erase(state.queue.begin());
    if (next.hint.shapes_values() || next.hint.always) {
      set(state, std::move(next), evidence);
      return;
    }
  }
}

void RefusalLearner::blame(const std::string& path, const ValueRule& rule, const std::string& evidence,
                           const std::vector<cty::Value>& refused_values) {
  if (user_owns(path)) return;
  const Member m = member_at(m_block, path);
  if (!m) return;
  // A computed-only attribute is never configured (a refusal of one comes from a prior state
  // in a plan update): nothing below gives it a hint.
  // Several diagnostics of one answer about one path (each element of a list, say): the
  // first decides, the others only add a rule the first did not state.
  const bool again = std::find(m_blamed_now.begin(), m_blamed_now.end(), path) != m_blamed_now.end();
  if (!again) m_blamed_now.push_back(path);
  PathState& state = m_paths[path];
  if (again) {
    if (auto c = hint_for_rule(rule, m, path); c && (!state.current || state.current->rule != c->rule))
      set(state, {std::move(c->hint), "diagnostic", std::move(c->rule)}, evidence);
    return;
  }
  scrub_examples(path, refused_values);
  if (m_probe && *m_probe == path) {
    // The probe was refused: back to what it replaced (its candidate is already used up).
    state.current = state.resting;
    state.probing = false;
    m_probe.reset();
  }
  if (auto c = hint_for_rule(rule, m, path)) {
    if (!state.current || state.current->rule != c->rule) {
      set(state, {std::move(c->hint), "diagnostic", std::move(c->rule)}, evidence);
      return;
    }
  }
  if (keep_after_refusal(state, path, refused_values)) return;
  advance(path, state, evidence);
}

void RefusalLearner::start_probe() {
  if (m_probe) return;
  for (auto& [path, st] : m_paths) {
    if (!st.current || !st.current->hint.omit || st.queue.empty() || user_owns(path)) continue;
    Strategy probe = std::move(st.queue.front());
    st.queue.erase(st.queue.begin());
    st.resting = st.current;
    probe.hint.present = true;
    probe.hint.omit = false;
    st.current = std::move(probe);
    st.probing = true;
    st.probe_cases = 0;
    m_probe = path;
    return;
  }
}

}  // namespace tfc::gen::learning
