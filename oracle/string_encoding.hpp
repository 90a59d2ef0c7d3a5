#pragma once
// `value.invalid_utf8`: a cty string is Unicode text and its msgpack form is a UTF-8 str
// (docs/protocol.md §3.3). go-cty decodes invalid bytes without complaint, but Core writes
// state as JSON, where each invalid byte becomes U+FFFD: the next plan's prior then differs from
// what the provider returned, a perpetual diff that no Core check names. The JSON form cannot
// carry invalid UTF-8 (decoders replace it), so only msgpack answers can break this rule.

#include <string_view>

#include "oracle/findings.hpp"
#include "proto/cty/value.hpp"

namespace tfc::oracle {

/// Reports `value.invalid_utf8` at each string, map key or object attribute name in `value`
/// that is not valid UTF-8 (at most kMaxUtf8Findings, so a huge bad value stays one finding
/// per place rather than thousands). `what` names the value ("new state").
Violations check_strings_are_utf8(const cty::Value& value, std::string_view what);

inline constexpr std::size_t kMaxUtf8Findings = 8;

/// Offset of the first byte that does not start a valid UTF-8 sequence, or npos.
std::size_t first_invalid_utf8(std::string_view text);

}  // namespace tfc::oracle
