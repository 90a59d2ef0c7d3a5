// Side by side, in one run, on the same provider binary and resource type: the Terraform CLI
// loop that plugin-testing drives, and tfconform.
//
//   lifecycle (terraform-provider-time v0.14.2 time_static, tfcfixture tfcfixture_record):
//     the CLI, one case at a time: apply (create), plan -detailed-exitcode (must be empty),
//     apply (an update), plan -refresh-only, destroy: five commands, each starting the provider;
//     tfconform: run_conformance --apply on that one type, --jobs 1 and --jobs 2.
//   plan-only (terraform-provider-aws 5.100.0, one type that plans with fixed values):
//     the CLI: one `terraform plan` per case; tfconform: its plan-only case, --jobs 1 and 2.
//
// Printed per subject: cases per second of each, their ratio, tfconform's RPCs per case and the
// share of its wall time spent inside provider RPCs (summed over processes: above 100 % means
// processes overlapped), the CPU of tfconform and of the provider processes with the wall that
// CPU needs at least on this machine's cores (where a ratio's ceiling lies), and the issue #16
// target (tfconform --jobs 2 ≥ 100× the CLI loop).
// Terraform runs through a dev_overrides CLI configuration (TF_CLI_CONFIG_FILE) naming the
// directories of the very binaries tfconform launches. terraform on PATH, the providers of
// `make providers` and the AWS binary are required: a missing one fails the bench, by name.
//
// Env: TFC_BENCH_CLI_CASES  CLI cases per subject (default 5)
//      TFC_BENCH_CASES      tfconform cases per subject (default 100)
//      TFC_BENCH_REPEATS    tfconform runs per figure, the median kept (default 3)
//      TFC_AWS_PROVIDER     the AWS binary (default the /opt/tf-plugins path below)
//      TFC_BENCH_PROFILE    set: also each tfconform row's time per RPC method and launch
//      TFC_BENCH_AWS_WHOLE  1: also the whole AWS provider, plan-only, 10 cases per resource type,
//                           --jobs 2 (target under 5 minutes);
//                           TFC_BENCH_AWS_GLOB narrows it (default every resource type)
#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "bench_support.hpp"
#include "conformance/suite/conformance_run.hpp"
#include "runner/memory_limit.hpp"
#include "time_breakdown.hpp"

namespace {

using namespace tfc;
using namespace tfc::bench;
using nlohmann::json;

constexpr const char* kAwsDefault =
    "/opt/tf-plugins/registry.terraform.io/hashicorp/aws/5.100.0/linux_amd64/terraform-provider-aws_v5.100.0_x5";
constexpr std::uint64_t kSeed = 20250616;
constexpr double kTargetRatio = 100.0;
constexpr double kWholeAwsTargetSeconds = 300.0;  // issue #29

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "bench_vs_terraform: FAILED: %s\n", what.c_str());
  std::exit(2);
}

std::size_t env_count(const char* name, std::size_t fallback) {
  const char* text = std::getenv(name);
  if (text == nullptr || *text == '\0') return fallback;
  const long n = std::strtol(text, nullptr, 10);
  return n > 0 ? static_cast<std::size_t>(n) : fallback;
}

struct Subject {
  std::string label;      // "time v0.14.2"
  fs::path binary;        // what both sides launch
  std::string tf_source;  // "hashicorp/time"
  std::string type;       // the resource type
  bool lifecycle = true;  // else plan-only
  json provider_config = json::object();
  std::vector<runner::EnvVar> env;  // the provider's environment, both sides
  /// The resource's body for case `index`, version `step` (0 at create, 1 for the update).
  json (*body)(std::size_t index, int step) = nullptr;
};

// --- The Terraform CLI side ---------------------------------------------------------------

class CliLoop {
public:
  CliLoop(const Subject& subject, std::string terraform) : m_subject(subject), m_terraform(std::move(terraform)) {
    m_dir = make_temp_dir("tfc-bench-cli");
    if (m_dir.empty()) fail("cannot make a temporary directory");
    std::ofstream(m_dir / "cli.tfrc") << "provider_installation {\n  dev_overrides {\n    \"" << subject.tf_source
                                      << "\" = \"" << subject.binary.parent_path().string()
                                      << "\"\n  }\n  direct {}\n}\n";
    m_env = {"TF_CLI_CONFIG_FILE=" + (m_dir / "cli.tfrc").string(), "CHECKPOINT_DISABLE=1", "TF_IN_AUTOMATION=1",
             "TF_INPUT=0"};
    for (const auto& e : subject.env) m_env.push_back(e.name + "=" + e.value);
  }
  ~CliLoop() { fs::remove_all(m_dir); }
  CliLoop(const CliLoop&) = delete;
  CliLoop& operator=(const CliLoop&) = delete;

