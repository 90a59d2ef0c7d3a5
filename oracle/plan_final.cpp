#include "oracle/plan_final.hpp"

#include "oracle/compatible.hpp"
#include "oracle/findings.hpp"
#include "oracle/value_conformance.hpp"
#include "proto/schema/implied_type.hpp"

namespace tfc::oracle {
namespace {

constexpr std::string_view kKnown = "plan_final.known_value_changed";
constexpr DriftRules kFinalRules{
    .known_changed = kKnown,
    .became_unknown = kKnown,
    .null_became_value = kKnown,
    .value_became_null = kKnown,
    .element_changed = kKnown,
    .block_count = kKnown,
    .refinement_broken = kKnown,
    .root_vanished = "plan_final.action_changed",
    .root_appeared = "plan_final.action_changed",
};

const cty::Value* step_into(const cty::Value& v, const cty::PathStep& step) {
  if (!v.is_known() || v.is_null()) return nullptr;
  if (const auto* a = std::get_if<cty::AttributeStep>(&step)) return v.attribute(a->name);
  if (const auto* k = std::get_if<cty::KeyStep>(&step))
    return v.type().kind() == cty::Kind::Map ? v.map_find(k->key) : v.attribute(k->key);
  if (const auto* i = std::get_if<cty::IndexStep>(&step)) {
    const cty::Kind kind = v.type().kind();
    if ((kind != cty::Kind::List && kind != cty::Kind::Tuple) || i->index < 0 ||
        static_cast<std::size_t>(i->index) >= v.elements().size())
      return nullptr;
    return &v.elements()[static_cast<std::size_t>(i->index)];
  }
  if (const auto* s = std::get_if<cty::SetElementStep>(&step)) {
    if (v.type().kind() != cty::Kind::Set) return nullptr;
    for (const cty::Value& e : v.elements())
      if (raw_equals(e, s->element)) return &e;
  }
  return nullptr;
}

// The value at `path`; an unknown when the path crosses an unknown; null when it is absent.
cty::Value value_or_null(const cty::Value& root, const cty::Path& path) {
  const cty::Value* cur = &root;
  for (const cty::PathStep& step : path.steps()) {
    if (!cur->is_known()) return cty::Value::unknown(cty::Type::dynamic());
    cur = step_into(*cur, step);
    if (cur == nullptr) return cty::Value::null(cty::Type::dynamic());
  }
  return *cur;
}

}  // namespace

std::string_view to_string(Action action) noexcept {
  switch (action) {
    case Action::NoOp: return "no-op";
    case Action::Create: return "create";
    case Action::Update: return "update";
    case Action::Replace: return "replace";
    case Action::Delete: return "delete";
  }
  return "no-op";
}

Action implied_action(const cty::Value& prior, const cty::Value& planned,
                      const std::vector<cty::Path>& requires_replace) {
  if (prior.is_null() && planned.is_null()) return Action::NoOp;
  if (prior.is_null()) return Action::Create;
  if (planned.is_null()) return Action::Delete;
  if (raw_equals(prior, planned)) return Action::NoOp;
  for (const cty::Path& p : requires_replace) {
    if (equals(value_or_null(prior, p), value_or_null(planned, p)) != cty::Tristate::True) return Action::Replace;
  }
  return Action::Update;
}

Violations check_plan_final(const schema::Block& block, const cty::Value& initial, const cty::Value& final_planned) {
  Findings out;
  check_conformance(schema::implied_type(block), final_planned, "final planned state", out);
  if (!out.empty()) return out.take();
  check_compatible(block, initial, final_planned, kFinalRules, out);
  return out.take();
}

Violations check_action_change(Action initial, Action final_action) {
  Findings out;
  // An update may turn out a no-op once its unknowns are known: the final values can match the
  // prior ones after all (Core accepts this; every other change of action is a provider bug).
  const bool allowed = (initial == Action::Replace && final_action == Action::Create) ||
                       (initial == Action::Update && final_action == Action::NoOp);
  if (initial != final_action && !allowed) {
    out.add("plan_final.action_changed", cty::Path{},
            "planned action changed from " + std::string(to_string(initial)) + " to " +
                std::string(to_string(final_action)));
  }
  return out.take();
}

}  // namespace tfc::oracle
