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
    // The world's own value was refused too: the usual learning takes over from here.
    if (std::find(st.tried.begin(), st.tried.end(), rule) != st.tried.end()) continue;
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
