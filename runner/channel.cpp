#include "runner/channel.hpp"

#include <arpa/inet.h>
#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>
#include <grpcpp/support/channel_arguments.h>

namespace tfc::runner {
namespace {

bool is_ipv4(const std::string& host) {
  in_addr addr{};
  return ::inet_pton(AF_INET, host.c_str(), &addr) == 1;
}

}  // namespace

std::string channel_target(const Handshake& handshake) {
  const std::string& address = handshake.address;
  if (handshake.network == Network::Unix) return "unix:" + address;
  if (!address.empty() && address.front() == '[') return "ipv6:" + address;
  const auto colon = address.rfind(':');
  if (colon != std::string::npos && is_ipv4(address.substr(0, colon))) return "ipv4:" + address;
  return address;
}

tfc::Expected<std::shared_ptr<grpc::Channel>> make_channel(const Handshake& handshake,
                                                           const ClientCredentials* client) {
  grpc::ChannelArguments args;
  args.SetMaxReceiveMessageSize(kMaxMessageBytes);
  args.SetMaxSendMessageSize(kMaxMessageBytes);
  std::shared_ptr<grpc::ChannelCredentials> credentials;
  if (handshake.has_server_cert()) {
    if (client == nullptr) {
      return Error{"plugin at " + handshake.address + " serves TLS but no client certificate was offered to it"};
    }
    TFC_TRY(root, server_cert_pem(handshake.server_cert_base64));
    grpc::SslCredentialsOptions ssl;
    ssl.pem_root_certs = std::move(root);
    ssl.pem_private_key = client->key_pem;
    ssl.pem_cert_chain = client->cert_pem;
    credentials = grpc::SslCredentials(ssl);
    // The plugin's certificate names only DNS:localhost.
    args.SetSslTargetNameOverride("localhost");
  } else {
    credentials = grpc::InsecureChannelCredentials();
  }
  auto channel = grpc::CreateCustomChannel(channel_target(handshake), credentials, args);
  if (!channel) return Error{"cannot create a gRPC channel to " + channel_target(handshake)};
  return channel;
}

}  // namespace tfc::runner
