#include "conformance/suite/selection.hpp"

#include <algorithm>
#include <charconv>

namespace tfc::conformance {

Expected<Shard> parse_shard(std::string_view text) {
  const auto slash = text.find('/');
  Shard s;
  auto number = [](std::string_view part, std::size_t& out) {
    const auto [ptr, ec] = std::from_chars(part.data(), part.data() + part.size(), out);
    return !part.empty() && ec == std::errc() && ptr == part.data() + part.size();
  };
  if (slash == std::string_view::npos || !number(text.substr(0, slash), s.index) ||
      !number(text.substr(slash + 1), s.count) || s.count == 0 || s.index == 0 || s.index > s.count) {
    return Error{"--shard \"" + std::string(text) + "\": expected K/N with 1 <= K <= N, e.g. 2/4"};
  }
  return s;
}

bool glob_match(std::string_view p, std::string_view t) {
  std::size_t pi = 0, ti = 0, star = std::string_view::npos, mark = 0;
  auto class_match = [&](std::size_t& at, char c) {
    // p[at] == '['; returns whether c is in the class, moves `at` past ']'.
    std::size_t i = at + 1;
    bool negate = i < p.size() && (p[i] == '!' || p[i] == '^');
    if (negate) ++i;
    bool found = false;
    for (bool first = true; i < p.size() && (first || p[i] != ']'); ++i, first = false) {
      if (i + 2 < p.size() && p[i + 1] == '-' && p[i + 2] != ']') {
        found = found || (c >= p[i] && c <= p[i + 2]);
        i += 2;
      } else {
        found = found || c == p[i];
      }
    }
    at = i < p.size() ? i + 1 : i;
    return found != negate;
  };
  while (ti < t.size()) {
    if (pi < p.size() && p[pi] == '*') {
      star = pi++;
      mark = ti;
    } else if (pi < p.size() && p[pi] == '?') {  // NOLINT(bugprone-branch-clone): like a literal, kept apart to read
      ++pi;
      ++ti;
    } else if (pi < p.size() && p[pi] == '[') {
      std::size_t at = pi;
      if (class_match(at, t[ti])) {
        pi = at;
        ++ti;
      } else if (star != std::string_view::npos) {
        pi = star + 1;
        ti = ++mark;
      } else {
        return false;
      }
    } else if (pi < p.size() && p[pi] == t[ti]) {
      ++pi;
      ++ti;
    } else if (star != std::string_view::npos) {
      pi = star + 1;
      ti = ++mark;
    } else {
      return false;
    }
  }
  while (pi < p.size() && p[pi] == '*') ++pi;
  return pi == p.size();
}

std::vector<SelectedType> select_types(const schema::ProviderSchema& schema, const std::vector<std::string>& globs,
                                       CaseKind resource_kind, bool data_sources, Shard shard) {
  auto wanted = [&](const std::string& name) {
    if (globs.empty()) return true;
    return std::any_of(globs.begin(), globs.end(), [&](const std::string& g) { return glob_match(g, name); });
  };
  std::vector<std::pair<std::string, SelectedType>> all;
  for (const auto& info : kCaseKindTable) {
    // The kinds that differ with --apply are alternatives: only `resource_kind` of them plays.
    if (info.apply != ApplyMode::either && info.kind != resource_kind) continue;
    if (info.data_source && !data_sources) continue;
    for (const auto& name : info.type_names(schema)) {
      if (wanted(name)) all.push_back({std::string(info.label) + name, {info.kind, name}});
    }
  }
  std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<SelectedType> out;
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (i % shard.count == shard.index - 1) out.push_back(all[i].second);
  }
  return out;
}

std::string suite_order_key(const report::Suite& suite) {
  if (suite.kind == report::SuiteKind::provider) return {};
  for (const auto& info : kCaseKindTable) {
    if (info.suite == suite.kind) return std::string(info.label) + suite.name;
  }
  return std::string(report::to_string(suite.kind)) + "." + suite.name;
}

}  // namespace tfc::conformance
