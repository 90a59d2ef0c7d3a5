#include "runner/grpc_call.hpp"

#include <chrono>
#include <string>

#include "runner/channel.hpp"

namespace tfc::runner::detail {

std::unique_ptr<grpc::ClientContext> make_context(const CallOptions& options) {
  auto context = std::make_unique<grpc::ClientContext>();
  context->set_deadline(std::chrono::system_clock::now() + options.timeout);
  return context;
}

protocol::RpcFailure failure_for(const grpc::Status& status, const CallOptions& options,
                                 const char* rpc) {
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
  // A dead plugin shows as UNAVAILABLE (or a cut stream); say what really happened.
  if (options.crash_probe) {
    if (const auto ended = options.crash_probe()) {
      failure.kind = protocol::FailureKind::Crashed;
      failure.message += " (plugin " + *ended + ")";
    }
  }
  return failure;
}

protocol::RpcFailure malformed(const Error& error, const char* rpc) {
  return protocol::RpcFailure{protocol::FailureKind::Malformed, 0,
                              std::string(rpc) + ": " + error.message};
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
