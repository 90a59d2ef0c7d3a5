#include "runner/plugin_env.hpp"

#include <gtest/gtest.h>

#include <algorithm>

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

TEST(PluginEnvTest, QuietLogNamesCoverTheSdksAndTheProvidersOwnLogger) {
  const auto names = quiet_log_names("google-beta");
  for (const char* name : {"TF_LOG_SDK", "TF_LOG_SDK_PROTO", "TF_LOG_SDK_FRAMEWORK", "TF_LOG_SDK_HELPER_SCHEMA",
                           "TF_LOG_SDK_MUX", "TF_LOG_PROVIDER_GOOGLE_BETA"})
    EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
  // SDKv2's helper/logging reads TF_LOG=OFF as an invalid level and logs at TRACE.
  EXPECT_EQ(std::find(names.begin(), names.end(), "TF_LOG"), names.end());
}

TEST(PluginEnvTest, QuietLogEnvironmentSetsOffAndLeavesWhatTheUserSet) {
  const char* parent[] = {"PATH=/bin", "TF_LOG_SDK=debug", "TF_LOG_SDK_PROTOX=1", nullptr};
  const EnvVar user[] = {{"TF_LOG_PROVIDER_TIME", "trace"}};
  const auto quiet = quiet_log_environment(parent, "time", user);
  std::vector<std::string> set;
  for (const auto& v : quiet) {
    EXPECT_EQ(v.value, "OFF") << v.name;
    set.push_back(v.name);
  }
  const std::vector<std::string> want = {"TF_LOG_SDK_PROTO", "TF_LOG_SDK_FRAMEWORK", "TF_LOG_SDK_HELPER_SCHEMA",
                                         "TF_LOG_SDK_HELPER_RESOURCE", "TF_LOG_SDK_MUX"};
  EXPECT_EQ(set, want);  // neither TF_LOG_SDK (environment) nor TF_LOG_PROVIDER_TIME (--env)
}

TEST(PluginEnvTest, QuietVariablesBeforeTheUsersEnvLoseToIt) {
  const char* parent[] = {"TF_LOG_SDK_MUX=info", nullptr};
  const EnvVar user[] = {{"TF_LOG_SDK_PROTO", "trace"}};
  auto vars = quiet_log_environment(nullptr, "x", {});  // as if the user set nothing...
  vars.insert(vars.end(), std::begin(user), std::end(user));
  const auto env = build_environment(parent, vars);
  EXPECT_NE(std::find(env.begin(), env.end(), "TF_LOG_SDK_PROTO=trace"), env.end());
  EXPECT_EQ(std::find(env.begin(), env.end(), "TF_LOG_SDK_PROTO=OFF"), env.end());
  EXPECT_NE(std::find(env.begin(), env.end(), "TF_LOG_PROVIDER_X=OFF"), env.end());
}

std::vector<std::string> launched_with(const char* const* parent, std::uint64_t limit, std::span<const EnvVar> user,
                                       unsigned procs = 0) {
  auto vars = go_runtime_environment(parent, {limit, procs}, user);
  vars.insert(vars.end(), user.begin(), user.end());
  return build_environment(parent, vars);
}

bool has(const std::vector<std::string>& env, const std::string& entry) {
  return std::find(env.begin(), env.end(), entry) != env.end();
}

TEST(PluginEnvTest, UnderAMemoryLimitAGoProviderCollectsLessOftenAndHarderNearTheLimit) {
  const auto env = launched_with(nullptr, 2048, {});
  EXPECT_TRUE(has(env, "GOMEMLIMIT=1536")) << ::testing::PrintToString(env);
  EXPECT_TRUE(has(env, "GOGC=" + std::string(kGoGcPercent))) << ::testing::PrintToString(env);
}

TEST(PluginEnvTest, WithoutAMemoryLimitTheGoRuntimeIsLeftAlone) {
  EXPECT_TRUE(go_runtime_environment(nullptr, {}, {}).empty());
  const char* parent[] = {"GOGC=50", nullptr};
  EXPECT_EQ(launched_with(parent, 0, {}), std::vector<std::string>{"GOGC=50"});
}

TEST(PluginEnvTest, TheUsersGoGcWinsWhereverItIsSet) {
  const char* parent[] = {"GOGC=50", "GOMEMLIMIT=1", nullptr};
  auto env = launched_with(parent, 2048, {});
  EXPECT_TRUE(has(env, "GOGC=50")) << ::testing::PrintToString(env);  // tfconform's environment
  EXPECT_TRUE(has(env, "GOMEMLIMIT=1536")) << "the limit is tfconform's: " << ::testing::PrintToString(env);
  const EnvVar user[] = {{"GOGC", "off"}, {"GOMEMLIMIT", "100MiB"}};
  env = launched_with(nullptr, 2048, user);
  EXPECT_TRUE(has(env, "GOGC=off")) << ::testing::PrintToString(env);  // --env
  EXPECT_TRUE(has(env, "GOMEMLIMIT=100MiB")) << ::testing::PrintToString(env);
  EXPECT_FALSE(has(env, "GOGC=" + std::string(kGoGcPercent))) << ::testing::PrintToString(env);
}

TEST(PluginEnvTest, ProvidersPlayingAtOnceShareTheCores) {
  EXPECT_EQ(go_procs_for(1, 8), 0u) << "one process: the Go runtime's own choice";
  EXPECT_EQ(go_procs_for(2, 8), 4u);
  EXPECT_EQ(go_procs_for(3, 8), 2u);
  EXPECT_EQ(go_procs_for(2, 2), 1u);
  EXPECT_EQ(go_procs_for(16, 2), 1u) << "never below one";
  EXPECT_GE(usable_cores(), 1u);
}

TEST(PluginEnvTest, GoMaxProcsIsTheSharesUnlessTheUserSetIt) {
  auto env = launched_with(nullptr, 0, {}, 3);
  EXPECT_TRUE(has(env, "GOMAXPROCS=3")) << ::testing::PrintToString(env);
  const char* parent[] = {"GOMAXPROCS=7", nullptr};
  env = launched_with(parent, 0, {}, 3);
  EXPECT_EQ(env, std::vector<std::string>{"GOMAXPROCS=7"});
  const EnvVar user[] = {{"GOMAXPROCS", "5"}};
  env = launched_with(nullptr, 0, user, 3);
  EXPECT_EQ(env, std::vector<std::string>{"GOMAXPROCS=5"});
  EXPECT_TRUE(go_runtime_environment(nullptr, {0, 0}, {}).empty()) << "0: the runtime's own choice";
}

}  // namespace
}  // namespace tfc::runner
