// The per-type learner (see refusal_learner.hpp): diagnostics → rules → hints.
#include "generators/learning/refusal_learner.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstring>

#include "generators/learning/description_rules.hpp"
#include "generators/learning/format_values.hpp"
#include "generators/learning/message_parser.hpp"
#include "generators/learning/name_dictionary.hpp"
#include "generators/learning/refusal_paths.hpp"
#include "generators/learning/rule_hints.hpp"
#include "generators/learning/schema_paths.hpp"
#include "generators/learning/text_scan.hpp"
#include "proto/cty/path.hpp"
#include "proto/schema/implied_type.hpp"
#include "proto/schema/tf_json.hpp"

namespace tfc::gen::learning {
namespace {

using nlohmann::json;

constexpr std::size_t kMaxExamples = 3;
constexpr std::size_t kMaxProbeCases = 2;  // cases a probe waits for an answer about its path
constexpr std::size_t kEvidenceChars = 200;

std::string evidence_of(const protocol::Diagnostic& d) {
  std::string text = d.summary;
  if (!d.detail.empty()) text += ": " + d.detail;
  std::string out;
  bool space = false;
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      space = !out.empty();
      continue;
    }
    if (space) out.push_back(' ');
    space = false;
    out.push_back(c);
    if (out.size() >= kEvidenceChars) {
      out += "...";
      break;
    }
  }
  return out;
}

std::string group_text(const AttributeGroup& g) {
  std::string out;
  for (const auto& p : g.paths) out += (out.empty() ? "" : ", ") + p;
  return out;
}

std::string group_rule(AttributeGroup::Kind kind) {
  switch (kind) {
    case AttributeGroup::Kind::AtMostOne: return "at most one of them is set";
    case AttributeGroup::Kind::ExactlyOne: return "exactly one of them is set";
    case AttributeGroup::Kind::AtLeastOne: return "at least one of them is set";
    case AttributeGroup::Kind::AllOrNone: return "all of them or none is set";
  }
  return "";
}

}  // namespace

// ---- the learner ----

namespace {

// Every configurable member path of a block (attributes that are not computed-only, block
// types), with its attribute when it is one, in schema order.
void configurable_paths(const schema::Block& block, const std::string& prefix, int depth,
                        std::vector<std::pair<std::string, const schema::Attribute*>>& out);

void configurable_attributes(const std::vector<schema::Attribute>& attributes, const std::string& prefix, int depth,
                             std::vector<std::pair<std::string, const schema::Attribute*>>& out) {
  if (depth > 8) return;
  for (const auto& a : attributes) {
    if (computed_only(a)) continue;
    const std::string path = prefix.empty() ? a.name : prefix + "." + a.name;
    out.emplace_back(path, &a);
    if (a.nested_type) configurable_attributes(a.nested_type->attributes, path, depth + 1, out);
  }
}

void configurable_paths(const schema::Block& block, const std::string& prefix, int depth,
                        std::vector<std::pair<std::string, const schema::Attribute*>>& out) {
  if (depth > 8) return;
  configurable_attributes(block.attributes, prefix, depth, out);
  for (const auto& nb : block.block_types) {
    const std::string path = prefix.empty() ? nb.type_name : prefix + "." + nb.type_name;
    out.emplace_back(path, nullptr);
    if (nb.block) configurable_paths(*nb.block, path, depth + 1, out);
  }
}

}  // namespace

RefusalLearner::RefusalLearner(const schema::Block& block, Hints user_hints, bool data_source,
                               std::optional<WorldValues> world)
    : m_block(block), m_data_source(data_source), m_world(std::move(world)), m_user(std::move(user_hints)) {
  std::vector<std::pair<std::string, const schema::Attribute*>> paths;
  configurable_paths(m_block, "", 0, paths);
  for (const auto& [path, attribute] : paths) {
    if (user_owns(path)) continue;
    m_explore.push_back(path);
    if (attribute != nullptr && seed_world(path, *attribute)) continue;
    // A rule the description states steers values from the first case on.
    if (attribute == nullptr || attribute->description.empty()) continue;
    const ValueRule rule = read_value_rule(attribute->description);
    if (auto c = hint_for_rule(rule, member_at(m_block, path), path)) {
      c->hint.always = false;
      PathState& st = m_paths[path];
      st.current = Strategy{std::move(c->hint), "description", std::move(c->rule)};
      st.evidence = attribute->description.size() > kEvidenceChars
                        ? attribute->description.substr(0, kEvidenceChars) + "..."
                        : attribute->description;
    }
  }
  rebuild();
}

