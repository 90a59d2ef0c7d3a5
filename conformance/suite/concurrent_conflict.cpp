#include "conformance/suite/concurrent_conflict.hpp"

#include <array>
#include <string_view>

#include "generators/learning/text_scan.hpp"
#include "proto/protocol/rpc_names.hpp"

namespace tfc::conformance {
namespace {

using protocol::Rpc;

// How providers say that another object is in the way (create of a name or a singleton already
// taken): the phrases of the HTTP 409 and "already exists" errors of cloud APIs and SDKs.
constexpr std::array<std::string_view, 12> kConflictPhrases = {
    "already exists", "already exist", "already in use", "in use",        "conflict", "only one",
    "singleton",      "duplicate",     "exists already", "already taken", "locked",   "busy"};

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
  return played.outcome.findings.empty() && stands_beside_others(played, {});
}

bool stands_beside_others(const Played& played, const std::function<bool(const std::string&)>& known) {
  const CaseOutcome& o = played.outcome;
  for (const auto& f : o.findings) {
    if (!known || !known(f.finding.fingerprint)) return false;
  }
  if (!o.refusals.empty() || o.provider_lost || o.harness_error || played.lost || played.stopped) return false;
  // A refusal of a call that meets the real object (plan, apply, read, import) may come from
  // another case's object; one of the provider's own functions (a move it does not support, an
  // upgrade) cannot, and many cases end with one.
  for (const auto rpc :
       {Rpc::PlanResourceChange, Rpc::ApplyResourceChange, Rpc::ReadResource, Rpc::ImportResourceState}) {
    if (o.rejection.find(protocol::rpc_name(rpc)) != std::string::npos) return false;
  }
  return !conflict_in(o);
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
