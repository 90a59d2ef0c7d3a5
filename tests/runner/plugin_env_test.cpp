#include "runner/plugin_env.hpp"

#include <gtest/gtest.h>

namespace tfc::runner {
namespace {

TEST(PluginEnvTest, OverridesReplaceAndUnsetRemove) {
  const char* parent[] = {
      "PATH=/bin", "PLUGIN_CLIENT_CERT=stale", "TF_LOG=info", "PLUGIN_MULTIPLEX_GRPC=true", "NOEQUALS", nullptr};
  const EnvVar overrides[] = {{"TF_PLUGIN_MAGIC_COOKIE", "c"}, {"TF_LOG", "trace"}, {"X", "1"}, {"X", "2"}};
  const std::string_view unset[] = {"PLUGIN_MULTIPLEX_GRPC", "PLUGIN_CLIENT_CERT"};
  const auto env = build_environment(parent, overrides, unset);
  const std::vector<std::string> want = {"PATH=/bin", "TF_PLUGIN_MAGIC_COOKIE=c", "TF_LOG=trace", "X=2"};
  EXPECT_EQ(env, want);
}

TEST(PluginEnvTest, NullParent) {
  const EnvVar overrides[] = {{"A", "b=c"}};
  EXPECT_EQ(build_environment(nullptr, overrides), std::vector<std::string>{"A=b=c"});
}

TEST(PluginEnvTest, ProtocolVersions) {
  const int both[] = {6, 5};
  EXPECT_EQ(protocol_versions_value(both), "6,5");
  const int one[] = {5};
  EXPECT_EQ(protocol_versions_value(one), "5");
}

}  // namespace
}  // namespace tfc::runner
