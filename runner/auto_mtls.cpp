#include "runner/auto_mtls.hpp"

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <memory>

#include "runner/handshake.hpp"

namespace tfc::runner {
namespace {

template <class T, void (*F)(T*)>
struct Deleter {
  void operator()(T* p) const noexcept { F(p); }
};
using PkeyPtr = std::unique_ptr<EVP_PKEY, Deleter<EVP_PKEY, EVP_PKEY_free>>;
using X509Ptr = std::unique_ptr<X509, Deleter<X509, X509_free>>;
using BioPtr = std::unique_ptr<BIO, Deleter<BIO, BIO_free_all>>;
using BnPtr = std::unique_ptr<BIGNUM, Deleter<BIGNUM, BN_free>>;
using NamePtr = std::unique_ptr<X509_NAME, Deleter<X509_NAME, X509_NAME_free>>;
using ExtPtr = std::unique_ptr<X509_EXTENSION, Deleter<X509_EXTENSION, X509_EXTENSION_free>>;

// 262 980 hours, go-plugin's certificate lifetime.
constexpr long kValiditySeconds = 262980L * 3600L;
constexpr long kBackdateSeconds = 30;

Error openssl_error(std::string_view what) {
  std::string message = "AutoMTLS: " + std::string(what);
  char buffer[256];
  bool first = true;
  while (const unsigned long code = ERR_get_error()) {
    ERR_error_string_n(code, buffer, sizeof buffer);
    message += first ? ": " : "; ";
    message += buffer;
    first = false;
  }
  return Error{message};
}

tfc::Expected<std::string> bio_to_string(BIO* bio) {
  char* data = nullptr;
  const long size = BIO_get_mem_data(bio, &data);
  if (size <= 0 || data == nullptr) return openssl_error("empty PEM output");
  return std::string(data, static_cast<std::size_t>(size));
}

bool set_random_serial(X509* cert) {
  unsigned char bytes[16];
  BnPtr serial(BN_new());
  if (!serial) return false;
  // A zero serial is not positive; retry (probability 2^-128).
  do {
    if (RAND_bytes(bytes, sizeof bytes) != 1) return false;
    if (!BN_bin2bn(bytes, sizeof bytes, serial.get())) return false;
  } while (BN_is_zero(serial.get()));
  return BN_to_ASN1_INTEGER(serial.get(), X509_get_serialNumber(cert)) != nullptr;
}

bool set_subject(X509* cert) {
  X509_NAME* name = X509_get_subject_name(cert);
  const auto add = [&](const char* field, const char* value) {
    return X509_NAME_add_entry_by_txt(name, field, MBSTRING_ASC, reinterpret_cast<const unsigned char*>(value), -1, -1,
                                      0) == 1;
  };
  return add("O", "HashiCorp") && add("CN", "localhost") && X509_set_issuer_name(cert, name) == 1;
}

bool add_extensions(X509* cert) {
  X509V3_CTX ctx;
  X509V3_set_ctx_nodb(&ctx);
  X509V3_set_ctx(&ctx, cert, cert, nullptr, nullptr, 0);
  const std::pair<int, const char*> extensions[] = {
      {NID_basic_constraints, "critical,CA:TRUE"},
      {NID_key_usage, "critical,digitalSignature,keyEncipherment,keyAgreement,keyCertSign"},
      {NID_ext_key_usage, "clientAuth,serverAuth"},
      {NID_subject_alt_name, "DNS:localhost"},
  };
  for (const auto& [nid, value] : extensions) {
    ExtPtr ext(X509V3_EXT_conf_nid(nullptr, &ctx, nid, value));
    if (!ext || X509_add_ext(cert, ext.get(), -1) != 1) return false;
  }
  return true;
}

}  // namespace

tfc::Expected<ClientCredentials> generate_client_credentials(KeyCurve curve) {
  const char* group = curve == KeyCurve::P521 ? "P-521" : "P-256";
  PkeyPtr key(EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", group));
  if (!key) return openssl_error(std::string("cannot generate an EC key on ") + group);

  X509Ptr cert(X509_new());
  if (!cert || X509_set_version(cert.get(), X509_VERSION_3) != 1) {
    return openssl_error("cannot create a certificate");
  }
  if (!set_random_serial(cert.get())) return openssl_error("cannot set a random serial");
  if (!X509_gmtime_adj(X509_getm_notBefore(cert.get()), -kBackdateSeconds) ||
      !X509_gmtime_adj(X509_getm_notAfter(cert.get()), kValiditySeconds)) {
    return openssl_error("cannot set the validity period");
  }
  if (!set_subject(cert.get())) return openssl_error("cannot set subject and issuer");
  if (X509_set_pubkey(cert.get(), key.get()) != 1) return openssl_error("cannot set the key");
  if (!add_extensions(cert.get())) return openssl_error("cannot add the extensions");
  const EVP_MD* digest = curve == KeyCurve::P521 ? EVP_sha512() : EVP_sha256();
  if (X509_sign(cert.get(), key.get(), digest) <= 0) {
    return openssl_error("cannot sign the certificate");
  }

  BioPtr cert_bio(BIO_new(BIO_s_mem()));
  BioPtr key_bio(BIO_new(BIO_s_mem()));
  if (!cert_bio || !key_bio || PEM_write_bio_X509(cert_bio.get(), cert.get()) != 1 ||
      PEM_write_bio_PrivateKey_traditional(key_bio.get(), key.get(), nullptr, nullptr, 0, nullptr, nullptr) != 1) {
    return openssl_error("cannot write PEM");
  }
  TFC_TRY(cert_pem, bio_to_string(cert_bio.get()));
  TFC_TRY(key_pem, bio_to_string(key_bio.get()));
  return ClientCredentials{std::move(cert_pem), std::move(key_pem)};
}

tfc::Expected<std::string> server_cert_pem(std::string_view cert_base64) {
  while (!cert_base64.empty() && cert_base64.back() == '=') cert_base64.remove_suffix(1);
  TFC_TRY(padded, repad_base64(cert_base64));
  if (padded.empty()) return Error{"server certificate field is empty"};

  std::string der(padded.size() / 4 * 3, '\0');
  const int decoded =
      EVP_DecodeBlock(reinterpret_cast<unsigned char*>(der.data()),
                      reinterpret_cast<const unsigned char*>(padded.data()), static_cast<int>(padded.size()));
  if (decoded < 0) return openssl_error("server certificate field is not valid base64");
  // EVP_DecodeBlock counts the pad characters as zero bytes of output.
  const std::size_t pad = padded.size() - cert_base64.size();
  der.resize(static_cast<std::size_t>(decoded) - pad);

  const auto* cursor = reinterpret_cast<const unsigned char*>(der.data());
  X509Ptr cert(d2i_X509(nullptr, &cursor, static_cast<long>(der.size())));
  if (!cert) return openssl_error("server certificate field does not hold an X.509 certificate");
  if (cursor != reinterpret_cast<const unsigned char*>(der.data()) + der.size()) {
    return Error{"AutoMTLS: server certificate field has " +
                 std::to_string(reinterpret_cast<const unsigned char*>(der.data()) + der.size() - cursor) +
                 " trailing bytes after the certificate"};
  }
  BioPtr bio(BIO_new(BIO_s_mem()));
  if (!bio || PEM_write_bio_X509(bio.get(), cert.get()) != 1) {
    return openssl_error("cannot write the server certificate as PEM");
  }
  return bio_to_string(bio.get());
}

}  // namespace tfc::runner
