#include "runner/session_provider.hpp"

namespace tfc::runner {

std::unique_ptr<protocol::ProviderClient> make_session_provider(PluginSession& session,
                                                                CallOptions options) {
  if (!options.crash_probe && session.process() != nullptr) {
    PluginProcess* process = session.process();
    options.crash_probe = [process]() -> std::optional<std::string> {
      // The socket can fail a moment before the exit is visible: give it a short look.
      if (auto status = process->wait_for_exit(std::chrono::milliseconds(100))) {
        return status->describe();
      }
      return std::nullopt;
    };
  }
  return make_grpc_provider(session.protocol_version(), session.channel(), std::move(options));
}

}  // namespace tfc::runner
