// Merging reports of one run (see run_merge.hpp).
#include "reports/run_merge.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace tfc::report {
namespace {

/// "what": a differs from b, naming both files.
Expected<void> same(const std::string& what, const std::string& a, const std::string& b, const NamedRun& first,
                    const NamedRun& other) {
  if (a == b) return {};
  return Error{"tfconform merge: " + other.source + " is another run than " + first.source + ": " + what + " " +
               (b.empty() ? "(none)" : b) + " against " + (a.empty() ? "(none)" : a)};
}

Expected<void> same_run(const NamedRun& first, const NamedRun& other) {
  const RunReport& a = first.run;
  const RunReport& b = other.run;
  if (auto ok = same("provider", a.provider.address, b.provider.address, first, other); !ok) return ok.error();
  if (auto ok =
          same("previous release (--upgrade-from)", a.provider.upgraded_from, b.provider.upgraded_from, first, other);
      !ok)
    return ok.error();
  auto joined = [](const std::vector<std::string>& args) {
    std::string out;
    for (const auto& arg : args) out += (out.empty() ? "" : " ") + arg;
    return out;
  };
  if (auto ok = same("--provider-arg", joined(a.provider.binary_args), joined(b.provider.binary_args), first, other);
      !ok)
    return ok.error();
  if (auto ok = same("seed", std::to_string(a.seed), std::to_string(b.seed), first, other); !ok) return ok.error();
  if (auto ok = same("--apply", a.options.apply ? "on" : "off", b.options.apply ? "on" : "off", first, other); !ok)
    return ok.error();
  if (auto ok = same("--cases", std::to_string(a.options.cases), std::to_string(b.options.cases), first, other); !ok)
    return ok.error();
  if (auto ok = same("--profile", a.profile, b.profile, first, other); !ok) return ok.error();
  if (auto ok = same("--core", a.core, b.core, first, other); !ok) return ok.error();
  if (auto ok = same("tfconform", a.tool_version, b.tool_version, first, other); !ok) return ok.error();
  return {};
}

/// error > failed > passed > skipped: what the scenario was in the worse of two reports.
int weight(Status s) {
  switch (s) {
    case Status::error: return 3;
    case Status::failed: return 2;
    case Status::passed: return 1;
    case Status::skipped: return 0;
  }
  return 0;
}

void merge_findings(std::vector<Finding>& into, std::vector<Finding> more) {
  for (auto& f : more) {
    auto it = std::find_if(into.begin(), into.end(), [&](const Finding& g) { return g.fingerprint == f.fingerprint; });
    if (it == into.end()) {
      into.push_back(std::move(f));
    } else {
      it->occurrences += f.occurrences;
    }
  }
}

void merge_coverage(Coverage& into, const Coverage& more) {
  into.cases_generated += more.cases_generated;
  into.rejected_by_validation += more.rejected_by_validation;
  into.planned += more.planned;
  into.applied += more.applied;
  for (const auto& step : more.steps) {
    auto it = std::find_if(into.steps.begin(), into.steps.end(), [&](const auto& s) { return s.first == step.first; });
    if (it == into.steps.end())
      into.steps.push_back(step);
    else
      it->second += step.second;
  }
  if (into.top_refusal.empty() || more.top_refusal_cases > into.top_refusal_cases) {
    into.top_refusal = more.top_refusal;
    into.top_refusal_cases = more.top_refusal_cases;
  }
}

/// The same suite from two reports (a repeated shard or run): one suite.
void merge_suite(Suite& into, Suite more) {
  merge_coverage(into.coverage, more.coverage);
  for (auto& sc : more.scenarios) {
    auto it = std::find_if(into.scenarios.begin(), into.scenarios.end(),
                           [&](const Scenario& s) { return s.name == sc.name; });
    if (it == into.scenarios.end()) {
      into.scenarios.push_back(std::move(sc));
      continue;
    }
    if (weight(sc.status) > weight(it->status)) {
      it->status = sc.status;
      it->reason = sc.reason;
    }
    it->duration += sc.duration;
    merge_findings(it->findings, std::move(sc.findings));
  }
  for (auto& l : more.learned) {
    const bool known = std::any_of(into.learned.begin(), into.learned.end(), [&](const LearnedRule& k) {
      return k.attribute == l.attribute && k.rule == l.rule;
    });
    if (!known) into.learned.push_back(std::move(l));
  }
  if (!into.example && more.example) into.example = std::move(more.example);
  if (into.applied_one_at_a_time.empty()) into.applied_one_at_a_time = std::move(more.applied_one_at_a_time);
}

/// K and N of "K/N"; {0, 0} when absent or unreadable.
std::pair<std::size_t, std::size_t> shard_of(const std::string& text) {
  const auto slash = text.find('/');
  if (slash == std::string::npos) return {0, 0};
  try {
    return {std::stoul(text.substr(0, slash)), std::stoul(text.substr(slash + 1))};
  } catch (const std::exception&) {
    return {0, 0};
  }
}

/// Which shards came, which are missing or came twice; an error when the shard counts differ.
Expected<void> judge_shards(const std::vector<NamedRun>& runs, MergedRun& out) {
  std::size_t count = 0;
  std::map<std::size_t, std::vector<std::string>> seen;
  std::size_t whole = 0;
  for (const auto& r : runs) {
    const auto [k, n] = shard_of(r.run.options.shard);
    if (n == 0) {
      ++whole;
      continue;
    }
    if (count != 0 && n != count)
      return Error{"tfconform merge: " + r.source + " is shard " + r.run.options.shard + ", the others are shards of " +
                   std::to_string(count)};
    count = n;
    seen[k].push_back(r.source);
  }
  if (count == 0) return {};
  if (whole > 0)
    return Error{"tfconform merge: shards of " + std::to_string(count) +
                 " and runs of every type cannot be merged into one run"};
  std::vector<std::string> missing;
  for (std::size_t k = 1; k <= count; ++k) {
    const auto it = seen.find(k);
    if (it == seen.end()) {
      missing.push_back(std::to_string(k) + "/" + std::to_string(count));
    } else if (it->second.size() > 1) {
      std::string files;
      for (const auto& f : it->second) files += (files.empty() ? "" : ", ") + f;
      out.warnings.push_back("shard " + std::to_string(k) + "/" + std::to_string(count) + " given more than once (" +
                             files + "): its findings and coverage are counted for each");
    }
  }
  if (missing.empty()) return {};
  std::string list;
  for (const auto& m : missing) list += (list.empty() ? "" : ", ") + m;
  out.warnings.push_back("shard " + list + " missing: the merged run covers only the shards given");
  out.shards_missing = true;
  Interruption incomplete;
  incomplete.reason = "merged without shard " + list;
  out.run.interruption = std::move(incomplete);
  return {};
}

}  // namespace

