#include "conformance/replay_token.hpp"

#include <charconv>
#include <cstdio>

namespace tfc::conformance {
namespace {

std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == sep) {
      out.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  }
  return out;
}

template <class T>
bool parse_number(std::string_view s, T& out, int base = 10) {
  if (s.empty()) return false;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out, base);
  return ec == std::errc() && ptr == s.data() + s.size();
}

bool valid_type_name(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-')) return false;
  }
  return true;
}

}  // namespace

std::string format_token(const ReplayToken& t) {
  char seed[17];
  std::snprintf(seed, sizeof seed, "%016llx", static_cast<unsigned long long>(t.seed));
  std::string path;
  for (std::size_t i : t.shrink_path) path += (path.empty() ? "" : "-") + std::to_string(i);
  if (path.empty()) path = "n";
  return "v2." + std::string(1, static_cast<char>(t.kind)) + "." + t.type_name + "." + seed + "." +
         std::to_string(t.index) + "." + std::to_string(t.cases) + "." + path;
}

Expected<ReplayToken> parse_token(std::string_view text) {
  const std::string quoted = "replay token \"" + std::string(text) + "\"";
  const auto parts = split(text, '.');
  if (!parts.empty() && parts[0] == "v1")
    return Error{quoted + ": made by an earlier tfconform (v1); run the suite again for a v2 token"};
  if (parts.size() != 7 || parts[0] != "v2")
    return Error{quoted + ": expected v2.<kind>.<type>.<seed>.<index>.<cases>.<shrink path>"};
  ReplayToken t;
  if (parts[1] == "a") t.kind = CaseKind::Lifecycle;
  else if (parts[1] == "p") t.kind = CaseKind::PlanOnly;
  else if (parts[1] == "d") t.kind = CaseKind::Data;
  else return Error{quoted + ": kind must be a, p or d, found \"" + std::string(parts[1]) + "\""};
  if (!valid_type_name(parts[2])) return Error{quoted + ": \"" + std::string(parts[2]) + "\" is not a type name"};
  t.type_name = std::string(parts[2]);
  if (parts[3].size() != 16 || !parse_number(parts[3], t.seed, 16))
    return Error{quoted + ": the seed must be 16 hex digits"};
  if (!parse_number(parts[5], t.cases) || t.cases < 1 || t.cases > 100000) return Error{quoted + ": bad case count"};
  if (!parse_number(parts[4], t.index) || t.index >= t.cases) return Error{quoted + ": bad case index"};
  if (parts[6] != "n") {
    for (auto step : split(parts[6], '-')) {
      std::size_t i = 0;
      if (!parse_number(step, i)) return Error{quoted + ": bad shrink step \"" + std::string(step) + "\""};
      t.shrink_path.push_back(i);
    }
  }
  return t;
}

}  // namespace tfc::conformance
