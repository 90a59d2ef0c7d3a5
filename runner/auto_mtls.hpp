#pragma once
// go-plugin AutoMTLS from the client side (docs/protocol.md §2.3, §2.8):
// a throw-away self-signed client certificate, and the server certificate from the handshake.

#include <string>
#include <string_view>

#include "proto/util/expected.hpp"

namespace tfc::runner {

/// Curve of the client key. go-plugin itself uses P-521; P-256 is cheaper and accepted.
enum class KeyCurve { P256, P521 };

/// The client's half of AutoMTLS, both as PEM text.
struct ClientCredentials {
  /// One "CERTIFICATE" block; exactly what goes into PLUGIN_CLIENT_CERT.
  std::string cert_pem;
  /// One "EC PRIVATE KEY" block.
  std::string key_pem;
};

/// Generates a fresh ECDSA key and a self-signed certificate with the §2.3 profile: random
/// serial 1 <= s < 2^128, subject and issuer CN=localhost O=HashiCorp, SAN DNS:localhost,
/// basicConstraints CA:TRUE, keyUsage digitalSignature+keyEncipherment+keyAgreement+certSign,
/// extendedKeyUsage clientAuth+serverAuth, valid from now-30s to now+262980h. Signed with
/// ECDSA-SHA256 (P-256) or ECDSA-SHA512 (P-521). Errors carry OpenSSL's reason.
tfc::Expected<ClientCredentials> generate_client_credentials(KeyCurve curve = KeyCurve::P256);

/// Turns the handshake's certificate field (base64 of DER, padded or not) into a PEM
/// "CERTIFICATE" block, after checking that the bytes decode and parse as an X.509
/// certificate (§2.2 field 6, §2.8).
tfc::Expected<std::string> server_cert_pem(std::string_view cert_base64);

}  // namespace tfc::runner
