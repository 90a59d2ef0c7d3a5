#include "tests/architecture/include_layers.hpp"

#include <fstream>
#include <functional>
#include <regex>
#include <sstream>

namespace tfc::architecture {
namespace {

std::string trim(std::string_view s) {
  const auto b = s.find_first_not_of(" \t`");
  if (b == std::string_view::npos) return {};
  const auto e = s.find_last_not_of(" \t`");
  return std::string(s.substr(b, e - b + 1));
}

std::string without_slash(std::string s) {
  while (!s.empty() && s.back() == '/') s.pop_back();
  return s;
}

std::vector<std::string> split(std::string_view s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == sep) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

bool is_source(const std::filesystem::path& p) {
  const auto ext = p.extension().string();
  const auto name = p.filename().string();
  if (name.find(".pb.") != std::string::npos) return false;
  return ext == ".cpp" || ext == ".hpp" || ext == ".inc" || ext == ".h" || name.ends_with(".hpp.in");
}

/// The first path component of every table folder: the trees the check walks.
std::set<std::string> roots_of(const LayerTable& table) {
  std::set<std::string> roots;
  for (const auto& [folder, _] : table.may_include) roots.insert(folder.substr(0, folder.find('/')));
  return roots;
}

}  // namespace

LayerTable parse_layer_table(std::string_view markdown, std::vector<std::string>& errors) {
  LayerTable table;
  const auto begin = markdown.find("<!-- layering:begin -->");
  const auto end = markdown.find("<!-- layering:end -->");
  if (begin == std::string_view::npos || end == std::string_view::npos || end < begin) {
    errors.emplace_back("no <!-- layering:begin --> ... <!-- layering:end --> block");
    return table;
  }
  std::istringstream in(std::string(markdown.substr(begin, end - begin)));
  std::string line;
  std::size_t row = 0;
  while (std::getline(in, line)) {
    if (line.rfind('|', 0) != 0) continue;
    const auto cells = split(line, '|');  // "", folder, allowed, [why], ""
    if (cells.size() < 4) {
      errors.push_back("layering table line \"" + line + "\": expected | folder | may include |");
      continue;
    }
    const std::string folder = without_slash(trim(cells[1]));
    if (++row <= 2 || folder.empty()) continue;  // header and separator rows
    auto& allowed = table.may_include[folder];
    const std::string list = trim(cells[2]);
    if (list == "-" || list == "—") continue;
    for (const auto& item : split(list, ',')) {
      const std::string target = without_slash(trim(item));
      if (!target.empty()) allowed.insert(target);
    }
  }
  if (table.may_include.empty()) errors.emplace_back("the layering table has no rows");
  return table;
}

std::string folder_of(const LayerTable& table, std::string_view path) {
  std::string best;
  for (const auto& [folder, _] : table.may_include) {
    const bool inside =
        path.size() > folder.size() && path.substr(0, folder.size()) == folder && path[folder.size()] == '/';
    if (inside && folder.size() > best.size()) best = folder;
  }
  return best;
}

bool may_include(const LayerTable& table, const std::string& from, const std::string& to) {
  if (from == to) return true;
  const auto row = table.may_include.find(from);
  if (row == table.may_include.end()) return false;
  for (const auto& allowed : row->second) {
    if (allowed == to) return true;
    if (allowed.ends_with("/*") && to.rfind(allowed.substr(0, allowed.size() - 1), 0) == 0) return true;
  }
  return false;
}

std::vector<std::string> find_knots(const LayerTable& table, const std::filesystem::path& root, std::size_t& checked) {
  std::vector<std::string> knots;
  const auto roots = roots_of(table);
  static const std::regex include_line(R"(^\s*#\s*include\s+"([^"]+)\")");
  for (const auto& top : roots) {
    if (!std::filesystem::is_directory(root / top)) {
      knots.push_back(top + "/: a folder of the layering table that does not exist");
      continue;
    }
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root / top)) {
      if (!entry.is_regular_file() || !is_source(entry.path())) continue;
      const std::string rel = std::filesystem::relative(entry.path(), root).generic_string();
      const std::string from = folder_of(table, rel);
      if (from.empty()) {
        knots.push_back(rel + ": in no folder of the layering table (add a row to docs/architecture.md)");
        continue;
      }
      ++checked;
      std::ifstream in(entry.path());
      std::string line;
      for (std::size_t n = 1; std::getline(in, line); ++n) {
        std::smatch m;
        if (!std::regex_search(line, m, include_line)) continue;
        const std::string header = m[1].str();
        if (!roots.contains(header.substr(0, header.find('/')))) continue;  // not a repository header
        const std::string to = folder_of(table, header);
        if (to.empty() || !may_include(table, from, to)) {
          knots.push_back(rel + ":" + std::to_string(n) + ": includes \"" + header + "\" (" + from +
                          "/ may not include " + (to.empty() ? header : to + "/") + ")");
        }
      }
    }
  }
  return knots;
}

std::vector<std::string> find_cycles(const LayerTable& table) {
  std::vector<std::string> cycles;
  std::vector<std::string> stack;
  std::set<std::string> done;
  std::function<void(const std::string&)> visit = [&](const std::string& folder) {
    if (done.contains(folder)) return;
    for (std::size_t i = 0; i < stack.size(); ++i) {
      if (stack[i] != folder) continue;
      std::string cycle;
      for (std::size_t j = i; j < stack.size(); ++j) cycle += stack[j] + " -> ";
      cycles.push_back(cycle + folder);
      return;
    }
    stack.push_back(folder);
    for (const auto& [other, _] : table.may_include) {
      if (other != folder && may_include(table, folder, other)) visit(other);
    }
    stack.pop_back();
    done.insert(folder);
  };
  for (const auto& [folder, _] : table.may_include) visit(folder);
  return cycles;
}

}  // namespace tfc::architecture
