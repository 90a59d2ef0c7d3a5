#include "generators/examples/example_files.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <system_error>

#include "generators/examples/example_set.hpp"
#include "hcl/markdown.hpp"

namespace tfc::gen::examples {

namespace {

namespace fs = std::filesystem;

bool ends_with(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool skipped_directory(const std::string& name) {
  return name.empty() || name[0] == '.' || name == "vendor" || name == "node_modules";
}

enum class FileKind { terraform, markdown, other };

FileKind kind_of(const std::string& name) {
  if (ends_with(name, ".tf") || ends_with(name, ".tfquery.hcl")) return FileKind::terraform;
  if (ends_with(name, ".md") || ends_with(name, ".markdown")) return FileKind::markdown;
  return FileKind::other;
}

bool read_text(const fs::path& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return static_cast<bool>(in) || in.eof();
}

}  // namespace

std::vector<SourceUnit> example_sources(const fs::path& dir, std::vector<std::string>& warnings) {
  std::vector<std::pair<std::string, fs::path>> files;  // (relative path, path)
  std::error_code ec;
  fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec);
  bool over = false;
  for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    const fs::directory_entry& entry = *it;
    const std::string name = entry.path().filename().string();
    std::error_code type_ec;
    if (entry.is_directory(type_ec)) {
      if (skipped_directory(name) || entry.is_symlink(type_ec)) it.disable_recursion_pending();
      continue;
    }
    if (!entry.is_regular_file(type_ec) || kind_of(name) == FileKind::other) continue;
    if (files.size() >= kMaxFiles) {
      over = true;
      break;
    }
    files.emplace_back(fs::relative(entry.path(), dir, type_ec).generic_string(), entry.path());
  }
  if (over) warnings.push_back(dir.string() + ": more than " + std::to_string(kMaxFiles) + " files; the rest not read");
  std::sort(files.begin(), files.end());

  std::map<std::string, SourceUnit> folders;  // .tf files by folder
  std::vector<std::pair<std::string, SourceUnit>> units;
  for (const auto& [relative, path] : files) {
    std::error_code size_ec;
    const auto size = fs::file_size(path, size_ec);
    if (size_ec || size > kMaxFileBytes) {
      warnings.push_back(relative + ":1: " + (size_ec ? "cannot be read" : "larger than 1 MiB, not read"));
      continue;
    }
    std::string text;
    if (!read_text(path, text)) {
      warnings.push_back(relative + ":1: cannot be read");
      continue;
    }
    if (kind_of(relative) == FileKind::terraform) {
      const std::string folder = relative.find('/') == std::string::npos ? "" : relative.substr(0, relative.rfind('/'));
      folders[folder].texts.push_back(SourceText{relative, std::move(text), 1});
      continue;
    }
    SourceUnit unit;
    for (hcl::CodeFence& fence : hcl::terraform_fences(text)) {
      unit.texts.push_back(SourceText{relative, std::move(fence.text), fence.first_line});
    }
    if (!unit.texts.empty()) units.emplace_back(relative, std::move(unit));
  }
  for (auto& [folder, unit] : folders) units.emplace_back(unit.texts.front().file, std::move(unit));
  std::stable_sort(units.begin(), units.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<SourceUnit> out;
  for (auto& [first, unit] : units) out.push_back(std::move(unit));
  return out;
}

}  // namespace tfc::gen::examples
