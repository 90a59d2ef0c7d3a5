// Prints timings of the runner's pieces: the handshake parser, AutoMTLS certificate
// generation, launching a script plugin, and (when `make providers` has run) launching,
// pinging, fetching the schema of and closing each real provider. Medians over repeats.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include <unistd.h>

#include "runner/auto_mtls.hpp"
#include "runner/handshake.hpp"
#include "runner/plugin_process.hpp"
#include "runner/plugin_session.hpp"
#ifdef TFC_BENCH_PROVIDER_CLIENT
#include "runner/session_provider.hpp"
#endif

namespace {

using Clock = std::chrono::steady_clock;
using namespace tfc::runner;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

void bench_parse() {
  const std::string line = "1|6|unix|/tmp/tfconform-abcdef/plugin1234567890|grpc|" + std::string(700, 'Q') + "\n";
  constexpr int kIterations = 200000;
  std::size_t sink = 0;
  const auto start = Clock::now();
  for (int i = 0; i < kIterations; ++i) {
    const auto hs = parse_handshake_line(line);
    sink += hs ? hs->address.size() : 0;
  }
  const double ns = ms_since(start) * 1e6 / kIterations;
  std::printf("handshake parse (700-char cert field): %.0f ns/line  [%zu]\n", ns, sink % 7);
}

void bench_certs() {
  for (const auto& [curve, name] : {std::pair{KeyCurve::P256, "P-256"}, std::pair{KeyCurve::P521, "P-521"}}) {
    std::vector<double> times;
    for (int i = 0; i < 30; ++i) {
      const auto start = Clock::now();
      const auto creds = generate_client_credentials(curve);
      times.push_back(ms_since(start));
      if (!creds) std::printf("  error: %s\n", creds.error().message.c_str());
    }
    std::printf("client certificate + key (%s): median %.2f ms\n", name, median(times));
  }
}

void bench_script_launch() {
  char pattern[] = "/tmp/tfc-bench-XXXXXX";
  if (::mkdtemp(pattern) == nullptr) return;
  const std::filesystem::path dir = pattern;
  const auto script = dir / "plugin";
  {
    std::ofstream out(script);
    out << "#!/bin/sh\necho \"1|6|unix|$PLUGIN_UNIX_SOCKET_DIR/s|grpc|\"\nexec sleep 30\n";
  }
  std::filesystem::permissions(script, std::filesystem::perms::owner_all);
  std::vector<double> launch;
  std::vector<double> close;
  for (int i = 0; i < 20; ++i) {
    LaunchOptions options;
    options.executable = script;
    options.plaintext = true;
    auto start = Clock::now();
    auto process = PluginProcess::launch(options);
    launch.push_back(ms_since(start));
    if (!process) break;
    start = Clock::now();
    (*process)->shutdown();  // SIGTERM path: sleep dies at once
    close.push_back(ms_since(start));
  }
  std::printf("shell-script plugin: launch to handshake median %.2f ms, shutdown median %.2f ms\n", median(launch),
              median(close));
  std::filesystem::remove_all(dir);
}

std::filesystem::path binary_dir() {
  if (const char* dir = std::getenv("TFC_BINARY_DIR")) return dir;
  // <build>/bench/runner/bench_runner
  return std::filesystem::read_symlink("/proc/self/exe").parent_path().parent_path().parent_path();
}

void bench_providers() {
  const auto dir = binary_dir() / "providers";
  if (!std::filesystem::exists(dir)) {
    std::printf("real providers: none in %s (run `make providers`)\n", dir.c_str());
    return;
  }
  std::vector<std::filesystem::path> binaries;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.is_regular_file() && entry.path().filename().string().starts_with("terraform-provider-")) {
      binaries.push_back(entry.path());
    }
  }
  std::sort(binaries.begin(), binaries.end());
  for (const auto& exe : binaries) {
    std::vector<double> launch, ping, schema, close;
    std::size_t schema_resources = 0;
    int version = 0;
    for (int i = 0; i < 5; ++i) {
      LaunchOptions options;
      options.executable = exe;
      auto start = Clock::now();
      auto session = PluginSession::launch(options);
      launch.push_back(ms_since(start));
      if (!session) {
        std::printf("  %s: %s\n", exe.filename().c_str(), session.error().message.c_str());
        break;
      }
      version = (*session)->protocol_version();
      start = Clock::now();
      const auto pinged = (*session)->ping();
      ping.push_back(ms_since(start));
#ifdef TFC_BENCH_PROVIDER_CLIENT
      const auto client = make_session_provider(**session);
      start = Clock::now();
      const auto got = client->get_provider_schema({});
      schema.push_back(ms_since(start));
      if (got.ok()) schema_resources = got->schema.resource_schemas.size() + got->schema.data_source_schemas.size();
#endif
      start = Clock::now();
      (*session)->close();
      close.push_back(ms_since(start));
      if (!pinged) break;
    }
    std::printf(
        "%s (v%d): launch+mTLS handshake line %.1f ms, first ping (connect+TLS) %.1f ms, "
        "GetProviderSchema %.1f ms (%zu schemas), close %.1f ms  [median of %zu]\n",
        exe.filename().c_str(), version, median(launch), median(ping), median(schema), schema_resources, median(close),
        launch.size());
  }
}

}  // namespace

int main() {
  std::printf("== bench_runner\n");
  bench_parse();
  bench_certs();
  bench_script_launch();
  bench_providers();
  return 0;
}
