// The run: provider suite, type selection, workers, report (see conformance_run.hpp).
#include "conformance/suite/conformance_run.hpp"

#include <unistd.h>

#include <atomic>
#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <thread>

#include "conformance/cases/function_case.hpp"
#include "conformance/core/finding_class.hpp"
#include "conformance/core/version.hpp"
#include "conformance/play/provider_play.hpp"
#include "conformance/session/release_pair.hpp"
#include "conformance/suite/author_examples.hpp"
#include "conformance/suite/kind_hints.hpp"
#include "oracle/function_rules.hpp"
#include "oracle/rule_id.hpp"
#include "oracle/rules.hpp"
#include "reports/fingerprint.hpp"
#include "runner/plugin_env.hpp"
#include "runner/run_stop.hpp"

namespace tfc::conformance {
namespace {

/// Forwards progress events from several workers one at a time.
class SerializedProgress final : public report::ProgressListener {
public:
  explicit SerializedProgress(report::ProgressListener* inner) : m_inner(inner) {}
  void case_started(const report::CaseEvent& e) override {
    std::lock_guard lock(m_mutex);
    if (m_inner) m_inner->case_started(e);
  }
  void case_finished(const report::CaseEvent& e, report::Status s, std::size_t n) override {
    std::lock_guard lock(m_mutex);
    if (m_inner) m_inner->case_finished(e, s, n);
  }
  void run_finished(const report::RunReport& run) override {
    if (m_inner) m_inner->run_finished(run);
  }
  void shrinking(const report::CaseEvent& e, std::string_view rule) override {
    std::lock_guard lock(m_mutex);
    if (m_inner) m_inner->shrinking(e, rule);
  }

private:
  std::mutex m_mutex;
  report::ProgressListener* m_inner;
};

Expected<void> check_all_hints(const RunSettings& settings, const schema::ProviderSchema& schema) {
  if (!settings.hints) return {};
  for (const auto& [type, hints] : settings.hints->resources) {
    const schema::Schema* s = nullptr;
    if (auto it = schema.resource_schemas.find(type); it != schema.resource_schemas.end())
      s = &it->second;
    else if (auto d = schema.data_source_schemas.find(type); d != schema.data_source_schemas.end())
      s = &d->second;
    else if (auto e = schema.ephemeral_resource_schemas.find(type); e != schema.ephemeral_resource_schemas.end())
      s = &e->second;
    else if (auto a = schema.action_schemas.find(type); a != schema.action_schemas.end())
      s = &a->second;
    if (s == nullptr) {
      // A provider function: its parameters are the attributes (function_case.hpp).
      if (auto f = schema.functions.find(type); f != schema.functions.end()) {
        if (auto signature = oracle::function_signature_from_json(f->second)) {
          if (auto ok = gen::check_hints(hints, parameters_block(*signature)); !ok) return ok.error();
          continue;
        }
      }
      return Error{settings.hints->file + ": resources." + type +
                   ": the provider has no such resource type, data source, function, ephemeral resource or action"};
    }
    if (auto ok = gen::check_hints(hints, s->block); !ok) return ok.error();
  }
  // The other families' own sections: each against its own schemas.
  for (const auto kind : {CaseKind::Ephemeral, CaseKind::Action, CaseKind::List}) {
    for (const auto& [type, hints] : hints_section(*settings.hints, kind)) {
      const schema::Schema* s = kind_schema(schema, kind, type);
      if (s == nullptr)
        return Error{settings.hints->file + ": " + type + ": the provider has no such " +
                     std::string(kind_info(kind).label.substr(0, kind_info(kind).label.size() - 1)) + " type"};
      if (auto ok = gen::check_hints(hints, s->block); !ok) return ok.error();
    }
  }
  return {};
}

/// Ends the run's time budget: a thread that waits for the budget (or the run's end, whichever
/// comes first) and then asks the run to wind down.
class TimeBudget {
public:
  explicit TimeBudget(std::optional<std::chrono::seconds> budget) {
    if (!budget) return;
    const auto deadline = std::chrono::steady_clock::now() + *budget;
    m_thread = std::thread([this, deadline] {
      std::unique_lock lock(m_mutex);
      if (!m_done.wait_until(lock, deadline, [this] { return m_finished; }))
        runner::request_stop(runner::StopReason::TimeBudget);
    });
  }
  ~TimeBudget() {
    {
      const std::lock_guard lock(m_mutex);
      m_finished = true;
    }
    m_done.notify_all();
    if (m_thread.joinable()) m_thread.join();
  }
  TimeBudget(const TimeBudget&) = delete;
  TimeBudget& operator=(const TimeBudget&) = delete;

private:
  std::mutex m_mutex;
  std::condition_variable m_done;
  bool m_finished = false;
  std::thread m_thread;
};

/// A suite for a type the run never reached (stopped before it): skipped, saying why.
report::Suite not_run_suite(const SelectedType& type) {
  report::Suite suite;
  suite.kind = suite_kind(type.kind);
  suite.name = type.name;
  report::Scenario sc;
  sc.name = "not run";
  sc.status = report::Status::skipped;
  sc.reason = "not run: the run was " + runner::describe(runner::stop_reason()) + " before this type started";
  suite.scenarios.push_back(std::move(sc));
  return suite;
}

/// What the run did not do, when it stopped early.
std::optional<report::Interruption> interruption_of(const std::vector<report::Suite>& suites,
                                                    const std::vector<char>& started) {
  if (!runner::stop_requested()) return std::nullopt;
  report::Interruption out;
  out.reason = runner::describe(runner::stop_reason());
  for (std::size_t i = 0; i < suites.size(); ++i) {
    if (!started[i]) {
      out.not_run.push_back(report::suite_label(suites[i]));
      continue;
    }
    for (const auto& sc : suites[i].scenarios) {
      if (sc.name == "interrupted") out.cut_short.push_back(report::suite_label(suites[i]));
    }
  }
  return out;
}

/// Every selected type the run did not exercise gets a "coverage" scenario saying what it missed
/// and why: skipped, or failed with coverage.type_not_exercised when the step was required.
void judge_coverage(report::RunReport& run, RequiredCoverage required) {
  for (const auto& u : report::unexercised(run)) {
    auto& suite = const_cast<report::Suite&>(*u.suite);  // the run's own suites
    const bool fails = required == RequiredCoverage::Apply || (required == RequiredCoverage::Plan && !u.at_apply);
    report::Scenario sc;
    sc.name = "coverage";
    sc.reason = report::unexercised_sentence(u);
    sc.status = fails ? report::Status::failed : report::Status::skipped;
    if (fails) {
      report::Finding f;
      f.rule_id = oracle::rule_text("coverage.type_not_exercised");
      f.severity = report::Severity::error;
      f.step = "coverage";
      f.step_key = f.step;
      f.resource_type = suite.name;
      f.message = "the run " + sc.reason + " (--require-coverage " +
                  (required == RequiredCoverage::Apply ? "apply" : "plan") + ")";
      if (const auto* rule = oracle::find_rule(f.rule_id)) f.cores = std::string(oracle::to_string(rule->cores));
      f.finding_class = class_of(f.rule_id, f.severity);
      f.fingerprint = report::finding_fingerprint(f);
      sc.findings.push_back(std::move(f));
    }
    suite.scenarios.push_back(std::move(sc));
  }
}

/// The run's workers: one per provider session (--jobs), each playing the next selected type's
/// suite until none is left, then lending its session to the suites still playing.
struct Workers {
  const std::vector<SelectedType>& selected;
  const RunSettings& settings;
  const SuiteSettings& suite_settings;
  const std::optional<ReplayToken>& replay;
  SessionPool& pool;
  report::ProgressListener* progress;
  // What they gather, per selected type in selection order:
  std::vector<report::Suite> suites = std::vector<report::Suite>(selected.size());
  std::vector<gen::Hints> learned = std::vector<gen::Hints>(selected.size());
  std::vector<char> started = std::vector<char>(selected.size(), 0);  // char: written by several workers
  // The further sessions, still open (StopProvider goes to the first one before they close),
  // and why those that did not open did not.
  std::vector<std::unique_ptr<ProviderSession>> extra;
  std::vector<std::string> start_errors;

