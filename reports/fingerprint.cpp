#include "reports/fingerprint.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <set>

#include "reports/run_report.hpp"

namespace tfc::report {

std::string path_pattern(std::string_view path) {
  std::string out;
  std::size_t i = 0;
  while (i < path.size()) {
    if (path[i] != '[') {
      out += path[i++];
      continue;
    }
    // Skip to the matching `]`, stepping over a quoted key with its escapes.
    ++i;
    bool quoted = false;
    while (i < path.size()) {
      const char c = path[i];
      if (quoted && c == '\\') {
        i += 2;
        continue;
      }
      if (c == '"')
        quoted = !quoted;
      else if (c == ']' && !quoted)
        break;
      ++i;
    }
    ++i;  // past `]`
    out += "[*]";
  }
  return out;
}

std::string finding_fingerprint(std::string_view rule_id, std::string_view resource_type, std::string_view step_key,
                                std::string_view pattern) {
  // FNV-1a over the fields separated by a byte none of them holds: stable across platforms and
  // compilers, unlike std::hash.
  std::uint64_t h = 0xcbf29ce484222325ULL;
  auto mix = [&h](std::string_view s) {
    for (unsigned char c : s) h = (h ^ c) * 0x100000001b3ULL;
    h = (h ^ 0x1fU) * 0x100000001b3ULL;
  };
  mix(rule_id);
  mix(resource_type);
  mix(step_key);
  mix(pattern);
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

const std::string& step_key_of(const Finding& f) { return f.step_key.empty() ? f.step : f.step_key; }

std::vector<std::string> path_patterns_of(const Finding& f) {
  if (!f.path_patterns.empty()) return f.path_patterns;
  std::set<std::string> patterns{path_pattern(f.path)};
  for (const PathMessage& v : f.violations) patterns.insert(path_pattern(v.path));
  return {patterns.begin(), patterns.end()};
}

std::string finding_fingerprint(const Finding& f) {
  return finding_fingerprint(f.rule_id, f.resource_type, step_key_of(f), path_patterns_of(f).front());
}

bool same_promise(const Finding& a, const Finding& b) {
  if (!a.fingerprint.empty() && a.fingerprint == b.fingerprint) return true;
  if (a.rule_id != b.rule_id || a.resource_type != b.resource_type || step_key_of(a) != step_key_of(b)) return false;
  const auto pa = path_patterns_of(a);
  const auto pb = path_patterns_of(b);
  std::vector<std::string> common;
  std::set_intersection(pa.begin(), pa.end(), pb.begin(), pb.end(), std::back_inserter(common));
  return !common.empty();
}

}  // namespace tfc::report
