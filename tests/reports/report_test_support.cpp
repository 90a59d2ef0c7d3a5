#include "tests/reports/report_test_support.hpp"

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace tfc::report::testing {

std::filesystem::path source_dir() { return TFC_REPORTS_TEST_DIR; }

std::filesystem::path output_dir() {
  const std::filesystem::path dir = TFC_REPORTS_OUT_DIR;
  std::filesystem::create_directories(dir);
  return dir;
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

void write_file(const std::filesystem::path& path, std::string_view content) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << content;
}

::testing::AssertionResult matches_golden(const std::string& name, const std::string& actual) {
  const auto baseline = source_dir() / "baselines" / name;
  const auto received = output_dir() / (name + ".received");
  write_file(received, actual);
  const char* approve = std::getenv("TFC_APPROVE");
  if (approve != nullptr && std::string_view(approve) == "1") {
    write_file(baseline, actual);
    return ::testing::AssertionSuccess() << "approved " << baseline;
  }
  if (!std::filesystem::exists(baseline)) {
    return ::testing::AssertionFailure() << "no baseline " << baseline << "; review " << received
                                         << " and approve it with TFC_APPROVE=1";
  }
  const std::string expected = read_file(baseline);
  if (expected == actual) return ::testing::AssertionSuccess();
  std::size_t line = 1;
  std::size_t i = 0;
  while (i < expected.size() && i < actual.size() && expected[i] == actual[i]) {
    if (expected[i++] == '\n') ++line;
  }
  return ::testing::AssertionFailure() << name << " differs from its baseline at line " << line << " (byte " << i
                                       << "): diff " << baseline << " " << received
                                       << "; if the change is intended, re-approve with TFC_APPROVE=1";
}

CommandResult run_command(const std::string& command) {
  CommandResult result;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return result;
  std::array<char, 4096> buf{};
  std::size_t n = 0;
  while ((n = std::fread(buf.data(), 1, buf.size(), pipe)) > 0) result.output.append(buf.data(), n);
  const int status = ::pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return result;
}

std::string shell_quote(std::string_view text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

}  // namespace tfc::report::testing
