// The run's world: its files exist with their content, its programs run and print what they
// should, its server answers a real socket, and close() leaves nothing behind.
#include "world/world.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "tests/world/http_client.hpp"

namespace tfc::world {
namespace {

namespace fs = std::filesystem;

std::string run(const std::string& command) {
  std::string out;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return out;
  char buf[512];
  std::size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) out.append(buf, n);
  ::pclose(pipe);
  return out;
}

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

class WorldTest : public ::testing::Test {
protected:
  void SetUp() override {
    auto base = ScratchFolder::create(temp_base(), "tfc-world-test-base-");
    ASSERT_TRUE(base);
    m_base = std::move(*base);
  }
  ScratchFolder m_base;
};

TEST_F(WorldTest, HoldsFilesProgramsAndAServer) {
  auto made = World::create(m_base.path());
  ASSERT_TRUE(made) << made.error().message;
  World& world = **made;
  const Offer& o = world.offer();
  EXPECT_EQ(o.root.parent_path(), m_base.path());
  EXPECT_EQ(o.root.filename().string().rfind(World::kPrefix, 0), 0u);
  ASSERT_GE(o.files.size(), 3u);
  for (const auto& f : o.files) {
    EXPECT_TRUE(fs::is_regular_file(f)) << f;
    EXPECT_GT(fs::file_size(f), 0u) << f;
    EXPECT_EQ(f.string().rfind(o.root.string() + "/", 0), 0u) << f;
  }
  // The binary file: every byte value, inside a folder the world offers.
  EXPECT_EQ(fs::file_size(o.binary_file), 256u);
  EXPECT_EQ(o.binary_file.parent_path(), o.directories.back());
  for (const auto& d : o.directories) {
    EXPECT_TRUE(fs::is_directory(d)) << d;
    EXPECT_FALSE(fs::is_empty(d)) << d;
  }
  for (const auto& out : o.output_files) {
    EXPECT_FALSE(fs::exists(out)) << out;
    EXPECT_TRUE(fs::is_directory(out.parent_path())) << out;
  }
  EXPECT_FALSE(fs::exists(o.output_directory));
  // The programs, run as a provider would run them.
  EXPECT_EQ(run(quoted(o.command) + " some arguments"), std::string(World::kCommandOutput) + "\n");
  EXPECT_EQ(run("echo '{\"a\":\"b\"}' | " + quoted(o.program)), std::string(World::kProgramOutput) + "\n");
  // The server, from a real socket.
  EXPECT_EQ(o.url, world.server().url());
  const std::string answer = testing::exchange(world.server().port(), "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
  EXPECT_EQ(answer.rfind("HTTP/1.1 200 OK", 0), 0u) << answer;

  // A provider writes an output, plants a link out of the folder: close() removes the folder
  // and only it.
  std::ofstream(o.output_files.front()) << "written by a provider";
  const fs::path outside = m_base.path() / "outside.txt";
  std::ofstream(outside) << "keep";
  fs::create_symlink(outside, o.root / "output" / "link-out");
  fs::create_directory_symlink(m_base.path(), o.root / "input" / "link-up");
  const auto port = world.server().port();
  const auto closed = world.close();
  EXPECT_TRUE(closed) << closed.error().message;
  EXPECT_FALSE(fs::exists(fs::symlink_status(o.root)));
  EXPECT_TRUE(fs::exists(outside));
  EXPECT_EQ(testing::connect_loopback(port), -1);
  EXPECT_TRUE(world.close());  // idempotent
}

TEST_F(WorldTest, TheDestructorRemovesEverything) {
  fs::path root;
  {
    auto made = World::create(m_base.path());
    ASSERT_TRUE(made) << made.error().message;
    root = (*made)->offer().root;
    EXPECT_TRUE(fs::is_directory(root));
  }
  EXPECT_FALSE(fs::exists(fs::symlink_status(root)));
  EXPECT_TRUE(fs::is_empty(m_base.path()));
}

TEST_F(WorldTest, TwoWorldsNeverShareAFolder) {
  auto a = World::create(m_base.path());
  auto b = World::create(m_base.path());
  ASSERT_TRUE(a && b);
  EXPECT_NE((*a)->offer().root, (*b)->offer().root);
  EXPECT_NE((*a)->server().port(), (*b)->server().port());
}

TEST_F(WorldTest, ABaseThatCannotHoldItIsAnError) {
  auto made = World::create(m_base.path() / "does-not-exist");
  ASSERT_FALSE(made);
  EXPECT_NE(made.error().message.find("does-not-exist"), std::string::npos);
}

}  // namespace
}  // namespace tfc::world
