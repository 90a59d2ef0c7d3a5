// Upstream resources of a case (see upstream_play.hpp).
#include "conformance/play/upstream_play.hpp"

#include <algorithm>

#include "conformance/core/value_io.hpp"
#include "conformance/play/resource_driver.hpp"
#include "proto/cty/path.hpp"

namespace tfc::conformance {

UpstreamObjects::UpstreamObjects(protocol::ProviderClient& client, const schema::ProviderSchema& provider,
                                 const Wiring& wiring, CaseOutcome& out, const CoreVersion& core)
    : m_client(client), m_provider(provider), m_wiring(wiring), m_out(out), m_core(core) {
  for (std::size_t i : m_wiring.needed()) {
    if (m_out.provider_lost) break;
    create(i);
  }
}

UpstreamObjects::~UpstreamObjects() {
  if (!m_destroyed) destroy();
}

const UpstreamObjects::Created* UpstreamObjects::created(std::size_t index) const {
  for (const auto& c : m_created) {
    if (c.index == index) return &c;
  }
  return nullptr;
}

cty::Value UpstreamObjects::fill(std::size_t to, const cty::Value& config, bool planned) const {
  cty::Value out = config;
  for (const Wire* w : m_wiring.wires_into(to)) {
    const Created* from = created(w->from);
    if (from == nullptr || !from->usable) continue;  // its producer could not be created: the generated value stays
    // An attribute the case left unset stays unset (a group may want it so).
    const cty::Value* own = config.attribute(w->attribute);
    if (own == nullptr || own->is_null()) continue;
    const cty::Value* v = (planned ? from->planned : from->state).attribute(w->from_attribute);
    // A null output would unset a required attribute: the generated value stays.
    if (v != nullptr && !v->is_null()) out = with_attribute(out, w->attribute, *v);
  }
  return out;
}

void UpstreamObjects::create(std::size_t index) {
  const Upstream& up = m_wiring.upstream[index];
  auto it = m_provider.resource_schemas.find(up.type);
  if (it == m_provider.resource_schemas.end()) return;
  const schema::Schema& schema = it->second;
  const cty::Value config = fill(index, up.config, false);
  // Unjudged: the type's own suite judges its answers. Refusals are kept for learning.
  CaseOutcome scratch;
  CaseRecorder rec(up.type, schema.block, scratch);
  rec.set_core(m_core);
  ResourceDriver d(m_client, up.type, schema, rec, {});
  rec.scenario("create");
  rec.set_learning(true);
  auto planned = d.validate(config, "validate") ? d.plan(d.null_object(), "", config, "plan") : std::nullopt;
  rec.set_learning(false);
  // The lesson holds the generated configuration: what was wired in is another object's value.
  for (const auto& r : scratch.refusals)
    m_out.upstream_lessons.push_back({up.type, &schema.block, up.config, r.diagnostics});
  if (scratch.provider_lost) {
    m_out.provider_lost = true;
    return;
  }
  if (!planned) return;
  auto applied = d.apply(d.null_object(), *planned, config, "apply");
  if (scratch.provider_lost) m_out.provider_lost = true;
  if (!applied) return;
  if (applied->state.is_null()) return;
  if (applied->apply_failed || !applied->state.is_wholly_known()) {
    // A partial object: destroyed with the others, never fed to the case.
    m_created.push_back({index, planned->state, applied->state, applied->private_data, false});
    return;
  }
  m_out.upstream_lessons.push_back({up.type, &schema.block, up.config, std::nullopt});
  m_created.push_back({index, planned->state, applied->state, applied->private_data, true});
}

ConfigPair UpstreamObjects::wired(const ConfigPair& pair) const {
  ConfigPair out = pair;
  out.known = fill(kCaseItself, pair.known, false);
  out.with_unknowns.value = fill(kCaseItself, pair.with_unknowns.value, true);
  for (const Wire* w : m_wiring.wires_into(kCaseItself)) {
    const Created* from = created(w->from);
    if (from == nullptr || !from->usable) continue;
    if (const cty::Value* own = pair.known.attribute(w->attribute); own == nullptr || own->is_null()) continue;
    const cty::Value* v = from->planned.attribute(w->from_attribute);
    if (v == nullptr || v->is_wholly_known()) continue;
    cty::Path p = cty::Path().attribute(w->attribute);
    if (std::find(out.with_unknowns.injected.begin(), out.with_unknowns.injected.end(), p) ==
        out.with_unknowns.injected.end())
      out.with_unknowns.injected.push_back(std::move(p));
  }
  return out;
}

void UpstreamObjects::unwire_refusals(const cty::Value& generated) const {
  std::vector<std::string> fed;
  for (const Wire* w : m_wiring.wires_into(kCaseItself)) {
    const Created* from = created(w->from);
    if (from != nullptr && from->usable) fed.push_back(w->attribute);
  }
  if (fed.empty()) return;
  auto at_fed = [&fed](const protocol::Diagnostic& d) {
    if (!d.attribute || d.attribute->empty()) return false;
    const auto* step = std::get_if<cty::AttributeStep>(&d.attribute->steps().front());
    return step != nullptr && std::find(fed.begin(), fed.end(), step->name) != fed.end();
  };
  for (auto& r : m_out.refusals) {
    for (const auto& name : fed) {
      if (const cty::Value* v = generated.attribute(name)) r.config = with_attribute(r.config, name, *v);
    }
    // What the provider said about a value another resource computed teaches nothing about
    // the case's own values (and must not turn the attribute into a fixed one).
    r.diagnostics.erase(std::remove_if(r.diagnostics.begin(), r.diagnostics.end(), at_fed), r.diagnostics.end());
  }
  m_out.refusals.erase(std::remove_if(m_out.refusals.begin(), m_out.refusals.end(),
                                      [](const Refusal& r) { return !protocol::has_error(r.diagnostics); }),
                       m_out.refusals.end());
}

void UpstreamObjects::destroy() {
  m_destroyed = true;
  for (auto c = m_created.rbegin(); c != m_created.rend(); ++c) {
    const Upstream& up = m_wiring.upstream[c->index];
    const schema::Schema& schema = m_provider.resource_schemas.at(up.type);
    if (m_out.provider_lost) {
      m_out.upstream_leftovers.push_back({up.type, c->state, c->private_data});
      continue;
    }
    CaseOutcome scratch;
    CaseRecorder rec(up.type, schema.block, scratch);
    rec.set_core(m_core);
    ResourceDriver d(m_client, up.type, schema, rec, {});
    rec.scenario("destroy");
    auto planned = d.plan(c->state, c->private_data, d.null_object(), "plan destroy");
    Planned to_null;
    to_null.state = d.null_object();
    to_null.action = oracle::Action::Delete;
    if (planned) to_null.planned_private = planned->planned_private;
    if (!scratch.provider_lost) d.apply(c->state, to_null, d.null_object(), "apply destroy");
    if (scratch.provider_lost) {
      m_out.provider_lost = true;
      m_out.upstream_leftovers.push_back({up.type, c->state, c->private_data});
    }
  }
  m_created.clear();
}

}  // namespace tfc::conformance
