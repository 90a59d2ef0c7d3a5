#pragma once
// Core's part for one managed resource type or data source: each method makes one RPC the way
// Terraform/OpenTofu Core makes it (docs/protocol.md §5.2-§5.5: ProposedNew for
// plans, the final plan's private data for apply, raw JSON state for upgrades), decodes the
// answer with the schema and hands it to the oracle. A nullopt result means the step could not
// go on: the provider rejected the config (an error diagnostic), a finding made the answer
// unusable, or the process was lost.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "conformance/core/case_outcome.hpp"
#include "oracle/plan_final.hpp"
#include "oracle/violation.hpp"
#include "proto/cty/path.hpp"
#include "proto/cty/value.hpp"
#include "proto/protocol/provider_client.hpp"
#include "proto/schema/provider_schema.hpp"

namespace tfc::conformance {

struct Planned {
  cty::Value state;
  std::vector<cty::Path> requires_replace;
  std::string planned_private;
  bool legacy_type_system = false;
  oracle::Action action = oracle::Action::NoOp;
  std::optional<cty::Value> identity;  // planned_identity, for types with an identity schema
};

/// A remote object the case created: its state, private data and identity as Core stores them.
struct LiveObject {
  cty::Value state;
  std::string private_data;
  bool apply_failed = false;  // apply returned errors: this is the partial object it left
  std::optional<cty::Value> identity;
};

class ResourceDriver {
public:
  /// `identity`: the type's identity schema, when it has one (the identity of every answer is
  /// then judged, and sent back as Core does).
  ResourceDriver(protocol::ProviderClient& client, std::string type_name, const schema::Schema& schema,
                 CaseRecorder& recorder, oracle::CheckOptions options,
                 const schema::IdentitySchema* identity = nullptr);

  /// ValidateResourceConfig; false when the provider returned errors (recorded as a rejection,
  /// or as validate.rejects_unknown when an error points at an unknown value).
  bool validate(const cty::Value& config, StepName step);
  /// PlanResourceChange from `prior` with `config` and ProposedNew (null config: destroy).
  /// The planned identity keeps `prior_identity` on a no-op or update. `allow_deferral` sends
  /// deferral_allowed: a deferred answer is then only judged for its type and reason (Core
  /// skips every other plan check). `planned_private`: the private data of the plan made at
  /// plan time, sent back at the apply-time plan (6.11).
  std::optional<Planned> plan(const cty::Value& prior, const std::string& prior_private, const cty::Value& config,
                              StepName step, const std::optional<cty::Value>& prior_identity = std::nullopt,
                              bool allow_deferral = false, const std::string& planned_private = "");
  /// ApplyResourceChange of `planned`; returns the new state (null after a delete).
  std::optional<LiveObject> apply(const cty::Value& prior, const Planned& planned, const cty::Value& config,
                                  StepName step);
  /// ReadResource; the refreshed state (null: the object is gone), its identity the object's.
  std::optional<LiveObject> read(const LiveObject& object, StepName step);
  /// UpgradeResourceState of `state` stored at the current schema version, as JSON.
  std::optional<cty::Value> upgrade(const cty::Value& state, StepName step);
  /// UpgradeResourceState of a state another release of the provider stored (--upgrade-from):
  /// its JSON as Core keeps it, at that release's schema `version`; `shown` is the state as
  /// reports show it. A refusal is release.upgrade_failed; the result is judged as any upgraded
  /// state (conforming, wholly known, write-only values null).
  std::optional<cty::Value> upgrade_stored(const std::string& json, std::int64_t version, const nlohmann::json& shown,
                                           StepName step);
  /// ImportResourceState by id; the objects returned (checked for count, type and null).
  std::optional<std::vector<LiveObject>> import(const std::string& id, StepName step);
  /// ImportResourceState by identity (6.9+): one object back, with that identity.
  std::optional<LiveObject> import_identity(const cty::Value& identity, StepName step);
  /// UpgradeResourceIdentity of `identity` stored at the current identity version: unchanged.
  void upgrade_identity(const cty::Value& identity, StepName step);
  /// UpgradeResourceIdentity of an identity another release stored (--upgrade-from): its JSON
  /// at that release's identity `version`. The upgraded identity, judged as any identity; nullopt
  /// when refused (not a finding: Core then reads without it) or unusable.
  std::optional<cty::Value> upgrade_stored_identity(const std::string& json, std::int64_t version,
                                                    const nlohmann::json& shown, StepName step);
  /// MoveResourceState of `source` from this very type and schema version (the only source a
  /// suite has), as a `moved` block across provider configurations sends it: raw JSON state,
  /// private data, identity. The moved object, with the source's identity kept.
  std::optional<LiveObject> move(const LiveObject& source, const std::string& source_address, StepName step);

