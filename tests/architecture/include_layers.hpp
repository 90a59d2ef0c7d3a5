#pragma once
// The layering table of docs/architecture.md ("Which folder may include which") and the check of
// every repository include line against it. A folder's own headers are always allowed; an entry
// `proto/*` allows every sub-folder of proto/.

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace tfc::architecture {

struct LayerTable {
  /// Folder (repository-relative, no trailing slash) → what it may include.
  std::map<std::string, std::set<std::string>> may_include;
};

/// Reads the table between `<!-- layering:begin -->` and `<!-- layering:end -->`: markdown rows
/// `| \`folder/\` | \`a/\`, \`b/*\` |` (a dash for nothing). Errors name the line.
LayerTable parse_layer_table(std::string_view markdown, std::vector<std::string>& errors);

/// The table folder a repository path belongs to: the longest folder that contains it; empty when
/// none does.
std::string folder_of(const LayerTable& table, std::string_view path);

/// Whether `from` may include headers of `to` (the same folder always may).
bool may_include(const LayerTable& table, const std::string& from, const std::string& to);

/// Every include of a source under `root`'s table folders that the table does not allow, as
/// "file:line: includes \"x\" (from may not include to)"; and every source file in a folder of a
/// table tree that no row covers. `checked` counts the files read.
std::vector<std::string> find_knots(const LayerTable& table, const std::filesystem::path& root, std::size_t& checked);

/// Rows whose allowed folders lead back to themselves, as "a -> b -> a".
std::vector<std::string> find_cycles(const LayerTable& table);

}  // namespace tfc::architecture