bool RefusalLearner::user_owns(const std::string& path) const {
  const AttributeHint* h = m_user.find(path);
  return h != nullptr && (h->shapes_values() || h->omit || h->always);
}

void RefusalLearner::begin_case() {
  ++m_case;
  if (m_probe) {
    auto& st = m_paths[*m_probe];
    if (++st.probe_cases > kMaxProbeCases) {
      // No answer about the probed path: give the probe up and go back to what it replaced.
      st.current = st.resting;
      st.probing = false;
      m_probe.reset();
      rebuild();
    }
  }
}

void RefusalLearner::add_group(AttributeGroup group, const std::string& evidence) {
  for (const auto& g : m_user.groups) {
    if (g.paths == group.paths) return;
  }
  auto stronger = [](AttributeGroup::Kind a, AttributeGroup::Kind b) {
    // ExactlyOne says more than AtMostOne or AtLeastOne.
    return a == AttributeGroup::Kind::ExactlyOne && b != AttributeGroup::Kind::ExactlyOne;
  };
  for (auto& [g, fact] : m_groups) {
    if (g.paths != group.paths) continue;
    if (g.kind == group.kind) return;
    if (stronger(group.kind, g.kind) || (g.kind != AttributeGroup::Kind::ExactlyOne && group.kind != g.kind)) {
      // AtMostOne and AtLeastOne together are ExactlyOne.
      g.kind = stronger(group.kind, g.kind) ? group.kind : AttributeGroup::Kind::ExactlyOne;
      fact.rule = group_rule(g.kind);
      fact.evidence = evidence;
      fact.case_number = m_case;
    }
    return;
  }
  LearnedFact fact{group_text(group), "diagnostic", group_rule(group.kind), evidence, m_case};
  m_groups.emplace_back(std::move(group), std::move(fact));
}

namespace {

/// The error diagnostics in an order of their own (path, summary, detail): a provider may list
/// them in any order (Go map iteration in SDKv2's validation), and what is learned first wins.
std::vector<const protocol::Diagnostic*> errors_in_canonical_order(const protocol::Diagnostics& diagnostics) {
  std::vector<std::pair<std::string, const protocol::Diagnostic*>> keyed;
  for (const auto& d : diagnostics) {
    if (d.severity != protocol::Severity::Error) continue;
    std::string key = d.attribute ? d.attribute->render() : std::string();
    key.push_back('\0');
    key += d.summary;
    key.push_back('\0');
    key += d.detail;
    keyed.emplace_back(std::move(key), &d);
  }
  std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<const protocol::Diagnostic*> out;
  out.reserve(keyed.size());
  for (const auto& [key, d] : keyed) out.push_back(d);
  return out;
}

}  // namespace

void RefusalLearner::refused(const cty::Value& config, const protocol::Diagnostics& diagnostics) {
  if (!m_exploring && m_accepted.empty()) m_minimal = true;
  m_exploring = false;
  m_blamed_now.clear();
  bool attributed = false;
  std::string first_evidence;
  for (const protocol::Diagnostic* error : errors_in_canonical_order(diagnostics)) {
    const std::string evidence = evidence_of(*error);
    if (first_evidence.empty()) first_evidence = evidence;
    attributed = learn_from_error(config, *error, evidence) || attributed;
  }
  if (!attributed && !first_evidence.empty() && config.is_wholly_known()) unattributed(config, first_evidence);
  rebuild();
}