Expected<MergedRun> merge_runs(std::vector<NamedRun> runs, const std::function<std::string(const Suite&)>& order) {
  if (runs.empty()) return Error{"tfconform merge: no report given"};
  for (std::size_t i = 1; i < runs.size(); ++i)
    if (auto ok = same_run(runs.front(), runs[i]); !ok) return ok.error();
  MergedRun out;
  RunReport& run = out.run;
  const RunReport& first = runs.front().run;
  run.tool_version = first.tool_version;
  run.provider = first.provider;
  run.seed = first.seed;
  run.options = first.options;
  run.options.shard.clear();
  run.profile = first.profile;
  run.core = first.core;
  run.baseline_file = first.baseline_file;
  run.started_at = first.started_at;
  if (auto ok = judge_shards(runs, out); !ok) return ok.error();
  std::set<std::string> hosts;
  // A baseline entry is possibly fixed only when no report met it.
  std::map<std::string, std::size_t> not_met;
  std::map<std::string, BaselineEntry> entries;
  std::vector<Suite> suites;
  std::map<std::string, std::size_t> at;  // suite label → index in suites
  for (auto& r : runs) {
    hosts.insert(r.run.hostname);
    run.started_at = std::min(run.started_at, r.run.started_at);
    // Shards run side by side: the merged run took as long as the longest.
    run.duration = std::max(run.duration, r.run.duration);
    for (const auto& e : r.run.possibly_fixed) {
      ++not_met[e.fingerprint];
      entries.emplace(e.fingerprint, e);
    }
    if (r.run.interruption && !run.interruption) run.interruption = r.run.interruption;
    for (auto& suite : r.run.suites) {
      const std::string label = suite_label(suite);
      if (auto it = at.find(label); it != at.end()) {
        merge_suite(suites[it->second], std::move(suite));
      } else {
        at[label] = suites.size();
        suites.push_back(std::move(suite));
      }
    }
  }
  for (const auto& h : hosts) run.hostname += (run.hostname.empty() ? "" : ", ") + h;
  for (const auto& [fingerprint, n] : not_met) {
    if (n == runs.size()) run.possibly_fixed.push_back(entries.at(fingerprint));
  }
  std::stable_sort(suites.begin(), suites.end(),
                   [&order](const Suite& a, const Suite& b) { return order(a) < order(b); });
  run.suites = std::move(suites);
  return out;
}

}  // namespace tfc::report
