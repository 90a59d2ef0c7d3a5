// Actions as Terraform 1.14 plays them (tfplugin6.proto; terraform/node_action.go,
// node_action_invoke.go): ValidateActionConfig in the validate walk (unknowns possible),
// PlanAction at plan time for a lifecycle trigger (config possibly unknown, deferral not
// allowed) and once more with deferral allowed (only PROVIDER_CONFIG_UNKNOWN is a valid
// reason there), and, with --apply only, InvokeAction with the wholly known configuration: a
// stream of progress events ending in exactly one completed event. Invoking acts on the real
// system, so a run without --apply stops after the plan.
#include "conformance/core/diagnostics_text.hpp"
#include "conformance/play/family_play.hpp"

#include "conformance/core/client_capabilities.hpp"
#include "conformance/play/family_driver.hpp"
#include "conformance/play/upstream_play.hpp"
#include "oracle/action_rules.hpp"
#include "oracle/deferral_rules.hpp"

namespace tfc::conformance {

using protocol::Rpc;
using protocol::rpc_name;
namespace {

/// PlanAction of `config`; false when the action cannot go on (refused, deferred, lost).
bool plan(FamilyDriver& d, const cty::Value& config, bool allow_deferral, StepName step) {
  auto& rec = d.recorder();
  auto encoded = d.encode(config, "configuration");
  if (!encoded || d.lost()) return false;
  protocol::PlanActionRequest req;
  req.action_type = d.type();
  req.config = *encoded;
  req.client_capabilities = rec.client_capabilities(allow_deferral);
  allow_deferral = req.client_capabilities.deferral_allowed;
  const nlohmann::json request = {
      {"action_type", d.type()}, {"config", d.show(config)}, {"deferral_allowed", allow_deferral}};
  auto res = d.client().plan_action(req);
  if (!res) {
    rec.rpc_failed(step, Rpc::PlanAction, res.failure(), request);
    return false;
  }
  if (res->deferred) {
    // Ahead of the diagnostics: terraform-plugin-go adds an error to a disallowed deferral.
    auto v = oracle::check_deferred(rpc_name(Rpc::PlanAction), allow_deferral, static_cast<int>(res->deferred->reason),
                                    {oracle::kReasonProviderConfigUnknown});
    rec.judge(step, Rpc::PlanAction, v,
              {request,
               {{"deferred", static_cast<int>(res->deferred->reason)},
                {"diagnostics", describe_diagnostics(res->diagnostics)}}});
    return false;
  }
  if (protocol::has_error(res->diagnostics)) {
    if (protocol::is_not_implemented(res->diagnostics)) {
      rec.reject_plainly(Rpc::PlanAction, res->diagnostics);
      return false;
    }
    d.judge_refusal(config, res->diagnostics, step, Rpc::PlanAction, request);
    return false;
  }
  rec.mark_run();
  return true;
}

/// InvokeAction; true when the stream completed without errors.
bool invoke(FamilyDriver& d, const cty::Value& config) {
  auto& rec = d.recorder();
  auto encoded = d.encode(config, "configuration");
  if (!encoded || d.lost()) return false;
  protocol::InvokeActionRequest req;
  req.action_type = d.type();
  req.config = *encoded;
  req.client_capabilities = rec.client_capabilities();
  const nlohmann::json request = {{"action_type", d.type()}, {"config", d.show(config)}};
  auto res = d.client().invoke_action(req);
  if (!res) {
    rec.rpc_failed("invoke", Rpc::InvokeAction, res.failure(), request);
    return false;
  }
  std::vector<oracle::ActionEvent> kinds;
  nlohmann::json shown = nlohmann::json::array();
  protocol::Diagnostics completed;
  for (const auto& e : res->events) {
    switch (e.kind) {
      case protocol::InvokeEventKind::Progress:
        kinds.push_back(oracle::ActionEvent::Progress);
        shown.push_back({{"progress", e.message}});
        break;
      case protocol::InvokeEventKind::Completed:
        kinds.push_back(oracle::ActionEvent::Completed);
        shown.push_back({{"completed", describe_diagnostics(e.diagnostics)}});
        completed.insert(completed.end(), e.diagnostics.begin(), e.diagnostics.end());
        break;
      case protocol::InvokeEventKind::None:
        kinds.push_back(oracle::ActionEvent::None);
        shown.push_back(nlohmann::json::object());
        break;
    }
  }
  const auto v = oracle::check_invoke_events(kinds);
  rec.judge_lazily("invoke", Rpc::InvokeAction, v, [&] { return StepValues{request, {{"events", shown}}}; });
  if (protocol::has_error(completed)) {
    rec.reject_plainly(Rpc::InvokeAction, completed);
    return false;
  }
  return !oracle::has_errors(v);
}

}  // namespace

CaseOutcome play_case(protocol::ProviderClient& client, const std::string& type, const schema::Schema& schema,
                      const ActionCase& c, const PlayOptions& options) {
  CaseOutcome out;
  CaseRecorder rec(type, schema.block, out);
  record_as(rec, options);
  FamilyDriver d(client, type, schema.block, rec);
  std::optional<UpstreamObjects> upstream;
  create_upstream(upstream, client, options.provider, options.apply, c.wiring, out, options.core);
  const ConfigPair config = upstream ? upstream->wired(c.config) : c.config;
  rec.scenario("validate");
  // The suite learns from the refusals of validation and PlanAction (case_kinds.inc).
  rec.set_learning(true);
  const bool validated = d.validate_pair(config, Rpc::ValidateActionConfig, [&](const protocol::DynamicValue& dv) {
    return client.validate_action_config({type, dv});
  });
  if (validated) {
    rec.scenario("plan");
    const bool unknowns = !config.with_unknowns.injected.empty();
    const cty::Value& first = unknowns ? config.with_unknowns.value : config.known;
    const bool planned = plan(d, first, false, unknowns ? StepName("plan (unknowns)") : StepName("plan")) &&
                         plan(d, config.known, true, "plan (deferral allowed)");
    rec.set_learning(false);
    if (planned) {
      out.planned = true;
      rec.reached(CoverageStep::Planned);
      // A replay's earlier cases only teach: nothing is invoked.
      if (options.apply && !options.learn_only && !out.has_error_finding()) {
        rec.scenario("invoke");
        if (invoke(d, config.known)) rec.reached(CoverageStep::Invoked);
        out.applied = true;
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

}  // namespace tfc::conformance
