#include "reports/multi_reporter.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "reports/json_reporter.hpp"
#include "tests/reports/fixture_run.hpp"
#include "tests/reports/report_test_support.hpp"

namespace tfc::report {
namespace {

TEST(ParseReportSpec, AcceptsEveryKind) {
  const auto junit = parse_report_spec("junit=out/report.xml");
  ASSERT_TRUE(junit) << junit.error().message;
  EXPECT_EQ(junit->kind, ReportKind::junit);
  EXPECT_EQ(junit->path, "out/report.xml");
  EXPECT_EQ(parse_report_spec("json=a.json")->kind, ReportKind::json);
  EXPECT_EQ(parse_report_spec("html=a.html")->kind, ReportKind::html);
  EXPECT_EQ(parse_report_spec("summary=s.md")->kind, ReportKind::summary);
  EXPECT_EQ(parse_report_spec("sarif=out.sarif")->kind, ReportKind::sarif);
  EXPECT_EQ(parse_report_spec("markdown=s.md")->kind, ReportKind::summary);
  EXPECT_EQ(parse_report_spec("json=a=b.json")->path, "a=b.json");  // first '=' splits
}

TEST(ParseReportSpec, ErrorsQuoteTheSpecAndSayWhatWasExpected) {
  EXPECT_EQ(parse_report_spec("out.xml").error().message, "--report 'out.xml': expected KIND=PATH, e.g. junit=out.xml");
  EXPECT_EQ(parse_report_spec("xml=out.xml").error().message,
            "--report 'xml=out.xml': unknown report kind 'xml' (known: junit, json, html, sarif, "
            "summary, markdown)");
  EXPECT_EQ(parse_report_spec("junit=").error().message, "--report 'junit=': the path after '=' is empty");
}

TEST(MultiReporter, RefusesTwoReportsToOnePath) {
  const auto multi = MultiReporter::create({"junit=r.out", "json=r.out"});
  ASSERT_FALSE(multi);
  EXPECT_EQ(multi.error().message, "--report 'json=r.out': 'r.out' is already the destination of the junit report");
}

TEST(MultiReporter, WritesEveryDestination) {
  const auto dir = testing::output_dir() / "multi";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const auto multi = MultiReporter::create({"junit=" + (dir / "r.xml").string(), "json=" + (dir / "r.json").string(),
                                            "html=" + (dir / "r.html").string(), "summary=-"},
                                           fixed_clock(testing::pinned_now()));
  ASSERT_TRUE(multi) << multi.error().message;
  std::ostringstream stdout_stream;
  const auto written = multi->write(testing::fixture_run(), stdout_stream);
  ASSERT_TRUE(written) << written.error().message;
  EXPECT_EQ(testing::read_file(dir / "r.xml"),
            testing::read_file(testing::source_dir() / "baselines/junit.approved.xml"));
  EXPECT_EQ(nlohmann::json::parse(testing::read_file(dir / "r.json"))["format_version"], JsonReporter::kFormatVersion);
  EXPECT_NE(testing::read_file(dir / "r.html").find("<!DOCTYPE html>"), std::string::npos);
  EXPECT_EQ(stdout_stream.str().rfind("## tfconform: FAILED", 0), 0u);
}

TEST(MultiReporter, ReportsEveryUnwritableDestinationAndStillWritesTheRest) {
  const auto dir = testing::output_dir() / "multi-bad";
  std::filesystem::create_directories(dir);
  const auto multi = MultiReporter::create(
      {"junit=/nonexistent-dir/r.xml", "json=" + (dir / "ok.json").string(), "html=/nonexistent-dir/r.html"});
  ASSERT_TRUE(multi);
  std::ostringstream ignored;
  const auto written = multi->write(testing::fixture_run(), ignored);
  ASSERT_FALSE(written);
  EXPECT_EQ(written.error().message,
            "cannot write the junit report to '/nonexistent-dir/r.xml': No such file or "
            "directory; cannot write the html report to '/nonexistent-dir/r.html': No such file "
            "or directory");
  EXPECT_TRUE(std::filesystem::exists(dir / "ok.json"));
}

}  // namespace
}  // namespace tfc::report
