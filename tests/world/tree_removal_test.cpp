// Removal of a folder the run made: everything inside goes, a planted symbolic link is removed as
// a link (what it points at, outside, stays), folders left without permissions are emptied too.
#include "world/tree_removal.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>

#include "world/scratch_folder.hpp"

namespace tfc::world {
namespace {

namespace fs = std::filesystem;

void write(const fs::path& p, const std::string& text) { std::ofstream(p) << text; }

TEST(TreeRemoval, RemovesEverythingButNeverFollowsALinkOutOfTheFolder) {
  auto outside = ScratchFolder::create(temp_base(), "tfc-world-test-outside-");
  auto inside = ScratchFolder::create(temp_base(), "tfc-world-test-inside-");
  ASSERT_TRUE(outside && inside);
  const fs::path victim_dir = outside->path() / "keep";
  fs::create_directory(victim_dir);
  write(victim_dir / "precious.txt", "not ours to delete");
  const fs::path root = inside->path();
  fs::create_directories(root / "a" / "b");
  write(root / "a" / "b" / "file.txt", "x");
  // Links planted by a provider: to a folder and to a file outside, and a dangling one.
  fs::create_directory_symlink(victim_dir, root / "a" / "to-dir");
  fs::create_symlink(victim_dir / "precious.txt", root / "to-file");
  fs::create_symlink(root / "nowhere", root / "dangling");
  // A folder a provider left unreadable and unwritable.
  fs::create_directory(root / "locked");
  write(root / "locked" / "inner.txt", "y");
  ::chmod((root / "locked").c_str(), 0);

  const auto removed = inside->remove();
  EXPECT_TRUE(removed) << removed.error().message;
  EXPECT_FALSE(fs::exists(fs::symlink_status(root)));
  EXPECT_TRUE(fs::exists(victim_dir / "precious.txt"));
  EXPECT_TRUE(fs::is_directory(victim_dir));
}

TEST(TreeRemoval, LeavesALinkGivenAsTheFolderAlone) {
  auto outside = ScratchFolder::create(temp_base(), "tfc-world-test-outside-");
  ASSERT_TRUE(outside);
  write(outside->path() / "precious.txt", "z");
  const fs::path link = outside->path().string() + "-link";
  fs::create_directory_symlink(outside->path(), link);
  EXPECT_FALSE(remove_tree(link));
  EXPECT_TRUE(fs::exists(outside->path() / "precious.txt"));
  fs::remove(link);
}

TEST(TreeRemoval, AFolderAlreadyGoneIsFine) {
  auto folder = ScratchFolder::create(temp_base(), "tfc-world-test-");
  ASSERT_TRUE(folder);
  const fs::path path = folder->path();
  EXPECT_TRUE(folder->remove());
  EXPECT_TRUE(remove_tree(path));
  EXPECT_TRUE(folder->remove());  // idempotent
}

}  // namespace
}  // namespace tfc::world
