#pragma once
// Small helpers the benches that drive other programs share: where the build tree is, finding a
// program on PATH, running a child with its output in a file, temporary directories.

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tfc::bench {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

/// terraform-provider-aws plan-only: fake credentials and every skip_* setting that would call AWS.
inline nlohmann::json aws_provider_config() {
  return {{"region", "us-east-1"},
          {"access_key", "AKIAIOSFODNN7EXAMPLE"},
          {"secret_key", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"},
          {"skip_credentials_validation", true},
          {"skip_requesting_account_id", true},
          {"skip_metadata_api_check", true},
          {"skip_region_validation", true}};
}

inline double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

inline double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

/// <build>/ from <build>/bench/<folder>/<bench>.
inline fs::path build_dir() { return fs::read_symlink("/proc/self/exe").parent_path().parent_path().parent_path(); }

/// The full path of `name` on PATH, or empty.
inline std::string find_on_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::string rest = path != nullptr ? path : "";
  while (!rest.empty()) {
    const auto colon = rest.find(':');
    const fs::path candidate = fs::path(rest.substr(0, colon)) / name;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate.string();
    if (colon == std::string::npos) break;
    rest = rest.substr(colon + 1);
  }
  return "";
}

/// A fresh directory under the temporary directory (removed by the caller).
inline fs::path make_temp_dir(const std::string& prefix) {
  std::string pattern = (fs::temp_directory_path() / (prefix + "-XXXXXX")).string();
  if (::mkdtemp(pattern.data()) == nullptr) return {};
  return pattern;
}

/// How a child ended and how long it took.
struct ChildResult {
  int exit_code = -1;  // -1: killed by a signal or not started
  double ms = 0;
};

/// Runs argv in `dir` with `env` added (NAME=VALUE), stdin from /dev/null, stdout and stderr
/// appended to `log` (or /dev/null when empty); waits for it.
inline ChildResult run_child(const std::vector<std::string>& argv, const fs::path& dir = {},
                             const std::vector<std::string>& env = {}, const fs::path& log = {}) {
  const auto start = Clock::now();
  const pid_t pid = ::fork();
  if (pid == 0) {
    for (const auto& kv : env) ::putenv(const_cast<char*>(kv.c_str()));
    if (!dir.empty() && ::chdir(dir.c_str()) != 0) ::_exit(126);
    const int in = ::open("/dev/null", O_RDONLY);
    const int out =
        log.empty() ? ::open("/dev/null", O_WRONLY) : ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    ::dup2(in, 0);
    ::dup2(out, 1);
    ::dup2(out, 2);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    ::execvp(args[0], args.data());
    ::_exit(127);
  }
  ChildResult r;
  int status = 0;
  if (pid > 0 && ::waitpid(pid, &status, 0) == pid && WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  r.ms = ms_since(start);
  return r;
}

/// The last `lines` lines of a text file, for failure messages.
inline std::string tail_of(const fs::path& file, std::size_t lines = 15) {
  std::ifstream in(file);
  std::vector<std::string> all;
  for (std::string line; std::getline(in, line);) all.push_back(line);
  std::ostringstream out;
  for (std::size_t i = all.size() > lines ? all.size() - lines : 0; i < all.size(); ++i)
    out << "    " << all[i] << "\n";
  return out.str();
}

}  // namespace tfc::bench
