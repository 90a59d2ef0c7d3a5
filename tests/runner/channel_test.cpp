#include "runner/channel.hpp"

#include <grpcpp/security/server_credentials.h>
#include <grpcpp/server.h>
#include <grpcpp/server_builder.h>
#include <gtest/gtest.h>
#include <openssl/bio.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <stdlib.h>

#include <filesystem>

#include "proto/wire/health.grpc.pb.h"
#include "runner/plugin_control.hpp"

namespace tfc::runner {
namespace {

// Base64 of a PEM certificate's DER without padding: the handshake's field 6.
std::string handshake_field(const std::string& pem) {
  BIO* bio = BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size()));
  X509* cert = PEM_read_bio_X509(bio, nullptr, nullptr, nullptr);
  BIO_free(bio);
  unsigned char* der = nullptr;
  const int len = i2d_X509(cert, &der);
  X509_free(cert);
  std::string b64(static_cast<std::size_t>((len + 2) / 3 * 4 + 1), '\0');
  const int n = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(b64.data()), der, len);
  OPENSSL_free(der);
  b64.resize(static_cast<std::size_t>(n));
  while (b64.back() == '=') b64.pop_back();
  return b64;
}

// go-plugin registers the health service with "plugin" as SERVING.
class PluginHealth final : public grpc::health::v1::Health::Service {
  grpc::Status Check(grpc::ServerContext*, const grpc::health::v1::HealthCheckRequest* request,
                     grpc::health::v1::HealthCheckResponse* response) override {
    response->set_status(request->service() == "plugin" ? grpc::health::v1::HealthCheckResponse::SERVING
                                                        : grpc::health::v1::HealthCheckResponse::SERVICE_UNKNOWN);
    return grpc::Status::OK;
  }
};

// A gRPC server on a Unix socket in a temp dir, with the default health service, optionally
// requiring a client certificate signed by (= equal to) `trusted_client_pem`.
class LocalServer {
public:
  LocalServer(const ClientCredentials* server, const std::string& trusted_client_pem) {
    char pattern[] = "/tmp/tfc-chan-XXXXXX";
    m_dir = ::mkdtemp(pattern);
    m_socket = m_dir + "/sock";
    std::shared_ptr<grpc::ServerCredentials> creds;
    if (server != nullptr) {
      grpc::SslServerCredentialsOptions options(GRPC_SSL_REQUEST_AND_REQUIRE_CLIENT_CERTIFICATE_AND_VERIFY);
      options.pem_root_certs = trusted_client_pem;
      options.pem_key_cert_pairs.push_back({server->key_pem, server->cert_pem});
      creds = grpc::SslServerCredentials(options);
    } else {
      creds = grpc::InsecureServerCredentials();
    }
    grpc::ServerBuilder builder;
    builder.AddListeningPort("unix:" + m_socket, creds);
    builder.RegisterService(&m_health);
    m_server = builder.BuildAndStart();
  }
  ~LocalServer() {
    if (m_server) m_server->Shutdown(std::chrono::system_clock::now());
    std::filesystem::remove_all(m_dir);
  }
  bool started() const { return m_server != nullptr; }
  const std::string& socket() const { return m_socket; }

private:
  std::string m_dir;
  std::string m_socket;
  PluginHealth m_health;
  std::unique_ptr<grpc::Server> m_server;
};

TEST(ChannelTest, Targets) {
  Handshake hs;
  hs.network = Network::Unix;
  hs.address = "/tmp/plugin1";
  EXPECT_EQ(channel_target(hs), "unix:/tmp/plugin1");
  hs.network = Network::Tcp;
  hs.address = "127.0.0.1:10000";
  EXPECT_EQ(channel_target(hs), "ipv4:127.0.0.1:10000");
  hs.address = "[::1]:10000";
  EXPECT_EQ(channel_target(hs), "ipv6:[::1]:10000");
  hs.address = "localhost:10000";
  EXPECT_EQ(channel_target(hs), "localhost:10000");
}

TEST(ChannelTest, MutualTlsWithTheHandshakeCertificate) {
  const auto server = generate_client_credentials(KeyCurve::P521);
  const auto client = generate_client_credentials(KeyCurve::P256);
  ASSERT_TRUE(server && client);
  LocalServer local(&*server, client->cert_pem);
  ASSERT_TRUE(local.started());

  const auto hs = parse_handshake_line("1|6|unix|" + local.socket() + "|grpc|" + handshake_field(server->cert_pem));
  ASSERT_TRUE(hs) << hs.error().message;
  const auto channel = make_channel(*hs, &*client);
  ASSERT_TRUE(channel) << channel.error().message;
  const auto serving = check_health(*channel, "plugin", std::chrono::seconds(10));
  ASSERT_TRUE(serving) << serving.error().message;
  EXPECT_TRUE(*serving);
}

TEST(ChannelTest, AnUntrustedClientCertificateIsRefused) {
  const auto server = generate_client_credentials();
  const auto trusted = generate_client_credentials();
  const auto stranger = generate_client_credentials();
  ASSERT_TRUE(server && trusted && stranger);
  LocalServer local(&*server, trusted->cert_pem);
  ASSERT_TRUE(local.started());
  Handshake hs;
  hs.address = local.socket();
  hs.server_cert_base64 = handshake_field(server->cert_pem);
  const auto channel = make_channel(hs, &*stranger);
  ASSERT_TRUE(channel) << channel.error().message;
  const auto serving = check_health(*channel, "plugin", std::chrono::seconds(5));
  EXPECT_FALSE(serving);
}

TEST(ChannelTest, TheServerMustPresentTheHandshakeCertificate) {
  const auto server = generate_client_credentials();
  const auto impostor = generate_client_credentials();
  const auto client = generate_client_credentials();
  ASSERT_TRUE(server && impostor && client);
  LocalServer local(&*server, client->cert_pem);
  ASSERT_TRUE(local.started());
  Handshake hs;
  hs.address = local.socket();
  hs.server_cert_base64 = handshake_field(impostor->cert_pem);
  const auto channel = make_channel(hs, &*client);
  ASSERT_TRUE(channel);
  EXPECT_FALSE(check_health(*channel, "plugin", std::chrono::seconds(5)));
}

TEST(ChannelTest, PlaintextWhenTheHandshakeHasNoCertificate) {
  LocalServer local(nullptr, "");
  ASSERT_TRUE(local.started());
  Handshake hs;
  hs.address = local.socket();
  const auto channel = make_channel(hs, nullptr);
  ASSERT_TRUE(channel) << channel.error().message;
  const auto serving = check_health(*channel, "plugin", std::chrono::seconds(10));
  ASSERT_TRUE(serving) << serving.error().message;
  EXPECT_TRUE(*serving);
}

TEST(ChannelTest, TlsWithoutClientCredentialsIsAnError) {
  const auto server = generate_client_credentials();
  ASSERT_TRUE(server);
  Handshake hs;
  hs.address = "/nonexistent";
  hs.server_cert_base64 = handshake_field(server->cert_pem);
  const auto channel = make_channel(hs, nullptr);
  ASSERT_FALSE(channel);
  EXPECT_NE(channel.error().message.find("no client certificate"), std::string::npos);
}

}  // namespace
}  // namespace tfc::runner