  /// How many sessions play: --jobs, at most what the factory can open; one for a replay (it
  /// plays one case) or when no type is selected. More processes than types still pay off: the
  /// cases of one type spread over them.
  std::size_t session_count(const ProviderFactory& factory) const {
    const std::size_t jobs = replay || selected.empty() ? 1 : std::max<std::size_t>(1, settings.jobs);
    return std::min(jobs, factory.most_sessions());
  }

  /// Opens every further session before the play (attached providers: opening one is cheap, and
  /// one that is not the first one's provider refuses the run, not a worker).
  Expected<void> open_up_front(const ProviderFactory& factory, RpcClock& clock) {
    extra.resize(session_count(factory) - 1);
    for (auto& host : extra) {
      TFC_TRY(opened, factory.open(clock));
      host = std::move(opened);
    }
    return {};
  }

  /// Plays every suite on `first` and on the further sessions (those not open yet the factory
  /// opens meanwhile).
  void play(const ProviderFactory& factory, RpcClock& clock, ProviderSession& first) {
    SerializedProgress serialized(progress);
    std::atomic<std::size_t> next{0};
    const gen::HintsFile no_hints;
    const auto loud_factory = factory.loud();
    auto work = [&](ProviderSession& host) {
      LoudSession loud(loud_factory, clock);  // this worker's, opened for its first finding
      for (std::size_t i = next++; i < selected.size() && !runner::stop_requested(); i = next++) {
        const auto& t = selected[i];
        started[i] = 1;
        const gen::HintsFile& hints = settings.hints ? *settings.hints : no_hints;
        suites[i] =
            run_suite(host, t.kind, t.name, hints, suite_settings, &serialized, replay, &learned[i], &pool, &loud);
      }
      pool.lend(host);
    };
    // The further processes start in their own threads while the first one already plays: a
    // provider with a big schema takes seconds to start. A worker per type at most; a session
    // beyond that is lent as soon as it is open.
    extra.resize(session_count(factory) - 1);
    std::mutex start_errors_mutex;
    std::vector<std::thread> threads;
    for (std::size_t k = 0; k < extra.size(); ++k) {
      threads.emplace_back([&, k] {
        if (runner::stop_requested()) return;
        if (!extra[k]) {
          auto host = factory.open(clock);
          if (!host) {
            const std::lock_guard lock(start_errors_mutex);
            start_errors.push_back(host.error().message);
            return;
          }
          extra[k] = std::move(*host);
        }
        if (k + 1 < selected.size())
          work(*extra[k]);
        else
          pool.lend(*extra[k]);
      });
    }
    work(first);
    for (auto& t : threads) t.join();
  }
};

/// The hints every suite ended with (given and learned), for --write-hints.
gen::HintsFile learned_hints(const RunSettings& settings, const std::vector<SelectedType>& selected,
                             std::vector<gen::Hints>& learned) {
  gen::HintsFile out;
  out.file = settings.hints ? settings.hints->file : "";
  for (std::size_t i = 0; i < selected.size(); ++i) {
    if (learned[i].empty()) continue;
    learned[i].file = out.file;
    learned[i].resource = selected[i].name;
    hints_section(out, selected[i].kind)[selected[i].name] = std::move(learned[i]);
  }
  return out;
}

std::string host_name() {
  char buf[256] = {};
  if (::gethostname(buf, sizeof buf - 1) != 0 || buf[0] == '\0') return "localhost";
  return buf;
}

/// The workers' suites into the result, in selection order (a type never started: skipped,
/// saying why), with the hints they ended with, the coverage verdicts and the sessions that did
/// not start.
void add_suites(RunResult& result, const RunSettings& settings, const std::vector<SelectedType>& selected,
                Workers& workers) {
  auto& run = result.report;
  result.hints = learned_hints(settings, selected, workers.learned);
  for (std::size_t i = 0; i < workers.suites.size(); ++i) {
    if (!workers.started[i]) workers.suites[i] = not_run_suite(selected[i]);  // the run stopped before it
    result.stats.cases += workers.suites[i].coverage.cases_generated;
  }
  run.interruption = interruption_of(workers.suites, workers.started);
  for (auto& suite : workers.suites) run.suites.push_back(std::move(suite));
  judge_coverage(run, settings.require_coverage);
  if (!workers.start_errors.empty() && !run.suites.empty()) {
    report::Scenario sc;
    sc.name = "harness";
    sc.status = report::Status::error;
    sc.reason = "a further provider process for --jobs did not start: " + workers.start_errors.front();
    run.suites.front().scenarios.push_back(std::move(sc));
  }
}

/// The report's header: the tool, the host, the seed, the options and the provider.
void begin_report(report::RunReport& run, const RunSettings& settings, const std::string& name) {
  run.tool_version = kVersion;
  run.hostname = host_name();
  run.seed = settings.suite.run_seed;
  run.started_at = std::chrono::system_clock::now();
  run.options.apply = settings.apply;
  run.options.cases = settings.suite.cases;
  if (settings.shard.count > 1)
    run.options.shard = std::to_string(settings.shard.index) + "/" + std::to_string(settings.shard.count);
  run.provider.address = !settings.address.empty() ? settings.address
                         : settings.target.attach  ? settings.target.attach->provider
                                                   : "local/" + name;
  run.provider.binary_path = settings.target.executable.string();
  run.provider.binary_args = settings.target.arguments;
  if (settings.upgrade_from) run.provider.upgraded_from = settings.upgrade_from->string();
}

/// The sessions' factory: the target's processes, or with --upgrade-from a pair of releases per
/// session (the previous release's binary with the same environment and configuration).
std::shared_ptr<const ProviderFactory> factory_of(const RunSettings& settings) {
  if (settings.factory) return settings.factory;
  // Quiet processes for the search; the upgrade pairs log as always (docs/provider-logs.md).
  if (!settings.upgrade_from && settings.provider_log == ProviderLog::failures)
    return quiet_process_factory(settings.target);
  auto next = process_factory(settings.target);
  if (!settings.upgrade_from) return next;
  ProviderTarget previous = settings.target;
  previous.executable = *settings.upgrade_from;
  previous.arguments.clear();  // --provider-arg is the new release's (a test binary); the previous one is a release
  return release_pair_factory(process_factory(previous), next, settings.upgrade_from->filename().string(),
                              settings.target.executable.filename().string());
}

/// The provider's local name in a configuration: the last part of its address or binary name.
std::string local_name(const std::string& name) {
  const auto slash = name.rfind('/');
  return slash == std::string::npos ? name : name.substr(slash + 1);
}

/// Sets the target's provider configuration from the first provider block of the examples under
/// `dir` (read without the schema: only the provider block is wanted); true when it did.
bool use_author_provider_config(ProviderTarget& target, const std::filesystem::path& dir,
                                std::vector<std::string>& warnings) {
  const std::string name =
      local_name(target.attach ? target.attach->provider : provider_name_from_binary(target.executable.string()));
  auto set = gen::examples::load_examples(dir, schema::ProviderSchema{}, name);
  if (!set || !set->provider_config || set->provider_config->empty()) return false;
  target.start.provider_config = *set->provider_config;
  warnings.push_back("--examples: the provider is configured with the examples' provider block: " +
                     set->provider_config->dump());
  return true;
}

}  // namespace

Expected<RunResult> run_conformance(const RunSettings& given, report::ProgressListener* progress) {
  const auto wall_start = std::chrono::steady_clock::now();
  RunSettings settings = given;
  if (!settings.target.deadlines)
    settings.target.deadlines = std::make_shared<runner::DeadlinePolicy>(settings.target.rpc_timeout);
  // --jobs providers answer at once, each one call at a time: each gets its share of the cores.
  if (settings.target.go_procs == 0)
    settings.target.go_procs = runner::go_procs_for(settings.jobs, runner::usable_cores());
  const TimeBudget budget(settings.time_budget);
  RunResult result;
  auto& run = result.report;
  // Without --provider-config, the author's provider block configures the provider.
  const bool author_config = !settings.factory && settings.examples && settings.target.start.provider_config.empty() &&
                             use_author_provider_config(settings.target, *settings.examples, result.warnings);
  auto factory = factory_of(settings);
  const std::string name = factory->provider_name();
  begin_report(run, settings, name);

  RpcClock clock;
  StartFailure failure;
  auto started = factory->open(clock, &failure);
  if (!started && author_config && failure.stage == StartStage::Configure && !failure.failed_rpc_kind &&
      !runner::stop_requested()) {
    // The examples' provider block is no configuration of the user's: refused, the run goes on
    // without it, as it would have without --examples.
    result.warnings.push_back("--examples: the provider refused the examples' provider block (" +
                              started.error().message + "); the run goes on without a provider configuration");
    settings.target.start.provider_config = nlohmann::json::object();
    factory = factory_of(settings);
    failure = StartFailure{};
    started = factory->open(clock, &failure);
  }
  // The provider answered, with errors about the user's configuration: a usage error.
  if (!started && failure.stage == StartStage::Configure && !failure.failed_rpc_kind && !runner::stop_requested())
    return started.error();
  if (!started) {
    // A provider that will not start, or lies in its handshake, is a finding: the report says so;
    // unless tfconform itself was stopped while it started.
    if (runner::stop_requested())
      run.interruption = report::Interruption{runner::describe(runner::stop_reason()), {name}, {}};
    else
      run.suites.push_back(start_failure_suite(name, failure, started.error().message));
    result.stats.wall = std::chrono::steady_clock::now() - wall_start;
    run.duration = std::chrono::duration_cast<std::chrono::milliseconds>(result.stats.wall);
    if (progress) progress->run_finished(run);
    return result;
  }
  auto first = std::move(*started);
  const schema::ProviderSchema schema = first->schema();
  run.provider.protocol_version = first->protocol_version();
  if (auto checked = check_all_hints(settings, schema); !checked) return checked.error();
  if (settings.examples) {
    // The author's examples, under the user's hints (author_examples.hpp).
    auto set = gen::examples::load_examples(*settings.examples, schema, local_name(name));
    if (!set) return Error{"--examples: " + set.error().message};
    for (const auto& w : set->warnings) result.warnings.push_back("--examples: " + w);
    AuthorExamples authors = author_examples(*set, schema);
    settings.hints = with_author_examples(settings.hints, authors.hints);
    settings.suite.examples = std::move(authors.seeds);
  }

  std::vector<SelectedType> selected;
  std::optional<ReplayToken> replay;
  if (settings.replay) {
    replay = *settings.replay;
    if (auto resolved = resolve_type(*replay, schema); !resolved) return resolved.error();
    selected.push_back({replay->kind, replay->type_name});
  } else if (settings.upgrade_from) {
    // Across releases only the previous release's managed resources play (release_case.hpp);
    // everything else is the new release's own run.
    selected = select_types(schema, settings.resource_globs, CaseKind::Release, settings.data_sources, settings.shard);
    std::erase_if(selected,
                  [](const SelectedType& t) { return t.kind != CaseKind::Release && t.kind != CaseKind::Data; });
  } else {
    selected = select_types(schema, settings.resource_globs, settings.apply ? CaseKind::Lifecycle : CaseKind::PlanOnly,
                            settings.data_sources, settings.shard);
    if (settings.shard.index == 1) run.suites.push_back(provider_suite(*first, name));
  }

  SuiteSettings suite_settings = settings.suite;
  suite_settings.apply = settings.apply;
  // Resources created first exist only with --apply (cases/wiring.hpp).
  suite_settings.generation.wiring = settings.apply;
  suite_settings.address = run.provider.address;
  // A worker with no type left lends its session to the suites still playing (their next
  // cases run ahead on it: suite_rounds.hpp).
  SessionPool pool;
  Workers workers{selected, settings, suite_settings, replay, pool, progress};
  if (factory->opens_running_instances()) {
    if (auto opened = workers.open_up_front(*factory, clock); !opened) return opened.error();
  }
  workers.play(*factory, clock, *first);
  // Last of all, as an interrupted Core would: StopProvider (it may end in-flight work, so
  // nothing runs after it).
  if (!run.suites.empty() && run.suites.front().kind == report::SuiteKind::provider && !runner::stop_requested())
    run.suites.front().scenarios.push_back(stop_scenario(*first, name));
  for (auto& host : workers.extra) {
    if (host) host->close();
  }
  first->close();

  add_suites(result, settings, selected, workers);
  result.stats.wall = std::chrono::steady_clock::now() - wall_start;
  result.stats.in_rpcs = clock.total();
  result.stats.rpc_calls = clock.calls.load();
  for (std::size_t i = 0; i < protocol::kRpcs.size(); ++i) {
    const auto& m = clock.by_method[i];
    if (m.calls.load() > 0)
      result.stats.by_method.push_back(
          {std::string(protocol::kRpcs[i].method), m.calls.load(), std::chrono::nanoseconds(m.nanoseconds.load())});
  }
  result.stats.launches.calls = clock.launches.calls.load();
  result.stats.launches.in_calls = std::chrono::nanoseconds(clock.launches.nanoseconds.load());
  result.stats.lent_cases = pool.lent_cases.load();
  run.duration = std::chrono::duration_cast<std::chrono::milliseconds>(result.stats.wall);
  if (progress) progress->run_finished(run);
  return result;
}

}  // namespace tfc::conformance
