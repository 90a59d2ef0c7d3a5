#pragma once
// go-plugin's own services on a provider's gRPC server (docs/protocol.md §2.4–2.6):
// health check, GRPCController.Shutdown and the GRPCStdio stream.

#include <grpcpp/channel.h>
#include <grpcpp/client_context.h>

#include <chrono>
#include <memory>
#include <string>
#include <string_view>
#include <thread>

#include "proto/util/expected.hpp"
#include "runner/plugin_log.hpp"

namespace tfc::runner {

/// grpc.health.v1.Health/Check for `service` ("plugin" is what go-plugin registers). True when
/// SERVING, false for any other status; an error (with the gRPC code and message) when the
/// call fails, e.g. because TLS was rejected.
tfc::Expected<bool> check_health(const std::shared_ptr<grpc::Channel>& channel, std::string_view service = "plugin",
                                 std::chrono::milliseconds timeout = std::chrono::seconds(10));

/// plugin.GRPCController/Shutdown. The plugin stops its server while answering, so the reply
/// is usually lost (UNAVAILABLE "Socket closed", §2.8): every outcome is accepted and only
/// reported as the returned status text, for logs.
std::string request_controller_shutdown(const std::shared_ptr<grpc::Channel>& channel,
                                        std::chrono::milliseconds timeout = std::chrono::seconds(2));

/// Opens plugin.GRPCStdio/StreamStdio once and keeps reading it on a background thread,
/// turning the plugin's redirected stdout/stderr into LogLines (§2.5: a plugin whose stdio is
/// never read can stall). UNIMPLEMENTED/UNAVAILABLE just end the stream (older plugins).
class StdioPump {
public:
  StdioPump(const std::shared_ptr<grpc::Channel>& channel, std::shared_ptr<LogRing> ring);
  /// Cancels the stream and joins the thread.
  ~StdioPump();
  StdioPump(const StdioPump&) = delete;
  StdioPump& operator=(const StdioPump&) = delete;

private:
  void run(const std::shared_ptr<grpc::Channel>& channel);

  std::shared_ptr<LogRing> m_ring;
  grpc::ClientContext m_context;
  std::thread m_thread;
};

}  // namespace tfc::runner
