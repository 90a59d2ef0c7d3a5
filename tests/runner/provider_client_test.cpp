// ProviderClient over gRPC against the real providers (built by `make providers`): the
// negotiated version's RPC names, conversions of a real schema, UNIMPLEMENTED and crash
// classification.
#include <gtest/gtest.h>
#include <signal.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "proto/protocol/provider_client.hpp"
#include "runner/plugin_session.hpp"
#include "runner/session_provider.hpp"

namespace tfc::runner {
namespace {

using namespace std::chrono_literals;

struct Expectation {
  const char* name;
  int protocol;
  // A resource (or, for http, a data source) the schema must contain.
  const char* resource;
  const char* data_source;
};

const Expectation kProviders[] = {
    {"tfcfixture", 6, "tfcfixture_server", "tfcfixture_objects"},
    {"tfcsdk", 5, "tfcsdk_volume", "tfcsdk_objects"},
    {"time", 5, "time_static", nullptr},
    {"local", 5, "local_file", "local_file"},
    {"http", 5, nullptr, "http"},
};

std::filesystem::path provider_path(const std::string& name) {
  const char* dir = std::getenv("TFC_BINARY_DIR");
  return std::filesystem::path(dir != nullptr ? dir : ".") / "providers" / ("terraform-provider-" + name);
}

class ProviderClientTest : public ::testing::TestWithParam<Expectation> {
protected:
  void SetUp() override {
    const auto exe = provider_path(GetParam().name);
    if (!std::filesystem::exists(exe)) GTEST_SKIP() << exe << " is not built";
    LaunchOptions options;
    options.executable = exe;
    auto session = PluginSession::launch(options);
    ASSERT_TRUE(session) << session.error().message;
    m_session = std::move(*session);
    CallOptions call;
    call.timeout = 60s;
    m_client = make_session_provider(*m_session, call);
    ASSERT_NE(m_client, nullptr);
  }
  void TearDown() override {
    m_client.reset();
    if (m_session) m_session->close();
  }
  std::unique_ptr<PluginSession> m_session;
  std::unique_ptr<protocol::ProviderClient> m_client;
};

TEST_P(ProviderClientTest, SchemaOfTheNegotiatedVersion) {
  EXPECT_EQ(m_client->protocol_version(), GetParam().protocol);
  const auto schema = m_client->get_provider_schema({});
  ASSERT_TRUE(schema.ok()) << protocol::to_string(schema.failure().kind) << ": " << schema.failure().message;
  const auto& resources = schema->schema.resource_schemas;
  const auto& data_sources = schema->schema.data_source_schemas;
  if (GetParam().resource != nullptr) {
    EXPECT_TRUE(resources.count(GetParam().resource)) << GetParam().resource;
  }
  if (GetParam().data_source != nullptr) {
    EXPECT_TRUE(data_sources.count(GetParam().data_source)) << GetParam().data_source;
  }
}

TEST_P(ProviderClientTest, AbsentRpcsAreNotImplementedNeverAnError) {
  // Old providers lack GetResourceIdentitySchemas entirely; new ones may answer it.
  const auto identities = m_client->get_resource_identity_schemas({});
  if (!identities.ok()) {
    EXPECT_EQ(identities.failure().kind, protocol::FailureKind::NotImplemented) << identities.failure().message;
    EXPECT_TRUE(protocol::is_not_implemented(identities));
  }
  const auto stop = m_client->stop_provider({});
  ASSERT_TRUE(stop.ok()) << stop.failure().message;
  EXPECT_EQ(stop->error, "");
}

TEST_P(ProviderClientTest, ACallToADeadPluginIsClassedCrashed) {
  ::kill(m_session->process()->pid(), SIGKILL);
  ASSERT_TRUE(m_session->process()->wait_for_exit(5s).has_value());
  const auto schema = m_client->get_provider_schema({});
  ASSERT_FALSE(schema.ok());
  EXPECT_EQ(schema.failure().kind, protocol::FailureKind::Crashed) << schema.failure().message;
  EXPECT_NE(schema.failure().message.find("killed by signal 9"), std::string::npos) << schema.failure().message;
}

TEST_P(ProviderClientTest, DeadlineIsTimeout) {
  CallOptions call;
  call.timeout = 0ms;
  const auto client = make_session_provider(*m_session, call);
  const auto schema = client->get_provider_schema({});
  ASSERT_FALSE(schema.ok());
  EXPECT_EQ(schema.failure().kind, protocol::FailureKind::Timeout) << schema.failure().message;
}

INSTANTIATE_TEST_SUITE_P(Providers, ProviderClientTest, ::testing::ValuesIn(kProviders),
                         [](const auto& param_info) { return std::string(param_info.param.name); });

}  // namespace
}  // namespace tfc::runner
