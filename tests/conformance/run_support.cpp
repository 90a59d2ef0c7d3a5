#include "tests/conformance/run_support.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "tests/reports/json_schema_check.hpp"

namespace tfc::conformance::testing {

std::filesystem::path provider_binary(const std::string& name) {
  const char* dir = std::getenv("TFC_BINARY_DIR");
  return std::filesystem::path(dir != nullptr ? dir : ".") / "providers" / ("terraform-provider-" + name);
}

std::filesystem::path source_path(const std::string& relative) {
  const char* dir = std::getenv("TFC_SOURCE_DIR");
  return std::filesystem::path(dir != nullptr ? dir : ".") / relative;
}

Scratch::Scratch() {
  std::string pattern = (std::filesystem::temp_directory_path() / "tfc-run-test-XXXXXX").string();
  if (::mkdtemp(pattern.data()) != nullptr) m_path = pattern;
}

Scratch::~Scratch() {
  std::error_code ec;
  if (!m_path.empty()) std::filesystem::remove_all(m_path, ec);
}

namespace {

std::string quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::filesystem::path tfconform_binary() {
  const char* dir = std::getenv("TFC_BINARY_DIR");
  return std::filesystem::path(dir != nullptr ? dir : ".") / "conformance" / "tfconform";
}

}  // namespace

std::string hints(const std::string& name) { return source_path("tests/conformance/hints/" + name + ".json").string(); }

std::string read_text(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> tfcfault_thing_run(const std::filesystem::path& dir, const std::string& mode,
                                            const std::filesystem::path& binary) {
  return {"--provider",
          binary.string(),
          "--apply",
          "--env",
          "TFCFAULT_STATE_DIR=" + (dir / "objects").string(),
          "--env",
          "TFCFAULT_MODE=" + mode,
          "--hints",
          hints("tfcfault"),
          "--seed",
          "7",
          "--cases",
          "10",
          "--shrink-time",
          "10",
          "--timeout",
          "20",
          "--resources",
          "tfcfault_thing",
          "--no-data-sources"};
}

CliRun run_tfconform(const std::filesystem::path& dir, const std::vector<std::string>& args,
                     const std::vector<std::string>& environment) {
  CliRun run;
  run.dir = dir;
  const auto report = dir / "report.json";
  std::string cmd = "cd " + quote(dir.string()) + " && env -u GITHUB_ACTIONS -u GITHUB_STEP_SUMMARY";
  for (const auto& e : environment) cmd += " " + quote(e);
  cmd += " " + quote(tfconform_binary().string()) + " run";
  for (const auto& a : args) cmd += " " + quote(a);
  cmd += " --env " + quote("TFC_TEST_SCRATCH=" + dir.string());
  cmd += " --json " + quote(report.string()) + " 2>&1";
  FILE* pipe = ::popen(cmd.c_str(), "r");
  if (pipe == nullptr) return run;
  char buf[4096];
  std::size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) run.output.append(buf, n);
  const int status = ::pclose(pipe);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream in(report);
  if (in) {
    try {
      run.report = nlohmann::json::parse(in);
    } catch (const std::exception&) {
      run.report = nullptr;
    }
  }
  // Every real report is also checked against its documented form.
  if (!run.report.is_null()) {
    static const nlohmann::json schema = report::testing::report_schema(source_path(""));
    for (const std::string& problem : report::testing::schema_problems(schema, run.report))
      ADD_FAILURE() << "the JSON report does not match docs/report.schema.json: " << problem;
  }
  return run;
}

CliRun run_tfconform_command(const std::filesystem::path& dir, const std::vector<std::string>& args) {
  CliRun run;
  run.dir = dir;
  std::string cmd = "cd " + quote(dir.string()) + " && " + quote(tfconform_binary().string());
  for (const auto& a : args) cmd += " " + quote(a);
  cmd += " 2>&1";
  FILE* pipe = ::popen(cmd.c_str(), "r");
  if (pipe == nullptr) return run;
  char buf[4096];
  std::size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) run.output.append(buf, n);
  const int status = ::pclose(pipe);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

std::filesystem::path cli_binary(const std::string& name) {
  const char* dir = std::getenv("TFC_BINARY_DIR");
  return std::filesystem::path(dir != nullptr ? dir : ".") / "cli" / name;
}

bool validates_as_junit(const std::filesystem::path& junit_xml) {
  const std::string cmd = "xmllint --noout --schema " + quote(source_path("tests/reports/JUnit.xsd").string()) + " " +
                          quote(junit_xml.string()) + " > /dev/null 2>&1";
  return std::system(cmd.c_str()) == 0;
}

std::optional<std::string> dump_dom(const Scratch& scratch, const std::filesystem::path& html) {
  if (std::system("command -v chromium > /dev/null 2>&1") != 0) return std::nullopt;
  const auto dom = scratch.path() / "dom.html";
  const std::string chromium =
      "timeout -k 5 60 chromium --headless --no-sandbox --disable-gpu --disable-quic "
      "--no-first-run --disable-background-networking --disable-component-update "
      "--disable-sync --user-data-dir=" +
      quote((scratch.path() / "chromium").string()) + " --dump-dom " + quote("file://" + html.string()) + " > " +
      quote(dom.string()) + " 2> /dev/null";
  if (std::system(chromium.c_str()) != 0) return std::string();
  std::ifstream dumped(dom);
  return std::string((std::istreambuf_iterator<char>(dumped)), std::istreambuf_iterator<char>());
}

std::vector<nlohmann::json> findings_of(const nlohmann::json& report) {
  std::vector<nlohmann::json> out;
  if (!report.is_object() || !report.contains("suites")) return out;
  for (const auto& suite : report["suites"]) {
    for (const auto& scenario : suite["scenarios"]) {
      for (auto f : scenario["findings"]) {
        f["suite"] = suite["name"];
        f["scenario"] = scenario["name"];
        out.push_back(std::move(f));
      }
    }
  }
  return out;
}

std::set<std::string> rules_of(const nlohmann::json& report, const std::string& severity) {
  std::set<std::string> out;
  for (const auto& f : findings_of(report)) {
    if (f["severity"] == severity) out.insert(f["rule"].get<std::string>());
  }
  return out;
}

std::vector<int> processes_matching(const std::string& needle) {
  std::vector<int> out;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream in(entry.path() / "cmdline");
    std::string cmdline((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::ifstream env_in(entry.path() / "environ");
    cmdline += std::string((std::istreambuf_iterator<char>(env_in)), std::istreambuf_iterator<char>());
    for (char& c : cmdline) c = c == '\0' ? ' ' : c;
    std::string stat;
    std::ifstream st(entry.path() / "stat");
    std::getline(st, stat);
    if (stat.find(") Z") != std::string::npos) continue;  // a zombie is already gone
    if (cmdline.find(needle) != std::string::npos && std::stoi(name) != ::getpid()) out.push_back(std::stoi(name));
  }
  return out;
}

}  // namespace tfc::conformance::testing