  /// Plays `cases` cases; the wall time of all of them in ms, and each command's median.
  double play(std::size_t cases) {
    const auto start = Clock::now();
    for (std::size_t i = 0; i < cases; ++i) {
      if (m_subject.lifecycle) {
        write_config(i, 0);
        command("apply (create)", {"apply", "-auto-approve"}, {0});
        command("plan (must be empty)", {"plan", "-detailed-exitcode"}, {0});
        write_config(i, 1);
        command("apply (update)", {"apply", "-auto-approve"}, {0});
        command("plan -refresh-only", {"plan", "-refresh-only", "-detailed-exitcode"}, {0, 2});
        command("destroy", {"destroy", "-auto-approve"}, {0});
      } else {
        write_config(i, 0);
        command("plan", {"plan", "-detailed-exitcode"}, {2});
      }
    }
    return ms_since(start);
  }

  std::string command_medians() const {
    std::string out;
    for (const auto& [name, times] : m_times) {
      char buf[128];
      std::snprintf(buf, sizeof buf, "%s%s %.0f ms", out.empty() ? "" : ", ", name.c_str(), median(times));
      out += buf;
    }
    return out;
  }
  std::size_t commands_per_case() const { return m_subject.lifecycle ? 5 : 1; }

private:
  void write_config(std::size_t index, int step) {
    const auto name = m_subject.tf_source.substr(m_subject.tf_source.find('/') + 1);
    json doc = {{"terraform", {{"required_providers", {{name, {{"source", m_subject.tf_source}}}}}}},
                {"resource", {{m_subject.type, {{"bench", m_subject.body(index, step)}}}}}};
    if (!m_subject.provider_config.empty()) doc["provider"] = {{name, m_subject.provider_config}};
    std::ofstream(m_dir / "main.tf.json") << doc.dump(2);
  }

  void command(const std::string& what, std::vector<std::string> args, const std::vector<int>& accepted) {
    args.insert(args.begin(), m_terraform);
    args.insert(args.end(), {"-input=false", "-no-color"});
    const fs::path log = m_dir / "command.log";
    fs::remove(log);
    const auto r = run_child(args, m_dir, m_env, log);
    if (std::find(accepted.begin(), accepted.end(), r.exit_code) == accepted.end())
      fail(m_subject.label + ": terraform " + what + " exited " + std::to_string(r.exit_code) + ":\n" + tail_of(log));
    auto it = std::find_if(m_times.begin(), m_times.end(), [&](const auto& p) { return p.first == what; });
    if (it == m_times.end()) it = m_times.insert(m_times.end(), {what, {}});
    it->second.push_back(r.ms);
  }

  const Subject& m_subject;
  std::string m_terraform;
  fs::path m_dir;
  std::vector<std::string> m_env;
  std::vector<std::pair<std::string, std::vector<double>>> m_times;
};

// --- The tfconform side -------------------------------------------------------------------

struct TfcFigures {
  conformance::RunStats stats;
  std::size_t error_findings = 0;
  std::size_t types = 0;
  double own_cpu = 0;       // seconds of CPU of this process (tfconform's side) during the run
  double provider_cpu = 0;  // and of the provider processes it waited for
};

/// User plus system CPU seconds of `who` (RUSAGE_SELF or RUSAGE_CHILDREN) so far.
double cpu_seconds(int who) {
  rusage u{};
  getrusage(who, &u);
  auto secs = [](const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6; };
  return secs(u.ru_utime) + secs(u.ru_stime);
}

TfcFigures run_tfconform(const Subject& subject, std::vector<std::string> globs, std::size_t cases, std::size_t jobs) {
  const fs::path state = make_temp_dir("tfc-bench-state");
  conformance::RunSettings settings;
  settings.target.executable = subject.binary;
  settings.target.environment = subject.env;
  for (auto& e : settings.target.environment)
    if (e.value == "@STATE@") e.value = state.string();
  settings.target.start.provider_config = subject.provider_config;
  settings.apply = subject.lifecycle;
  settings.data_sources = false;
  settings.resource_globs = std::move(globs);
  settings.jobs = jobs;
  settings.provider_log = conformance::ProviderLog::failures;              // the CLI's default, what users get
  settings.target.memory_limit_bytes = runner::default_provider_memory();  // the CLI's default too
  settings.suite.cases = cases;
  settings.suite.run_seed = kSeed;
  const double own_before = cpu_seconds(RUSAGE_SELF);
  const double children_before = cpu_seconds(RUSAGE_CHILDREN);
  auto result = conformance::run_conformance(settings, nullptr);
  TfcFigures f;
  f.own_cpu = cpu_seconds(RUSAGE_SELF) - own_before;
  f.provider_cpu = cpu_seconds(RUSAGE_CHILDREN) - children_before;
  fs::remove_all(state);
  if (!result) fail(subject.label + ": tfconform: " + result.error().message);
  f.stats = result->stats;
  for (const auto& suite : result->report.suites) {
    f.types += suite.kind == report::SuiteKind::provider ? 0 : 1;
    for (const auto& sc : suite.scenarios)
      for (const auto& finding : sc.findings) f.error_findings += finding.severity == report::Severity::error ? 1 : 0;
  }
  if (f.stats.cases == 0) fail(subject.label + ": tfconform played no case of " + subject.type);
  return f;
}

