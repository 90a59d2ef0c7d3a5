#pragma once
// A replay token names one generated case exactly: which suite, the run's seed, the case's
// place in its suite (its index and the suite's case count, which give its seed and size), and
// the path through the shrink tree to the minimal case. Generation is deterministic, and what
// the suite learned from the provider's refusals before that case depends only on the earlier
// cases' answers, so `tfconform run --replay TOKEN` (with the same provider, hints and options)
// plays the earlier cases' validation and plans again to learn the same, then the very same
// requests of the case.
//
// Form: `v3.` and the URL-safe base64 (no padding) of: the kind (its row in case_kinds.inc: 0
// lifecycle with --apply, 1 plan only, 2 data source, 3 provider function, 4 ephemeral resource,
// 5 list resource, 6 action; plus 8 for a case of the extreme-values phase), the type's index among the provider's
// types of that family (resource types for 0 and 1) in name order as a varint, the run seed (8 bytes, big-endian), the
// case's index and the suite's case count as varints, then the shrink path in Elias-gamma codes as runs of zeros: the
// number of non-zero indexes + 1, for each of them the zeros before it + 1 and the index, then the zeros at the end +
// 1; zero-padded to a byte. Shrinking mostly takes the first candidate, so an ordinary token has about 30 characters.
// Tokens of earlier tfconform versions (v1, v2) name a case without the earlier cases it learned from, and are refused
// with a message saying so.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "conformance/core/case_kind.hpp"
#include "proto/util/expected.hpp"

namespace tfc::conformance {

struct ReplayToken {
  CaseKind kind = CaseKind::Lifecycle;
  std::string type_name;       // filled by resolve_type from type_index
  std::size_t type_index = 0;  // index in the name-sorted types of the kind's family
  std::uint64_t seed = 0;      // the run's seed (--seed)
  std::size_t index = 0;       // the case's index in its suite, from 0
  std::size_t cases = 1;       // the suite's number of cases (--cases)
  std::vector<std::size_t> shrink_path;
  bool extreme = false;  // generated with extreme values (--values all|extreme)

  /// Tokens name their type by index only; resolve_type fills the name.
  bool needs_type_name() const { return type_name.empty(); }

  friend bool operator==(const ReplayToken&, const ReplayToken&) = default;
};

/// The v3 form (uses kind, type_index, seed, index, cases, shrink path and extreme).
std::string format_token(const ReplayToken& token);
/// Errors quote the token and say which part is wrong.
Expected<ReplayToken> parse_token(std::string_view text);

}  // namespace tfc::conformance
