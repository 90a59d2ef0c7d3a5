#pragma once
// Removing a folder tfconform made, and only it: every entry is reached through a descriptor of
// its own parent (openat/unlinkat with O_NOFOLLOW), so a symbolic link planted inside (by a
// provider the world was lent to) is removed as a link and never followed out of the folder,
// and a folder a provider left without write or search permission is given them back first.

#include <filesystem>

#include "proto/util/expected.hpp"

namespace tfc::world {

/// Removes `dir` and everything under it. `dir` itself must be a real directory, not a link.
/// Errors name the entry that could not be removed (the rest is still removed).
Expected<void> remove_tree(const std::filesystem::path& dir);

}  // namespace tfc::world