double seconds(std::chrono::nanoseconds ns) { return std::chrono::duration<double>(ns).count(); }

void print_tfconform_row(std::size_t jobs, const TfcFigures& f, double cli_rate) {
  const double wall = seconds(f.stats.wall);
  const double n = static_cast<double>(f.stats.cases);
  const double rate = wall > 0 ? n / wall : 0;
  char ratio[32] = "";
  if (cli_rate > 0) std::snprintf(ratio, sizeof ratio, "%7.1f× the CLI", rate / cli_rate);
  std::printf(
      "  tfconform --jobs %zu %5zu cases %8.2f s %9.2f cases/s  %s   %5.1f RPCs/case, %5.1f %% of wall in "
      "provider RPCs\n",
      jobs, f.stats.cases, wall, rate, ratio, n > 0 ? static_cast<double>(f.stats.rpc_calls) / n : 0,
      wall > 0 ? 100 * seconds(f.stats.in_rpcs) / wall : 0);
  if (f.stats.lent_cases > 0)
    std::printf("                      %zu of the cases played on the second process (learning rounds)\n",
                f.stats.lent_cases);
  if (f.error_findings > 0)
    std::printf("                      %zu error finding(s): the figures include shrinking them\n", f.error_findings);
  // The floor CPU sets: no schedule makes the wall shorter than the CPU spread over every core.
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  std::printf(
      "                      CPU %.2f s tfconform + %.2f s providers: at least %.2f s of wall on %u cores "
      "(%.0f %% of them busy)\n",
      f.own_cpu, f.provider_cpu, (f.own_cpu + f.provider_cpu) / cores, cores,
      wall > 0 ? 100 * (f.own_cpu + f.provider_cpu) / (wall * cores) : 0);
  if (std::getenv("TFC_BENCH_PROFILE") != nullptr) print_time_breakdown(f.stats, "                      ");
}

json time_static_body(std::size_t index, int step) {
  return {{"triggers", {{"case", std::to_string(index) + (step == 0 ? "-a" : "-b")}}}};
}

json record_body(std::size_t index, int step) {
  json labels = json::array({"a"});
  if (step == 1) labels.push_back("b");
  return {{"name", "bench-" + std::to_string(index)}, {"labels", labels}};
}

json application_body(std::size_t index, int) {
  return {{"name", "bench-" + std::to_string(index)}, {"description", "case " + std::to_string(index)}};
}

/// The "Terraform vX.Y.Z" line of `terraform version`.
std::string terraform_version(const std::string& terraform) {
  const fs::path dir = make_temp_dir("tfc-bench-version");
  std::ofstream(dir / "empty.tfrc") << "";
  run_child({terraform, "version"}, dir,
            {"CHECKPOINT_DISABLE=1", "TF_CLI_CONFIG_FILE=" + (dir / "empty.tfrc").string()}, dir / "out");
  std::ifstream in(dir / "out");
  std::string found = "Terraform (version unknown)";
  for (std::string line; std::getline(in, line);)
    if (line.rfind("Terraform v", 0) == 0) {
      found = line;
      break;
    }
  fs::remove_all(dir);
  return found;
}

/// run_tfconform `repeats` times; the run of median wall time (a shared machine is noisy).
TfcFigures median_run(const Subject& subject, const std::vector<std::string>& globs, std::size_t cases,
                      std::size_t jobs, std::size_t repeats) {
  std::vector<TfcFigures> runs;
  for (std::size_t i = 0; i < repeats; ++i) runs.push_back(run_tfconform(subject, globs, cases, jobs));
  std::sort(runs.begin(), runs.end(),
            [](const TfcFigures& a, const TfcFigures& b) { return a.stats.wall < b.stats.wall; });
  return runs[runs.size() / 2];
}

}  // namespace

