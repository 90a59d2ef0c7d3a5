// Core's start sequence with a schema cache (session/core_start.hpp): a later process of the
// same provider skips GetProviderSchema and GetResourceIdentitySchemas only when the first one
// said get_provider_schema_optional, as Terraform's providers.SchemaCache does.
#include <gtest/gtest.h>

#include "conformance/session/core_start.hpp"
#include "conformance/session/timed_client.hpp"
#include "proto/protocol/rpc_catalogue.hpp"
#include "tests/conformance/memory_provider.hpp"

namespace tfc::conformance {
namespace {

/// The in-memory provider, saying get_provider_schema_optional or not.
class CapableProvider final : public testing::MemoryProvider {
public:
  explicit CapableProvider(bool optional) : m_optional(optional) {}
  protocol::RpcResult<protocol::GetProviderSchemaResponse> get_provider_schema(
      const protocol::GetProviderSchemaRequest& request) override {
    auto answer = MemoryProvider::get_provider_schema(request);
    if (answer) answer->schema.capabilities.get_provider_schema_optional = m_optional;
    return answer;
  }

private:
  bool m_optional;
};

std::int64_t calls_of(const RpcClock& clock, std::string_view method) {
  for (std::size_t i = 0; i < protocol::kRpcs.size(); ++i) {
    if (protocol::kRpcs[i].method == method) return clock.by_method[i].calls.load();
  }
  ADD_FAILURE() << "no RPC " << method;
  return -1;
}

/// Opens `processes` fresh providers, one after the other, sharing one cache; the RPCs they got.
void open_processes(bool optional, int processes, RpcClock& clock) {
  CoreStartSettings settings;
  settings.schema_cache = std::make_shared<SchemaCache>();
  for (int i = 0; i < processes; ++i) {
    CapableProvider provider(optional);
    TimedClient client(provider, clock);
    StartFailure failed;
    auto started = start_like_core(client, settings, failed);
    ASSERT_TRUE(started) << started.error().message;
    EXPECT_TRUE(started->schema.resource_schemas.contains("mem_thing")) << "process " << i;
  }
}

TEST(CoreStart, ALaterProcessSkipsTheSchemaWhenTheProviderSaysItIsOptional) {
  RpcClock clock;
  open_processes(true, 3, clock);
  EXPECT_EQ(calls_of(clock, "get_provider_schema"), 1);
  EXPECT_EQ(calls_of(clock, "get_resource_identity_schemas"), 1);
  EXPECT_EQ(calls_of(clock, "validate_provider_config"), 3) << "every process is still configured";
  EXPECT_EQ(calls_of(clock, "configure_provider"), 3);
}

TEST(CoreStart, EveryProcessIsAskedWhenTheSchemaIsNotOptional) {
  RpcClock clock;
  open_processes(false, 3, clock);
  EXPECT_EQ(calls_of(clock, "get_provider_schema"), 3);
  EXPECT_EQ(calls_of(clock, "configure_provider"), 3);
}

TEST(CoreStart, WithoutACacheEveryProcessIsAsked) {
  RpcClock clock;
  for (int i = 0; i < 2; ++i) {
    CapableProvider provider(true);
    TimedClient client(provider, clock);
    StartFailure failed;
    ASSERT_TRUE(start_like_core(client, CoreStartSettings{}, failed));
  }
  EXPECT_EQ(calls_of(clock, "get_provider_schema"), 2);
}

}  // namespace
}  // namespace tfc::conformance
