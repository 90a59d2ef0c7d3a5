#pragma once
// An in-memory scripted provider for unit tests of the suite's own logic only (users meet real
// plugins; see run_command_test.cpp). Schema: `id` computed, `name` required, `size` optional
// number, `tags` optional map(string), list block `rule { port (required number) }`. Honest by
// default; a planted fault breaks exactly one rule. With validation on, ValidateResourceConfig
// refuses what real validators would, in their message shapes (for the learning tests): a
// `name` not matching ^[a-z]{3,8}$, a `size` outside 1..10, `tags` together with `size`, and a
// `rule.port` outside 1..65535. It offers the schema under each name in `types` (one
// `mem_thing` by default) and writes one log line per RPC, as a plugin's log would.

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "proto/protocol/provider_client.hpp"
#include "proto/schema/provider_schema.hpp"
#include "tests/conformance/memory_remote.hpp"
#include "tests/conformance/unimplemented_provider.hpp"

namespace tfc::conformance::testing {

enum class MemoryFault {
  None,
  ApplyAddsOneToSize,
  ReadUppercasesName,
  PlanDropsRuleBlocks,
  PlanDefersAlways,            // every plan defers, allowed or not
  DeferredPlanHasAnotherType,  // a plan that may defer defers with a planned state of another type
  UpgradeCrashes,              // the process dies during UpgradeResourceState
  UpgradeUppercasesName,       // an upgrade at the current version changes name
  PlanRefusesCreate,           // a plan from a null prior returns an error diagnostic
  ImportEmptiesTags,  // import returns null tags as {} or {imported = "yes"}, and a read keeps the tags it is given
  /// A change of name or tags requires replacement (requires_replace), and the second in-place
  /// update of one object applies size from the state before the first (where both are set
  /// and differ): apply.known_value_changed, met only when one object is updated in place twice.
  SecondUpdateStale,
};

class MemoryProvider : public UnimplementedProvider {
public:
  explicit MemoryProvider(MemoryFault fault = MemoryFault::None, bool validates = false,
                          std::vector<std::string> types = {"mem_thing"});

  static schema::Schema thing_schema();
  /// Shares the names of live objects with the other sessions of one factory (memory_remote.hpp).
  void share(std::shared_ptr<MemoryRemote> remote) { m_remote = std::move(remote); }
  std::size_t stored() const { return m_objects.size(); }
  std::size_t calls() const { return m_calls; }
  /// The raw JSON state of the last UpgradeResourceState request ("" before any).
  const std::string& last_upgraded() const { return m_last_upgraded; }
  /// Whether a planted crash has "ended the process".
  bool crashed() const { return m_crashed; }
  /// The log lines written since the last call (one per RPC).
  std::vector<std::string> take_log() { return std::exchange(m_log, {}); }

  int protocol_version() const override { return 6; }
  protocol::RpcResult<protocol::GetProviderSchemaResponse> get_provider_schema(
      const protocol::GetProviderSchemaRequest&) override;
  protocol::RpcResult<protocol::ValidateProviderConfigResponse> validate_provider_config(
      const protocol::ValidateProviderConfigRequest&) override;
  protocol::RpcResult<protocol::ConfigureProviderResponse> configure_provider(
      const protocol::ConfigureProviderRequest&) override;
  protocol::RpcResult<protocol::ValidateResourceConfigResponse> validate_resource_config(
      const protocol::ValidateResourceConfigRequest&) override;
  protocol::RpcResult<protocol::PlanResourceChangeResponse> plan_resource_change(
      const protocol::PlanResourceChangeRequest&) override;
  protocol::RpcResult<protocol::ApplyResourceChangeResponse> apply_resource_change(
      const protocol::ApplyResourceChangeRequest&) override;
  protocol::RpcResult<protocol::ReadResourceResponse> read_resource(const protocol::ReadResourceRequest&) override;
  protocol::RpcResult<protocol::UpgradeResourceStateResponse> upgrade_resource_state(
      const protocol::UpgradeResourceStateRequest&) override;
  protocol::RpcResult<protocol::ImportResourceStateResponse> import_resource_state(
      const protocol::ImportResourceStateRequest&) override;

  // Every other RPC answers UNIMPLEMENTED (UnimplementedProvider); MemoryFamilyProvider
  // (memory_families.hpp) serves the other families over the same store.

protected:
  void note(const char* rpc);
  /// The store: id → msgpack of the object's state.
  std::map<std::string, std::string>& objects() { return m_objects; }

private:
  MemoryFault m_fault;
  bool m_validates = false;
  std::vector<std::string> m_types;
  bool m_crashed = false;
  std::vector<std::string> m_log;
  std::map<std::string, std::string> m_objects;  // id → msgpack of the stored state
  std::size_t m_next = 1;
  std::size_t m_calls = 0;
  std::string m_last_upgraded;
  /// SecondUpdateStale: per object id, the in-place updates applied and the state before the first.
  std::map<std::string, std::pair<std::size_t, std::string>> m_updates;
  std::shared_ptr<MemoryRemote> m_remote;  // null: the objects are this session's alone
};

}  // namespace tfc::conformance::testing
