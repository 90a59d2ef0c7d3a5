#include "runner/session_provider.hpp"

namespace tfc::runner {

std::unique_ptr<protocol::ProviderClient> make_session_provider(PluginSession& session, CallOptions options) {
  if (!options.crash_probe && session.process() != nullptr) {
    PluginProcess* process = session.process();
    options.crash_probe = [process]() -> std::optional<ProcessEnd> {
      // The socket can fail a moment before the exit is visible: give it a short look.
      const auto status = process->wait_for_exit(std::chrono::milliseconds(100));
      if (!status) return std::nullopt;
      // Its last words (a panic and its stack) may still be in the pipe: read them before the
      // failure is judged, so the finding can quote them. A child holding the pipe open is not
      // waited for beyond this.
      process->wait_for_stderr_end(std::chrono::milliseconds(500));
      ProcessEnd end{status->describe(), process->out_of_memory()};
      if (end.out_of_memory) {
        end.description += ", out of memory at tfconform's limit of " + process->memory_limit_text() +
                           " per provider process (--provider-memory)";
      }
      return end;
    };
  }
  return make_grpc_provider(session.protocol_version(), session.channel(), std::move(options));
}

}  // namespace tfc::runner
