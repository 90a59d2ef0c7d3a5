// Core's sequences for one case (see case_play.hpp), judged step by step.
#include "conformance/play/case_play.hpp"

#include <variant>

#include "conformance/cases/import_id_format.hpp"
#include "conformance/core/value_io.hpp"
#include "conformance/play/lifecycle_steps.hpp"
#include "conformance/play/release_play.hpp"
#include "conformance/play/resource_driver.hpp"
#include "conformance/play/upstream_play.hpp"
#include "generators/invented_values.hpp"
#include "oracle/identity_rules.hpp"
#include "oracle/plan_final.hpp"
#include "oracle/state_checks.hpp"

namespace tfc::conformance {

using protocol::Rpc;
using protocol::rpc_name;
using namespace lifecycle;
namespace {

/// A move the provider refused (the recorder words a refusal "<scenario>: <RPC>: ..."), kept
/// for the suite: a type that refuses every move alike is no longer asked (move_refusals.hpp).
void keep_move_refusal(ResourceDriver& d, bool moved) {
  auto& out = d.recorder().outcome();
  if (!moved && !d.lost() && !failed(d) && out.rejection.rfind("move: ", 0) == 0) out.move_refusal = out.rejection;
}

void refresh(ResourceDriver& d, LiveObject& live, const cty::Value& config) {
  d.recorder().scenario("refresh");
  auto read = d.read(live, "read");
  if (!read || read->state.is_null()) return;
  judge_pair(d, "read", Rpc::ReadResource, oracle::check_read_normalization(d.block(), live.state, read->state),
             "prior_state", live.state, "read_state", read->state);
  if (auto again = d.plan(read->state, read->private_data, config, "plan after refresh", read->identity);
      again && !failed(d)) {
    judge_pair(d, "plan after refresh", Rpc::PlanResourceChange,
               oracle::check_plan_is_no_op(d.block(), read->state, again->state, kAfterRefresh), "prior_state",
               read->state, "planned_state", again->state);
  }
  if (read->private_data.empty()) read->private_data = live.private_data;
  live = *read;
}

/// The object moved from its own type and version, then planned with its configuration: a
/// no-op, as if nothing had moved. The case goes on with the object as it was.
void move(ResourceDriver& d, const LiveObject& live, const cty::Value& config, const std::string& address) {
  d.recorder().scenario("move");
  auto moved = d.move(live, address, "move");
  keep_move_refusal(d, moved.has_value());
  if (!moved || failed(d)) return;
  if (auto again = d.plan(moved->state, moved->private_data, config, "plan after move", moved->identity);
      again && !failed(d)) {
    judge_pair(d, "plan after move", Rpc::PlanResourceChange,
               oracle::check_plan_is_no_op(d.block(), moved->state, again->state, kAfterMove), "moved_state",
               moved->state, "planned_state", again->state);
  }
}

/// Right after import and read, the configuration that created the object plans against the
/// imported state as an `import` block plans it in the same run: a no-op, but for what the
/// import left null (000 §ImportResourceState, partial import).
void plan_after_import(ResourceDriver& d, const cty::Value& applied, const LiveObject& imported,
                       const cty::Value& config) {
  auto again = d.plan(imported.state, imported.private_data, config, "plan after import", imported.identity);
  if (!again || failed(d)) return;
  judge_pair(d, "plan after import", Rpc::PlanResourceChange,
             oracle::check_plan_after_import(d.block(), applied, imported.state, again->state, again->requires_replace),
             "imported_state", imported.state, "planned_state", again->state);
}

/// The object imported by id is the one the case created: the same identity, and importing by
/// that identity (6.9+) brings it back.
void judge_import_identity(ResourceDriver& d, const LiveObject& live, const LiveObject& read) {
  if (failed(d) || !d.has_identity() || !live.identity || !live.identity->is_wholly_known() || live.identity->is_null())
    return;
  if (read.identity) judge_identity_pair(d, "read after import", *live.identity, *read.identity);
  if (failed(d)) return;
  auto by_identity = d.import_identity(*live.identity, "import by identity");
  if (!by_identity || failed(d)) return;
  auto again = d.read(*by_identity, "read after import by identity");
  if (!again || again->state.is_null()) return;
  judge_pair(d, "read after import by identity", Rpc::ReadResource,
             oracle::check_import_complete(d.block(), live.state, again->state), "applied_state", live.state,
             "imported_state", again->state);
}

void import_by_id(ResourceDriver& d, const LiveObject& live, const cty::Value& config, bool generate) {
  d.recorder().scenario("import");
  const cty::Value* id = live.state.attribute("id");
  if (id == nullptr || !id->is_known() || id->is_null() || id->type().kind() != cty::Kind::String) return;
  auto imported = d.import(id->as_string(), "import");
  // Refused with a message naming the ID format it wants: try again, as a user would, with that
  // ID filled from the state (each format the message offers, in its order).
  if (!imported && !d.lost() && !failed(d)) {
    for (auto& wanted : requested_import_ids(d.import_refusal(), live.state, id->as_string())) {
      if (d.lost() || failed(d)) break;
      if ((imported = d.import(wanted.id, "import"))) {
        auto& out = d.recorder().outcome();
        out.import_id_attributes = std::move(wanted.attributes);
        out.import_id_separator = wanted.separator;
        break;
      }
    }
  }
  if (!imported || imported->size() != 1) return;
  auto read = d.read(imported->front(), "read after import");
  if (!read) return;
  if (read->state.is_null()) {
    judge_pair(d, "read after import", Rpc::ReadResource, oracle::check_import_read(read->state), "imported_state",
               imported->front().state, "read_state", read->state);
    return;
  }
  judge_pair(d, "read after import", Rpc::ReadResource,
             oracle::check_import_complete(d.block(), live.state, read->state), "applied_state", live.state,
             "imported_state", read->state);
  d.recorder().reached(CoverageStep::Imported);
  // Terraform 1.14 writes the configuration of an imported object out (-generate-config-out).
  if (!failed(d) && generate) d.generate_config(read->state, "generate config");
  judge_import_identity(d, live, *read);
  // Last: a case stops at its first finding, and the plan after import must not hide the
  // identity findings above.
  if (!failed(d)) {
    LiveObject prior = *read;
    if (prior.private_data.empty()) prior.private_data = imported->front().private_data;
    plan_after_import(d, live.state, prior, config);
  }
}

bool can_move(const PlayOptions& options) {
  return options.provider != nullptr && options.provider->capabilities.move_resource_state;
}

const schema::IdentitySchema* identity_schema_of(const PlayOptions& options, const std::string& type) {
  if (options.provider == nullptr) return nullptr;
  auto it = options.provider->identity_schemas.find(type);
  return it != options.provider->identity_schemas.end() ? &it->second : nullptr;
}

/// The prior state of a plan-only case: the planned state with its unknowns invented, a
/// function of the plan and the case's seed (so a case replays exactly).
cty::Value invented_prior(const cty::Value& planned, std::uint64_t seed) {
  constexpr int kInventionSize = 50;
  return gen::with_unknowns_invented(planned)(rc::Random(seed), kInventionSize).value();
}

}  // namespace

CaseOutcome play_case(protocol::ProviderClient& client, const std::string& type, const schema::Schema& schema,
                      const LifecycleCase& c, const PlayOptions& options) {
  CaseOutcome out;
  CaseRecorder rec(type, schema.block, out);
  record_as(rec, options);
  ResourceDriver d(client, type, schema, rec, options.check, identity_schema_of(options, type));
  std::optional<UpstreamObjects> upstream;
  create_upstream(upstream, client, options.provider, options.apply, c.wiring, out, options.core);
  auto wired = [&upstream](const ConfigPair& pair) { return upstream ? upstream->wired(pair) : pair; };
  auto live = create(d, wired(c.create), options.learn_only);
  cty::Value config = wired(c.create).known;
  if (live && !failed(d) && can_move(options) && !options.skip_move) move(d, *live, config, options.provider_address);
  std::optional<cty::Value> upgraded;  // the state last upgraded in this case
  for (std::size_t i = 0; i < c.steps.size(); ++i) {
    const Step& step = c.steps[i];
    if (!live || failed(d)) break;
    rec.set_phase(i + 1);
    switch (step.kind) {
      case StepKind::Refresh: refresh(d, *live, config); break;
      case StepKind::Upgrade:
        rec.scenario("upgrade");
        // A state this case already upgraded asks the same question again: its answer was
        // judged then (the upgrade does not change the live object).
        if (upgraded && raw_equals(*upgraded, live->state)) break;
        d.upgrade(live->state, "upgrade");
        if (!failed(d) && live->identity && live->identity->is_wholly_known() && !live->identity->is_null())
          d.upgrade_identity(*live->identity, "upgrade identity");
        upgraded = live->state;
        break;
      case StepKind::Import:
        import_by_id(d, *live, config,
                     options.provider != nullptr && options.provider->capabilities.generate_resource_config);
        break;
      case StepKind::Update: {
        bool took = false;
        const ConfigPair next = wired(step.config);
        live = update(d, *live, next, took);
        if (took)
          config = next.known;
        else if (!failed(d))
          out.refused_updates.push_back(i);
        break;
      }
    }
  }
  rec.set_phase(c.steps.size() + 1);
  destroy_at_end(d, live, out);
  if (upstream) {
    upstream->destroy();
    upstream->unwire_refusals(c.create.known);
  }
  rec.finish();
  return out;
}

CaseOutcome play_case(protocol::ProviderClient& client, const std::string& type, const schema::Schema& schema,
                      const PlanOnlyCase& c, const PlayOptions& options) {
  CaseOutcome out;
  CaseRecorder rec(type, schema.block, out);
  record_as(rec, options);
  ResourceDriver d(client, type, schema, rec, options.check, identity_schema_of(options, type));
  rec.scenario("plan");
  const cty::Value& none = d.null_object();
  rec.set_learning(true);
  const auto created = validate_and_plan(d, none, "", c.config);
  rec.set_learning(false);
  // Without an accepted plan there is no state the provider could have written: the upgrade
  // and the plan update are skipped rather than played on a wholly invented prior.
  if (created && !failed(d) && !options.learn_only) {
    const bool invented = !created->state.is_wholly_known();
    const cty::Value prior = invented_prior(created->state, c.invention_seed);
    rec.scenario("upgrade");
    rec.prior_invented(invented);
    d.upgrade(prior, "upgrade");
    if (!failed(d) && can_move(options) && !options.skip_move) {
      rec.scenario("move");
      const bool moved = d.move(LiveObject{prior, ""}, options.provider_address, "move").has_value();
      keep_move_refusal(d, moved);
    }
    if (!failed(d)) {
      rec.scenario("plan update");
      const ConfigPair& next = c.update ? *c.update : c.config;
      rec.prior_invented(false);
      if (!c.update || validate_config(d, next)) {
        // The known configuration only: a plan with unknowns that asks for replacement would
        // lead to Core's replace path, which needs an apply. Deferral allowed (as Terraform
        // Stacks runs): a deferred answer must still conform.
        rec.prior_invented(invented);
        if (d.plan(prior, "", next.known, "plan update", std::nullopt, true)) rec.reached(CoverageStep::UpdatePlanned);
      }
    }
  }
  rec.finish();
  return out;
}

CaseOutcome play_case(protocol::ProviderClient& client, const std::string& type, const schema::Schema& schema,
                      const DataCase& c, const PlayOptions& options) {
  CaseOutcome out;
  CaseRecorder rec(type, schema.block, out);
  record_as(rec, options);
  ResourceDriver d(client, type, schema, rec, options.check, identity_schema_of(options, type));
  std::optional<UpstreamObjects> upstream;
  create_upstream(upstream, client, options.provider, options.apply, c.wiring, out, options.core);
  const ConfigPair config = upstream ? upstream->wired(c.config) : c.config;
  rec.scenario("validate");
  rec.set_learning(true);
  if (config.with_unknowns.injected.empty() || d.validate_data(config.with_unknowns.value, "validate (unknowns)")) {
    if (d.validate_data(config.known, "validate")) {
      out.planned = true;
      rec.scenario("read");
      if (auto first = d.read_data(config.known, "read")) {
        out.applied = true;
        rec.set_learning(false);
        if (options.next_release && !failed(d))
          read_across_releases(d, schema, config.known, *first, *options.next_release, options.check);
      }
    }
  }
  rec.set_learning(false);
  if (upstream) {
    upstream->destroy();
    upstream->unwire_refusals(c.config.known);
  }
  rec.finish();
  return out;
}

void destroy_quietly(protocol::ProviderClient& client, const std::string& type, const schema::Schema& schema,
                     const cty::Value& state, const std::string& private_data, const CoreVersion& core) {
  CaseOutcome ignored;
  CaseRecorder rec(type, schema.block, ignored);
  rec.set_core(core);
  ResourceDriver d(client, type, schema, rec, {});
  destroy(d, LiveObject{state, private_data}, "cleanup");
}

}  // namespace tfc::conformance
