// How much of real providers this repository does not bundle a run reaches (issue #30's target):
// on current releases of at least six providers built from their public sources, with `--apply
// --cases 25`, default settings and no hints, at least 90 % of their suites (resources, data
// sources, ephemeral resources, list resources, actions, functions: every suite but the provider's
// own) exercised, once without and once with `--examples` pointing at each provider's repository.
//
// The bench runs the build tree's real `tfconform` as a user would, one child process per run, in
// a fresh working directory with a TMPDIR of its own (both removed afterwards), and reads its JSON
// report: a suite is exercised unless the report lists it in `not_exercised`. It prints, per
// provider, the suites exercised without and with examples, the wall seconds, the suites not
// exercised with the reason the report gives, then the aggregate against the 90 % target (PASS or
// MISS). A missed target is printed, not a failure; the bench fails (exit 2) only when it cannot
// measure: the variable below unset or empty, a binary missing, a run without a report.
//
// CI cannot fetch or build those providers, so the bench takes them from the environment:
//   TFC_REAL_PROVIDERS=DIR  (required) a folder of `terraform-provider-<name>` binaries (symlinks
//                           are fine; anything after the name's first `_` is ignored, so
//                           `terraform-provider-tls_v4.1.0` is `tls`). Every one is measured,
//                           sorted by name.
//   TFC_REAL_SOURCES=DIR    (optional) `DIR/<name>/` is that provider's repository (with its
//                           `examples/` and `docs/`), for the runs with `--examples`. A provider
//                           without one gets only the run without examples, and the table says so.
// To make such folders: clone a provider's public repository (e.g. hashicorp/terraform-provider-tls),
// check out its latest release tag, `go build -o DIR/terraform-provider-tls .` in it, and keep (or
// link) the clone as SOURCES/tls. Nothing fetched or built that way belongs in this repository.
// The seed is fixed (1) so two builds compare on the same cases.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "bench_support.hpp"

namespace {

using namespace tfc::bench;
using nlohmann::json;

constexpr const char* kSeed = "1";
constexpr const char* kCases = "25";
constexpr double kTarget = 0.90;
constexpr std::size_t kProvidersTarget = 6;
constexpr std::size_t kWhyWidth = 150;

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "bench_real_reach: FAILED: %s\n", what.c_str());
  std::exit(2);
}

/// The folder a variable names, or a failure that says what to put there.
fs::path folder_from_env(const char* variable, const char* what, bool required) {
  const char* value = std::getenv(variable);
  if (value == nullptr || *value == '\0') {
    if (!required) return {};
    fail(std::string(variable) + " is not set: set it to " + what +
         " (see the header of bench/conformance/bench_real_reach.cpp)");
  }
  std::error_code ec;
  if (!fs::is_directory(value, ec))
    fail(std::string(variable) + "=" + value + " is not a folder: set it to " + what +
         " (see the header of bench/conformance/bench_real_reach.cpp)");
  return value;
}

struct Provider {
  std::string name;  // tls for terraform-provider-tls_v4.1.0
  fs::path binary;
  fs::path source;  // empty: no repository to take examples from
};

/// Every terraform-provider-<name> of the folder, sorted by name; a dangling link or a file that
/// cannot be run fails the bench by name.
std::vector<Provider> providers_in(const fs::path& dir, const fs::path& sources) {
  const std::string prefix = "terraform-provider-";
  std::vector<Provider> out;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string file = entry.path().filename().string();
    if (file.rfind(prefix, 0) != 0) continue;
    std::string name = file.substr(prefix.size());
    name = name.substr(0, name.find('_'));
    std::error_code ec;
    if (!fs::is_regular_file(entry.path(), ec) || ::access(entry.path().c_str(), X_OK) != 0)
      fail(name + ": " + entry.path().string() + " is missing or not an executable file");
    fs::path source;
    if (!sources.empty() && fs::is_directory(sources / name, ec)) source = sources / name;
    out.push_back({name, entry.path(), source});
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  if (out.empty()) fail(dir.string() + " holds no terraform-provider-<name> binary (TFC_REAL_PROVIDERS)");
  return out;
}

