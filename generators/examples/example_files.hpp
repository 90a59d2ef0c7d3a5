#pragma once
// Private to generators/examples: which files of a repository hold examples, grouped the way
// Terraform scopes variables and locals (the .tf files of one folder are one module; the fences
// of one markdown file are read as one module too).

#include <filesystem>
#include <string>
#include <vector>

namespace tfc::gen::examples {

/// One text to parse: a whole .tf file or one fence of a markdown file.
struct SourceText {
  std::string file;  // relative to the directory read, with '/'
  std::string text;
  int first_line = 1;  // the file line the text starts at
};

struct SourceUnit {
  std::vector<SourceText> texts;
};

/// Units in sorted path order; files skipped (too large, unreadable, over the count) are named
/// in `warnings`.
std::vector<SourceUnit> example_sources(const std::filesystem::path& dir, std::vector<std::string>& warnings);

}  // namespace tfc::gen::examples
