#pragma once
// Capability and deferral messages (docs/protocol.md §1.2, §5.7, §6).
// ServerCapabilities is part of the schema model: tfc::schema::ServerCapabilities.

#include <cstdint>

namespace tfc::protocol {

/// ClientCapabilities (6.6+). What the harness tells the provider it can handle.
struct ClientCapabilities {
  bool deferral_allowed = false;               // 1
  bool write_only_attributes_allowed = false;  // 2 (6.8)
  bool store_planned_private = false;          // 3 (6.11, v6 only)
  bool computed_blocks_allowed = false;        // 4 (6.11, v6 only)

  friend bool operator==(const ClientCapabilities&, const ClientCapabilities&) = default;
};

/// Deferred.Reason; the int is kept as received (out-of-range values survive).
enum class DeferredReason : int {
  Unknown = 0,
  ResourceConfigUnknown = 1,
  ProviderConfigUnknown = 2,
  AbsentPrereq = 3,
};

/// Deferred (6.6+): only meaningful when the request carried deferral_allowed.
struct Deferred {
  DeferredReason reason = DeferredReason::Unknown;

  friend bool operator==(const Deferred&, const Deferred&) = default;
};

}  // namespace tfc::protocol
