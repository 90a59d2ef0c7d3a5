#include "runner/grpc_provider.hpp"

namespace tfc::runner {

std::unique_ptr<protocol::ProviderClient> make_grpc_provider(int protocol_version,
                                                             std::shared_ptr<grpc::Channel> channel,
                                                             CallOptions options) {
  if (protocol_version == 6) return make_grpc_provider_v6(std::move(channel), std::move(options));
  if (protocol_version == 5) return make_grpc_provider_v5(std::move(channel), std::move(options));
  return nullptr;
}

}  // namespace tfc::runner
