#include "runner/auto_mtls.hpp"

#include <gtest/gtest.h>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <ctime>
#include <memory>
#include <string>

#include "runner/handshake.hpp"

namespace tfc::runner {
namespace {

struct X509Free {
  void operator()(X509* x) const { X509_free(x); }
};
using X509Ptr = std::unique_ptr<X509, X509Free>;

X509Ptr parse_pem(const std::string& pem) {
  BIO* bio = BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size()));
  X509Ptr cert(PEM_read_bio_X509(bio, nullptr, nullptr, nullptr));
  BIO_free(bio);
  return cert;
}

EVP_PKEY* parse_key(const std::string& pem) {
  BIO* bio = BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size()));
  EVP_PKEY* key = PEM_read_bio_PrivateKey(bio, nullptr, nullptr, nullptr);
  BIO_free(bio);
  return key;
}

// Seconds from now to `t` (negative in the past).
long long seconds_from_now(const ASN1_TIME* t) {
  int days = 0;
  int seconds = 0;
  EXPECT_EQ(ASN1_TIME_diff(&days, &seconds, nullptr, t), 1);
  return static_cast<long long>(days) * 86400 + seconds;
}

std::string name_entry(X509_NAME* name, int nid) {
  char buffer[256] = {};
  X509_NAME_get_text_by_NID(name, nid, buffer, sizeof buffer);
  return buffer;
}

// Base64 of the certificate's DER without '=' padding, as go-plugin prints it.
std::string handshake_field(X509* cert) {
  unsigned char* der = nullptr;
  const int len = i2d_X509(cert, &der);
  std::string b64(static_cast<std::size_t>((len + 2) / 3 * 4 + 1), '\0');
  const int n = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(b64.data()), der, len);
  OPENSSL_free(der);
  b64.resize(static_cast<std::size_t>(n));
  while (!b64.empty() && b64.back() == '=') b64.pop_back();
  return b64;
}

void check_profile(KeyCurve curve, const char* group, int digest_nid) {
  const auto creds = generate_client_credentials(curve);
  ASSERT_TRUE(creds) << creds.error().message;
  EXPECT_TRUE(creds->cert_pem.starts_with("-----BEGIN CERTIFICATE-----\n"));
  EXPECT_TRUE(creds->key_pem.starts_with("-----BEGIN EC PRIVATE KEY-----\n"));
  const X509Ptr cert = parse_pem(creds->cert_pem);
  ASSERT_TRUE(cert);
  std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)> key(parse_key(creds->key_pem), EVP_PKEY_free);
  ASSERT_TRUE(key);

  EXPECT_EQ(X509_check_private_key(cert.get(), key.get()), 1);
  EXPECT_EQ(X509_verify(cert.get(), key.get()), 1) << "self-signed with its own key";
  char group_name[64] = {};
  size_t group_len = 0;
  ASSERT_EQ(EVP_PKEY_get_group_name(key.get(), group_name, sizeof group_name, &group_len), 1);
  EXPECT_STREQ(group_name, group);
  EXPECT_EQ(X509_get_signature_nid(cert.get()), digest_nid);
  EXPECT_EQ(X509_get_version(cert.get()), X509_VERSION_3);

  // Serial: positive, below 2^128.
  BIGNUM* serial = ASN1_INTEGER_to_BN(X509_get0_serialNumber(cert.get()), nullptr);
  ASSERT_NE(serial, nullptr);
  EXPECT_FALSE(BN_is_negative(serial));
  EXPECT_FALSE(BN_is_zero(serial));
  EXPECT_LE(BN_num_bits(serial), 128);
  BN_free(serial);

  EXPECT_EQ(name_entry(X509_get_subject_name(cert.get()), NID_commonName), "localhost");
  EXPECT_EQ(name_entry(X509_get_subject_name(cert.get()), NID_organizationName), "HashiCorp");
  EXPECT_EQ(X509_NAME_cmp(X509_get_subject_name(cert.get()), X509_get_issuer_name(cert.get())), 0);

  // Validity: now-30s .. now+262980h (a few seconds of slack for slow machines).
  const long long not_before = seconds_from_now(X509_get0_notBefore(cert.get()));
  const long long not_after = seconds_from_now(X509_get0_notAfter(cert.get()));
  EXPECT_LE(not_before, -25);
  EXPECT_GE(not_before, -35);
  EXPECT_NEAR(static_cast<double>(not_after), 262980.0 * 3600.0, 10.0);

  const uint32_t xku = X509_get_extended_key_usage(cert.get());
  EXPECT_NE(xku & XKU_SSL_CLIENT, 0u);
  EXPECT_NE(xku & XKU_SSL_SERVER, 0u);
  const uint32_t ku = X509_get_key_usage(cert.get());
  EXPECT_NE(ku & KU_DIGITAL_SIGNATURE, 0u);
  EXPECT_NE(ku & KU_KEY_CERT_SIGN, 0u);
  EXPECT_NE(X509_get_extension_flags(cert.get()) & EXFLAG_CA, 0u);

  auto* sans = static_cast<GENERAL_NAMES*>(X509_get_ext_d2i(cert.get(), NID_subject_alt_name, nullptr, nullptr));
  ASSERT_NE(sans, nullptr);
  ASSERT_EQ(sk_GENERAL_NAME_num(sans), 1);
  const GENERAL_NAME* san = sk_GENERAL_NAME_value(sans, 0);
  ASSERT_EQ(san->type, GEN_DNS);
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(ASN1_STRING_get0_data(san->d.dNSName)),
                        static_cast<std::size_t>(ASN1_STRING_length(san->d.dNSName))),
            "localhost");
  GENERAL_NAMES_free(sans);
  EXPECT_EQ(X509_check_host(cert.get(), "localhost", 0, 0, nullptr), 1);
}

