// `tfconform run`: generated lifecycle scenarios against a provider, judged by the oracle, with
// reports. Exit 0: no error finding; 1: at least one; 2: harness or usage error.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>

#include "conformance/cli/cli_target.hpp"
#include "conformance/cli/command.hpp"
#include "conformance/cli/run_world.hpp"
#include "conformance/core/client_capabilities.hpp"
#include "conformance/suite/conformance_run.hpp"
#include "conformance/suite/replay_command.hpp"
#include "conformance/suite/run_finish.hpp"
#include "reports/console_progress.hpp"
#include "reports/multi_reporter.hpp"
#include "runner/memory_limit.hpp"
#include "runner/reattach.hpp"
#include "runner/run_stop.hpp"

namespace tfc::cli {
namespace {

struct RunArgs {
  std::string provider;
  std::vector<std::string> provider_args;
  std::string upgrade_from;
  std::vector<std::string> reattach;
  std::string address;
  std::vector<std::string> env;
  bool plaintext = false;
  std::string provider_config;
  bool apply = false;
  std::vector<std::string> resources;
  bool no_data_sources = false;
  std::size_t cases = 25;
  std::string seed;
  std::string shard = "1/1";
  std::size_t jobs = 1;
  bool jobs_given = false;  // without --jobs: one per running provider when attached
  double timeout_seconds = 30;
  std::string provider_memory;
  std::string provider_log = "failures";
  double time_budget_seconds = 0;
  std::string require_coverage;
  std::string hints;
  std::string examples;
  std::string write_hints;
  bool strict = false;
  std::size_t max_shrinks = 400;
  int shrink_seconds = 60;
  std::string replay;
  std::string values = "realistic";
  std::vector<std::string> reports;
  std::string junit, html, json, summary, sarif;
  std::string sarif_location = std::string(report::kDefaultSarifLocation);
  std::string junit_flavour = "ant";
  bool quiet = false;
  std::string profile;  // empty: from --core, else both
  std::string core;     // empty: the newest Terraform (conformance::default_core())
  std::string baseline, write_baseline, repro_dir, log_dir;
  std::vector<std::string> confirm_with;
  bool no_world = false;
};

/// Which provider source a reproduction names: the run's address when it is a full one
/// (host/namespace/type), else a made-up one on the public registry's host (dev_overrides
/// never contacts it).
/// The user's --address when it is a full source address; else empty: each reproduction makes
/// one up for the local name its type implies (repro_provider.hpp).
std::string repro_source(const std::string& address) {
  if (std::count(address.begin(), address.end(), '/') == 2) return address;
  return {};
}

/// Forwards progress but holds back the closing table: the run is not judged yet then.
class HeldProgress final : public report::ProgressListener {
public:
  explicit HeldProgress(report::ProgressListener& inner) : m_inner(inner) {}
  void case_started(const report::CaseEvent& e) override { m_inner.case_started(e); }
  void case_finished(const report::CaseEvent& e, report::Status s, std::size_t n) override {
    m_inner.case_finished(e, s, n);
  }
  void run_finished(const report::RunReport&) override {}
  void shrinking(const report::CaseEvent& e, std::string_view rule) override { m_inner.shrinking(e, rule); }

private:
  report::ProgressListener& m_inner;
};

Expected<nlohmann::json> read_json_file(const std::string& path, const char* what) {
  std::ifstream in(path);
  if (!in) return Error{std::string(what) + " " + path + ": cannot be read"};
  try {
    return nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    return Error{std::string(what) + " " + path + ": not valid JSON: " + e.what()};
  }
}

Expected<std::uint64_t> parse_seed(const std::string& text) {
  if (text.empty()) return std::random_device{}() * 0x100000001ULL ^ std::random_device{}();
  try {
    std::size_t used = 0;
    const auto v = std::stoull(text, &used, 0);
    if (used == text.size()) return static_cast<std::uint64_t>(v);
  } catch (const std::exception&) {}
  return Error{"--seed \"" + text + "\": expected a non-negative integer (decimal or 0x hex)"};
}

/// How the provider is reached: launched (--provider) or attached (--reattach), its environment,
/// deadline, memory limit and configuration.
Expected<void> target_from(const RunArgs& a, conformance::RunSettings& s) {
  if (!a.provider.empty()) {
    s.target.executable = std::filesystem::absolute(a.provider);
    if (!std::filesystem::exists(s.target.executable)) return Error{"--provider " + a.provider + ": no such file"};
    s.target.arguments = a.provider_args;
  } else if (!a.upgrade_from.empty()) {
    return Error{"--upgrade-from needs --provider (the new release's binary): tfconform launches both releases"};
  } else if (!a.provider_args.empty()) {
    return Error{
        "--provider-arg needs --provider: the arguments are the launched binary's, and an attached provider "
        "is already running"};
  } else {
    TFC_TRY(instances, reattach_instances(a.reattach));
    s.target.attach = instances.front();
    s.target.more_attached.assign(instances.begin() + 1, instances.end());
  }
  if (a.provider_log == "always")
    s.provider_log = conformance::ProviderLog::always;
  else if (a.provider_log == "failures")
    s.provider_log = conformance::ProviderLog::failures;
  else
    return Error{"--provider-log " + a.provider_log + ": expected failures or always"};
  TFC_TRY(environment, parse_env_options(a.env));
  s.target.environment = std::move(environment);
  s.target.plaintext = a.plaintext;
  s.target.rpc_timeout = std::chrono::milliseconds(static_cast<long long>(a.timeout_seconds * 1000));
  s.target.memory_limit_bytes = runner::default_provider_memory();
  if (!a.provider_memory.empty()) {
    auto limit = runner::parse_memory_size(a.provider_memory);
    if (!limit) return Error{"--provider-memory: " + limit.error().message};
    s.target.memory_limit_bytes = *limit;
  }
  if (!a.upgrade_from.empty()) {
    s.upgrade_from = std::filesystem::absolute(a.upgrade_from);
    if (!std::filesystem::exists(*s.upgrade_from)) return Error{"--upgrade-from " + a.upgrade_from + ": no such file"};
    if (!a.apply)
      return Error{"--upgrade-from needs --apply: the previous release creates the objects the new one takes over"};
  }
  if (!a.provider_config.empty()) {
    TFC_TRY(body, read_json_file(a.provider_config, "--provider-config"));
    if (!body.is_object())
      return Error{"--provider-config " + a.provider_config + ": expected a JSON object (the provider block's body)"};
    s.target.start.provider_config = std::move(body);
  }
  return {};
}

/// Which types run and how far: --require-coverage, --time-budget, --resources, --shard.
Expected<void> scope_from(const RunArgs& a, conformance::RunSettings& s) {
  if (a.require_coverage == "plan")
    s.require_coverage = conformance::RequiredCoverage::Plan;
  else if (a.require_coverage == "apply")
    s.require_coverage = conformance::RequiredCoverage::Apply;
  else if (!a.require_coverage.empty())
    return Error{"--require-coverage " + a.require_coverage + ": expected plan or apply"};
  if (s.require_coverage == conformance::RequiredCoverage::Apply && !a.apply)
    return Error{"--require-coverage apply needs --apply (without it nothing is applied)"};
  if (a.time_budget_seconds > 0)
    s.time_budget = std::chrono::seconds(static_cast<long long>(std::ceil(a.time_budget_seconds)));
  s.address = a.address;
  s.apply = a.apply;
  for (const auto& r : a.resources) {
    std::size_t start = 0;
    for (std::size_t i = 0; i <= r.size(); ++i) {
      if (i == r.size() || r[i] == ',') {
        if (i > start) s.resource_globs.push_back(r.substr(start, i - start));
        start = i + 1;
      }
    }
  }
  s.data_sources = !a.no_data_sources;
  TFC_TRY(shard, conformance::parse_shard(a.shard));
  s.shard = shard;
  s.jobs = a.jobs;
  if (s.target.attach) {
    // One session per running instance: tfconform cannot start more.
    const std::size_t instances = 1 + s.target.more_attached.size();
    if (!a.jobs_given) s.jobs = instances;
    if (s.jobs > instances)
      return Error{"--jobs " + std::to_string(s.jobs) + " needs " + std::to_string(s.jobs) +
                   " running providers, --reattach names " + std::to_string(instances) +
                   ": give --reattach once per running instance, or a smaller --jobs"};
  }
  return {};
}

/// The Core a --core row belongs to, as --profile spells it.
std::string_view core_family(const conformance::CoreVersion& core) {
  return core.profile == oracle::CoreProfile::OpenTofu ? "opentofu" : "terraform";
}

/// --profile as given; without it, the Core of --core, else both.
std::string effective_profile(const RunArgs& a) {
  if (!a.profile.empty()) return a.profile;
  if (a.core.empty()) return "both";
  auto core = conformance::find_core(a.core);
  return core ? std::string(core_family(*core)) : "both";
}

/// The --core row's name (the default's when not given).
std::string effective_core(const RunArgs& a) {
  return a.core.empty() ? std::string(conformance::default_core().name) : a.core;
}

/// How each suite searches: cases, seed, shrinking, strictness, the Core profile, values.
Expected<void> suite_from(const RunArgs& a, conformance::SuiteSettings& suite) {
  suite.cases = a.cases;
  TFC_TRY(seed, parse_seed(a.seed));
  suite.run_seed = seed;
  suite.max_shrinks = a.max_shrinks;
  suite.shrink_time = std::chrono::seconds(a.shrink_seconds);
  suite.check.strict = a.strict;
  if (!a.core.empty()) {
    TFC_TRY(core, conformance::find_core(a.core));
    suite.core = core;
  }
  const std::string profile = effective_profile(a);
  if (profile == "terraform")
    suite.check.profile = oracle::CoreProfile::Terraform;
  else if (profile == "opentofu")
    suite.check.profile = oracle::CoreProfile::OpenTofu;
  else if (profile != "both")
    return Error{"--profile " + profile + ": expected terraform, opentofu or both"};
  // A Core's requests judged by the other Core's rules would blame the provider for answers
  // the Core it talks to accepts: --profile may only widen --core's Core to both.
  if (!a.core.empty() && profile != "both" && profile != core_family(suite.core))
    return Error{"--core " + a.core + " sends " + std::string(core_family(suite.core)) + "'s requests, --profile " +
                 profile + " judges by the other Core's rules: give --profile " + std::string(core_family(suite.core)) +
                 " or both, or leave --profile out"};
  if (a.values == "all")
    suite.values = conformance::ValueSchedule::all;
  else if (a.values == "extreme")
    suite.values = conformance::ValueSchedule::extreme;
  return {};
}

/// What reproductions name: the provider's local name, source, binary, environment, configuration.
void repro_from(const RunArgs& a, conformance::RunSettings& s) {
  auto& r = s.suite.repro;
  r.provider_name = s.target.attach ? s.target.attach->provider
                                    : conformance::provider_name_from_binary(s.target.executable.string());
  if (auto slash = r.provider_name.rfind('/'); slash != std::string::npos) r.provider_name.erase(0, slash + 1);
  r.provider_source = repro_source(a.address);
  // Absolute: reproductions link to it from their own folder, and `confirm` may run elsewhere.
  std::error_code ec;
  const auto binary = std::filesystem::absolute(s.target.executable, ec);
  r.provider_binary = s.target.executable.empty() || ec ? s.target.executable.string() : binary.string();
  r.provider_args = a.provider_args;
  r.environment = a.env;
  if (!s.target.start.provider_config.empty()) r.provider_config = s.target.start.provider_config.dump();
  if (s.upgrade_from) r.previous_binary = s.upgrade_from->string();
}

Expected<conformance::RunSettings> settings_from(const RunArgs& a) {
  conformance::RunSettings s;
  if (auto ok = target_from(a, s); !ok) return ok.error();
  if (auto ok = scope_from(a, s); !ok) return ok.error();
  if (auto ok = suite_from(a, s.suite); !ok) return ok.error();
  s.target.start.core = s.suite.core;
  repro_from(a, s);
  if (!a.hints.empty()) {
    TFC_TRY(hints, gen::load_hints_file(a.hints));
    s.hints = std::move(hints);
  }
  if (!a.examples.empty()) {
    s.examples = std::filesystem::absolute(a.examples);
    if (!std::filesystem::is_directory(*s.examples)) return Error{"--examples " + a.examples + ": no such directory"};
  }
  if (!a.replay.empty()) {
    TFC_TRY(token, conformance::parse_token(a.replay));
    if (!conformance::kind_plays_with(token.kind, a.apply))
      return Error{"replay token " + a.replay + " was made " + (a.apply ? "without" : "with") +
                   " --apply: run it with the same option"};
    s.replay = std::move(token);
  }
  return s;
}

conformance::ReplayOptions replay_options(const RunArgs& a) {
  conformance::ReplayOptions o;
  o.tfconform = conformance::this_program();
  o.provider = a.provider;
  o.provider_args = a.provider_args;
  o.upgrade_from = a.upgrade_from;
  o.env = a.env;
  o.plaintext = a.plaintext;
  o.provider_config = a.provider_config;
  o.apply = a.apply;
  o.hints = a.hints;
  o.examples = a.examples;
  o.values = a.values;
  o.address = a.address;
  o.timeout_seconds = a.timeout_seconds;
  o.provider_memory = a.provider_memory;
  o.provider_log = a.provider_log;
  o.strict = a.strict;
  o.profile = effective_profile(a);
  o.core = a.core;
  o.no_world = a.no_world;
  return o;
}

int run_command(const RunArgs& a) {
  if (a.provider.empty() && a.provider_args.empty() && a.reattach.empty() && !std::getenv("TF_REATTACH_PROVIDERS")) {
    std::cerr << "tfconform run: give --provider PATH, --reattach JSON or TF_REATTACH_PROVIDERS\n";
    return 2;
  }
  auto settings = settings_from(a);
  if (!settings) {
    std::cerr << "tfconform run: " << settings.error().message << "\n";
    return 2;
  }
  std::vector<std::string> specs = a.reports;
  if (!a.junit.empty()) specs.push_back("junit=" + a.junit);
  if (!a.html.empty()) specs.push_back("html=" + a.html);
  if (!a.json.empty()) specs.push_back("json=" + a.json);
  if (!a.summary.empty()) specs.push_back("summary=" + a.summary);
  if (!a.sarif.empty()) specs.push_back("sarif=" + a.sarif);
  if (auto reporters = report::MultiReporter::create(specs); !reporters) {
    std::cerr << "tfconform run: " << reporters.error().message << "\n";
    return 2;
  }
  if (auto checked = report::check_location_template(a.sarif_location); !checked) {
    std::cerr << "tfconform run: " << checked.error().message << "\n";
    return 2;
  }
  // The run's world lives until this function returns, whichever way (run_world.hpp).
  RunWorld world;
  if (!a.no_world) {
    auto made = RunWorld::create();
    if (!made) {
      std::cerr << "tfconform run: " << made.error().message << " (--no-world runs without it)\n";
      return 2;
    }
    world = std::move(*made);
    settings->suite.world = world.values();
  }
  std::ostream& console = std::cerr;
  report::ConsoleProgress progress(console, report::detect_console_style(2));
  HeldProgress held(progress);
  if (!a.quiet) {
    console << "tfconform run: seed " << settings->suite.run_seed << ", " << settings->suite.cases
            << " cases per type (" << a.values << " values), "
            << (settings->apply ? "with --apply (real changes)" : "plan only (no --apply)") << ", profile "
            << effective_profile(a) << ", core " << effective_core(a) << "\n";
    if (settings->suite.world)
      console << "tfconform run: world in " << world.offer().root.string() << ", serving " << world.offer().url
              << " (removed at the end; --no-world to run without)\n";
  }
  auto result = conformance::run_conformance(*settings, a.quiet ? nullptr : &held);
  if (!result) {
    std::cerr << "tfconform run: " << result.error().message << "\n";
    return 2;
  }
  // Warnings are no findings, and the run went on: a few lines, the rest counted.
  constexpr std::size_t kShownWarnings = 20;
  for (std::size_t i = 0; i < result->warnings.size() && i < kShownWarnings; ++i)
    std::cerr << "tfconform run: warning: " << result->warnings[i] << "\n";
  if (result->warnings.size() > kShownWarnings)
    std::cerr << "tfconform run: ... and " << result->warnings.size() - kShownWarnings << " more warnings\n";
  result->report.profile = effective_profile(a);
  result->report.core = effective_core(a);
  conformance::attach_replay_commands(result->report, replay_options(a));
  conformance::FinishOptions finish{specs, a.log_dir, a.repro_dir, a.confirm_with, a.baseline, a.write_baseline};
  finish.sarif_location = a.sarif_location;
  finish.examples_dir = a.examples;
  if (auto flavour = report::parse_junit_flavour(a.junit_flavour)) finish.junit_flavour = *flavour;
  auto status = conformance::finish_run(result->report, finish, console, a.quiet);
  if (!status) {
    std::cerr << "tfconform run: " << status.error().message << "\n";
    return 2;
  }
  if (!a.write_hints.empty()) {
    std::ofstream out(a.write_hints, std::ios::binary | std::ios::trunc);
    out << gen::hints_file_to_json(result->hints).dump(2) << "\n";
    if (!out) {
      std::cerr << "tfconform run: --write-hints " << a.write_hints << ": cannot be written\n";
      return 2;
    }
  }
  if (!a.quiet) progress.run_finished(result->report);
  // Stopped by a signal: the reports are written; the exit status says how it ended.
  if (const int code = runner::stop_exit_code(runner::stop_reason()); code != 0) return code;
  return *status;
}

}  // namespace

void add_run_command(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<RunArgs>();
  auto* cmd = app.add_subcommand("run", "Play generated lifecycle scenarios against a provider and judge every answer");
  auto* provider = cmd->add_option("--provider", a->provider, "Provider plugin binary to launch as Core does");
  cmd->add_option("--provider-arg", a->provider_args,
                  "An argument for the --provider binary, after its path (repeatable, in order; "
                  "--provider-arg=-flag for one that starts with -)")
      ->allow_extra_args(false);
  cmd->add_option("--reattach", a->reattach,
                  "TF_REATTACH_PROVIDERS JSON of one running provider; repeat it for more running instances of the "
                  "same provider, one session each (--jobs up to their number, the default)")
      ->allow_extra_args(false)
      ->excludes(provider);
  cmd->add_option("--address", a->address, "Provider address shown in reports (default local/NAME)");
  cmd->add_option("--env", a->env, "Extra NAME=VALUE for the provider's environment (repeatable)");
  cmd->add_flag("--plaintext", a->plaintext, "Do not use AutoMTLS (plaintext gRPC)");
  cmd->add_option("--provider-config", a->provider_config, "JSON file: the provider block's body in .tf.json form");
  cmd->add_option("--upgrade-from", a->upgrade_from,
                  "The previous release's binary: its objects, created with --apply, are handed to --provider as after "
                  "a provider upgrade; the first plan must change nothing (docs/upgrades.md)");
  cmd->add_flag("--apply", a->apply, "Make real changes: create, update, replace, import and destroy objects");
  cmd->add_option("--resources", a->resources, "Only types matching these globs (repeatable or comma-separated)");
  cmd->add_flag("--no-data-sources", a->no_data_sources, "Do not read data sources");
  cmd->add_option("--cases", a->cases, "Generated cases per type")->check(CLI::Range(1, 100000));
  cmd->add_option("--seed", a->seed, "Run seed (default: random, printed)");
  cmd->add_option("--shard", a->shard, "K/N: only this machine's share of the types (a CI matrix)");
  auto* jobs = cmd->add_option("--jobs", a->jobs,
                               "Provider processes run in parallel (attached: up to the running instances given, "
                               "default all of them)")
                   ->check(CLI::Range(1, 64));
  cmd->add_option("--timeout", a->timeout_seconds,
                  "Longest any RPC may take, in seconds (default 30); each RPC's deadline adapts below it to "
                  "the provider's own answer times")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--provider-memory", a->provider_memory,
                  "Memory each provider process may use (e.g. 2GiB, 512MiB; 0 for no limit; default 2 GiB or a "
                  "quarter of the machine, whichever is smaller)");
  cmd->add_option("--provider-log", a->provider_log,
                  "failures|always: when the provider's own log is wanted. failures (default): the processes that "
                  "search run with the SDKs' logging off (except variables you set), and each finding's case is "
                  "played again with it on for its log; always: every process logs (docs/provider-logs.md)");
  cmd->add_option("--require-coverage", a->require_coverage,
                  "plan|apply: every selected type that never reached this step is an error finding "
                  "(coverage.type_not_exercised), for CI gates");
  cmd->add_option("--time-budget", a->time_budget_seconds,
                  "Seconds for the whole run: then no new case starts and the reports say what was not run")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--hints", a->hints, "Hints file steering generation (docs/hints.md)");
  cmd->add_option("--examples", a->examples,
                  "The provider's repository (or any folder of .tf and markdown files): its examples are the first "
                  "cases and the starting points of each type's cases (docs/examples.md)");
  cmd->add_option("--write-hints", a->write_hints,
                  "Write the hints every suite ended with (given and learned from refusals) to this file");
  cmd->add_flag("--strict", a->strict, "Report rules tolerated for the legacy SDK as errors");
  cmd->add_option("--max-shrinks", a->max_shrinks, "Cases tried while shrinking one failure");
  cmd->add_option("--shrink-time", a->shrink_seconds, "Seconds spent shrinking one failure at most")
      ->check(CLI::Range(0, 86400));
  cmd->add_option("--replay", a->replay, "Play exactly the case of this replay token (from a report)");
  cmd->add_option("--values", a->values,
                  "realistic (default): values configurations hold; all: then extreme values in the last fifth of "
                  "the cases; extreme: extreme values only")
      ->check(CLI::IsMember({"realistic", "all", "extreme"}));
  cmd->add_option("--report", a->reports,
                  "KIND=PATH, KIND one of junit, json, html, sarif, summary (repeatable; - is stdout)");
  cmd->add_option("--junit", a->junit, "Write JUnit XML here");
  cmd->add_option("--html", a->html, "Write the HTML report here");
  cmd->add_option("--json", a->json, "Write the JSON report here");
  cmd->add_option("--summary", a->summary, "Write a Markdown summary here (CI job summaries)");
  cmd->add_option("--sarif", a->sarif, "Write a SARIF 2.1.0 log here (GitHub code scanning; docs/reports.md)");
  cmd->add_option("--junit-flavour", a->junit_flavour,
                  "ant (default): the strict Ant JUnit schema; gitlab: output and [[ATTACHMENT|...]] lines per test "
                  "case, the headline first (docs/reports.md)")
      ->check(CLI::IsMember({"ant", "gitlab"}));
  cmd->add_option("--sarif-location", a->sarif_location,
                  "Where a SARIF result points in the provider's repository when the type has no example: a "
                  "template with {kind_dir} {short_type} {type} {kind} {provider} (default "
                  "docs/{kind_dir}/{short_type}.md, the registry documentation page)");
  cmd->add_flag("--quiet", a->quiet, "No progress and no findings table");
  cmd->add_option("--profile", a->profile,
                  "terraform, opentofu or both (default; with --core, that Core): a rule only the other Core "
                  "enforces is a warning")
      ->check(CLI::IsMember({"terraform", "opentofu", "both"}));
  cmd->add_option("--core", a->core,
                  "The Core version to stand in for: its client capabilities and terraform_version, and its "
                  "rules unless --profile both (" +
                      conformance::core_names() + "; default " + std::string(conformance::default_core().name) +
                      "; docs/cores.md)");
  cmd->add_option("--baseline", a->baseline,
                  "Findings whose fingerprint is in this file are known: they do not fail the run");
  cmd->add_option("--write-baseline", a->write_baseline, "Write the fingerprints of this run's findings to this file");
  cmd->add_option("--repro-dir", a->repro_dir,
                  "Write a Terraform reproduction of every contract (and robustness) finding under this folder");
  cmd->add_option("--confirm-with", a->confirm_with,
                  "Play every reproduction with this Terraform or OpenTofu binary and record the verdict (repeatable)");
  cmd->add_option(
      "--log-dir", a->log_dir,
      "Folder for the whole provider log of each failing case (default: tfconform-logs beside the first report file)");
  cmd->add_flag("--no-world", a->no_world,
                "Do not make the run's world (a scratch folder of files and programs and a loopback HTTP server "
                "that attributes wanting something that exists are pointed at; docs/world.md)");
  cmd->callback([a, jobs, &exit_code] {
    a->jobs_given = jobs->count() > 0;
    exit_code = run_command(*a);
  });
}

}  // namespace tfc::cli