  /// GenerateResourceConfig of `state` (Terraform 1.14: import with -generate-config-out),
  /// judged as a configuration Terraform can write out.
  void generate_config(const cty::Value& state, StepName step);

  /// True when the type has an identity schema.
  bool has_identity() const { return m_identity_schema != nullptr; }
  const schema::Block& identity_block() const { return m_identity_block; }
  /// The summary and detail of each error of the last import the provider refused (empty after
  /// an accepted one): the message that may say which ID format it wants.
  const std::string& import_refusal() const { return m_import_refusal; }

  /// ValidateDataResourceConfig then ReadDataSource (data sources).
  bool validate_data(const cty::Value& config, StepName step);
  std::optional<cty::Value> read_data(const cty::Value& config, StepName step);

  const schema::Block& block() const { return m_schema.block; }
  /// The null object of the schema's type (prior of a create, config of a destroy).
  const cty::Value& null_object() const { return m_null; }
  CaseRecorder& recorder() { return m_rec; }
  /// Set once the provider process is lost; every later call is refused.
  bool lost() const { return m_rec.outcome().provider_lost; }

private:
  nlohmann::json show(const cty::Value& v) const;
  /// Encodes a request value; a failure is the harness's own (recorded, nullopt).
  std::optional<protocol::DynamicValue> encode(const cty::Value& v, const char* what);
  /// ValidateResourceConfig and ValidateDataResourceConfig share everything but the RPC.
  template <class Request, class Call>
  bool validate_with(const cty::Value& config, StepName step, protocol::Rpc rpc, Call call);

  protocol::ProviderClient& m_client;
  std::string m_type;
  const schema::Schema& m_schema;
  CaseRecorder& m_rec;
  oracle::CheckOptions m_options;
  cty::Type m_implied;  // the schema's implied type, worked out once per case
  cty::Value m_null;
  const schema::IdentitySchema* m_identity_schema;
  schema::Block m_identity_block;
  cty::Type m_identity_type;

  /// An identity for a request (absent when there is none).
  std::optional<protocol::DynamicValue> encode_identity(const std::optional<cty::Value>& identity);
  /// The identity of an answer, decoded: nullopt when absent; undecodable ones are violations.
  std::optional<cty::Value> decode_identity(const std::optional<protocol::DynamicValue>& wire, oracle::Violations& out);
  /// The identity checks of one answer: present where one belongs, conforming, known unless
  /// `unknown_allowed`, and keeping every known value of `before`.
  oracle::Violations judge_identity(const std::optional<protocol::DynamicValue>& wire,
                                    std::optional<cty::Value>& decoded, bool required, bool unknown_allowed,
                                    const std::optional<cty::Value>& before, std::string_view what);
  nlohmann::json show_identity(const std::optional<cty::Value>& identity) const;
  /// ImportResourceState, by id or by identity; `also` adds checks of the one object returned.
  std::optional<std::vector<LiveObject>> import_with(const protocol::ImportResourceStateRequest& req,
                                                     const nlohmann::json& request, StepName step,
                                                     const std::function<oracle::Violations(const LiveObject&)>& also);
  /// The configurations this case has had validated, with the provider's verdict: Core asks
  /// once per configuration it plans, and the same question again would be judged the same.
  struct Validated {
    protocol::Rpc rpc;
    cty::Value config;
    bool accepted = false;
  };
  std::vector<Validated> m_validated;
  std::string m_import_refusal;
};

}  // namespace tfc::conformance
