#include "oracle/vector_check.hpp"

#include <optional>

#include "oracle/apply_compatible.hpp"
#include "oracle/findings.hpp"
#include "oracle/json_conformance.hpp"
#include "oracle/path_text.hpp"
#include "oracle/plan_final.hpp"
#include "oracle/plan_valid.hpp"
#include "oracle/proposed_new.hpp"
#include "proto/cty/json_mirror.hpp"
#include "proto/schema/implied_type.hpp"

namespace tfc::oracle {
namespace {

using nlohmann::json;

const json& member(const json& object, const std::string& key) {
  static const json kNull;
  auto it = object.find(key);
  return it != object.end() ? *it : kNull;
}

cty::MirroredJson mirrored(const json& values, const std::string& name) {
  return cty::MirroredJson{member(values, name), member(values, name + "_unknown"),
                           member(values, name + "_refinements")};
}

// An object the harness supplies: it must conform, or the vector itself is wrong (exit 2).
Expected<cty::Value> decode_input(const Vector& v, const cty::Type& type, const std::string& name) {
  auto value = cty::value_from_mirrored_json(mirrored(v.values, name), type);
  if (!value) return Error{v.where() + ": values." + name + ": " + value.error().message};
  return value;
}

// An object the provider produced: not conforming is a finding, never an input error.
std::optional<cty::Value> decode_produced(const Vector& v, const cty::Type& type, const std::string& name,
                                          std::string_view what, Findings& out) {
  const cty::MirroredJson in = mirrored(v.values, name);
  check_json_conformance(type, in.value, in.unknown, what, out);
  if (!out.empty()) return std::nullopt;
  auto value = cty::value_from_mirrored_json(in, type);
  if (!value) {
    out.add("value.type_mismatch", cty::Path{},
            std::string(what) + " does not decode as the schema's type: " + value.error().message);
    return std::nullopt;
  }
  return *value;
}

Expected<bool> flag(const Vector& v, const std::string& key, bool fallback) {
  const json& j = member(v.document, key);
  if (j.is_null()) return fallback;
  if (!j.is_boolean()) return Error{v.where() + ": " + key + ": not a boolean"};
  return j.get<bool>();
}

Expected<std::vector<cty::Path>> paths(const Vector& v, const std::string& key) {
  const json& j = member(v.document, key);
  std::vector<cty::Path> out;
  if (j.is_null()) return out;
  if (!j.is_array()) return Error{v.where() + ": " + key + ": not an array of paths"};
  for (std::size_t i = 0; i < j.size(); ++i) {
    if (!j[i].is_string()) return Error{v.where() + ": " + key + "[" + std::to_string(i) + "]: not a path string"};
    auto p = parse_path(j[i].get<std::string>());
    if (!p) return with_context(v.where() + ": " + key + "[" + std::to_string(i) + "]", p.error());
    out.push_back(std::move(*p));
  }
  return out;
}

json output(const Vector& v, const Violations& violations) {
  json list = json::array();
  for (const Violation& x : violations) list.push_back(violation_to_json(x));
  return json{{"name", v.name}, {"violations", std::move(list)}};
}

void append(Violations& to, Violations more) {
  to.insert(to.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
}

Expected<json> run_plan(const Vector& v, const cty::Type& type, const CheckOptions& options) {
  TFC_TRY(prior, decode_input(v, type, "prior"));
  TFC_TRY(config, decode_input(v, type, "config"));
  TFC_TRY(requires_replace, paths(v, "requires_replace"));
  TFC_TRY(deferred, flag(v, "deferred", false));
  TFC_TRY(deferral_allowed, flag(v, "deferral_allowed", false));
  Findings found(options);
  auto planned = decode_produced(v, type, "planned", "planned state", found);
  if (!planned) return output(v, found.violations());
  Violations all = check_plan(v.block, prior, config, *planned, options);
  append(all, check_requires_replace(prior, *planned, requires_replace));
  append(all, check_deferral(deferral_allowed, deferred));
  return output(v, all);
}

Expected<json> run_plan_final(const Vector& v, const cty::Type& type) {
  TFC_TRY(initial, decode_input(v, type, "initial_planned"));
  TFC_TRY(initial_replace, paths(v, "initial_requires_replace"));
  TFC_TRY(final_replace, paths(v, "requires_replace"));
  Findings found;
  auto final_planned = decode_produced(v, type, "planned", "final planned state", found);
  if (!final_planned) return output(v, found.violations());
  Violations all = check_plan_final(v.block, initial, *final_planned);
  if (v.values.contains("prior")) {
    TFC_TRY(prior, decode_input(v, type, "prior"));
    append(all, check_action_change(implied_action(prior, initial, initial_replace),
                                    implied_action(prior, *final_planned, final_replace)));
  }
  return output(v, all);
}

Expected<json> run_apply(const Vector& v, const cty::Type& type, const CheckOptions& options) {
  TFC_TRY(planned, decode_input(v, type, "planned"));
  Findings found(options);
  auto new_state = decode_produced(v, type, "new", "new state", found);
  if (!new_state) return output(v, found.violations());
  return output(v, check_apply(v.block, planned, *new_state, options));
}

Expected<json> run_proposed(const Vector& v, const cty::Type& type) {
  TFC_TRY(prior, decode_input(v, type, "prior"));
  TFC_TRY(config, decode_input(v, type, "config"));
  const cty::MirroredJson m = cty::value_to_mirrored_json(proposed_new(v.block, prior, config), type);
  json out{
      {"name", v.name}, {"proposed", m.value}, {"proposed_unknown", m.unknown.is_null() ? json(false) : m.unknown}};
  if (!m.refinements.is_null() && !m.refinements.empty()) out["proposed_refinements"] = m.refinements;
  return out;
}

}  // namespace

json violation_to_json(const Violation& violation) {
  return json{{"rule", violation.rule},
              {"severity", std::string(to_string(violation.severity))},
              {"path", violation.path.render()},
              {"message", violation.message}};
}

Expected<json> run_vector(const Vector& v) {
  const cty::Type type = schema::implied_type(v.block);
  TFC_TRY(legacy, flag(v, "legacy_type_system", false));
  TFC_TRY(strict, flag(v, "strict", false));
  const CheckOptions options{legacy, strict};
  switch (v.check) {
    case CheckKind::Plan: return run_plan(v, type, options);
    case CheckKind::PlanFinal: return run_plan_final(v, type);
    case CheckKind::Apply: return run_apply(v, type, options);
    case CheckKind::Proposed: return run_proposed(v, type);
  }
  return Error{v.where() + ": unsupported check"};
}

}  // namespace tfc::oracle
