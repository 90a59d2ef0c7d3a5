// The sweep of scratch directories left by killed runs removes only directories that prove they
// are tfconform's (runner/scratch_dir.hpp), never a user's, whatever its name or age.
#include "runner/scratch_dir.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <vector>

namespace tfc::runner {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

void write_file(const fs::path& file, const std::string& text) {
  std::ofstream out(file);
  out << text;
}

std::string read_file(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

/// The reproduction of issue 32: a user's own `tfconform-reports` with a file, two minutes old.
fs::path users_directory(const fs::path& base) {
  const auto dir = base / "tfconform-reports";
  fs::create_directory(dir);
  write_file(dir / "notes.txt", "notes\n");
  fs::last_write_time(dir, fs::file_time_type::clock::now() - 2min);
  return dir;
}

/// A directory that looks like a scratch directory of ours, with `marker` as its lock file's
/// content, unlocked and old.
fs::path look_alike(const fs::path& base, const std::string& name, const std::string& marker) {
  const auto dir = base / name;
  fs::create_directory(dir);
  write_file(dir / kScratchLock, marker);
  write_file(dir / "state.json", "{}");
  fs::last_write_time(dir, fs::file_time_type::clock::now() - 2min);
  return dir;
}

/// The scratch directory of a run killed with SIGKILL: a child process creates it (under
/// $TMPDIR) and is killed while it holds it. Empty on failure.
fs::path scratch_dir_of_a_killed_run() {
  int fds[2];
  if (::pipe(fds) != 0) return {};
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    auto dir = ScratchDir::create();
    const std::string path = dir ? dir->path().string() : std::string();
    [[maybe_unused]] auto w = ::write(fds[1], path.data(), path.size());
    ::close(fds[1]);
    while (true) ::pause();
  }
  ::close(fds[1]);
  std::string path;
  char buf[512];
  ssize_t n = 0;
  while ((n = ::read(fds[0], buf, sizeof buf)) > 0) path.append(buf, static_cast<std::size_t>(n));
  ::close(fds[0]);
  ::kill(pid, SIGKILL);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return path;
}

class ScratchSweepTest : public ::testing::Test {
protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "tfc-sweep-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    m_base = pattern;
    ASSERT_LT(m_base.string().size(), 60U) << "scratch_base() ignores a long TMPDIR";
    const char* old = std::getenv("TMPDIR");
    if (old != nullptr) m_old_tmpdir = old;
    ::setenv("TMPDIR", m_base.c_str(), 1);
  }
  void TearDown() override {
    if (m_old_tmpdir) {
      ::setenv("TMPDIR", m_old_tmpdir->c_str(), 1);
    } else {
      ::unsetenv("TMPDIR");
    }
    std::error_code ec;
    fs::remove_all(m_base, ec);
  }

  fs::path m_base;
  std::optional<std::string> m_old_tmpdir;
};

