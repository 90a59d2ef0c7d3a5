// The learner and the run's world (see refusal_learner.hpp and docs/world.md): an attribute
// whose name and description want something that exists starts on the world's values; a refusal
// saying a file, an executable or a server was missing steers the attribute it names there.
#include <algorithm>

#include "generators/learning/refusal_learner.hpp"
#include "generators/learning/refusal_paths.hpp"
#include "generators/learning/schema_paths.hpp"
#include "generators/learning/world_choice.hpp"
#include "proto/cty/path.hpp"

namespace tfc::gen::learning {
namespace {

constexpr const char* kWorldSource = "world";

std::string world_rule(WorldNeed need) { return std::string(to_string(need)); }

}  // namespace

bool RefusalLearner::seed_world(const std::string& path, const schema::Attribute& attribute) {
  if (!m_world) return false;
  const auto need = world_need_of(attribute);
  if (!need) return false;
  auto hint = world_hint(*need, attribute, *m_world);
  if (!hint) return false;
  PathState& st = m_paths[path];
  st.current = Strategy{std::move(*hint), kWorldSource, world_rule(*need)};
  st.tried.push_back(st.current->rule);
  st.evidence = "the attribute's name and description";
  return true;
}

namespace {

/// A string or a collection of strings as JSON (what a world hint's values hold), else null.
nlohmann::json strings_json(const cty::Value& v) {
  if (!v.is_wholly_known() || v.is_null()) return nullptr;
  if (v.type().kind() == cty::Kind::String) return v.as_string();
  if (v.type().is_collection() || v.type().kind() == cty::Kind::Tuple) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& e : v.elements()) {
      nlohmann::json s = strings_json(e);
      if (!s.is_string()) return nullptr;
      out.push_back(std::move(s));
    }
    return out;
  }
  return nullptr;
}

/// Whether one of `refused` is one of the world hint's own values (or nothing refused can be
/// told apart from them: then it counts as the world's, so steering never repeats forever).
bool refused_world_value(const std::vector<cty::Value>& refused, const AttributeHint& hint) {
  bool compared = false;
  for (const auto& v : refused) {
    const nlohmann::json j = strings_json(v);
    if (j.is_null()) continue;
    compared = true;
    if (hint.value && *hint.value == j) return true;
    if (std::find(hint.values.begin(), hint.values.end(), j) != hint.values.end()) return true;
  }
  return !compared;
}

}  // namespace

bool RefusalLearner::steer_to_world(const cty::Value& config, const protocol::Diagnostic& d,
                                    const std::string& evidence) {
  if (!m_world) return false;
  const std::string text = d.summary + "\n" + d.detail;
  const auto lack = world_lack_in(text);
  if (!lack) return false;
  // The attribute the diagnostic names, else those its text mentions, else those whose name
  // and description ask for what was missing.
  std::vector<std::string> paths;
  if (d.attribute && !d.attribute->empty()) {
    if (const cty::Value* v = cty::value_at(config, *d.attribute); v != nullptr && !v->is_wholly_known())
      return false;  // refused for being unknown: keep_known's business
    if (auto p = hint_path_of(m_block, *d.attribute)) paths.push_back(*p);
  }
  if (paths.empty()) paths = mentioned_paths(m_block, text);
  if (paths.empty()) {
    for (const auto& a : m_block.attributes) {
      const auto own = world_need_of(a);
      if (own && world_need_for_lack(*lack, a) == own) paths.push_back(a.name);
    }
  }
  bool steered = false;
  for (const auto& path : paths) {
    if (user_owns(path)) continue;
    const Member m = member_at(m_block, path);
    if (!m.attribute) continue;
    const auto need = world_need_for_lack(*lack, *m.attribute);
    if (!need) continue;
    auto hint = world_hint(*need, *m.attribute, *m_world);
    if (!hint) continue;
    PathState& st = m_paths[path];
    const std::string rule = world_rule(*need);
    // The world's own value was refused too: the usual learning takes over from here. (A value
    // of another source refused, an author's example say, is steered to the world again.)
    if (std::find(st.tried.begin(), st.tried.end(), rule) != st.tried.end() &&
        refused_world_value(values_at(m_block, config, path), *hint))
      continue;
    if (m_probe && *m_probe == path) {
      st.probing = false;
      m_probe.reset();
    }
    scrub_examples(path, values_at(m_block, config, path));
    set(st, {std::move(*hint), kWorldSource, rule}, evidence);
    m_blamed_now.push_back(path);
    steered = true;
  }
  return steered;
}

}  // namespace tfc::gen::learning
