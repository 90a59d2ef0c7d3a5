#pragma once
// A replay token names one generated case exactly: which suite, the random seed and size it
// was generated with, and the path through the shrink tree to the minimal case. Generation is
// deterministic, so `tfconform run --replay TOKEN` (with the same provider, hints and options)
// plays the very same requests again.
//
// Form: `v1.<kind>.<type>.<seed, 16 hex digits>.<size>.<shrink path>` where kind is `a`
// (lifecycle with --apply), `p` (plan only), `d` (data source), `f` (provider function), `e`
// (ephemeral resource), `l` (list resource) or `x` (action), and the shrink path is the chosen
// shrink indexes joined by `-` (`n` when the case was not shrunk).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "proto/util/expected.hpp"

namespace tfc::conformance {

enum class CaseKind : char {
  Lifecycle = 'a',
  PlanOnly = 'p',
  Data = 'd',
  Function = 'f',
  Ephemeral = 'e',
  List = 'l',
  Action = 'x',
};

/// True for the kinds whose cases are the same with and without --apply (only managed
/// resources play a different kind of case).
bool kind_ignores_apply(CaseKind kind) noexcept;

struct ReplayToken {
  CaseKind kind = CaseKind::Lifecycle;
  std::string type_name;
  std::uint64_t seed = 0;
  int size = 0;
  std::vector<std::size_t> shrink_path;

  friend bool operator==(const ReplayToken&, const ReplayToken&) = default;
};

std::string format_token(const ReplayToken& token);
/// Errors quote the token and say which part is wrong.
Expected<ReplayToken> parse_token(std::string_view text);

}  // namespace tfc::conformance
