#pragma once
// Values as they travel: kept OPAQUE here (docs/protocol.md §3.1, §3.6). The suite decodes
// them with the schema's implied type, so a provider's undecodable answer becomes a finding
// instead of a conversion failure.

#include <cstdint>
#include <map>
#include <string>

namespace tfc::protocol {

/// DynamicValue{msgpack=1, json=2}. Both empty means "not set", which Terraform reads as null.
struct DynamicValue {
  std::string msgpack;
  std::string json;

  bool empty() const noexcept { return msgpack.empty() && json.empty(); }
  friend bool operator==(const DynamicValue&, const DynamicValue&) = default;
};

/// Stored state before upgrade: JSON bytes (current format) or a legacy flatmap (docs/protocol.md §3.6).
struct RawState {
  std::string json;
  std::map<std::string, std::string> flatmap;

  friend bool operator==(const RawState&, const RawState&) = default;
};

/// google.protobuf.Timestamp (ephemeral `renew_at`), kept as the two wire numbers.
struct Timestamp {
  std::int64_t seconds = 0;
  std::int32_t nanos = 0;

  friend bool operator==(const Timestamp&, const Timestamp&) = default;
};

}  // namespace tfc::protocol
