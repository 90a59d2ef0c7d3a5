#pragma once
// A replay token names one generated case exactly: which suite, the run's seed, the case's
// place in its suite (its index and the suite's case count, which give its seed and size), and
// the path through the shrink tree to the minimal case. Generation is deterministic, and what
// the suite learned from the provider's refusals before that case depends only on the earlier
// cases' answers, so `tfconform run --replay TOKEN` (with the same provider, hints and options)
// plays the earlier cases' validation and plans again to learn the same, then the very same
// requests of the case.
//
// Form: `v2.<kind>.<type>.<run seed, 16 hex digits>.<index>.<cases>.<shrink path>` where kind
// is `a` (lifecycle with --apply), `p` (plan only) or `d` (data source), and the shrink path
// is the chosen shrink indexes joined by `-` (`n` when the case was not shrunk).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "proto/util/expected.hpp"

namespace tfc::conformance {

enum class CaseKind : char { Lifecycle = 'a', PlanOnly = 'p', Data = 'd' };

struct ReplayToken {
  CaseKind kind = CaseKind::Lifecycle;
  std::string type_name;
  std::uint64_t seed = 0;   // the run's seed (--seed)
  std::size_t index = 0;    // the case's index in its suite, from 0
  std::size_t cases = 1;    // the suite's number of cases (--cases)
  std::vector<std::size_t> shrink_path;

  friend bool operator==(const ReplayToken&, const ReplayToken&) = default;
};

std::string format_token(const ReplayToken& token);
/// Errors quote the token and say which part is wrong.
Expected<ReplayToken> parse_token(std::string_view text);

}  // namespace tfc::conformance