TEST(ScratchMarkerTest, OnlyOurOwnTextIsAMarker) {
  EXPECT_TRUE(is_scratch_marker(scratch_marker(1234, 1'800'000'000)));
  const std::string ours = scratch_marker(1234, 1'800'000'000);
  EXPECT_FALSE(is_scratch_marker(""));
  EXPECT_FALSE(is_scratch_marker("notes\n"));
  EXPECT_FALSE(is_scratch_marker(std::string(kScratchMarkerLine) + "\n"));  // the first line alone
  EXPECT_FALSE(is_scratch_marker(ours.substr(0, ours.size() - 1)));         // cut short
  EXPECT_FALSE(is_scratch_marker(ours + "more notes\n"));                   // something added
  EXPECT_FALSE(is_scratch_marker("x" + ours));                              // something before
  EXPECT_FALSE(is_scratch_marker(std::string(kScratchMarkerLine) + "\npid 12a\ncreated 1\n"));
}

TEST_F(ScratchSweepTest, AUsersDirectoryWithTheNameSurvives) {
  const auto dir = users_directory(m_base);
  EXPECT_EQ(sweep_stale_scratch_dirs(m_base), 0U);
  EXPECT_EQ(read_file(dir / "notes.txt"), "notes\n");
}

TEST_F(ScratchSweepTest, ALockFileOfOtherContentIsNotAMarker) {
  const auto foreign = look_alike(m_base, "tfconform-foreign", "notes\n");
  const auto empty = look_alike(m_base, "tfconform-empty", "");
  const auto almost = look_alike(m_base, "tfconform-almost", std::string(kScratchMarkerLine) + "\nmine\n");
  EXPECT_EQ(sweep_stale_scratch_dirs(m_base), 0U);
  for (const auto& dir : {foreign, empty, almost}) EXPECT_TRUE(fs::exists(dir / "state.json")) << dir;
}

TEST_F(ScratchSweepTest, AKilledRunsScratchDirectoryIsRemoved) {
  const auto dir = scratch_dir_of_a_killed_run();
  ASSERT_FALSE(dir.empty());
  ASSERT_TRUE(fs::exists(dir / kScratchLock));
  EXPECT_TRUE(is_scratch_marker(read_file(dir / kScratchLock))) << read_file(dir / kScratchLock);
  EXPECT_EQ(sweep_stale_scratch_dirs(m_base), 1U);
  EXPECT_FALSE(fs::exists(dir));
}

TEST_F(ScratchSweepTest, ALiveRunsScratchDirectoryIsKept) {
  auto live = ScratchDir::create();
  ASSERT_TRUE(live) << live.error().message;
  EXPECT_EQ(sweep_stale_scratch_dirs(m_base), 0U);
  EXPECT_TRUE(fs::exists(live->path() / kScratchLock));
  const auto path = live->path();
  live->remove();
  EXPECT_FALSE(fs::exists(path));
}

TEST_F(ScratchSweepTest, SymlinksAreNeverFollowed) {
  // A directory of ours under another name, abandoned, reached through a link named tfconform-*.
  const auto target = look_alike(m_base, "elsewhere", scratch_marker(1, 1));
  fs::create_directory_symlink(target, m_base / "tfconform-link");
  EXPECT_EQ(sweep_stale_scratch_dirs(m_base), 0U);
  EXPECT_TRUE(fs::is_symlink(m_base / "tfconform-link"));
  EXPECT_TRUE(fs::exists(target / "state.json"));
  // A marker that is a link to a marker elsewhere proves nothing either.
  const auto linked = m_base / "tfconform-linked-marker";
  fs::create_directory(linked);
  fs::create_symlink(target / kScratchLock, linked / kScratchLock);
  EXPECT_EQ(sweep_stale_scratch_dirs(m_base), 0U);
  EXPECT_TRUE(fs::exists(linked));
}

TEST_F(ScratchSweepTest, AnotherUsersDirectoryIsKept) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root to give a directory to another user";
  const auto dir = look_alike(m_base, "tfconform-other", scratch_marker(1, 1));
  ASSERT_EQ(::chown((dir / kScratchLock).c_str(), 65534, 65534), 0);
  ASSERT_EQ(::chown(dir.c_str(), 65534, 65534), 0);
  EXPECT_EQ(sweep_stale_scratch_dirs(m_base), 0U);
  EXPECT_TRUE(fs::exists(dir / "state.json"));
}

// The reproduction of issue 32 with the real binary: `tfconform schema` sweeps at start (before
// the provider is launched), leaves the user's directory and removes the killed run's.
TEST_F(ScratchSweepTest, TfconformSchemaKeepsAUsersDirectoryAndRemovesAKilledRuns) {
  const char* bin = std::getenv("TFC_BINARY_DIR");
  const fs::path binary_dir = bin != nullptr ? bin : ".";
  const auto tfconform = binary_dir / "conformance" / "tfconform";
  ASSERT_TRUE(fs::exists(tfconform)) << tfconform << " is not built";
  // The fixture provider when `make providers` built it; otherwise a program that is not a
  // provider, which makes the command fail after the sweep (which is what is tested here).
  auto provider = binary_dir / "providers" / "terraform-provider-tfcfixture";
  const bool real = fs::exists(provider);
  if (!real) provider = "/bin/true";
  const auto users = users_directory(m_base);
  const auto killed = scratch_dir_of_a_killed_run();
  ASSERT_FALSE(killed.empty());
  const std::string command = "TMPDIR='" + m_base.string() + "' '" + tfconform.string() + "' schema --provider '" +
                              provider.string() + "' > '" + (m_base / "out.txt").string() + "' 2>&1";
  const int status = std::system(command.c_str());
  const std::string output = read_file(m_base / "out.txt");
  if (real) {
    EXPECT_EQ(status, 0) << output;
  }
  EXPECT_EQ(read_file(users / "notes.txt"), "notes\n") << output;
  EXPECT_FALSE(fs::exists(killed)) << output;
  // The run removed its own scratch directory too: only the user's is left.
  std::vector<std::string> left;
  for (const auto& e : fs::directory_iterator(m_base)) {
    if (e.path().filename().string().rfind(kScratchPrefix, 0) == 0) left.push_back(e.path().filename().string());
  }
  EXPECT_EQ(left, std::vector<std::string>{"tfconform-reports"}) << output;
}

}  // namespace
}  // namespace tfc::runner