int main() {
  const std::size_t cli_cases = env_count("TFC_BENCH_CLI_CASES", 5);
  const std::size_t tfc_cases = env_count("TFC_BENCH_CASES", 100);
  const std::size_t repeats = env_count("TFC_BENCH_REPEATS", 3);
  const std::string terraform = find_on_path("terraform");
  if (terraform.empty()) fail("terraform is not on PATH (Terraform 1.11.4 is the reference CLI)");
  const fs::path providers = build_dir() / "providers";
  const char* aws_env = std::getenv("TFC_AWS_PROVIDER");
  const fs::path aws = aws_env != nullptr ? aws_env : kAwsDefault;

  std::vector<Subject> subjects;
  subjects.push_back({"time v0.14.2",
                      providers / "terraform-provider-time",
                      "hashicorp/time",
                      "time_static",
                      true,
                      json::object(),
                      {},
                      time_static_body});
  // The fixture keeps its objects in a fresh directory of each run; "@STATE@" stands for it.
  subjects.push_back({"tfcfixture",
                      providers / "terraform-provider-tfcfixture",
                      "tfc/tfcfixture",
                      "tfcfixture_record",
                      true,
                      json::object(),
                      {{"TFCFIXTURE_STATE_DIR", "@STATE@"}},
                      record_body});
  subjects.push_back({"aws 5.100.0",
                      aws,
                      "hashicorp/aws",
                      "aws_servicecatalogappregistry_application",
                      false,
                      aws_provider_config(),
                      {},
                      application_body});
  for (const auto& s : subjects)
    if (!fs::exists(s.binary))
      fail(s.label + ": " + s.binary.string() + " is missing" +
           (s.tf_source == "hashicorp/aws" ? "" : " (make providers)"));

  std::printf(
      "bench_vs_terraform: %s (dev_overrides) against tfconform, same binaries and types; CLI %zu cases, "
      "tfconform %zu cases (the run of median wall of %zu), seed %llu\n",
      terraform_version(terraform).c_str(), cli_cases, tfc_cases, repeats, static_cast<unsigned long long>(kSeed));
  for (auto& subject : subjects) {
    std::printf("\n%s, %s, %s\n", subject.label.c_str(), subject.type.c_str(),
                subject.lifecycle ? "lifecycle: create, empty plan, update, refresh-only plan, destroy"
                                  : "plan-only: one plan of a new object per case");
    const fs::path cli_state = make_temp_dir("tfc-bench-cli-state");
    std::vector<runner::EnvVar> cli_env = subject.env;
    for (auto& e : cli_env)
      if (e.value == "@STATE@") e.value = cli_state.string();
    Subject cli_subject = subject;
    cli_subject.env = cli_env;
    double cli_ms = 0;
    std::string medians;
    std::size_t commands = 0;
    {
      CliLoop loop(cli_subject, terraform);
      cli_ms = loop.play(cli_cases);
      medians = loop.command_medians();
      commands = loop.commands_per_case();
    }
    fs::remove_all(cli_state);
    const double cli_rate = cli_ms > 0 ? static_cast<double>(cli_cases) * 1000.0 / cli_ms : 0;
    std::printf(
        "  terraform CLI    %5zu cases %8.2f s %9.2f cases/s  (%zu command%s a case, %.2f s a case; medians: %s)\n",
        cli_cases, cli_ms / 1000, cli_rate, commands, commands == 1 ? "" : "s",
        cli_ms / 1000 / static_cast<double>(cli_cases), medians.c_str());
    double ratio_two = 0;
    for (const std::size_t jobs : {std::size_t{1}, std::size_t{2}}) {
      const auto f = median_run(subject, {subject.type}, tfc_cases, jobs, repeats);
      print_tfconform_row(jobs, f, cli_rate);
      const double wall = seconds(f.stats.wall);
      if (jobs == 2 && wall > 0) ratio_two = static_cast<double>(f.stats.cases) / wall / cli_rate;
    }
    if (subject.lifecycle) {
      const bool met = ratio_two >= kTargetRatio;
      std::printf("  target: tfconform --jobs 2 ≥ %.0f× the CLI loop run one case at a time: %s (%.1f×)\n",
                  kTargetRatio, met ? "met" : "MISSED", ratio_two);
    }
  }

  if (const char* whole = std::getenv("TFC_BENCH_AWS_WHOLE"); whole != nullptr && std::string(whole) == "1") {
    const char* glob = std::getenv("TFC_BENCH_AWS_GLOB");
    const Subject& aws_subject = subjects.back();
    std::printf("\naws 5.100.0, whole provider (%s), plan-only, 10 cases per resource type, --jobs 2\n",
                glob != nullptr ? glob : "every resource type");
    const auto f = run_tfconform(aws_subject, {glob != nullptr ? glob : "*"}, 10, 2);
    const double wall = seconds(f.stats.wall);
    print_tfconform_row(2, f, 0);
    std::printf("  %zu resource types in %.1f s (%.2f s a type); target for the whole provider: under %.0f s: %s\n",
                f.types, wall, f.types > 0 ? wall / static_cast<double>(f.types) : 0, kWholeAwsTargetSeconds,
                glob != nullptr                 ? "not measured (a subset)"
                : wall < kWholeAwsTargetSeconds ? "met"
                                                : "MISSED");
  }
  return 0;
}
