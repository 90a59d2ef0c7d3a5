#pragma once
// Core's part for one managed resource type or data source: each method makes one RPC the way
// Terraform/OpenTofu Core makes it (docs/protocol.md §5.2-§5.5: ProposedNew for
// plans, the final plan's private data for apply, raw JSON state for upgrades), decodes the
// answer with the schema and hands it to the oracle. A nullopt result means the step could not
// go on: the provider rejected the config (an error diagnostic), a finding made the answer
// unusable, or the process was lost.

#include <optional>
#include <string>
#include <vector>

#include "conformance/case_outcome.hpp"
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
};

/// A remote object the case created: its state and private data as Core stores them.
struct LiveObject {
  cty::Value state;
  std::string private_data;
  bool apply_failed = false;  // apply returned errors: this is the partial object it left
};

class ResourceDriver {
public:
  ResourceDriver(protocol::ProviderClient& client, std::string type_name, const schema::Schema& schema,
                 CaseRecorder& recorder, oracle::CheckOptions options);

  /// ValidateResourceConfig; false when the provider returned errors (recorded as a rejection,
  /// or as validate.rejects_unknown when an error points at an unknown value).
  bool validate(const cty::Value& config, std::string_view step);
  /// PlanResourceChange from `prior` with `config` and ProposedNew (null config: destroy).
  std::optional<Planned> plan(const cty::Value& prior, const std::string& prior_private, const cty::Value& config,
                              std::string_view step);
  /// ApplyResourceChange of `planned`; returns the new state (null after a delete).
  std::optional<LiveObject> apply(const cty::Value& prior, const Planned& planned, const cty::Value& config,
                                  std::string_view step);
  /// ReadResource; the refreshed state (null: the object is gone).
  std::optional<LiveObject> read(const LiveObject& object, std::string_view step);
  /// UpgradeResourceState of `state` stored at the current schema version, as JSON.
  std::optional<cty::Value> upgrade(const cty::Value& state, std::string_view step);
  /// ImportResourceState by id; the objects returned (checked for count, type and null).
  std::optional<std::vector<LiveObject>> import(const std::string& id, std::string_view step);
  /// The summary and detail of each error of the last import the provider refused (empty after
  /// an accepted one): the message that may say which ID format it wants.
  const std::string& import_refusal() const { return m_import_refusal; }

  /// ValidateDataResourceConfig then ReadDataSource (data sources).
  bool validate_data(const cty::Value& config, std::string_view step);
  std::optional<cty::Value> read_data(const cty::Value& config, std::string_view step);

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
  bool validate_with(const cty::Value& config, std::string_view step, std::string_view rpc, Call call);

  protocol::ProviderClient& m_client;
  std::string m_type;
  const schema::Schema& m_schema;
  CaseRecorder& m_rec;
  oracle::CheckOptions m_options;
  cty::Type m_implied;  // the schema's implied type, worked out once per case
  cty::Value m_null;
  /// The configurations this case has had validated, with the provider's verdict: Core asks
  /// once per configuration it plans, and the same question again would be judged the same.
  struct Validated {
    std::string rpc;
    cty::Value config;
    bool accepted = false;
  };
  std::vector<Validated> m_validated;
  std::string m_import_refusal;
};

}  // namespace tfc::conformance
