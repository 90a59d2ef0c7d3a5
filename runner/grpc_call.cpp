#include "runner/grpc_call.hpp"

#include <chrono>
#include <string>

#include "runner/channel.hpp"
#include "runner/run_stop.hpp"

namespace tfc::runner::detail {

std::chrono::milliseconds deadline_for(const CallOptions& options, const char* rpc) {
  return options.deadlines ? options.deadlines->deadline_for(rpc) : options.timeout;
}

std::unique_ptr<grpc::ClientContext> make_context(std::chrono::milliseconds deadline) {
  auto context = std::make_unique<grpc::ClientContext>();
  context->set_deadline(std::chrono::system_clock::now() + deadline);
  return context;
}

void CallTimer::finished(const grpc::Status& status) const {
  if (!m_options.deadlines || status.error_code() == grpc::StatusCode::DEADLINE_EXCEEDED ||
      status.error_code() == grpc::StatusCode::CANCELLED)
    return;
  m_options.deadlines->answered(m_rpc, std::chrono::steady_clock::now() - m_start);
}

protocol::RpcFailure failure_for(const grpc::Status& status, const CallOptions& options, const char* rpc) {
  // Once tfconform is told to stop, it cancels calls and kills providers itself: whatever the
  // call then returns says nothing about the provider.
  if (aborting()) {
    return protocol::RpcFailure{protocol::FailureKind::Cancelled, static_cast<int>(status.error_code()),
                                std::string(rpc) + ": cancelled, tfconform was " + describe(stop_reason())};
  }
  // gRPC refuses an answer over the channel's limit on our side, as RESOURCE_EXHAUSTED; a
  // provider may send that code itself, so the client-side wording is what tells them apart.
  if (status.error_code() == grpc::StatusCode::RESOURCE_EXHAUSTED &&
      status.error_message().find("Received message larger than max") != std::string::npos) {
    return protocol::RpcFailure{protocol::FailureKind::TooLarge, static_cast<int>(status.error_code()),
                                std::string(rpc) + ": the answer is over tfconform's receive limit of " +
                                    std::to_string(kMaxMessageBytes >> 20) +
                                    " MiB, the most terraform-plugin-go sends (" + status.error_message() + ")"};
  }
  auto failure = protocol::failure_from_status(static_cast<int>(status.error_code()),
                                               std::string(rpc) + ": " + status.error_message());
  // A dead plugin shows as UNAVAILABLE (or a cut stream); say what really happened. UNIMPLEMENTED
  // is the plugin's own answer (the one gRPC makes up was told apart before): it was alive to
  // give it, and the probe would only wait out its look for an exit, 100 ms at the start of
  // every provider without GetResourceIdentitySchemas.
  if (options.crash_probe && failure.kind != protocol::FailureKind::NotImplemented) {
    if (const auto ended = options.crash_probe()) {
      failure.kind = ended->out_of_memory ? protocol::FailureKind::OutOfMemory : protocol::FailureKind::Crashed;
      failure.message += " (plugin " + ended->description + ")";
      return failure;
    }
  }
  if (failure.kind == protocol::FailureKind::Timeout) {
    failure.message = std::string(rpc) + ": no answer within " +
                      (options.deadlines ? options.deadlines->explain(rpc)
                                         : std::to_string(options.timeout.count()) + " ms (--timeout)");
  }
  return failure;
}

protocol::RpcFailure malformed(const Error& error, const char* rpc) {
  return protocol::RpcFailure{protocol::FailureKind::Malformed, 0, std::string(rpc) + ": " + error.message};
}

bool is_unparsable_reply(const grpc::Status& status) {
  return status.error_code() == grpc::StatusCode::UNIMPLEMENTED &&
         status.error_message() == "No message returned for unary request";
}

protocol::RpcFailure unparsable(const char* rpc, const std::string& message_type, const std::string& why) {
  std::string message = std::string(rpc) + ": the answer is not a valid " + message_type + " message";
  message += why.empty() ? " (or no message came with the OK status)" : ": " + why;
  return protocol::RpcFailure{protocol::FailureKind::Malformed, 0, std::move(message)};
}

}  // namespace tfc::runner::detail
