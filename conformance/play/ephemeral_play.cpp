// Ephemeral resources as Terraform plays them (README.md §5.6; terraform/node_resource_ephemeral.go):
// validate (the validate walk may hold unknowns), then, with --apply only, Open with a wholly
// known configuration, Renew when the answer set renew_at (with the private data it returned),
// Close with the latest private data, and Close once more (it must not crash). Open talks to
// the real system (a cloud API, a secret store), so a run without --apply only validates.
#include "conformance/core/diagnostics_text.hpp"
#include "conformance/play/family_play.hpp"

#include "conformance/core/client_capabilities.hpp"
#include "conformance/play/family_driver.hpp"
#include "conformance/play/upstream_play.hpp"
#include "oracle/deferral_rules.hpp"
#include "oracle/ephemeral_rules.hpp"

namespace tfc::conformance {

using protocol::Rpc;
using protocol::rpc_name;
namespace {

/// What an Open or Renew left to carry on with.
struct Lease {
  std::optional<std::string> private_data;
  std::optional<protocol::Timestamp> renew_at;
};

oracle::Violations renew_at_checked(const std::optional<protocol::Timestamp>& renew_at,
                                    std::chrono::system_clock::time_point sent, std::string_view what) {
  return oracle::check_renew_at(renew_at ? std::optional(time_of(*renew_at)) : std::nullopt, sent, what);
}

nlohmann::json lease_json(const Lease& lease) {
  nlohmann::json out = nlohmann::json::object();
  out["private"] =
      lease.private_data ? nlohmann::json(std::to_string(lease.private_data->size()) + " bytes") : nlohmann::json();
  if (lease.renew_at) out["renew_at"] = {{"seconds", lease.renew_at->seconds}, {"nanos", lease.renew_at->nanos}};
  return out;
}

std::optional<Lease> open(FamilyDriver& d, const cty::Value& config) {
  auto& rec = d.recorder();
  auto encoded = d.encode(config, "configuration");
  if (!encoded || d.lost()) return std::nullopt;
  protocol::OpenEphemeralResourceRequest req;
  req.type_name = d.type();
  req.config = *encoded;
  req.client_capabilities = rec.client_capabilities();
  const nlohmann::json request = {{"type_name", d.type()}, {"config", d.show(config)}};
  const auto sent = std::chrono::system_clock::now();
  auto res = d.client().open_ephemeral_resource(req);
  if (!res) {
    rec.rpc_failed("open", Rpc::OpenEphemeralResource, res.failure(), request);
    return std::nullopt;
  }
  Lease lease{res->private_data, res->renew_at};
  // Judged ahead of the diagnostics: terraform-plugin-go adds an error of its own to a
  // deferral the request did not allow.
  if (res->deferred) {
    auto v = oracle::check_deferred(rpc_name(Rpc::OpenEphemeralResource), req.client_capabilities.deferral_allowed,
                                    static_cast<int>(res->deferred->reason));
    nlohmann::json response = lease_json(lease);
    response["diagnostics"] = describe_diagnostics(res->diagnostics);
    rec.judge("open", Rpc::OpenEphemeralResource, v, {request, response});
    return std::nullopt;
  }
  if (protocol::has_error(res->diagnostics)) {
    rec.reject(Rpc::OpenEphemeralResource, res->diagnostics);
    rec.refused(config, res->diagnostics);
    return std::nullopt;
  }
  auto decoded = d.decode(res->result, "ephemeral result", "open", Rpc::OpenEphemeralResource, request);
  if (!decoded) return std::nullopt;
  oracle::Violations v = decoded->violations;
  auto checked = oracle::check_ephemeral_open(d.block(), config, *decoded->value);
  v.insert(v.end(), checked.begin(), checked.end());
  auto renew = renew_at_checked(lease.renew_at, sent, rpc_name(Rpc::OpenEphemeralResource));
  v.insert(v.end(), renew.begin(), renew.end());
  rec.judge_lazily("open", Rpc::OpenEphemeralResource, v, [&] {
    nlohmann::json response = lease_json(lease);
    response["result"] = d.show(*decoded->value);
    return StepValues{request, response, &config, &*decoded->value};
  });
  return lease;
}

/// Renew with the lease's private data; the lease takes the answer's private data and renew_at.
void renew(FamilyDriver& d, Lease& lease) {
  auto& rec = d.recorder();
  protocol::RenewEphemeralResourceRequest req;
  req.type_name = d.type();
  req.private_data = lease.private_data;
  const nlohmann::json request = {{"type_name", d.type()}, {"private", lease_json(lease)["private"]}};
  const auto sent = std::chrono::system_clock::now();
  auto res = d.client().renew_ephemeral_resource(req);
  if (!res) {
    rec.rpc_failed("renew", Rpc::RenewEphemeralResource, res.failure(), request);
    return;
  }
  const bool errors = protocol::has_error(res->diagnostics);
  auto v = oracle::check_private_accepted(rpc_name(Rpc::RenewEphemeralResource), errors,
                                          describe_diagnostics(res->diagnostics));
  auto at = renew_at_checked(res->renew_at, sent, rpc_name(Rpc::RenewEphemeralResource));
  v.insert(v.end(), at.begin(), at.end());
  const Lease answer{res->private_data, res->renew_at};
  rec.judge_lazily("renew", Rpc::RenewEphemeralResource, v, [&] { return StepValues{request, lease_json(answer)}; });
  if (errors) return;
  if (res->private_data) lease.private_data = res->private_data;
  lease.renew_at = res->renew_at;
}

/// Close; `judged` says whether error diagnostics count (the second Close may refuse).
void close(FamilyDriver& d, const Lease& lease, StepName step, bool judged) {
  auto& rec = d.recorder();
  if (d.lost()) return;
  protocol::CloseEphemeralResourceRequest req;
  req.type_name = d.type();
  req.private_data = lease.private_data;
  const nlohmann::json request = {{"type_name", d.type()}, {"private", lease_json(lease)["private"]}};
  auto res = d.client().close_ephemeral_resource(req);
  if (!res) {
    rec.rpc_failed(step, Rpc::CloseEphemeralResource, res.failure(), request);
    return;
  }
  const bool errors = protocol::has_error(res->diagnostics);
  if (!judged) {
    rec.mark_run();
    return;
  }
  rec.judge_lazily(step, Rpc::CloseEphemeralResource,
                   oracle::check_private_accepted(rpc_name(Rpc::CloseEphemeralResource), errors,
                                                  describe_diagnostics(res->diagnostics)),
                   [&] {
                     return StepValues{request, {{"diagnostics", describe_diagnostics(res->diagnostics)}}};
                   });
}

}  // namespace

CaseOutcome play_case(protocol::ProviderClient& client, const std::string& type, const schema::Schema& schema,
                      const EphemeralCase& c, const PlayOptions& options) {
  CaseOutcome out;
  CaseRecorder rec(type, schema.block, out);
  record_as(rec, options);
  FamilyDriver d(client, type, schema.block, rec);
  std::optional<UpstreamObjects> upstream;
  create_upstream(upstream, client, options.provider, options.apply, c.wiring, out, options.core);
  const ConfigPair config = upstream ? upstream->wired(c.config) : c.config;
  rec.scenario("validate");
  // The suite learns from the refusals of validation and Open (case_kinds.inc); a replay's
  // earlier cases open too (Terraform opens ephemeral resources while it plans).
  rec.set_learning(true);
  const bool validated =
      d.validate_pair(config, Rpc::ValidateEphemeralResourceConfig, [&](const protocol::DynamicValue& dv) {
        return client.validate_ephemeral_resource_config({type, dv});
      });
  if (validated) {
    out.planned = true;
    if (options.apply) {
      rec.scenario("open");
      auto lease = open(d, config.known);
      rec.set_learning(false);
      if (lease) {
        out.applied = true;
        rec.reached(CoverageStep::Opened);
        if (lease->renew_at && !out.has_error_finding()) {
          rec.scenario("renew");
          renew(d, *lease);
        }
        rec.scenario("close");
        close(d, *lease, "close", !out.has_error_finding());
        close(d, *lease, "close again", false);
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
