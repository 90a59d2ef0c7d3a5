#pragma once
// ProviderClient over gRPC, for tfplugin6 and tfplugin5 (docs/architecture.md:
// runner implements proto/protocol/provider_client.hpp). No generated header leaks from here.

#include <grpcpp/channel.h>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "proto/protocol/provider_client.hpp"
#include "runner/adaptive_deadline.hpp"

namespace tfc::runner {

/// How a plugin process ended, as a failed call reports it.
struct ProcessEnd {
  std::string description;     // "exited with status 2", plus the memory limit when it ran out
  bool out_of_memory = false;  // it died at the harness's memory limit (--provider-memory)
};

struct CallOptions {
  /// Deadline of each RPC when no policy is given (Terraform has none; a harness must not hang
  /// on a stuck provider).
  std::chrono::milliseconds timeout{std::chrono::minutes(2)};
  /// Adaptive deadlines shared by every client of a run; when set it decides each call's
  /// deadline and learns from each answer's time.
  std::shared_ptr<DeadlinePolicy> deadlines;
  /// Says how the plugin process ended, if it has; a failed call is then classed Crashed (or
  /// OutOfMemory) with that description. Empty for attached providers.
  std::function<std::optional<ProcessEnd>()> crash_probe;
};

/// Every RPC takes the same five steps: to_proto, a fresh ClientContext with the deadline,
/// the call, the status mapped to an RpcFailure (UNIMPLEMENTED → NotImplemented, deadline →
/// Timeout, UNAVAILABLE → Transport, process gone → Crashed), from_proto (a reply that does not
/// fit the protocol → Malformed). Never throws for anything the provider does.
std::unique_ptr<protocol::ProviderClient> make_grpc_provider_v6(std::shared_ptr<grpc::Channel> channel,
                                                                CallOptions options = {});
/// The same over tfplugin5 (v5 RPC names: GetSchema, PrepareProviderConfig, Configure, Stop,
/// ValidateResourceTypeConfig, ValidateDataSourceConfig).
std::unique_ptr<protocol::ProviderClient> make_grpc_provider_v5(std::shared_ptr<grpc::Channel> channel,
                                                                CallOptions options = {});
/// make_grpc_provider_v6 or _v5 for `protocol_version`; nullptr for any other version.
std::unique_ptr<protocol::ProviderClient> make_grpc_provider(int protocol_version,
                                                             std::shared_ptr<grpc::Channel> channel,
                                                             CallOptions options = {});

}  // namespace tfc::runner
