// Real Go providers (built by `make providers` into $TFC_BINARY_DIR/providers/): launched
// exactly as Terraform does, connected with AutoMTLS, pinged, closed.
#include <gtest/gtest.h>
#include <signal.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "runner/plugin_session.hpp"

namespace tfc::runner {
namespace {

using namespace std::chrono_literals;

struct RealProvider {
  const char* name;
  int protocol;
};

// Name of the binary suffix and the protocol it serves (tests/providers/README.md).
const RealProvider kProviders[] = {{"tfcfixture", 6}, {"tfcsdk", 5}, {"time", 5}, {"local", 5}, {"http", 5}};

std::filesystem::path provider_path(const std::string& name) {
  const char* dir = std::getenv("TFC_BINARY_DIR");
  return std::filesystem::path(dir != nullptr ? dir : ".") / "providers" / ("terraform-provider-" + name);
}

bool group_gone(pid_t pgid) { return ::kill(-pgid, 0) == -1 && errno == ESRCH; }

class RealProviderTest : public ::testing::TestWithParam<RealProvider> {
protected:
  void SetUp() override {
    m_exe = provider_path(GetParam().name);
    if (!std::filesystem::exists(m_exe)) {
      GTEST_SKIP() << m_exe << " is not built (run `make providers BUILD=<build dir>`)";
    }
  }
  LaunchOptions options() const {
    LaunchOptions o;
    o.executable = m_exe;
    o.handshake_timeout = 60s;
    return o;
  }
  std::filesystem::path m_exe;
};

void launch_ping_close(const LaunchOptions& options, int protocol) {
  auto session = PluginSession::launch(options);
  ASSERT_TRUE(session) << session.error().message;
  auto& s = **session;
  EXPECT_EQ(s.protocol_version(), protocol);
  EXPECT_EQ(s.handshake().network, Network::Unix);
  EXPECT_EQ(s.handshake().has_server_cert(), !options.plaintext);
  // The socket lives in the plugin's own temporary directory.
  EXPECT_TRUE(s.handshake().address.starts_with(s.process()->work_dir().string() + "/"));
  const auto ping = s.ping(30s);
  ASSERT_TRUE(ping) << ping.error().message << "\nstderr: " << s.process()->stderr_tail();
  EXPECT_FALSE(s.exit_status().has_value()) << "the provider died while connected";

  const pid_t pgid = s.process()->pid();
  const auto dir = s.process()->work_dir();
  const auto status = s.close();
  ASSERT_TRUE(status.has_value());
  // GRPCController.Shutdown makes a go-plugin server exit by itself, well within the grace.
  EXPECT_FALSE(status->signaled && status->signal == SIGKILL) << "needed SIGKILL: " << status->describe();
  EXPECT_FALSE(s.process()->exited_before_shutdown());
  EXPECT_TRUE(group_gone(pgid));
  EXPECT_FALSE(std::filesystem::exists(dir));
}

TEST_P(RealProviderTest, AutoMtlsP256HandshakeAndHealthCheck) { launch_ping_close(options(), GetParam().protocol); }

TEST_P(RealProviderTest, AutoMtlsP521HandshakeAndHealthCheck) {
  auto o = options();
  o.key_curve = KeyCurve::P521;
  launch_ping_close(o, GetParam().protocol);
}

TEST_P(RealProviderTest, Plaintext) {
  auto o = options();
  o.plaintext = true;
  launch_ping_close(o, GetParam().protocol);
}

TEST_P(RealProviderTest, AnUnservedProtocolVersionIsRefused) {
  // go-plugin answers with a version of its own when none matches (old versions fall back to
  // netrpc protocol 4); either way the client must reject the handshake.
  auto o = options();
  o.protocol_versions = {7};
  const auto session = PluginSession::launch(o);
  ASSERT_FALSE(session);
  const auto& message = session.error().message;
  EXPECT_TRUE(message.find("field 2") != std::string::npos || message.find("field 5") != std::string::npos) << message;
}

TEST_P(RealProviderTest, NothingIsLeftInTheSystemTempDirectory) {
  // Old go-plugin ignores PLUGIN_UNIX_SOCKET_DIR; TMPDIR keeps its socket in the work dir,
  // even when the process is killed without GRPCController.Shutdown.
  auto process = PluginProcess::launch(options());
  ASSERT_TRUE(process) << process.error().message;
  const std::string socket = (*process)->handshake().address;
  EXPECT_TRUE(socket.starts_with((*process)->work_dir().string() + "/")) << socket;
  (*process)->shutdown();
  EXPECT_FALSE(std::filesystem::exists(socket));
}

TEST_P(RealProviderTest, WrongMagicCookieIsAClearStartupError) {
  auto o = options();
  o.environment = {{"TF_PLUGIN_MAGIC_COOKIE", "wrong"}};
  const auto session = PluginSession::launch(o);
  ASSERT_FALSE(session);
  const auto& message = session.error().message;
  EXPECT_NE(message.find("exited with status 1 before printing its handshake line"), std::string::npos) << message;
  EXPECT_NE(message.find("This binary is a plugin"), std::string::npos) << message;
}

TEST_P(RealProviderTest, ReattachToARunningProvider) {
  auto o = options();
  o.plaintext = true;
  auto owner = PluginSession::launch(o);
  ASSERT_TRUE(owner) << owner.error().message;
  ReattachTarget target;
  target.provider = std::string("registry.terraform.io/hashicorp/") + GetParam().name;
  target.protocol_version = (*owner)->protocol_version();
  target.pid = (*owner)->process()->pid();
  target.test = true;
  target.address = (*owner)->handshake().address;
  {
    auto attached = PluginSession::attach(target);
    ASSERT_TRUE(attached) << attached.error().message;
    EXPECT_EQ((*attached)->process(), nullptr);
    const auto ping = (*attached)->ping(30s);
    EXPECT_TRUE(ping) << ping.error().message;
    (*attached)->close();
  }
  // A Test target is left running by the attached session.
  EXPECT_FALSE((*owner)->exit_status().has_value());
  EXPECT_TRUE((*owner)->ping(30s));
}

INSTANTIATE_TEST_SUITE_P(Providers, RealProviderTest, ::testing::ValuesIn(kProviders),
                         [](const auto& param_info) { return std::string(param_info.param.name); });

}  // namespace
}  // namespace tfc::runner
