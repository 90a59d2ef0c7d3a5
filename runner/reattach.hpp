#pragma once
// Attaching to an already running provider through TF_REATTACH_PROVIDERS
// (docs/protocol.md §2.7).

#include <string>
#include <string_view>
#include <vector>

#include "proto/util/expected.hpp"
#include "runner/handshake.hpp"

namespace tfc::runner {

inline constexpr std::string_view kReattachEnvVar = "TF_REATTACH_PROVIDERS";

/// One provider to attach to.
struct ReattachTarget {
  /// The JSON key, e.g. "registry.terraform.io/hashicorp/example".
  std::string provider;
  /// 5 or 6 (a ProtocolVersion of 0 means 5).
  int protocol_version = 5;
  /// 0 when absent.
  long long pid = 0;
  /// With Test, the process is never shut down or killed by the client.
  bool test = false;
  Network network = Network::Unix;
  std::string address;

  /// The equivalent handshake: plaintext, no multiplexing.
  Handshake to_handshake() const;
};

/// Parses the TF_REATTACH_PROVIDERS JSON object: key → {Protocol ("grpc" required: go-plugin
/// reads an absent one as netrpc), ProtocolVersion (0, 5 or 6), Pid, Test, Addr{Network
/// unix|tcp, String}}.
/// Unknown fields are ignored. Targets come back sorted by key. Errors name the key and the
/// field ("TF_REATTACH_PROVIDERS: \"hashicorp/x\": Addr.Network: ...").
tfc::Expected<std::vector<ReattachTarget>> parse_reattach_providers(std::string_view json);

/// The targets from the environment variable; empty when it is unset or empty.
tfc::Expected<std::vector<ReattachTarget>> reattach_providers_from_env();

}  // namespace tfc::runner
