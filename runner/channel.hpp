#pragma once
// The gRPC channel to a plugin (docs/protocol.md §2.3 C++ mapping, §2.8).

#include <grpcpp/channel.h>

#include <memory>
#include <string>

#include "proto/util/expected.hpp"
#include "runner/auto_mtls.hpp"
#include "runner/handshake.hpp"

namespace tfc::runner {

/// Send and receive limit: what terraform-plugin-go servers accept (§1.2), far above gRPC
/// C++'s 4 MiB receive default that big provider schemas exceed.
inline constexpr int kMaxMessageBytes = 256 * 1024 * 1024;

/// gRPC target for the handshake's address: `unix:<path>`, `ipv4:<a.b.c.d>:<port>`,
/// `ipv6:[...]:<port>`, or host:port as given.
std::string channel_target(const Handshake& handshake);

/// Creates (does not connect) the channel. With a server certificate in the handshake: TLS
/// trusting only that certificate, presenting `client` (required then), target name
/// overridden to "localhost". Without one (plaintext, reattach, or a plugin that ignored
/// PLUGIN_CLIENT_CERT): insecure credentials. Message limits raised to kMaxMessageBytes.
tfc::Expected<std::shared_ptr<grpc::Channel>> make_channel(const Handshake& handshake, const ClientCredentials* client);

}  // namespace tfc::runner