/// Whether this build's `tfconform run` takes --examples (it is new in issue #30).
bool takes_examples(const fs::path& tfconform) {
  const fs::path scratch = make_temp_dir("tfc-real-reach-help");
  if (scratch.empty()) fail("cannot make a temporary directory");
  const fs::path log = scratch / "help.txt";
  run_child({tfconform.string(), "run", "--help"}, scratch, {}, log);
  std::ifstream in(log);
  const std::string help((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  fs::remove_all(scratch);
  if (help.find("--provider") == std::string::npos) fail(tfconform.string() + " run --help printed no options");
  return help.find("--examples") != std::string::npos;
}

struct Missed {
  std::string suite;  // resource.tls_cert_request
  std::string why;
};

/// One run's figures from its JSON report.
struct Reach {
  std::size_t suites = 0;
  std::size_t exercised = 0;
  std::size_t error_findings = 0;
  double seconds = 0;
  std::vector<Missed> missed;
};

/// "never applied; 22 cases: ApplyResourceChange: Failed to parse private key PEM" from the
/// report's sentence (which repeats the step and the counts before the refusal), else the sentence.
std::string short_why(const std::string& missed, const std::string& why) {
  const std::string marker = "most frequent refusal (";
  const auto at = why.find(marker);
  if (at == std::string::npos) return why;
  std::string refusal = why.substr(at + marker.size());  // "22 cases): ApplyResourceChange: ..."
  if (const auto close = refusal.find("):"); close != std::string::npos)
    refusal = refusal.substr(0, close) + ":" + refusal.substr(close + 2);
  return missed + "; " + refusal;
}

/// Counts the report's suites (all but the provider's own) and those it lists as not exercised.
Reach reach_of(const json& report) {
  Reach r;
  std::map<std::string, bool> counted;  // suite label → counts
  for (const auto& suite : report.at("suites")) {
    const std::string kind = suite.at("kind");
    if (kind == "provider") continue;
    counted[kind + "." + suite.at("name").get<std::string>()] = true;
  }
  r.suites = counted.size();
  for (const auto& u : report.at("not_exercised")) {
    const std::string label = u.at("suite");
    if (counted.contains(label)) r.missed.push_back({label, short_why(u.at("missed"), u.at("why"))});
  }
  r.exercised = r.suites - r.missed.size();
  r.error_findings = report.at("totals").value("error_findings", 0);
  return r;
}

/// `tfconform run` of one provider, with `--examples source` when given, in a fresh working
/// directory with a TMPDIR of its own; everything the bench made is removed afterwards.
Reach measure(const fs::path& tfconform, const Provider& p, const fs::path& examples) {
  const std::string what = p.name + (examples.empty() ? "" : " with --examples");
  const fs::path scratch = make_temp_dir("tfc-real-reach");
  if (scratch.empty()) fail("cannot make a temporary directory");
  const fs::path work = scratch / "work", tmp = scratch / "tmp", report = scratch / "report.json",
                 log = scratch / "output.log";
  fs::create_directories(work);
  fs::create_directories(tmp);
  std::vector<std::string> argv = {
      tfconform.string(), "run", "--provider", p.binary.string(), "--apply",      "--cases", kCases,
      "--seed",           kSeed, "--quiet",    "--json",          report.string()};
  if (!examples.empty()) argv.insert(argv.end(), {"--examples", examples.string()});
  const ChildResult child = run_child(argv, work, {"TMPDIR=" + tmp.string()}, log);
  std::optional<json> doc;
  if (std::ifstream in(report); in) {
    try {
      doc = json::parse(in);
    } catch (const json::exception&) {}
  }
  if (!doc || !doc->contains("suites") || !doc->contains("not_exercised")) {
    const std::string tail = tail_of(log);
    fs::remove_all(scratch);
    fail(what + ": tfconform exited with " + std::to_string(child.exit_code) + " and wrote no report:\n" + tail);
  }
  Reach r;
  try {
    r = reach_of(*doc);
  } catch (const json::exception& e) {
    fs::remove_all(scratch);
    fail(what + ": the report does not read as docs/report.schema.json says: " + e.what());
  }
  r.seconds = child.ms / 1000;
  fs::remove_all(scratch);
  return r;
}

std::string share(std::size_t part, std::size_t whole) {
  char text[64];
  std::snprintf(text, sizeof text, "%3zu/%-3zu %5.1f %%", part, whole,
                whole == 0 ? 0.0 : 100.0 * static_cast<double>(part) / static_cast<double>(whole));
  return text;
}

std::string shortened(std::string text) {
  if (text.size() > kWhyWidth) text = text.substr(0, kWhyWidth - 3) + "...";
  return text;
}

struct Row {
  Provider provider;
  Reach without;
  std::optional<Reach> with;
};

void print_missed(const char* label, const Reach& r) {
  for (const auto& m : r.missed) std::printf("      %-8s %-40s %s\n", label, m.suite.c_str(), shortened(m.why).c_str());
}

/// The aggregate line of one column and whether it meets the target.
void print_total(const char* label, std::size_t providers, std::size_t suites, std::size_t exercised) {
  const bool met =
      providers >= kProvidersTarget && static_cast<double>(exercised) >= kTarget * static_cast<double>(suites);
  std::printf("  %-26s %zu provider(s), %s of their suites exercised; target ≥ %.0f %% on ≥ %zu providers: %s\n", label,
              providers, share(exercised, suites).c_str(), 100 * kTarget, kProvidersTarget, met ? "PASS" : "MISS");
}

}  // namespace

int main() {
  const fs::path dir = folder_from_env("TFC_REAL_PROVIDERS",
                                       "a folder of terraform-provider-<name> binaries built from "
                                       "the providers' public sources",
                                       true);
  const fs::path sources =
      folder_from_env("TFC_REAL_SOURCES", "a folder holding each provider's repository as <name>/", false);
  const fs::path tfconform = build_dir() / "conformance" / "tfconform";
  if (!fs::exists(tfconform)) fail(tfconform.string() + " is missing (build the tfconform target)");
  const auto providers = providers_in(dir, sources);
  const bool examples = takes_examples(tfconform);

  std::printf("real providers of %s: tfconform run --apply --cases %s --seed %s, default settings, no hints\n",
              dir.string().c_str(), kCases, kSeed);
  if (!examples)
    std::printf("examples: option not available in this build (only the runs without --examples)\n");
  else if (sources.empty())
    std::printf("examples: TFC_REAL_SOURCES is not set (only the runs without --examples)\n");
  std::fflush(stdout);

  std::vector<Row> rows;
  for (const auto& p : providers) {
    Row row{p, measure(tfconform, p, {}), std::nullopt};
    if (examples && !p.source.empty()) row.with = measure(tfconform, p, p.source);
    rows.push_back(std::move(row));
  }

  std::printf("\n  %-12s %-22s %-22s %9s %9s  %s\n", "provider", "exercised", "with --examples", "seconds", "with",
              "error findings (with)");
  std::size_t suites = 0, exercised = 0, with_providers = 0, with_suites = 0, with_exercised = 0;
  for (const auto& row : rows) {
    const Reach& a = row.without;
    suites += a.suites;
    exercised += a.exercised;
    std::string with_cell = !examples ? "n/a (no option)" : row.provider.source.empty() ? "n/a (no source folder)" : "";
    char seconds_with[32] = "-";
    std::string errors = std::to_string(a.error_findings);
    if (row.with) {
      ++with_providers;
      with_suites += row.with->suites;
      with_exercised += row.with->exercised;
      with_cell = share(row.with->exercised, row.with->suites);
      std::snprintf(seconds_with, sizeof seconds_with, "%.1f", row.with->seconds);
      errors += " (" + std::to_string(row.with->error_findings) + ")";
    }
    std::printf("  %-12s %-22s %-22s %9.1f %9s  %s\n", row.provider.name.c_str(), share(a.exercised, a.suites).c_str(),
                with_cell.c_str(), a.seconds, seconds_with, errors.c_str());
    print_missed("without", a);
    if (row.with) print_missed("with", *row.with);
  }
  std::printf("\n");
  print_total("without --examples:", rows.size(), suites, exercised);
  if (examples && !sources.empty()) {
    print_total("with --examples:", with_providers, with_suites, with_exercised);
    if (with_providers < rows.size())
      std::printf("  (%zu provider(s) had no source folder under %s and are not in the with-examples total)\n",
                  rows.size() - with_providers, sources.string().c_str());
  }
  // A missed target is printed, not a failure: the bench measures; it fails only when it cannot.
  return 0;
}