bool RefusalLearner::learn_from_error(const cty::Value& config, const protocol::Diagnostic& d,
                                      const std::string& evidence) {
  if (steer_to_world(config, d, evidence)) return true;
  MessageFacts facts = read_diagnostic(d.summary, d.detail);
  // Files of this machine are read, never written: only a data source gets them.
  if (facts.rule.format == Format::ExistingFile && !m_data_source) facts.rule.format.reset();
  std::optional<std::string> base;
  std::vector<cty::Value> refused_values;
  if (d.attribute && !d.attribute->empty()) {
    base = hint_path_of(m_block, *d.attribute);
    if (const cty::Value* v = cty::value_at(config, *d.attribute)) {
      if (!v->is_wholly_known()) {
        keep_known(base, evidence);
        return true;
      }
      refused_values.push_back(*v);
    }
  }
  if (facts.group) {
    AttributeGroup raw = *facts.group;
    if (facts.group_includes_subject && base) raw.paths.push_back(*base);
    if (learn_group(raw, base, evidence)) return true;
  }
  std::optional<std::string> path = base;
  if (path) {
    // A path that stops at a block (a set element cannot be addressed): the attribute inside
    // is the one the text names, or the one whose value it shows, or the one breaking its rule.
    const cty::Value* element = d.attribute ? cty::value_at(config, *d.attribute) : nullptr;
    if (auto deeper =
            refine_into_block(m_block, *path, facts, d.summary + "\n" + d.detail, element ? *element : config)) {
      path = deeper;
      refused_values = values_at(m_block, config, *path);
    }
  }
  if (!path) path = path_of_subjects(facts.subjects);
  if (path) {
    if (refused_values.empty()) refused_values = values_at(m_block, config, *path);
    blame(*path, facts.rule, evidence, refused_values);
    return true;
  }
  return blame_by_text(config, d.summary + "\n" + d.detail, facts.rule, evidence);
}

void RefusalLearner::keep_known(const std::optional<std::string>& path, const std::string& evidence) {
  // An unknown value is refused for being unknown, not for what it would be: keep that
  // attribute known from now on (Core sends unknowns there only from unapplied references; a
  // provider refusing them is reported as validate.rejects_unknown).
  if (!path || path->find('.') != std::string::npos || user_owns(*path) ||
      std::find(m_known.begin(), m_known.end(), *path) != m_known.end())
    return;
  m_known.push_back(*path);
  m_known_facts.push_back({*path, "diagnostic", "kept known (an unknown value was refused)", evidence, m_case});
}

bool RefusalLearner::learn_group(const AttributeGroup& raw, const std::optional<std::string>& base,
                                 const std::string& evidence) {
  AttributeGroup g;
  g.kind = raw.kind;
  for (const auto& text : raw.paths) {
    if (auto p = hint_path_of_text(m_block, text, base.value_or(""))) {
      if (std::find(g.paths.begin(), g.paths.end(), *p) == g.paths.end()) g.paths.push_back(*p);
    }
  }
  std::sort(g.paths.begin(), g.paths.end());
  auto parent_of = [](const std::string& p) {
    const auto dot = p.rfind('.');
    return dot == std::string::npos ? std::string() : p.substr(0, dot);
  };
  bool same_parent = g.paths.size() >= 2;
  for (const auto& p : g.paths) same_parent = same_parent && parent_of(p) == parent_of(g.paths.front());
  if (!same_parent) return false;
  keep_one_set(g, evidence);
  add_group(std::move(g), evidence);
  return true;
}

std::optional<std::string> RefusalLearner::path_of_subjects(const std::vector<std::string>& subjects) const {
  for (const auto& s : subjects) {
    if (auto path = hint_path_of_text(m_block, s)) return path;
    if (const auto named = paths_named(m_block, s); named.size() == 1) return named.front();
  }
  return std::nullopt;
}

bool RefusalLearner::blame_by_text(const cty::Value& config, const std::string& text, const ValueRule& rule,
                                   const std::string& evidence) {
  const auto mentioned = mentioned_paths(m_block, text);
  for (std::size_t i = 0; i < mentioned.size() && i < 3; ++i)
    blame(mentioned[i], i == 0 ? rule : ValueRule{}, evidence, values_at(m_block, config, mentioned[i]));
  if (!mentioned.empty()) return true;
  // The attribute whose value the message shows ("kind \"x\" is not one of volume, bucket").
  if (auto shown = path_showing_value(m_block, config, text)) {
    blame(*shown, rule, evidence, values_at(m_block, config, *shown));
    return true;
  }
  if (!rule.format) return false;
  // A format without a name ("bad mode for file - must be three octal digits"): the set
  // attributes whose names usually hold that format.
  bool attributed = false;
  for (const auto& named : paths_with_format(m_block, config, *rule.format)) {
    blame(named, rule, evidence, values_at(m_block, config, named));
    attributed = true;
  }
  return attributed;
}

