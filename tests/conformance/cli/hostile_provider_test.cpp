// Hostile providers (tests/providers/faulty/hostile.tsv): a provider that attacks the harness
// rather than one contract rule. Each run uses the real tfconform binary against
// terraform-provider-tfcfault in one hostile mode: the attack must end as a finding in a report
// that is still written (never a crash of tfconform, a hang or a lost report), and no process
// the run started may survive it. docs/hostile-providers.md has the timings of each mode.
#include <gtest/gtest.h>

#include <fstream>

#include "tests/conformance/run_support.hpp"

namespace tfc::conformance::testing {
namespace {

using nlohmann::json;

struct HostileRun {
  CliRun run;
  std::set<std::string> errors;
  std::vector<json> findings;
};

// `--apply` cases against tfcfault in `mode`, with an RPC deadline of `timeout` seconds: every
// mode is expected to end within seconds.
HostileRun run_mode(const Scratch& scratch, const std::string& mode, std::vector<std::string> extra = {},
                    const std::string& timeout = "20") {
  std::vector<std::string> args = {"--provider",
                                   provider_binary("tfcfault").string(),
                                   "--apply",
                                   "--cases",
                                   "4",
                                   "--seed",
                                   "20261123",
                                   "--shrink-time",
                                   "10",
                                   "--timeout",
                                   timeout,
                                   "--hints",
                                   hints("tfcfault"),
                                   "--env",
                                   "TFCFAULT_STATE_DIR=" + (scratch.path() / "objects").string(),
                                   "--env",
                                   "TFCFAULT_MODE=" + mode};
  args.insert(args.end(), extra.begin(), extra.end());
  HostileRun out;
  out.run = run_tfconform(scratch.path(), args);
  out.errors = rules_of(out.run.report, "error");
  out.findings = findings_of(out.run.report);
  return out;
}

// The first finding of `rule`, or null.
json finding(const HostileRun& r, const std::string& rule) {
  for (const auto& f : r.findings)
    if (f["rule"] == rule) return f;
  return nullptr;
}

std::string message_of(const HostileRun& r, const std::string& rule) {
  const json f = finding(r, rule);
  return f.is_object() ? f.value("message", "") : "";
}

// Common ending of every hostile run: a report, the exit code of "findings", nothing running.
void expect_contained(const Scratch& scratch, const HostileRun& r, const std::string& mode) {
  EXPECT_TRUE(r.run.report.is_object()) << mode << ": no JSON report\n" << r.run.output;
  EXPECT_EQ(r.run.exit_code, 1) << mode << "\n" << r.run.output;
  EXPECT_TRUE(processes_matching(scratch.path().string()).empty()) << mode << ": a process of the run survived";
}

TEST(HostileProviders, ALyingHandshakeIsAFindingAndTheReportIsStillWritten) {
  REQUIRE_PROVIDER("tfcfault");
  for (const char* mode : {"handshake_no_socket", "stdout_before_handshake"}) {
    Scratch scratch;
    const auto r = run_mode(scratch, mode, {}, "5");
    expect_contained(scratch, r, mode);
    EXPECT_EQ(r.errors, std::set<std::string>{"rpc.handshake"}) << mode << "\n" << r.run.output;
  }
}

TEST(HostileProviders, ACertificateThatDoesNotMatchIsRefused) {
  REQUIRE_PROVIDER("tfcfault");
  // cert_mismatch: the server's certificate is not the one its handshake names.
  // client_cert_refused: the server will not accept the harness's client certificate.
  for (const char* mode : {"cert_mismatch", "client_cert_refused"}) {
    Scratch scratch;
    const auto r = run_mode(scratch, mode, {}, "5");
    expect_contained(scratch, r, mode);
    EXPECT_EQ(r.errors, std::set<std::string>{"rpc.handshake"}) << mode << "\n" << r.run.output;
    // Not one resource case ran over a connection the harness could not trust.
    for (const auto& suite : r.run.report["suites"])
      EXPECT_EQ(suite["kind"], "provider") << mode << ": " << suite["name"] << " ran";
  }
}

TEST(HostileProviders, AProviderThatForksAndExitsLeavesNoProcessBehind) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  const auto r = run_mode(scratch, "fork_and_exit");
  expect_contained(scratch, r, "fork_and_exit");
  EXPECT_TRUE(r.errors.contains("rpc.crashed")) << r.run.output;
}

TEST(HostileProviders, AStderrFloodNeitherStallsTheRunNorEndsInAFinding) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  const auto r = run_mode(scratch, "stderr_flood");
  ASSERT_TRUE(r.run.report.is_object()) << r.run.output;
  EXPECT_EQ(r.errors, std::set<std::string>{}) << r.run.output;
  EXPECT_EQ(r.run.exit_code, 0) << r.run.output;
  EXPECT_TRUE(processes_matching(scratch.path().string()).empty());
}

TEST(HostileProviders, AResponseOverTheSizeLimitIsNamedAsSuch) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  const auto r = run_mode(scratch, "oversize_response");
  expect_contained(scratch, r, "oversize_response");
  EXPECT_EQ(r.errors, std::set<std::string>{"rpc.message_too_large"}) << r.run.output;
  const std::string message = message_of(r, "rpc.message_too_large");
  EXPECT_NE(message.find("PlanResourceChange"), std::string::npos) << message;
  EXPECT_NE(message.find("receive limit of 256 MiB"), std::string::npos) << message;
  EXPECT_NE(message.find("268435456"), std::string::npos) << "the limit is named: " << message;
}

