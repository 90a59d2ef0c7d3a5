#pragma once
// A replay token names one generated case exactly: which suite, the random seed and size it
// was generated with, and the path through the shrink tree to the minimal case. Generation is
// deterministic, so `tfconform run --replay TOKEN` (with the same provider, hints and options)
// plays the very same requests again.
//
// Form: `v2.` and the URL-safe base64 (no padding) of: the kind (0 lifecycle with --apply, 1 plan
// only, 2 data source; plus 4 for a case of the extreme-values phase), the type's index among
// the provider's resource types (or data sources) in name order as a varint, the seed (8 bytes, big-endian), the size as a varint, then the
// shrink path in Elias-gamma codes as runs of zeros: the number of non-zero indexes + 1, for
// each of them the zeros before it + 1 and the index, then the zeros at the end + 1;
// zero-padded to a byte. Shrinking mostly takes the first candidate, so an ordinary token has
// about 30 characters and stays self-sufficient. The earlier readable form
// `v1.<kind>.<type>.<seed, 16 hex digits>.<size>.<shrink path>` is still read.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "proto/util/expected.hpp"

namespace tfc::conformance {

enum class CaseKind : char { Lifecycle = 'a', PlanOnly = 'p', Data = 'd' };

struct ReplayToken {
  CaseKind kind = CaseKind::Lifecycle;
  std::string type_name;      // v1 tokens, and v2 tokens once resolved against the schema
  std::size_t type_index = 0;  // v2: index in the name-sorted resource types (data sources for Data)
  std::uint64_t seed = 0;
  int size = 0;
  std::vector<std::size_t> shrink_path;
  bool extreme = false;  // generated with extreme values (--values all|extreme; v2 only)

  /// v2 tokens name their type by index only; resolve_type fills the name.
  bool needs_type_name() const { return type_name.empty(); }

  friend bool operator==(const ReplayToken&, const ReplayToken&) = default;
};

/// The v2 form (uses kind, type_index, seed, size and shrink path).
std::string format_token(const ReplayToken& token);
/// Errors quote the token and say which part is wrong.
Expected<ReplayToken> parse_token(std::string_view text);

}  // namespace tfc::conformance
