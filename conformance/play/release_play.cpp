// A case across two releases (see release_play.hpp).
#include "conformance/play/release_play.hpp"

#include "conformance/core/value_io.hpp"
#include "conformance/play/lifecycle_steps.hpp"
#include "conformance/play/resource_driver.hpp"
#include "conformance/play/upstream_play.hpp"
#include "oracle/identity_rules.hpp"
#include "oracle/release_rules.hpp"
#include "oracle/rule_id.hpp"
#include "oracle/state_checks.hpp"
#include "proto/cty/json.hpp"
#include "proto/schema/implied_type.hpp"

namespace tfc::conformance {

using protocol::Rpc;
using namespace lifecycle;

namespace {

const schema::IdentitySchema* identity_schema_in(const schema::ProviderSchema* provider, const std::string& type) {
  if (provider == nullptr) return nullptr;
  auto it = provider->identity_schemas.find(type);
  return it != provider->identity_schemas.end() ? &it->second : nullptr;
}

/// Each message names both releases: a finding of this kind is about the pair.
oracle::Violations naming_releases(oracle::Violations v, const NextRelease& next) {
  for (auto& x : v) x.message += " (after upgrading " + next.previous_label + " to " + next.label + ")";
  return v;
}

oracle::Violation release_violation(std::string_view rule, std::string message, cty::Path path = {}) {
  return {std::string(rule), Severity::error, std::move(path), std::move(message)};
}

/// The new release's validation refused the configuration the previous release accepted.
void judge_refused(CaseRecorder& rec, StepName step, Rpc rpc, const nlohmann::json& shown_config,
                   const std::string& rejection, const NextRelease& next) {
  rec.judge(step, rpc,
            naming_releases({release_violation(oracle::rule_text("release.config_refused"),
                                               "the new release refused the configuration the previous one "
                                               "accepted: " +
                                                   rejection)},
                            next),
            {{{"config", shown_config}}, {}});
}

/// The first plan of the new release, judged: no change at all; a replacement is the worst case.
oracle::Violations judge_first_plan(const schema::Block& block, const cty::Value& prior, const Planned& planned,
                                    const NextRelease& next) {
  if (planned.action == oracle::Action::Replace) {
    std::string why;
    for (const auto& p : planned.requires_replace) why += (why.empty() ? "" : ", ") + p.render();
    return naming_releases(
        {release_violation(oracle::rule_text("release.plan_replaces"),
                           "the unchanged configuration plans to replace the object" +
                               (why.empty() ? std::string() : " (requires_replace: " + why + ")"),
                           planned.requires_replace.empty() ? cty::Path() : planned.requires_replace.front())},
        next);
  }
  return naming_releases(oracle::check_plan_is_no_op(block, prior, planned.state, "release.plan_not_empty"), next);
}

/// The new release's part: from the previous release's object `live` under the configuration
/// `in_force`, the first run after the upgrade. Returns the object as the new release holds it
/// (to destroy), or nullopt when it could not take it over.
/// The new release's upgrade of the identity the previous release stored with `live`, when both
/// releases have an identity schema for the type.
std::optional<cty::Value> upgraded_identity(ResourceDriver& d, const schema::IdentitySchema* previous,
                                            const LiveObject& live) {
  if (previous == nullptr || !d.has_identity() || !live.identity || live.identity->is_null() ||
      !live.identity->is_wholly_known())
    return std::nullopt;
  const schema::Block block = oracle::identity_block(*previous);
  auto json = cty::json_encode(*live.identity, schema::implied_type(block));
  if (!json) return std::nullopt;
  return d.upgrade_stored_identity(*json, previous->version, display_json(block, *live.identity), "upgrade identity");
}

std::optional<LiveObject> take_over(ResourceDriver& d, const schema::IdentitySchema* previous_identity,
                                    const schema::Schema& previous_schema, const schema::Schema& next_schema,
                                    const LiveObject& live, const ConfigPair& in_force, const NextRelease& next) {
  CaseRecorder& rec = d.recorder();
  rec.scenario("upgrade");
  // Core validates the configuration first, against the new schema: the same file.
  const auto carried = oracle::carry_config(previous_schema.block, next_schema.block, in_force.known);
  const nlohmann::json shown_config = display_json(previous_schema.block, in_force.known);
  if (!carried.refused.empty()) {
    rec.judge("validate", Rpc::ValidateResourceConfig, naming_releases(carried.refused, next),
              {{{"config", shown_config}}, {}});
    return std::nullopt;
  }
  if (!carried.value) {
    rec.reject("the configuration cannot be written in the new release's schema: " + carried.uncarried);
    return std::nullopt;
  }
  if (!d.validate(*carried.value, "validate")) {
    if (d.lost()) return std::nullopt;
    judge_refused(rec, "validate", Rpc::ValidateResourceConfig, shown_config, rec.outcome().rejection, next);
    return std::nullopt;
  }
  rec.judge("upgrade", Rpc::UpgradeResourceState,
            naming_releases(oracle::check_release_version(previous_schema.version, next_schema.version), next),
            {{{"previous_version", previous_schema.version}, {"version", next_schema.version}}, {}});
  if (failed(d)) return std::nullopt;
  auto json = cty::json_encode(live.state, schema::implied_type(previous_schema.block));
  if (!json) {
    rec.outcome().harness_error = "encoding the previous release's state as JSON failed: " + json.error().message;
    return std::nullopt;
  }
  const nlohmann::json shown_state = display_json(previous_schema.block, live.state);
  auto upgraded = d.upgrade_stored(*json, previous_schema.version, shown_state, "upgrade");
  if (!upgraded || failed(d)) return std::nullopt;
  rec.judge(
      "upgrade", Rpc::UpgradeResourceState,
      naming_releases(oracle::check_release_upgrade(previous_schema.block, previous_schema.version, next_schema.block,
                                                    next_schema.version, live.state, in_force.known, *upgraded),
                      next),
      {{{"previous_state", shown_state}}, {{"upgraded_state", display_json(next_schema.block, *upgraded)}}});
  if (failed(d)) return std::nullopt;
  // The identity the previous release stored is upgraded on its own, from that release's identity
  // version, and read with (Core reads without one when there is none or it was refused).
  std::optional<cty::Value> identity = upgraded_identity(d, previous_identity, live);
  if (failed(d)) return std::nullopt;
  auto read = d.read(LiveObject{*upgraded, live.private_data, false, identity}, "read after upgrade");
  if (!read || read->state.is_null() || failed(d)) return read && !read->state.is_null() ? read : std::nullopt;
  if (read->private_data.empty()) read->private_data = live.private_data;
  auto planned = d.plan(read->state, read->private_data, *carried.value, "plan after upgrade", read->identity);
  if (!planned || failed(d)) return read;
  rec.reached(CoverageStep::UpdatePlanned);
  StepValues values;
  values.request = {{"prior_state", display_json(next_schema.block, read->state)}};
  values.response = {{"planned_state", display_json(next_schema.block, planned->state)}};
  values.expected = &read->state;
  values.actual = &planned->state;
  rec.judge("plan after upgrade", Rpc::PlanResourceChange,
            judge_first_plan(next_schema.block, read->state, *planned, next), values);
  return read;
}

}  // namespace

void read_across_releases(ResourceDriver& previous, const schema::Schema& schema, const cty::Value& config,
                          const cty::Value& first, const NextRelease& next, const oracle::CheckOptions& check) {
  CaseRecorder& rec = previous.recorder();
  const std::string& type = rec.resource_type();
  auto again = previous.read_data(config, "read again");
  if (!again || previous.lost() || failed(previous)) return;
  const auto found = next.schema->data_source_schemas.find(type);
  if (found == next.schema->data_source_schemas.end()) {
    rec.judge("read (new release)", Rpc::GetProviderSchema,
              naming_releases({release_violation(oracle::rule_text("release.type_removed"),
                                                 "the new release has no data source " + type)},
                              next),
              {{{"type_name", type}}, {}});
    return;
  }
  const schema::Schema& next_schema = found->second;
  const auto carried = oracle::carry_config(schema.block, next_schema.block, config);
  const nlohmann::json shown_config = display_json(schema.block, config);
  if (!carried.refused.empty()) {
    rec.judge("validate (new release)", Rpc::ValidateDataResourceConfig, naming_releases(carried.refused, next),
              {{{"config", shown_config}}, {}});
    return;
  }
  if (!carried.value) return;
  // The new release's answers into the same outcome, against its own schema.
  CaseRecorder next_rec(type, next_schema.block, rec.outcome());
  next_rec.scenario("read");
  ResourceDriver d(*next.client, type, next_schema, next_rec, check);
  next_rec.set_profile(check.profile);
  next_rec.set_core(rec.core());
  if (!d.validate_data(*carried.value, "validate (new release)")) {
    if (d.lost()) return;
    judge_refused(next_rec, "validate (new release)", Rpc::ValidateDataResourceConfig, shown_config,
                  rec.outcome().rejection, next);
    return;
  }
  auto read = d.read_data(*carried.value, "read (new release)");
  if (!read || failed(d)) return;
  next_rec.judge(
      "read (new release)", Rpc::ReadDataSource,
      naming_releases(oracle::check_release_data(schema.block, next_schema.block, first, *again, *read), next),
      {{{"previous_result", display_json(schema.block, first)}},
       {{"new_result", display_json(next_schema.block, *read)}}});
  next_rec.finish();
}

CaseOutcome play_case(protocol::ProviderClient& client, const std::string& type, const schema::Schema& schema,
                      const ReleaseCase& c, const PlayOptions& options) {
  CaseOutcome out;
  CaseRecorder rec(type, schema.block, out);
  record_as(rec, options);
  if (!options.next_release || options.next_release->client == nullptr || options.next_release->schema == nullptr) {
    out.harness_error = "a case across two releases needs the new release (--upgrade-from)";
    return out;
  }
  const NextRelease& next = *options.next_release;
  const auto found = next.schema->resource_schemas.find(type);
  if (found == next.schema->resource_schemas.end()) {
    rec.scenario("upgrade");
    rec.judge("upgrade", Rpc::GetProviderSchema,
              naming_releases({release_violation(oracle::rule_text("release.type_removed"),
                                                 "the new release has no resource type " + type)},
                              next),
              {{{"type_name", type}}, {}});
    rec.finish();
    return out;
  }
  const schema::Schema& next_schema = found->second;
  ResourceDriver d(client, type, schema, rec, options.check, identity_schema_in(options.provider, type));
  std::optional<UpstreamObjects> upstream;
  create_upstream(upstream, client, options.provider, options.apply, c.wiring, out, options.core);
  auto wired = [&upstream](const ConfigPair& pair) { return upstream ? upstream->wired(pair) : pair; };
  auto live = create(d, wired(c.create), options.learn_only);
  ConfigPair in_force = wired(c.create);
  if (live && !failed(d) && c.update) {
    rec.set_phase(1);
    bool took = false;
    const ConfigPair next_config = wired(*c.update);
    live = update(d, *live, next_config, took);
    if (took) in_force = next_config;
  }
  rec.finish();
  // The new release's answers are recorded against its own schema, into the same outcome.
  CaseRecorder next_rec(type, next_schema.block, out);
  record_as(next_rec, options);
  ResourceDriver nd(*next.client, type, next_schema, next_rec, options.check, identity_schema_in(next.schema, type));
  std::optional<LiveObject> taken;
  if (live && !failed(d)) {
    next_rec.set_phase(kReleaseUpgradePhase);
    taken = take_over(nd, identity_schema_in(options.provider, type), schema, next_schema, *live, in_force, next);
  }
  // The new release destroys what it took over; what it could not take, the previous one does
  // (as a user going back to it would).
  if (taken && !nd.lost()) {
    next_rec.set_phase(kReleaseUpgradePhase + 1);
    // Lost while destroying: the previous release's session destroys the object it created.
    if (!destroy(nd, *taken, "destroy") && nd.lost() && live) {
      out.leftover_state = live->state;
      out.leftover_private = live->private_data;
    }
    live.reset();
  }
  next_rec.finish();
  rec.set_phase(kReleaseUpgradePhase + 1);
  destroy_at_end(d, live, out);
  if (upstream) {
    upstream->destroy();
    upstream->unwire_refusals(c.create.known);
  }
  rec.finish();
  return out;
}

}  // namespace tfc::conformance