TEST(AutoMtlsTest, P256CertificateFollowsTheGoPluginProfile) {
  check_profile(KeyCurve::P256, "prime256v1", NID_ecdsa_with_SHA256);
}

TEST(AutoMtlsTest, P521CertificateFollowsTheGoPluginProfile) {
  check_profile(KeyCurve::P521, "secp521r1", NID_ecdsa_with_SHA512);
}

TEST(AutoMtlsTest, EachCallMakesANewKeyAndSerial) {
  const auto a = generate_client_credentials();
  const auto b = generate_client_credentials();
  ASSERT_TRUE(a && b);
  EXPECT_NE(a->key_pem, b->key_pem);
  const X509Ptr ca = parse_pem(a->cert_pem);
  const X509Ptr cb = parse_pem(b->cert_pem);
  EXPECT_NE(ASN1_INTEGER_cmp(X509_get0_serialNumber(ca.get()), X509_get0_serialNumber(cb.get())), 0);
}

TEST(AutoMtlsTest, HandshakeFieldBecomesTheSamePem) {
  for (const auto curve : {KeyCurve::P256, KeyCurve::P521}) {
    const auto creds = generate_client_credentials(curve);
    ASSERT_TRUE(creds) << creds.error().message;
    const X509Ptr cert = parse_pem(creds->cert_pem);
    const std::string field = handshake_field(cert.get());
    // Both the raw field and the parser's re-padded form convert.
    const auto pem = server_cert_pem(field);
    ASSERT_TRUE(pem) << pem.error().message;
    EXPECT_EQ(*pem, creds->cert_pem);
    const auto hs = parse_handshake_line("1|6|unix|/s|grpc|" + field);
    ASSERT_TRUE(hs) << hs.error().message;
    const auto pem2 = server_cert_pem(hs->server_cert_base64);
    ASSERT_TRUE(pem2) << pem2.error().message;
    EXPECT_EQ(*pem2, creds->cert_pem);
  }
}

TEST(AutoMtlsTest, FieldsThatAreNotCertificatesAreErrors) {
  EXPECT_FALSE(server_cert_pem(""));
  EXPECT_FALSE(server_cert_pem("not base64!"));
  const auto junk = server_cert_pem(std::string(80, 'A'));  // decodes to zero bytes
  ASSERT_FALSE(junk);
  EXPECT_NE(junk.error().message.find("X.509"), std::string::npos) << junk.error().message;
}

TEST(AutoMtlsTest, TrailingBytesAfterTheCertificateAreAnError) {
  const auto creds = generate_client_credentials();
  ASSERT_TRUE(creds);
  const X509Ptr cert = parse_pem(creds->cert_pem);
  unsigned char* der = nullptr;
  const int len = i2d_X509(cert.get(), &der);
  std::string bytes(reinterpret_cast<char*>(der), static_cast<std::size_t>(len));
  OPENSSL_free(der);
  bytes += "xyz";
  std::string b64(bytes.size() * 2 + 4, '\0');
  const int n = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(b64.data()),
                                reinterpret_cast<const unsigned char*>(bytes.data()), static_cast<int>(bytes.size()));
  b64.resize(static_cast<std::size_t>(n));
  const auto pem = server_cert_pem(b64);
  ASSERT_FALSE(pem);
  EXPECT_NE(pem.error().message.find("3 trailing bytes"), std::string::npos) << pem.error().message;
}

}  // namespace
}  // namespace tfc::runner
