#pragma once
// What the files of ResourceDriver share about an answer's value: its first bytes when it does
// not decode, and the findings of decoding it ahead of the oracle's own.

#include <iterator>

#include <nlohmann/json.hpp>

#include "conformance/core/value_io.hpp"
#include "oracle/violation.hpp"
#include "proto/protocol/dynamic_value.hpp"

namespace tfc::conformance::driver {

/// The first bytes of an undecodable value, in hex, for the finding.
inline nlohmann::json raw_bytes(const protocol::DynamicValue& v) { return undecodable_bytes(v); }

/// The findings of decoding a value (invalid UTF-8 in it) ahead of the oracle's own.
inline oracle::Violations with_decoding(const Decoded& decoded, oracle::Violations checked) {
  if (decoded.violations.empty()) return checked;
  oracle::Violations out = decoded.violations;
  out.insert(out.end(), std::make_move_iterator(checked.begin()), std::make_move_iterator(checked.end()));
  return out;
}

}  // namespace tfc::conformance::driver
