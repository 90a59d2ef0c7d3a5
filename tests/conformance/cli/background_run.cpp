#include "tests/conformance/cli/background_run.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

namespace tfc::conformance::testing {
namespace {

std::filesystem::path tfconform_path() {
  const char* dir = std::getenv("TFC_BINARY_DIR");
  return std::filesystem::path(dir != nullptr ? dir : ".") / "conformance" / "tfconform";
}

std::string read_all(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

BackgroundRun::BackgroundRun(const Scratch& scratch, const std::vector<std::string>& args) : m_dir(scratch.path()) {
  std::filesystem::create_directories(m_dir / "tmp");
  std::vector<std::string> argv_text = {tfconform_path().string(), "run"};
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  for (const auto& extra : {std::string("--env"), "TFC_TEST_SCRATCH=" + m_dir.string(), std::string("--json"),
                            (m_dir / "report.json").string()})
    argv_text.push_back(extra);
  std::vector<char*> argv;
  for (auto& a : argv_text) argv.push_back(a.data());
  argv.push_back(nullptr);
  const std::string tmpdir = (m_dir / "tmp").string();
  const std::string out = (m_dir / "output.txt").string();
  m_pid = ::fork();
  if (m_pid == 0) {
    ::setenv("TMPDIR", tmpdir.c_str(), 1);
    const int fd = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(fd, 1);
    ::dup2(fd, 2);
    if (::chdir(m_dir.c_str()) != 0) ::_exit(126);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
}

BackgroundRun::~BackgroundRun() {
  if (m_pid > 0 && !m_reaped) {
    ::kill(m_pid, SIGKILL);
    ::waitpid(m_pid, nullptr, 0);
  }
}

void BackgroundRun::signal(int sig) const {
  if (m_pid > 0 && !m_reaped) ::kill(m_pid, sig);
}

bool BackgroundRun::wait_for_output(const std::string& text, std::chrono::milliseconds timeout) const {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    if (output().find(text) != std::string::npos) return true;
    siginfo_t info{};
    if (::waitid(P_PID, static_cast<id_t>(m_pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == m_pid)
      return output().find(text) != std::string::npos;  // it ended
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

std::optional<int> BackgroundRun::wait(std::chrono::milliseconds timeout) {
  if (m_reaped) return m_exit;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    int status = 0;
    if (::waitpid(m_pid, &status, WNOHANG) == m_pid) {
      m_reaped = true;
      m_exit = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      return m_exit;
    }
    if (std::chrono::steady_clock::now() >= deadline) return std::nullopt;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

std::string BackgroundRun::output() const { return read_all(m_dir / "output.txt"); }

nlohmann::json BackgroundRun::report() const {
  const std::string text = read_all(m_dir / "report.json");
  try {
    return text.empty() ? nlohmann::json() : nlohmann::json::parse(text);
  } catch (const std::exception&) {
    return nullptr;
  }
}

std::vector<std::filesystem::path> BackgroundRun::leftover_temp_files() const {
  std::vector<std::filesystem::path> out;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(m_dir / "tmp", ec)) out.push_back(e.path());
  return out;
}

std::vector<int> processes_left(const Scratch& scratch, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    auto left = processes_matching(scratch.path().string());
    if (left.empty() || std::chrono::steady_clock::now() >= deadline) return left;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

}  // namespace tfc::conformance::testing
