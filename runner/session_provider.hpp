#pragma once
// The ProviderClient of a live PluginSession, with crash detection wired to its process.

#include <memory>

#include "proto/protocol/provider_client.hpp"
#include "runner/grpc_provider.hpp"
#include "runner/plugin_session.hpp"

namespace tfc::runner {

/// A v5 or v6 client (the negotiated version) over the session's channel. A failed call made
/// while the launched plugin has died is classed Crashed with its exit status. The session
/// must outlive the client, and the client must not be used after session.close().
std::unique_ptr<protocol::ProviderClient> make_session_provider(PluginSession& session, CallOptions options = {});

}  // namespace tfc::runner
