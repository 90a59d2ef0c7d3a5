#include "reports/violation_kind.hpp"

#include <cctype>

#include "reports/run_report.hpp"

namespace tfc::report {
namespace {

/// The index just past the quoted string starting at `i` (a `"`), escapes stepped over.
std::size_t past_quoted(std::string_view s, std::size_t i) {
  for (++i; i < s.size(); ++i) {
    if (s[i] == '\\') {
      ++i;
    } else if (s[i] == '"') {
      return i + 1;
    }
  }
  return s.size();
}

/// The index just past the bracket matching the one at `i`, quoted strings stepped over;
/// npos when it is not closed (a message cut short).
std::size_t past_closing(std::string_view s, std::size_t i) {
  int depth = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (c == '"') {
      i = past_quoted(s, i);
      continue;
    }
    if (c == '{' || c == '[') ++depth;
    if (c == '}' || c == ']') {
      if (--depth == 0) return i + 1;
    }
    ++i;
  }
  return std::string_view::npos;
}

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

}  // namespace

std::string violation_kind(std::string_view message) {
  std::string out;
  std::size_t i = 0;
  while (i < message.size()) {
    const char c = message[i];
    if (c == '"') {
      out += "\"…\"";
      i = past_quoted(message, i);
      continue;
    }
    if (c == '{' || c == '[') {
      const std::size_t end = past_closing(message, i);
      if (end == std::string_view::npos) {
        out += c;
        out += "…";
        break;
      }
      const bool empty = message.substr(i + 1, end - i - 2).find_first_not_of(' ') == std::string_view::npos;
      out += c;
      if (!empty) out += "…";
      out += message[end - 1];
      i = end;
      continue;
    }
    const bool starts_number =
        std::isdigit(static_cast<unsigned char>(c)) != 0 ||
        (c == '-' && i + 1 < message.size() && std::isdigit(static_cast<unsigned char>(message[i + 1])) != 0);
    if (starts_number && (i == 0 || !word_char(message[i - 1]))) {
      std::size_t end = i + 1;
      while (end < message.size() &&
             (word_char(message[end]) || message[end] == '.' ||
              ((message[end] == '-' || message[end] == '+') && (message[end - 1] == 'e' || message[end - 1] == 'E'))))
        ++end;
      // A trailing period ends the sentence, not the number.
      if (message[end - 1] == '.') --end;
      out += 'N';
      i = end;
      continue;
    }
    out += c;
    ++i;
  }
  return out;
}

bool wants_kind(const Finding& finding, const std::string& kind) {
  if (finding.distinct_violations.size() >= kMaxDistinctViolations) return false;
  for (const PathMessage& v : finding.violations) {
    if (violation_kind(v.message) == kind) return false;
  }
  if (finding.violations.empty() && violation_kind(finding.message) == kind) return false;
  for (const DistinctViolation& d : finding.distinct_violations) {
    if (d.kind == kind) return false;
  }
  return true;
}

bool add_distinct_violation(Finding& finding, DistinctViolation example) {
  if (example.kind.empty()) example.kind = violation_kind(example.message);
  if (!wants_kind(finding, example.kind)) return false;
  finding.distinct_violations.push_back(std::move(example));
  return true;
}

}  // namespace tfc::report