void RefusalLearner::accepted(const cty::Value& config) {
  m_exploring = false;
  m_minimal = false;
  if (!config.is_wholly_known() || config.is_null()) return;
  if (m_probe) {
    PathState& st = m_paths[*m_probe];
    // The probe's values are fine: keep them, present as often as any optional attribute.
    if (st.current) {
      st.current->hint.present = false;
      st.current->source += " (probed)";
      st.case_number = m_case;
    }
    st.probing = false;
    st.resting.reset();
    m_probe.reset();
  }
  json body = schema::config_to_tf_json(config, m_block);
  if (std::find(m_examples.begin(), m_examples.end(), body) == m_examples.end()) {
    m_examples.push_back(std::move(body));
    if (m_examples.size() > kMaxExamples) m_examples.erase(m_examples.begin());
  }
  bool seen = false;
  for (const auto& c : m_accepted) seen = seen || raw_equals(c, config);
  if (!seen) {
    m_accepted.push_back(config);
    if (m_accepted.size() > kMaxExamples + 1) m_accepted.erase(m_accepted.begin());
  }
  start_probe();
  rebuild();
}

void RefusalLearner::rebuild() {
  Hints merged = m_user;
  for (const auto& [path, st] : m_paths) {
    if (!st.current || user_owns(path)) continue;
    const AttributeHint& h = st.current->hint;
    if (!h.shapes_values() && !h.omit && !h.always && !h.present) continue;  // the generator's own values
    merged.attributes[path] = h;
  }
  // While a probe runs, the learned examples stay out: from an example the probed attribute
  // would mostly keep the example's value and the probe would say nothing.
  if (!m_probe) {
    for (const auto& e : m_examples) merged.examples.push_back(e);
  }
  for (const auto& [g, fact] : m_groups) merged.groups.push_back(g);
  for (const auto& path : m_known) merged.attributes[path].known = true;
  std::size_t upstream_versions = 0;
  for (const auto& [type, learner] : m_upstream) {
    merged.upstream[type] = learner->hints();
    upstream_versions += learner->version();
  }
  for (const auto& [name, fact] : m_replacing) merged.attributes[name].forces_replacement = true;
  // The first case sets every member it may: one refusal then names all the rules a provider
  // checks at once (validation reports every error), not only those of a random subset.
  // Unknowns hide values from validation: the first case is wholly known.
  if (m_exploring) {
    for (const auto& path : m_explore) {
      AttributeHint& h = merged.attributes[path];
      if (!h.omit) h.present = true;
      if (path.find('.') == std::string::npos) h.known = true;
    }
  }
  // Until a case is accepted, the optional members nothing is known about stay unset (null
  // where the schema allows it): the cases converge on a configuration the provider accepts,
  // and examples mutated from it bring the others back.
  if (m_minimal) {
    for (const auto& name : minimal_omissions()) merged.attributes[name].omit = true;
  }
  // `present` is not part of the file format, so hints_to_json does not show it.
  auto present_paths = [](const Hints& h) {
    std::vector<std::string> out;
    for (const auto& [path, hint] : h.attributes) {
      if (hint.present) out.push_back(path);
    }
    return out;
  };
  const bool changed = merged.attributes.size() != m_merged.attributes.size() || merged.examples != m_merged.examples ||
                       merged.groups != m_merged.groups || present_paths(merged) != present_paths(m_merged) ||
                       hints_to_json(merged) != hints_to_json(m_merged) || upstream_versions != m_upstream_versions;
  m_upstream_versions = upstream_versions;
  m_merged = std::move(merged);
  if (changed) ++m_version;
}

void RefusalLearner::add_upstream(const std::string& type, const schema::Block& block) {
  if (m_upstream.count(type) != 0) return;
  m_upstream.emplace(type, std::make_unique<RefusalLearner>(block, m_user.upstream_hints(type), false, m_world));
  rebuild();
}

void RefusalLearner::upstream_refused(const std::string& type, const cty::Value& config,
                                      const protocol::Diagnostics& diagnostics) {
  auto it = m_upstream.find(type);
  if (it == m_upstream.end()) return;
  it->second->begin_case();
  it->second->refused(config, diagnostics);
  rebuild();
}

