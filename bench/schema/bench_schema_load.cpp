// Prints how long it takes to load a large provider's schema: parse a synthetic
// `providers schema -json` document (1,500 resource types, 10-40 attributes each, nested
// blocks two levels deep, some nested attributes) into ProviderSchema, compute every implied
// type, and run the sanity checks. Goal: parse + implied types under 1 s. Also prints the
// document size and peak memory (getrusage ru_maxrss).
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <random>
#include <string>

#include <nlohmann/json.hpp>

#include "proto/schema/implied_type.hpp"
#include "proto/schema/schema_checks.hpp"
#include "proto/schema/schema_json.hpp"

namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

constexpr int kResources = 1500;

class Synth {
public:
  explicit Synth(unsigned seed) : m_rng(seed) {}

  int between(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(m_rng); }
  bool chance(int percent) { return between(1, 100) <= percent; }

  std::string description() {
    static const char* kWords[] = {"the",   "identifier", "of",       "resource", "when",    "set",
                                   "value", "must",       "be",       "one",      "network", "configuration",
                                   "for",   "this",       "instance", "region"};
    std::string out;
    const int n = between(6, 30);
    for (int i = 0; i < n; ++i) {
      if (i) out.push_back(' ');
      out += kWords[between(0, 15)];
    }
    return out;
  }

  json type() {
    switch (between(0, 19)) {
      case 0:
      case 1: return json::array({"list", "string"});
      case 2: return json::array({"set", "string"});
      case 3: return json::array({"map", "string"});
      case 4: return json::array({"object", {{"key", "string"}, {"value", "number"}}});
      case 5:
      case 6:
      case 7: return "number";
      case 8:
      case 9:
      case 10: return "bool";
      default: return "string";
    }
  }

  void flags(json& a) {
    switch (between(0, 3)) {
      case 0: a["required"] = true; break;
      case 1: a["optional"] = true; break;
      case 2: a["computed"] = true; break;
      default:
        a["optional"] = true;
        a["computed"] = true;
        break;
    }
    if (chance(5)) a["sensitive"] = true;
  }

  json attribute(bool allow_nested) {
    json a = json::object();
    if (allow_nested && chance(8)) {
      static const char* kModes[] = {"single", "list", "set", "map"};
      json attrs = json::object();
      const int n = between(2, 6);
      for (int i = 0; i < n; ++i) attrs["field_" + std::to_string(i)] = attribute(false);
      a["nested_type"] = {{"nesting_mode", kModes[between(0, 3)]}, {"attributes", std::move(attrs)}};
    } else {
      a["type"] = type();
    }
    if (chance(70)) a["description"] = description();
    a["description_kind"] = chance(20) ? "markdown" : "plain";
    flags(a);
    return a;
  }

  json block(int depth, int min_attrs, int max_attrs) {
    json b = json::object();
    json attrs = json::object();
    const int n = between(min_attrs, max_attrs);
    for (int i = 0; i < n; ++i) attrs[name(i)] = attribute(true);
    b["attributes"] = std::move(attrs);
    if (depth > 0) {
      const int blocks = between(0, depth == 2 ? 4 : 2);
      if (blocks > 0) {
        static const char* kModes[] = {"list", "list", "set", "single", "map"};
        json types = json::object();
        for (int i = 0; i < blocks; ++i) {
          json t = {{"nesting_mode", kModes[between(0, 4)]}, {"block", block(depth - 1, 3, 12)}};
          if (t["nesting_mode"] == "list" && chance(30)) t["max_items"] = 1;
          types["block_" + std::to_string(i)] = std::move(t);
        }
        b["block_types"] = std::move(types);
      }
    }
    b["description_kind"] = "plain";
    return b;
  }

  static std::string name(int i) {
    static const char* kNames[] = {"name", "arn",     "tags", "region",   "zone",
                                   "size", "enabled", "port", "protocol", "policy"};
    return std::string(kNames[i % 10]) + "_" + std::to_string(i);
  }

private:
  std::mt19937 m_rng;
};

