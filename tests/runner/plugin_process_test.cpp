#include "runner/plugin_process.hpp"

#include <gtest/gtest.h>
#include <signal.h>

#include <cerrno>
#include <chrono>
#include <thread>

#include "runner/plugin_env.hpp"
#include "tests/runner/script_plugin.hpp"

namespace tfc::runner {
namespace {

using namespace std::chrono_literals;
using test::ScriptDir;

// A plaintext handshake line naming a socket in the plugin's socket directory.
constexpr const char* kHandshakeEcho = R"(echo "1|6|unix|$PLUGIN_UNIX_SOCKET_DIR/plugin.sock|grpc|")";

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

bool group_gone(pid_t pgid) { return ::kill(-pgid, 0) == -1 && errno == ESRCH; }

LaunchOptions options_for(const std::filesystem::path& exe) {
  LaunchOptions options;
  options.executable = exe;
  options.handshake_timeout = 5s;
  options.shutdown_grace = 500ms;
  return options;
}

class PluginProcessTest : public ::testing::Test {
protected:
  ScriptDir m_dir;
};

TEST_F(PluginProcessTest, GarbageInsteadOfAHandshakeIsQuoted) {
  const auto exe = m_dir.write_script("garbage",
                                      "pwd > \"$TEST_DIR/cwd\"\n"
                                      "echo 'Hello, I am not a plugin'\nsleep 30");
  auto options = options_for(exe);
  options.environment = {{"TEST_DIR", m_dir.path().string()}};
  const auto process = PluginProcess::launch(options);
  ASSERT_FALSE(process);
  const auto& message = process.error().message;
  EXPECT_TRUE(contains(message, exe.string())) << message;
  EXPECT_TRUE(contains(message, "\"Hello, I am not a plugin\"")) << message;
  const std::string cwd = m_dir.read("cwd");
  ASSERT_FALSE(cwd.empty());
  EXPECT_FALSE(std::filesystem::exists(cwd)) << "temporary directory left behind: " << cwd;
}

TEST_F(PluginProcessTest, SilencePastTheDeadlineIsATimeout) {
  // Silent for longer than any test runs: the launch must give up at its deadline and stop the
  // plugin, not wait for it. It never gets to write "finished" when it is stopped.
  const auto exe =
      m_dir.write_script("silent", "echo $$ > \"$TEST_DIR/pid\"\nsleep 3600\ntouch \"$TEST_DIR/finished\"");
  auto options = options_for(exe);
  options.environment = {{"TEST_DIR", m_dir.path().string()}};
  options.handshake_timeout = 300ms;
  const auto process = PluginProcess::launch(options);
  ASSERT_FALSE(process);
  EXPECT_TRUE(contains(process.error().message, "no handshake line within 300 ms")) << process.error().message;
  const pid_t pid = std::stoi(m_dir.read("pid"));
  EXPECT_TRUE(group_gone(pid)) << "the silent plugin (or its sleep) is still running";
  EXPECT_FALSE(std::filesystem::exists(m_dir.path() / "finished")) << "the plugin ran to its end";
}

TEST_F(PluginProcessTest, EarlyExitReportsStatusAndStderrTail) {
  const auto exe =
      m_dir.write_script("exit3", "printf 'partial stdout'\necho 'Error: this binary is a plugin' >&2\nexit 3");
  const auto process = PluginProcess::launch(options_for(exe));
  ASSERT_FALSE(process);
  const auto& message = process.error().message;
  EXPECT_TRUE(contains(message, "exited with status 3 before printing its handshake line")) << message;
  EXPECT_TRUE(contains(message, "Error: this binary is a plugin")) << message;
  EXPECT_TRUE(contains(message, "partial stdout")) << message;
}

TEST_F(PluginProcessTest, DeathBySignalBeforeTheHandshake) {
  const auto exe = m_dir.write_script("segv", "kill -SEGV $$");
  const auto process = PluginProcess::launch(options_for(exe));
  ASSERT_FALSE(process);
  EXPECT_TRUE(contains(process.error().message, "killed by signal 11")) << process.error().message;
}

TEST_F(PluginProcessTest, MissingExecutable) {
  const auto process = PluginProcess::launch(options_for(m_dir.path() / "does-not-exist"));
  ASSERT_FALSE(process);
  EXPECT_TRUE(contains(process.error().message, "cannot start")) << process.error().message;
}

TEST_F(PluginProcessTest, UnofferedProtocolVersionIsRejected) {
  const auto exe = m_dir.write_script("v4", "echo '1|4|unix|/x|grpc|'\nsleep 30");
  const auto process = PluginProcess::launch(options_for(exe));
  ASSERT_FALSE(process);
  EXPECT_TRUE(contains(process.error().message, "field 2")) << process.error().message;
}

TEST_F(PluginProcessTest, EnvironmentWorkingDirectoryAndStdin) {
  const auto exe = m_dir.write_script("env", R"SH(
{
  echo "cookie=$TF_PLUGIN_MAGIC_COOKIE"
  echo "versions=$PLUGIN_PROTOCOL_VERSIONS"
  echo "socketdir=$PLUGIN_UNIX_SOCKET_DIR"
  echo "cert=$(printf '%s\n' "$PLUGIN_CLIENT_CERT" | head -n 1)"
  echo "mux=${PLUGIN_MULTIPLEX_GRPC-unset}"
  echo "user=$MY_SETTING"
  echo "cwd=$(pwd)"
  echo "stdin=$(readlink /proc/self/fd/0)"
  echo "pgid=$(cut -d' ' -f5 /proc/$$/stat)"
} > "$TEST_DIR/env"
)SH" + std::string(kHandshakeEcho) + "\nexec sleep 30");
  ::setenv("PLUGIN_MULTIPLEX_GRPC", "true", 1);
  auto options = options_for(exe);
  options.environment = {{"TEST_DIR", m_dir.path().string()}, {"MY_SETTING", "42"}};
  auto process = PluginProcess::launch(options);
  ::unsetenv("PLUGIN_MULTIPLEX_GRPC");
  ASSERT_TRUE(process) << process.error().message;
  auto& plugin = **process;
  const std::string env = m_dir.read("env");
  EXPECT_TRUE(contains(env, "cookie=d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2"));
  EXPECT_TRUE(contains(env, "versions=6,5"));
  EXPECT_TRUE(contains(env, "socketdir=" + plugin.work_dir().string() + "\n"));
  EXPECT_TRUE(contains(env, "cert=-----BEGIN CERTIFICATE-----"));
  EXPECT_TRUE(contains(env, "mux=unset"));
  EXPECT_TRUE(contains(env, "user=42"));
  EXPECT_TRUE(contains(env, "cwd=" + plugin.work_dir().string() + "\n"));
  EXPECT_TRUE(contains(env, "stdin=/dev/null"));
  EXPECT_TRUE(contains(env, "pgid=" + std::to_string(plugin.pid())));
  ASSERT_TRUE(plugin.client_credentials().has_value());
  EXPECT_EQ(plugin.handshake().app_protocol, 6);
  EXPECT_EQ(plugin.handshake().address, plugin.work_dir().string() + "/plugin.sock");
  const auto dir = plugin.work_dir();
  plugin.shutdown();
  EXPECT_FALSE(std::filesystem::exists(dir));
}

TEST_F(PluginProcessTest, UnderAMemoryLimitTheGoRuntimeIsTold) {
  const auto exe = m_dir.write_script(
      "go", "echo \"gogc=${GOGC-unset} memlimit=${GOMEMLIMIT-unset} procs=${GOMAXPROCS-unset}\" > \"$TEST_DIR/env\"\n" +
                std::string(kHandshakeEcho) + "\nexec sleep 30");
  auto options = options_for(exe);
  options.plaintext = true;
  options.environment = {{"TEST_DIR", m_dir.path().string()}};
  options.memory_limit_bytes = 512ull << 20;
  options.go_procs = 2;
  auto process = PluginProcess::launch(options);
  ASSERT_TRUE(process) << process.error().message;
  EXPECT_EQ(m_dir.read("env"),
            "gogc=" + std::string(kGoGcPercent) + " memlimit=" + std::to_string(384ull << 20) + " procs=2");
  (*process)->shutdown();
}

TEST_F(PluginProcessTest, PlaintextOffersNoCertificate) {
  const auto exe = m_dir.write_script("plain", "echo \"cert=${PLUGIN_CLIENT_CERT-unset}\" > \"$TEST_DIR/env\"\n" +
                                                   std::string(kHandshakeEcho) + "\nexec sleep 30");
  ::setenv("PLUGIN_CLIENT_CERT", "inherited", 1);
  auto options = options_for(exe);
  options.plaintext = true;
  options.environment = {{"TEST_DIR", m_dir.path().string()}};
  auto process = PluginProcess::launch(options);
  ::unsetenv("PLUGIN_CLIENT_CERT");
  ASSERT_TRUE(process) << process.error().message;
  EXPECT_EQ(m_dir.read("env"), "cert=unset");
  EXPECT_FALSE((*process)->client_credentials().has_value());
}

TEST_F(PluginProcessTest, ShutdownKillsTheWholeGroupAndRemovesTheDirectory) {
  // One direct child, one orphaned grandchild (its parent subshell exits at once), and a
  // leader that ignores SIGTERM so that only SIGKILL ends it.
  const auto exe = m_dir.write_script("forker", std::string("trap '' TERM\n") + "sleep 300 &\n(sleep 301 &)\n" +
                                                    kHandshakeEcho + "\nwhile :; do sleep 1; done");
  auto process = PluginProcess::launch(options_for(exe));
  ASSERT_TRUE(process) << process.error().message;
  auto& plugin = **process;
  const pid_t pgid = plugin.pid();
  const auto dir = plugin.work_dir();
  ASSERT_TRUE(std::filesystem::exists(dir));
  EXPECT_EQ(::kill(-pgid, 0), 0);
  EXPECT_FALSE(plugin.exit_status().has_value());

  bool graceful_called = false;
  const ExitStatus status = plugin.shutdown([&] { graceful_called = true; });
  EXPECT_TRUE(graceful_called);
  EXPECT_TRUE(status.signaled);
  EXPECT_EQ(status.signal, SIGKILL);
  EXPECT_FALSE(plugin.exited_before_shutdown());
  EXPECT_TRUE(group_gone(pgid)) << "a process of group " << pgid << " survived";
  EXPECT_FALSE(std::filesystem::exists(dir));
  // Idempotent.
  EXPECT_EQ(plugin.shutdown(), status);
}

TEST_F(PluginProcessTest, DestructorCleansUpWithoutShutdown) {
  const auto exe = m_dir.write_script("child", std::string("sleep 300 &\n") + kHandshakeEcho + "\nexec sleep 300");
  pid_t pgid = 0;
  std::filesystem::path dir;
  {
    auto process = PluginProcess::launch(options_for(exe));
    ASSERT_TRUE(process) << process.error().message;
    pgid = (*process)->pid();
    dir = (*process)->work_dir();
  }
  EXPECT_TRUE(group_gone(pgid));
  EXPECT_FALSE(std::filesystem::exists(dir));
}

TEST_F(PluginProcessTest, CrashAfterTheHandshakeIsDetected) {
  const auto exe =
      m_dir.write_script("crash", std::string(kHandshakeEcho) + "\necho 'panic: boom' >&2\nsleep 0.2\nexit 7");
  auto process = PluginProcess::launch(options_for(exe));
  ASSERT_TRUE(process) << process.error().message;
  auto& plugin = **process;
  const auto status = plugin.wait_for_exit(10s);
  ASSERT_TRUE(status.has_value());
  EXPECT_EQ(status->describe(), "exited with status 7");
  EXPECT_EQ(plugin.shutdown(), *status);
  EXPECT_TRUE(plugin.exited_before_shutdown());
  EXPECT_TRUE(contains(plugin.stderr_tail(), "panic: boom"));
  const auto logs = plugin.logs();
  ASSERT_FALSE(logs.empty());
  EXPECT_EQ(logs.back().level, LogLevel::Panic);
}

TEST_F(PluginProcessTest, OutputAfterTheHandshakeIsDrainedAndLevelled) {
  // 2 MB of stdout would block a plugin whose pipe is not drained.
  const auto exe = m_dir.write_script("chatty", std::string(kHandshakeEcho) + R"(
echo 'first stdout line after the handshake'
echo '{"@level":"warn","@message":"hclog record","@module":"provider"}' >&2
echo '[ERROR] tagged line' >&2
head -c 2000000 /dev/zero | tr '\0' 'x'
echo
echo done > "$TEST_DIR/done"
exec sleep 30)");
  auto options = options_for(exe);
  options.environment = {{"TEST_DIR", m_dir.path().string()}};
  auto process = PluginProcess::launch(options);
  ASSERT_TRUE(process) << process.error().message;
  auto& plugin = **process;
  for (int i = 0; i < 500 && m_dir.read("done").empty(); ++i) std::this_thread::sleep_for(10ms);
  EXPECT_EQ(m_dir.read("done"), "done") << "the plugin blocked writing to stdout";
  plugin.shutdown();
  bool saw_warn = false;
  bool saw_error = false;
  bool saw_stdout = false;
  for (const auto& line : plugin.logs()) {
    saw_warn |= line.level == LogLevel::Warn && line.message == "hclog record";
    saw_error |= line.level == LogLevel::Error && line.message == "tagged line";
    saw_stdout |= line.stream == LogStream::Stdout && line.raw == "first stdout line after the handshake";
  }
  EXPECT_TRUE(saw_warn);
  EXPECT_TRUE(saw_error);
  EXPECT_TRUE(saw_stdout);
  EXPECT_EQ(plugin.dropped_log_lines(), 0u);
  // The long line arrives cut into bounded pieces.
  EXPECT_GE(plugin.logs().size(), 2000000u / (64 * 1024));
}

}  // namespace
}  // namespace tfc::runner
