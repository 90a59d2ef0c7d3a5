// The run's world, end to end (docs/world.md): the real `tfconform run` against tfcfixture's data
// sources that read a file, run a program and fetch a URL. With the world they are read (the
// learner starts from their names and descriptions, or steers to the world after a refusal);
// without it (--no-world) the program and the URL are never reached. Either way the world's
// folder is gone after the run and nothing it started is left.
#include <gtest/gtest.h>

#include <cstdlib>

#include "tests/conformance/run_support.hpp"

namespace tfc::conformance::testing {
namespace {

using nlohmann::json;

const char* kTypes[] = {"tfcfixture_file_content", "tfcfixture_program_output", "tfcfixture_url_response"};

/// Sets TMPDIR for the runs of one test (tfconform makes its world under it).
class TempDirFor {
public:
  explicit TempDirFor(const std::filesystem::path& dir) {
    if (const char* old = std::getenv("TMPDIR")) m_old = old;
    ::setenv("TMPDIR", dir.c_str(), 1);
  }
  ~TempDirFor() {
    if (m_old)
      ::setenv("TMPDIR", m_old->c_str(), 1);
    else
      ::unsetenv("TMPDIR");
  }
  TempDirFor(const TempDirFor&) = delete;
  TempDirFor& operator=(const TempDirFor&) = delete;

private:
  std::optional<std::string> m_old;
};

const json* data_suite(const json& report, const std::string& name) {
  for (const auto& s : report["suites"]) {
    if (s["name"] == name && s["kind"] == "data_source") return &s;
  }
  return nullptr;
}

int reads(const json& report, const std::string& name) {
  const json* s = data_suite(report, name);
  return s == nullptr ? -1 : (*s)["coverage"]["steps"].value("read", 0);
}

bool learned_from_world(const json& suite, const std::string& attribute) {
  for (const auto& l : suite["learned"]) {
    if (l["attribute"] == attribute && l["source"] == "world") return true;
  }
  return false;
}

CliRun run_world_types(const Scratch& scratch, const std::filesystem::path& tmp, bool world) {
  std::vector<std::string> args = {
      "--provider",  provider_binary("tfcfixture").string(),
      "--resources", "tfcfixture_file_content,tfcfixture_program_output,tfcfixture_url_response",
      "--cases",     "12",
      "--seed",      "5",
      "--timeout",   "30"};
  if (!world) args.emplace_back("--no-world");
  const TempDirFor temp(tmp);
  return run_tfconform(scratch.path(), args);
}

TEST(WorldRun, DataSourcesWantingAFileAProgramAndAUrlAreReadAndTheWorldIsRemoved) {
  REQUIRE_PROVIDER("tfcfixture");
  Scratch scratch;
  const auto tmp = scratch.path() / "tmp";
  std::filesystem::create_directory(tmp);
  const auto run = run_world_types(scratch, tmp, true);
  ASSERT_TRUE(run.report.is_object()) << run.output;
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("world in " + tmp.string()), std::string::npos) << run.output;
  for (const char* type : kTypes) EXPECT_GT(reads(run.report, type), 0) << type << "\n" << run.report.dump(1);
  EXPECT_TRUE(run.report["not_exercised"].empty()) << run.report["not_exercised"].dump(2);
  // Learned from the attributes' names and descriptions (no hints file, no type names).
  EXPECT_TRUE(learned_from_world(*data_suite(run.report, "tfcfixture_program_output"), "program"));
  EXPECT_TRUE(learned_from_world(*data_suite(run.report, "tfcfixture_url_response"), "url"));
  // The world's folder (and every scratch directory of the run) is gone; nothing is left running.
  EXPECT_TRUE(std::filesystem::is_empty(tmp)) << std::filesystem::directory_iterator(tmp)->path();
  EXPECT_TRUE(processes_matching(scratch.path().string()).empty());
}

TEST(WorldRun, WithoutTheWorldTheProgramAndTheUrlAreNeverReached) {
  REQUIRE_PROVIDER("tfcfixture");
  Scratch scratch;
  const auto tmp = scratch.path() / "tmp";
  std::filesystem::create_directory(tmp);
  const auto run = run_world_types(scratch, tmp, false);
  ASSERT_TRUE(run.report.is_object()) << run.output;
  EXPECT_EQ(run.output.find("world in "), std::string::npos) << run.output;
  EXPECT_EQ(reads(run.report, "tfcfixture_program_output"), 0) << run.report.dump(1);
  EXPECT_EQ(reads(run.report, "tfcfixture_url_response"), 0) << run.report.dump(1);
  EXPECT_TRUE(std::filesystem::is_empty(tmp));
}

}  // namespace
}  // namespace tfc::conformance::testing
