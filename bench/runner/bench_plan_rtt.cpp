// Prints, per real provider (built by `make providers` into $TFC_BINARY_DIR/providers/ or
// ./providers/), with AutoMTLS and with plaintext: the time from launch to the provider schema
// in hand (median of 10 launches), and the median and p99 round trip of a small create
// PlanResourceChange over one configured session (500 calls after 50 warm-up calls).
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "oracle/proposed_new.hpp"
#include "proto/cty/json.hpp"
#include "proto/cty/msgpack.hpp"
#include "proto/protocol/diagnostics.hpp"
#include "proto/schema/implied_type.hpp"
#include "runner/plugin_session.hpp"
#include "runner/session_provider.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using nlohmann::json;
using namespace tfc;

constexpr int kLaunches = 10;
constexpr int kWarmup = 50;
constexpr int kCalls = 500;

struct Subject {
  const char* provider;
  const char* resource;
  json config;
};

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

double quantile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const auto index = static_cast<std::size_t>(q * static_cast<double>(v.size() - 1) + 0.5);
  return v[std::min(index, v.size() - 1)];
}

std::filesystem::path binary(const std::string& name) {
  const char* dir = std::getenv("TFC_BINARY_DIR");
  return std::filesystem::path(dir != nullptr ? dir : ".") / "providers" / ("terraform-provider-" + name);
}

// Every attribute of `block` from `partial` or null; block types empty.
std::string msgpack_of(const schema::Block& block, const json& partial) {
  json full = json::object();
  for (const auto& a : block.attributes) full[a.name] = partial.contains(a.name) ? partial[a.name] : nullptr;
  for (const auto& b : block.block_types) {
    full[b.type_name] = b.nesting == schema::NestingMode::Single ? json(nullptr)
                        : b.nesting == schema::NestingMode::Map  ? json::object()
                                                                 : json::array();
  }
  const auto type = schema::implied_type(block);
  auto value = cty::json_decode(full.dump(), type);
  if (!value) return {};
  auto bytes = cty::msgpack_encode(*value, type);
  return bytes ? *bytes : std::string{};
}

struct Row {
  double launch_ms = -1;
  double median_us = -1;
  double p99_us = -1;
  std::string error;
};

Row measure(const Subject& subject, bool plaintext, const std::filesystem::path& state_dir) {
  Row row;
  runner::LaunchOptions options;
  options.executable = binary(subject.provider);
  options.plaintext = plaintext;
  options.environment = {{"TFCFIXTURE_STATE_DIR", state_dir.string()}, {"TFCSDK_STATE_DIR", state_dir.string()}};

  std::vector<double> launches;
  for (int i = 0; i < kLaunches; ++i) {
    const auto start = Clock::now();
    auto session = runner::PluginSession::launch(options);
    if (!session) {
      row.error = session.error().message;
      return row;
    }
    auto client = runner::make_session_provider(**session);
    const auto schema = client->get_provider_schema({});
    launches.push_back(ms_since(start));
    client.reset();
    (*session)->close();
    if (!schema) {
      row.error = "GetProviderSchema: " + schema.failure().message;
      return row;
    }
  }
  row.launch_ms = quantile(launches, 0.5);

  auto session = runner::PluginSession::launch(options);
  if (!session) {
    row.error = session.error().message;
    return row;
  }
  auto client = runner::make_session_provider(**session);
  const auto schema = client->get_provider_schema({});
  if (!schema) {
    row.error = "GetProviderSchema: " + schema.failure().message;
    return row;
  }
  protocol::ConfigureProviderRequest configure;
  configure.terraform_version = "1.14.0";
  const std::string name = subject.provider;
  configure.config.msgpack =
      msgpack_of(schema->schema.provider.block,
                 name == "tfcfixture" || name == "tfcsdk" ? json{{"state_dir", state_dir.string()}} : json::object());
  const auto configured = client->configure_provider(configure);
  if (!configured || protocol::has_error(configured->diagnostics)) {
    row.error = "ConfigureProvider failed";
    return row;
  }
  const auto& block = schema->schema.resource_schemas.at(subject.resource).block;
  const auto type = schema::implied_type(block);
  protocol::PlanResourceChangeRequest plan;
  plan.type_name = subject.resource;
  plan.config.msgpack = msgpack_of(block, subject.config);
  plan.prior_state.msgpack = *cty::msgpack_encode(cty::Value::null(type), type);
  const auto config = cty::msgpack_decode(plan.config.msgpack, type);
  plan.proposed_new_state.msgpack =
      *cty::msgpack_encode(oracle::proposed_new(block, cty::Value::null(type), *config), type);

  std::vector<double> rtts;
  rtts.reserve(kCalls);
  for (int i = 0; i < kWarmup + kCalls; ++i) {
    const auto start = Clock::now();
    const auto response = client->plan_resource_change(plan);
    const double us = ms_since(start) * 1000.0;
    if (!response || protocol::has_error(response->diagnostics)) {
      row.error = "PlanResourceChange failed";
      return row;
    }
    if (i >= kWarmup) rtts.push_back(us);
  }
  row.median_us = quantile(rtts, 0.5);
  row.p99_us = quantile(rtts, 0.99);
  client.reset();
  (*session)->close();
  return row;
}

}  // namespace

int main() {
  const Subject subjects[] = {
      {"tfcfixture", "tfcfixture_record", {{"name", "alpha"}, {"labels", {"a", "b"}}}},
      {"tfcsdk", "tfcsdk_bucket", {{"name", "bucket-one"}}},
      {"time", "time_static", {{"rfc3339", "2024-01-02T03:04:05Z"}}},
      {"local", "local_file", {{"filename", "/nonexistent/tfc-bench-out.txt"}, {"content", "hello"}}},
  };
  std::string pattern = (std::filesystem::temp_directory_path() / "tfc-bench-plan-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) return 1;
  const std::filesystem::path state_dir = pattern;

  std::printf(
      "bench_plan_rtt: launch→schema median of %d launches; PlanResourceChange (create) "
      "round trip over %d calls after %d warm-up\n",
      kLaunches, kCalls, kWarmup);
  std::printf("%-11s %-18s %-9s %14s %12s %12s\n", "provider", "resource", "transport", "launch→schema", "plan median",
              "plan p99");
  for (const auto& subject : subjects) {
    if (!std::filesystem::exists(binary(subject.provider))) {
      std::printf("%-11s not built (make providers)\n", subject.provider);
      continue;
    }
    for (const bool plaintext : {false, true}) {
      const auto row = measure(subject, plaintext, state_dir);
      const char* transport = plaintext ? "plaintext" : "AutoMTLS";
      if (!row.error.empty()) {
        std::printf("%-11s %-18s %-9s error: %s\n", subject.provider, subject.resource, transport, row.error.c_str());
        continue;
      }
      std::printf("%-11s %-18s %-9s %11.1f ms %9.0f us %9.0f us\n", subject.provider, subject.resource, transport,
                  row.launch_ms, row.median_us, row.p99_us);
    }
  }
  std::filesystem::remove_all(state_dir);
  return 0;
}