void RefusalLearner::upstream_accepted(const std::string& type, const cty::Value& config) {
  auto it = m_upstream.find(type);
  if (it == m_upstream.end()) return;
  it->second->begin_case();
  it->second->accepted(config);
  rebuild();
}

std::vector<LearnedFact> RefusalLearner::facts() const {
  std::vector<LearnedFact> out = facts_as_learned();
  // The world's paths and port change from run to run: reports name them by their part.
  for (auto& f : out) f.evidence = without_world(f.evidence);
  return out;
}

std::vector<LearnedFact> RefusalLearner::facts_as_learned() const {
  std::vector<LearnedFact> out;
  for (const auto& [path, st] : m_paths) {
    const std::optional<Strategy>& s = st.probing ? st.resting : st.current;
    if (!s || user_owns(path)) continue;
    out.push_back({path, s->source, s->rule, st.evidence, st.case_number});
  }
  for (const auto& [g, fact] : m_groups) out.push_back(fact);
  for (const auto& fact : m_known_facts) out.push_back(fact);
  for (const auto& [name, fact] : m_replacing) out.push_back(fact);
  for (const auto& [name, fact] : m_in_place) {
    if (!m_replacing.contains(name)) out.push_back(fact);
  }
  if (m_minimal) {
    out.push_back(
        {"(whole configuration)", "no accepted case yet",
         "optional members nothing is known about left unset (" + std::to_string(minimal_omissions().size()) + ")", "",
         0});
  }
  if (!m_examples.empty()) {
    out.push_back({"(whole configuration)", "accepted value",
                   std::to_string(m_examples.size()) + " accepted configuration" + (m_examples.size() == 1 ? "" : "s") +
                       " kept as examples to mutate",
                   "", 0});
  }
  // What the resources created first taught about their own types.
  for (const auto& [type, learner] : m_upstream) {
    for (auto f : learner->facts()) {
      f.attribute = "(created first) " + type + "." + f.attribute;
      out.push_back(std::move(f));
    }
  }
  return out;
}

std::string RefusalLearner::without_world(std::string text) const {
  if (!m_world || text.empty()) return text;
  std::vector<std::pair<std::string, std::string>> names;
  auto add = [&names](const std::string& value, const char* label) {
    if (!value.empty()) names.emplace_back(value, label);
  };
  add(m_world->url, "(the run's loopback URL)");
  if (m_world->url.size() > 1 && m_world->url.back() == '/')
    add(m_world->url.substr(0, m_world->url.size() - 1), "(the run's loopback URL)");
  add(m_world->command, "(the run's command)");
  add(m_world->program, "(the run's program)");
  add(m_world->output_directory, "(a new folder of the run's world)");
  for (const auto& f : m_world->files) add(f, "(a file of the run's world)");
  for (const auto& d : m_world->directories) add(d, "(a folder of the run's world)");
  for (const auto& o : m_world->output_files) add(o, "(a new file of the run's world)");
  // Longest first: a folder's path is the start of its files' paths.
  std::stable_sort(names.begin(), names.end(),
                   [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
  for (const auto& [value, label] : names) {
    for (auto at = text.find(value); at != std::string::npos; at = text.find(value, at + label.size()))
      text.replace(at, value.size(), label);
  }
  return text;
}

Hints RefusalLearner::steady_hints() const {
  Hints out = m_user;
  for (const auto& [path, st] : m_paths) {
    const std::optional<Strategy>& s = st.probing ? st.resting : st.current;
    if (!s || user_owns(path)) continue;
    const AttributeHint& h = s->hint;
    if (!h.shapes_values() && !h.omit && !h.always) continue;
    const Member m = member_at(m_block, path);
    // Hints files do not shape computed-only attributes (check_hints refuses them).
    if (m.attribute && computed_only(*m.attribute)) continue;
    out.attributes[path] = h;
  }
  for (const auto& e : m_examples) out.examples.push_back(e);
  for (const auto& [g, fact] : m_groups) out.groups.push_back(g);
  for (const auto& path : m_known) out.attributes[path].known = true;
  for (const auto& [type, learner] : m_upstream) {
    Hints up = learner->steady_hints();
    if (!up.empty()) out.upstream[type] = std::move(up);
  }
  for (const auto& [name, fact] : m_replacing) out.attributes[name].forces_replacement = true;
  return out;
}

}  // namespace tfc::gen::learning
