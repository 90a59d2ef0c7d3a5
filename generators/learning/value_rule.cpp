#include "generators/learning/value_rule.hpp"

#include <cmath>
#include <sstream>

namespace tfc::gen::learning {
namespace {

std::string number_text(double d) {
  if (std::floor(d) == d && std::fabs(d) < 1e15) return std::to_string(static_cast<long long>(d));
  std::ostringstream out;
  out << d;
  return out.str();
}

}  // namespace

std::string ValueRule::describe() const {
  std::vector<std::string> parts;
  if (!one_of.empty()) {
    std::string s = "one of ";
    for (std::size_t i = 0; i < one_of.size() && i < 6; ++i) s += (i ? ", \"" : "\"") + one_of[i] + "\"";
    if (one_of.size() > 6) s += ", ... (" + std::to_string(one_of.size()) + " values)";
    parts.push_back(s);
  }
  if (min || max) {
    parts.push_back(std::string(integer ? "whole number" : "number") + " in [" + (min ? number_text(*min) : "-inf") +
                    ", " + (max ? number_text(*max) : "inf") + "]");
  } else if (integer) {
    parts.push_back("whole number");
  }
  if (multiple_of) parts.push_back("multiple of " + number_text(*multiple_of));
  if (min_length || max_length) {
    parts.push_back("length " + std::to_string(min_length.value_or(0)) + ".." +
                    (max_length ? std::to_string(*max_length) : std::string("")));
  }
  if (pattern) parts.push_back("matches " + *pattern);
  if (format) parts.push_back(std::string(to_string(*format)));
  if (not_empty) parts.push_back("not empty");
  if (required) parts.push_back("must be set");
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? "; " : "") + parts[i];
  return out;
}

}  // namespace tfc::gen::learning
