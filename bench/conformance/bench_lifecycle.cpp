// Prints, per test provider (built by `make providers` into $TFC_BINARY_DIR/providers/ or
// ./providers/, else next to this binary's build tree), the throughput of whole conformance runs
// with --apply: generated lifecycle cases (create with unknowns, apply, no-op plans, read,
// refresh, upgrade, import, update/replace, destroy) per second, RPC calls per case, and the share
// of wall time spent waiting on the provider's RPCs. The goal is ≥ 90 %: the rest is the harness
// (generation, oracle, shrinking, reports).
//
// Usage: bench_lifecycle [CASES]   (default 200, or $TFC_BENCH_CASES)
//
// terraform-provider-random cannot be built here (the Go module proxy only serves versions that
// no longer build), so tfcfault in its honest mode stands in for a small real provider.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "conformance/suite/conformance_run.hpp"
#include "runner/memory_limit.hpp"

namespace {

using namespace tfc;

constexpr std::uint64_t kSeed = 20240601;
constexpr double kGoalShare = 0.90;

struct Subject {
  const char* provider;
  const char* state_env;
  std::vector<std::string> resources;
  std::vector<runner::EnvVar> extra_env;
  const char* note;
};

std::filesystem::path self_dir() {
  std::error_code ec;
  auto p = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::filesystem::path(".") : p.parent_path();
}

std::filesystem::path binary(const std::string& name) {
  const std::string file = "terraform-provider-" + name;
  if (const char* dir = std::getenv("TFC_BINARY_DIR")) return std::filesystem::path(dir) / "providers" / file;
  // ./providers/ (run from the build dir, as `make bench` does not) or <build>/bench/conformance/../../providers.
  if (auto here = std::filesystem::path("providers") / file; std::filesystem::exists(here)) return here;
  return self_dir() / ".." / ".." / "providers" / file;
}

double seconds(std::chrono::nanoseconds ns) { return std::chrono::duration<double>(ns).count(); }

std::size_t cases_from(int argc, char** argv) {
  const char* text = argc > 1 ? argv[1] : std::getenv("TFC_BENCH_CASES");
  if (text == nullptr || *text == '\0') return 200;
  const long n = std::strtol(text, nullptr, 10);
  return n > 0 ? static_cast<std::size_t>(n) : 200;
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t cases = cases_from(argc, argv);
  const Subject subjects[] = {
      {"tfcfault",
       "TFCFAULT_STATE_DIR",
       {"tfcfault_thing"},
       {{"TFCFAULT_MODE", "honest"}},
       "honest mode; stands in for terraform-provider-random, which cannot be built here"},
      {"tfcfixture", "TFCFIXTURE_STATE_DIR", {"tfcfixture_record", "tfcfixture_server"}, {}, ""},
  };

  std::printf(
      "bench_lifecycle: run_conformance --apply, %zu cases per resource type, seed %llu, "
      "no data sources, one provider process\n",
      cases, static_cast<unsigned long long>(kSeed));
  std::printf(
      "note: terraform-provider-random cannot be installed here (the Go module proxy only serves "
      "versions that no longer build); tfcfault (TFCFAULT_MODE=honest) stands in for it\n");
  std::printf("%-11s %-40s %6s %8s %9s %9s %9s %9s %13s\n", "provider", "resources", "cases", "wall s", "cases/s",
              "RPCs", "RPC/case", "in RPC s", "RPC share");
  int status = 0;
  for (const auto& subject : subjects) {
    const auto exe = binary(subject.provider);
    if (!std::filesystem::exists(exe)) {
      std::printf("%-11s not built (make providers)\n", subject.provider);
      continue;
    }
    std::string pattern = (std::filesystem::temp_directory_path() / "tfc-bench-lifecycle-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) return 1;
    const std::filesystem::path state_dir = pattern;

    conformance::RunSettings settings;
    settings.target.executable = exe;
    settings.target.environment = subject.extra_env;
    settings.target.environment.push_back({subject.state_env, state_dir.string()});
    settings.apply = true;
    settings.data_sources = false;
    settings.target.memory_limit_bytes = runner::default_provider_memory();  // the CLI's default
    settings.resource_globs = subject.resources;
    settings.suite.cases = cases;
    settings.suite.run_seed = kSeed;
    auto result = conformance::run_conformance(settings, nullptr);
    std::filesystem::remove_all(state_dir);

    std::string names;
    for (const auto& r : subject.resources) names += (names.empty() ? "" : ",") + r;
    if (!result) {
      std::printf("%-11s %-40s harness error: %s\n", subject.provider, names.c_str(), result.error().message.c_str());
      status = 1;
      continue;
    }
    const auto& st = result->stats;
    std::size_t errors = 0;
    for (const auto& suite : result->report.suites)
      for (const auto& sc : suite.scenarios)
        for (const auto& f : sc.findings) errors += f.severity == report::Severity::error ? 1 : 0;
    const double wall = seconds(st.wall);
    const double in_rpcs = seconds(st.in_rpcs);
    const double share = wall > 0 ? in_rpcs / wall : 0;
    const double n = static_cast<double>(st.cases);
    std::printf("%-11s %-40s %6zu %8.3f %9.1f %9lld %9.1f %9.3f %6.1f%% %s\n", subject.provider, names.c_str(),
                st.cases, wall, wall > 0 ? n / wall : 0, static_cast<long long>(st.rpc_calls),
                n > 0 ? static_cast<double>(st.rpc_calls) / n : 0, in_rpcs, share * 100,
                share >= kGoalShare ? "(goal ≥ 90 %: met)" : "(goal ≥ 90 %: MISSED)");
    if (errors > 0) std::printf("%-11s   %zu error finding(s): the figures include shrinking\n", "", errors);
    if (*subject.note != '\0') std::printf("%-11s   %s\n", "", subject.note);
  }
  return status;
}
