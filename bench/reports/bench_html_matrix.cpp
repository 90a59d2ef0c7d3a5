// Writes the HTML report of a synthetic whole-AWS-sized plan-only run (1,500 types: resources,
// data sources, ephemeral resources, functions, lists, actions) and prints its size and how long
// writing it took; figures only (`make bench`). With a path argument the page is kept there, to
// open it in a browser (docs/reports.md measures its load time in headless Chromium).
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "reports/html_reporter.hpp"

namespace {

using namespace tfc::report;
using Steps = std::vector<std::pair<std::string, std::size_t>>;

struct Lcg {
  std::uint64_t state = 20260101;
  std::size_t below(std::size_t n) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<std::size_t>((state >> 33) % n);
  }
};

// Plan-only coverage of one type: most reach every step, some stop at validation or planning.
Suite synthetic_suite(SuiteKind kind, const std::string& name, Lcg& rng) {
  constexpr std::size_t kCases = 10;
  const std::size_t fate = rng.below(10);  // 0: never validated, 1: never planned, else reached
  const std::size_t valid = fate == 0 ? 0 : kCases - rng.below(4);
  const std::size_t planned = fate <= 1 ? 0 : valid - rng.below(3);
  Suite suite{kind, name, {kCases, kCases - valid, planned, 0}, {}};
  switch (kind) {
    case SuiteKind::resource:
      suite.coverage.steps = Steps{{"validated", valid},
                                   {"planned", planned},
                                   {"upgraded", planned == 0 ? 0 : rng.below(planned + 1)},
                                   {"update planned", planned == 0 ? 0 : rng.below(planned + 1)}};
      break;
    case SuiteKind::data_source: suite.coverage.steps = Steps{{"validated", valid}, {"read", planned}}; break;
    case SuiteKind::ephemeral_resource: suite.coverage.steps = Steps{{"validated", valid}, {"opened", planned}}; break;
    case SuiteKind::list_resource: suite.coverage.steps = Steps{{"validated", valid}, {"listed", planned}}; break;
    case SuiteKind::action: suite.coverage.steps = Steps{{"validated", valid}, {"planned", planned}}; break;
    default: suite.coverage.steps = Steps{{"called", planned}}; break;
  }
  if (kind == SuiteKind::data_source) suite.coverage.applied = planned;
  if (planned == 0) {
    suite.coverage.top_refusal = "ValidateResourceConfig: Missing required argument (at .name)";
    suite.coverage.top_refusal_cases = kCases - valid;
  }
  Scenario plan{"plan", Status::passed, "", std::chrono::milliseconds(40), {}, {}};
  if (rng.below(12) == 0) {
    Finding f;
    f.rule_id = rng.below(3) == 0 ? "plan.config_value_changed" : "state.read_normalized";
    f.severity = f.rule_id == "plan.config_value_changed" ? tfc::Severity::error : tfc::Severity::warning;
    f.rpc = kind == SuiteKind::data_source ? "ReadDataSource" : "PlanResourceChange";
    f.resource_type = name;
    f.path = ".tags";
    f.message = "planned value does not match config value";
    plan.status = f.severity == tfc::Severity::error ? Status::failed : Status::passed;
    plan.findings.push_back(f);
  }
  suite.scenarios.push_back(plan);
  return suite;
}

RunReport synthetic_aws() {
  RunReport run;
  run.tool_version = "bench";
  run.hostname = "bench";
  run.provider.address = "registry.terraform.io/hashicorp/aws";
  run.options.cases = 10;
  run.suites.push_back({SuiteKind::provider, "aws", {}, {}});
  static const char* const kServices[] = {"ec2",        "iam",        "s3",    "rds",       "lambda",
                                          "ecs",        "eks",        "glue",  "sagemaker", "route53",
                                          "cloudwatch", "apigateway", "wafv2", "kinesis",   "dynamodb"};
  Lcg rng;
  const auto add = [&](SuiteKind kind, std::size_t n, const char* what) {
    for (std::size_t i = 0; i < n; ++i) {
      const std::string name = std::string("aws_") + kServices[i % 15] + "_" + what + "_" + std::to_string(i);
      run.suites.push_back(synthetic_suite(kind, name, rng));
    }
  };
  add(SuiteKind::resource, 1000, "resource");
  add(SuiteKind::data_source, 450, "data");
  add(SuiteKind::ephemeral_resource, 20, "ephemeral");
  add(SuiteKind::function, 10, "function");
  add(SuiteKind::list_resource, 15, "list");
  add(SuiteKind::action, 5, "action");
  return run;
}

}  // namespace

int main(int argc, char** argv) {
  const RunReport run = synthetic_aws();
  const auto start = std::chrono::steady_clock::now();
  std::ostringstream out;
  HtmlReporter(fixed_clock(std::chrono::system_clock::time_point{})).write(run, out);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  const std::string html = out.str();
  const auto matrix = html.find("<section id=\"coverage\">");
  const auto matrix_end = html.find("</section>", matrix);
  std::printf("bench_html_matrix: %zu types; page %.2f MB (matrix %.2f MB) written in %.1f ms\n", run.suites.size() - 1,
              html.size() / 1e6, (matrix_end - matrix) / 1e6, ms);
  if (argc > 1) std::ofstream(argv[1], std::ios::binary) << html;
  return 0;
}