TEST(HostileProviders, DeeplyNestedValuesAndSchemasAreFindingsNotStackOverflows) {
  REQUIRE_PROVIDER("tfcfault");
  // A dynamic attribute holding a list nested 10,000 levels deep.
  {
    Scratch scratch;
    const auto r = run_mode(scratch, "deep_nesting_value");
    expect_contained(scratch, r, "deep_nesting_value");
    EXPECT_EQ(r.errors, std::set<std::string>{"value.undecodable"}) << r.run.output;
    const std::string message = message_of(r, "value.undecodable");
    EXPECT_NE(message.find(".payload"), std::string::npos) << message;
    EXPECT_NE(message.find("nested too deeply"), std::string::npos) << message;
  }
  // An attribute type nested 100,000 levels deep in the schema: no resource can be tested.
  {
    Scratch scratch;
    const auto r = run_mode(scratch, "deep_nesting_schema");
    expect_contained(scratch, r, "deep_nesting_schema");
    EXPECT_EQ(r.errors, std::set<std::string>{"value.undecodable"}) << r.run.output;
    const std::string message = message_of(r, "value.undecodable");
    EXPECT_NE(message.find("did not return its schema"), std::string::npos) << message;
    EXPECT_NE(message.find("deep"), std::string::npos) << message;
  }
}

TEST(HostileProviders, InvalidUtf8InAValueIsNamedWhereItIs) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  const auto r = run_mode(scratch, "invalid_utf8_value");
  expect_contained(scratch, r, "invalid_utf8_value");
  EXPECT_EQ(r.errors, std::set<std::string>{"value.invalid_utf8"}) << r.run.output;
  const json f = finding(r, "value.invalid_utf8");
  ASSERT_TRUE(f.is_object());
  EXPECT_EQ(f.value("path", ""), ".generated") << f.dump();
  EXPECT_NE(f.value("message", "").find("byte 0xff"), std::string::npos) << f.dump();
}

// terraform-plugin-go cleans diagnostics, so tfcfault writes the bad bytes below it, into the
// protobuf answer: libprotobuf refuses the string field and gRPC only says "No message returned".
TEST(HostileProviders, InvalidUtf8InAnAnswerOnTheWireIsAMalformedAnswer) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  const auto r = run_mode(scratch, "invalid_utf8_diagnostic");
  expect_contained(scratch, r, "invalid_utf8_diagnostic");
  EXPECT_EQ(r.errors, std::set<std::string>{"value.undecodable"}) << r.run.output;
  const std::string message = message_of(r, "value.undecodable");
  EXPECT_NE(message.find("not a valid tfplugin6.PlanResourceChange.Response"), std::string::npos) << message;
  EXPECT_NE(message.find("invalid UTF-8"), std::string::npos) << message;
  EXPECT_EQ(r.run.output.find("[libprotobuf"), std::string::npos) << "libprotobuf's log reached the console";
}

TEST(HostileProviders, HugeDiagnosticsAreKeptOutOfTheWayButTheRunGoesOn) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  const auto r = run_mode(scratch, "huge_diagnostics");
  ASSERT_TRUE(r.run.report.is_object()) << r.run.output;
  EXPECT_EQ(r.errors, std::set<std::string>{}) << r.run.output;
  EXPECT_EQ(r.run.exit_code, 0);
  EXPECT_LT(r.run.output.size(), 64u * 1024) << "two 100 KiB warnings per plan must not flood the console";
  EXPECT_TRUE(processes_matching(scratch.path().string()).empty());
}

// Every report format of a run whose provider puts markup, CDATA ends and terminal escapes in
// every string it controls: JUnit still validates, and in Chromium none of it becomes markup.
TEST(HostileProviders, MarkupInEveryProviderStringStaysText) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  const auto html = scratch.path() / "report.html";
  const auto xml = scratch.path() / "junit.xml";
  const auto md = scratch.path() / "summary.md";
  const auto r = run_mode(scratch, "markup_everywhere",
                          {"--html", html.string(), "--junit", xml.string(), "--summary", md.string()});
  expect_contained(scratch, r, "markup_everywhere");
  EXPECT_TRUE(r.errors.contains("apply.known_value_changed")) << r.run.output;
  EXPECT_TRUE(validates_as_junit(xml)) << "xmllint rejected " << xml;
  std::ifstream summary(md);
  const std::string summary_text((std::istreambuf_iterator<char>(summary)), std::istreambuf_iterator<char>());
  for (const char* raw : {"<script>", "<img", "<b>", "\x1b["})
    EXPECT_EQ(summary_text.find(raw), std::string::npos) << raw << " reached the Markdown summary unescaped";
  EXPECT_EQ(r.run.output.find("\x1b[31m"), std::string::npos) << "a provider's terminal escape reached the console";

  const auto dom = dump_dom(scratch, html);
  if (!dom) GTEST_SKIP() << "chromium is not installed";
  for (const char* element : {"<script>alert(", "<img src=\"x\"", "<img src=x", "<b>bold</b>"})
    EXPECT_EQ(dom->find(element), std::string::npos) << element << ": provider markup became an element";
  EXPECT_NE(dom->find("&lt;script&gt;alert("), std::string::npos) << "the provider's name is not shown as text";
  EXPECT_NE(dom->find("&lt;img src=x onerror=alert(1)&gt;"), std::string::npos) << "the diagnostic is not shown";
}

}  // namespace
}  // namespace tfc::conformance::testing