// Built one resource at a time so the generator's own memory stays small next to the load.
std::string synthetic_document() {
  Synth synth(20261122);
  std::string out = R"({"format_version":"1.0","provider_schemas":{"registry.example/tfc/big":{"provider":)";
  out += json{{"version", 0}, {"block", synth.block(1, 5, 15)}}.dump();
  out += R"(,"resource_schemas":{)";
  for (int i = 0; i < kResources; ++i) {
    if (i) out.push_back(',');
    out += json("big_resource_" + std::to_string(i)).dump();
    out.push_back(':');
    out += json{{"version", synth.between(0, 3)}, {"block", synth.block(2, 10, 40)}}.dump();
  }
  out += "}}}}";
  return out;
}

long peak_rss_kib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

// Process CPU time, not wall time: the machine is shared, and CPU time is what this code costs.
struct Stamp {
  Clock::time_point wall = Clock::now();
  std::clock_t cpu = std::clock();
};
struct Elapsed {
  double wall_ms;
  double cpu_ms;
};
Elapsed since(const Stamp& start) {
  return {std::chrono::duration<double, std::milli>(Clock::now() - start.wall).count(),
          1000.0 * static_cast<double>(std::clock() - start.cpu) / CLOCKS_PER_SEC};
}

}  // namespace

int main() {
  const std::string text = synthetic_document();
  const long rss_before = peak_rss_kib();
  std::printf("document: %d resource types, %.1f MiB of JSON text\n", kResources, text.size() / (1024.0 * 1024.0));

  Stamp t0;
  json doc = json::parse(text);
  const Elapsed parse = since(t0);
  Stamp t1;
  auto providers = tfc::schema::providers_schema_document_from_json(doc);
  const Elapsed model = since(t1);
  if (!providers) {
    std::fprintf(stderr, "bench_schema_load: %s\n", providers.error().message.c_str());
    return 1;
  }
  doc = json();  // the DOM is no longer needed once the model is built
  const tfc::schema::ProviderSchema& schema = providers->begin()->second;

  std::size_t attributes = 0;
  Stamp t2;
  for (const auto& [name, s] : schema.resource_schemas)
    attributes += tfc::schema::implied_type(s.block).attributes().size();
  const Elapsed implied = since(t2);

  Stamp t3;
  const auto problems = tfc::schema::check_provider_schema(schema);
  const Elapsed checks = since(t3);

  // What an oracle pays per step when it recomputes a resource's implied type every time,
  // against looking it up in an ImpliedTypeCache.
  constexpr int kRepeats = 5;
  Stamp t4;
  for (int r = 0; r < kRepeats; ++r) {
    for (const auto& [name, s] : schema.resource_schemas)
      attributes += tfc::schema::implied_type(s.block).attributes().size();
  }
  const double recompute_us = since(t4).cpu_ms * 1000.0 / (kRepeats * kResources);
  tfc::schema::ImpliedTypeCache cache;
  for (const auto& [name, s] : schema.resource_schemas) attributes += cache.of(s.block).attributes().size();
  constexpr int kLookups = 200;
  Stamp t5;
  for (int r = 0; r < kLookups; ++r) {
    for (const auto& [name, s] : schema.resource_schemas) attributes += cache.of(s.block).attributes().size();
  }
  const double cached_us = since(t5).cpu_ms * 1000.0 / (kLookups * kResources);

  std::printf("%-34s %9s %9s\n", "phase", "cpu ms", "wall ms");
  std::printf("%-34s %9.1f %9.1f\n", "text -> JSON DOM", parse.cpu_ms, parse.wall_ms);
  std::printf("%-34s %9.1f %9.1f\n", "JSON DOM -> ProviderSchema", model.cpu_ms, model.wall_ms);
  std::printf("%-34s %9.1f %9.1f\n", "implied types of all resources", implied.cpu_ms, implied.wall_ms);
  std::printf("%-34s %9.1f %9.1f   (goal < 1000 ms)\n", "load total", parse.cpu_ms + model.cpu_ms + implied.cpu_ms,
              parse.wall_ms + model.wall_ms + implied.wall_ms);
  std::printf("%-34s %9.1f %9.1f   (%zu problems)\n", "sanity checks of all schemas", checks.cpu_ms, checks.wall_ms,
              problems.size());
  std::printf("implied type of one resource: %.2f us recomputed, %.3f us from ImpliedTypeCache\n", recompute_us,
              cached_us);
  std::printf("peak RSS: %.1f MiB after generating the text, %.1f MiB after loading\n", rss_before / 1024.0,
              peak_rss_kib() / 1024.0);
  return attributes == 0 ? 1 : 0;
}
