#pragma once
// The go-plugin handshake line a provider prints first on stdout
// (docs/protocol.md §2.2):  CORE|APP|NETWORK|ADDRESS|PROTOCOL|SERVER-CERT[|MUX]

#include <span>
#include <string>
#include <string_view>

#include "proto/util/expected.hpp"

namespace tfc::runner {

/// Transport of the plugin's gRPC server (§2.2 field 3).
enum class Network { Unix, Tcp };

/// "unix" or "tcp".
std::string_view to_string(Network network);

/// A parsed, validated handshake (or the equivalent built from a reattach entry).
struct Handshake {
  int core_version = 1;
  /// Negotiated tfplugin major: 5 or 6.
  int app_protocol = 6;
  Network network = Network::Unix;
  /// Socket path (unix) or host:port (tcp).
  std::string address;
  /// Server certificate as standard base64 of its DER, re-padded with '='; empty when the
  /// plugin serves plaintext.
  std::string server_cert_base64;
  /// Field 7 was "true" (broker multiplexing; tfconform never asks for it).
  bool multiplexed = false;

  bool has_server_cert() const noexcept { return !server_cert_base64.empty(); }
};

/// The majors tfconform offers, in preference order (§2.1 PLUGIN_PROTOCOL_VERSIONS).
inline constexpr int kOfferedProtocols[] = {6, 5};

/// Parses one handshake line (surrounding whitespace, including "\r\n", is trimmed). Accepts
/// core version 1 only, an app protocol among `offered`, network unix|tcp with a non-empty
/// address (tcp: host:port, port 1..65535), protocol "grpc", an optional certificate field
/// (standard base64 without padding; empty means plaintext) and an optional mux field
/// ("true"/"false"). Every error quotes what was read, escaped and truncated. Pure; never
/// throws for any input (§2.2).
tfc::Expected<Handshake> parse_handshake_line(std::string_view raw, std::span<const int> offered = kOfferedProtocols);

/// Adds the '=' padding Go's RawStdEncoding leaves out; returns an error when the text is not
/// standard-alphabet base64 or has an impossible length (§2.8).
tfc::Expected<std::string> repad_base64(std::string_view unpadded);

}  // namespace tfc::runner
