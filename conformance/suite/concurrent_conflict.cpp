#include "conformance/suite/concurrent_conflict.hpp"

#include <array>
#include <string_view>

#include "generators/learning/text_scan.hpp"

namespace tfc::conformance {
namespace {

// How providers say that another object is in the way (create of a name or a singleton already
// taken): the phrases of the HTTP 409 and "already exists" errors of cloud APIs and SDKs.
constexpr std::array<std::string_view, 10> kConflictPhrases = {
    "already exists", "already exist", "already in use", "in use", "conflict",
    "only one",       "singleton",     "duplicate",      "exists already", "already taken"};

std::optional<std::string> conflicting(const std::string& text) {
  const std::string lower = gen::learning::lowercase(text);
  for (const auto phrase : kConflictPhrases) {
    if (lower.find(phrase) == std::string::npos) continue;
    std::string line = text.substr(0, text.find('\n'));
    constexpr std::size_t kMost = 200;
    if (line.size() > kMost) line = line.substr(0, kMost) + "…";
    return line;
  }
  return std::nullopt;
}

}  // namespace

bool passed_cleanly(const Played& played) {
  const CaseOutcome& o = played.outcome;
  return o.findings.empty() && o.rejection.empty() && o.refusals.empty() && !o.provider_lost && !o.harness_error &&
         !played.lost && !played.stopped;
}

std::optional<std::string> conflict_in(const CaseOutcome& outcome) {
  for (const auto& reason : outcome.refusal_reasons) {
    if (auto c = conflicting(reason)) return c;
  }
  if (auto c = conflicting(outcome.rejection)) return c;
  for (const auto& f : outcome.findings) {
    if (auto c = conflicting(f.finding.message)) return c;
  }
  return std::nullopt;
}

}  // namespace tfc::conformance
