#include "runner/handshake.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <string>

namespace tfc::runner {
namespace {

// 64 base64 characters (48 bytes) and variants whose length needs 1 or 2 pad characters.
const std::string kCert64(64, 'Q');
const std::string kCert63 = kCert64.substr(0, 63);
const std::string kCert62 = kCert64.substr(0, 62);

bool printable_ascii(const std::string& s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return c >= 0x20 && c < 0x7f; });
}

TEST(HandshakeTest, PlaintextUnixV6) {
  const auto hs = parse_handshake_line("1|6|unix|/tmp/plugin2718281828|grpc|\n");
  ASSERT_TRUE(hs) << hs.error().message;
  EXPECT_EQ(hs->core_version, 1);
  EXPECT_EQ(hs->app_protocol, 6);
  EXPECT_EQ(hs->network, Network::Unix);
  EXPECT_EQ(hs->address, "/tmp/plugin2718281828");
  EXPECT_FALSE(hs->has_server_cert());
  EXPECT_FALSE(hs->multiplexed);
}

TEST(HandshakeTest, TcpV5WithoutCertField) {
  const auto hs = parse_handshake_line("1|5|tcp|127.0.0.1:10001|grpc");
  ASSERT_TRUE(hs) << hs.error().message;
  EXPECT_EQ(hs->app_protocol, 5);
  EXPECT_EQ(hs->network, Network::Tcp);
  EXPECT_EQ(hs->address, "127.0.0.1:10001");
}

TEST(HandshakeTest, TrimsSurroundingWhitespaceAndCrLf) {
  const auto hs = parse_handshake_line("  \t1|6|unix|/s|grpc|\r\n");
  ASSERT_TRUE(hs) << hs.error().message;
  EXPECT_EQ(hs->address, "/s");
}

TEST(HandshakeTest, CertificateIsRepadded) {
  struct Case {
    const std::string& field;
    std::string want;
  };
  const Case cases[] = {{kCert64, kCert64}, {kCert63, kCert63 + "="}, {kCert62, kCert62 + "=="}};
  for (const auto& c : cases) {
    const auto hs = parse_handshake_line("1|6|unix|/s|grpc|" + c.field);
    ASSERT_TRUE(hs) << hs.error().message;
    EXPECT_EQ(hs->server_cert_base64, c.want);
    EXPECT_TRUE(hs->has_server_cert());
  }
}

TEST(HandshakeTest, MuxField) {
  const auto on = parse_handshake_line("1|6|unix|/s|grpc|" + kCert64 + "|true");
  ASSERT_TRUE(on) << on.error().message;
  EXPECT_TRUE(on->multiplexed);
  const auto off = parse_handshake_line("1|6|unix|/s|grpc||false");
  ASSERT_TRUE(off) << off.error().message;
  EXPECT_FALSE(off->multiplexed);
}

TEST(HandshakeTest, OnlyOfferedVersionsAreAccepted) {
  const int only5[] = {5};
  EXPECT_TRUE(parse_handshake_line("1|5|unix|/s|grpc|", only5));
  const auto v6 = parse_handshake_line("1|6|unix|/s|grpc|", only5);
  ASSERT_FALSE(v6);
  EXPECT_NE(v6.error().message.find("field 2"), std::string::npos) << v6.error().message;
  EXPECT_NE(v6.error().message.find("offered version: 5"), std::string::npos);
}

struct BadLine {
  const char* name;
  std::string line;
  // Substrings the error must contain (the field and the quoted text read).
  std::vector<std::string> want;
};

TEST(HandshakeTest, MalformedLinesAreRejectedWithTheTextRead) {
  const BadLine cases[] = {
      {"core 2", "2|6|unix|/s|grpc|", {"field 1", "\"2\""}},
      {"core empty", "|6|unix|/s|grpc|", {"field 1", "\"\""}},
      {"app 4", "1|4|unix|/s|grpc|", {"field 2", "\"4\""}},
      {"app text", "1|six|unix|/s|grpc|", {"field 2", "\"six\""}},
      {"app huge", "1|99999999999999999999|unix|/s|grpc|", {"field 2"}},
      {"app negative", "1|-6|unix|/s|grpc|", {"field 2", "\"-6\""}},
      {"network udp", "1|6|udp|/s|grpc|", {"field 3", "\"udp\""}},
      {"network case", "1|6|UNIX|/s|grpc|", {"field 3", "\"UNIX\""}},
      {"address empty", "1|6|unix||grpc|", {"field 4"}},
      {"tcp no port", "1|6|tcp|127.0.0.1|grpc|", {"field 4", "\"127.0.0.1\""}},
      {"tcp port 0", "1|6|tcp|127.0.0.1:0|grpc|", {"field 4", "between 1 and 65535"}},
      {"tcp port big", "1|6|tcp|127.0.0.1:70000|grpc|", {"field 4", "\"127.0.0.1:70000\""}},
      {"tcp port text", "1|6|tcp|127.0.0.1:http|grpc|", {"field 4"}},
      {"netrpc", "1|6|unix|/s|netrpc|", {"field 5", "\"netrpc\""}},
      {"protocol empty", "1|6|unix|/s||", {"field 5"}},
      {"cert bad char", "1|6|unix|/s|grpc|" + kCert64.substr(0, 60) + "*AAA", {"field 6", "not standard base64"}},
      {"cert padded inside", "1|6|unix|/s|grpc|" + kCert62 + "==", {"field 6"}},
      {"cert url alphabet", "1|6|unix|/s|grpc|" + kCert64.substr(0, 60) + "-_AA", {"field 6"}},
      {"cert impossible length", "1|6|unix|/s|grpc|" + kCert64 + "Q", {"impossible base64 length"}},
      {"cert too short", "1|6|unix|/s|grpc|QUJD", {"field 6", "\"QUJD\""}},
      {"mux yes", "1|6|unix|/s|grpc||yes", {"field 7", "\"yes\""}},
      {"too few", "1|6|unix|/s", {"4 '|'-separated fields"}},
      {"one field", "hello world", {"1 '|'-separated fields", "\"hello world\""}},
      {"too many", "1|6|unix|/s|grpc||true|x", {"8 '|'-separated fields"}},
      {"empty", "", {"empty"}},
      {"blank", " \r\n", {"empty", "\" \\r\\n\""}},
      {"binary", std::string("\x01\xff|\x00|", 5), {"\\x01\\xff|\\x00|"}},
  };
  for (const auto& c : cases) {
    const auto hs = parse_handshake_line(c.line);
    ASSERT_FALSE(hs) << c.name;
    const auto& message = hs.error().message;
    EXPECT_TRUE(printable_ascii(message)) << c.name << ": " << message;
    for (const auto& want : c.want) {
      EXPECT_NE(message.find(want), std::string::npos) << c.name << ": " << message;
    }
  }
}

TEST(HandshakeTest, LongGarbageIsTruncatedInTheError) {
  const std::string junk(10000, 'z');
  const auto hs = parse_handshake_line(junk);
  ASSERT_FALSE(hs);
  EXPECT_LT(hs.error().message.size(), 400u);
  EXPECT_NE(hs.error().message.find("more bytes"), std::string::npos);
}

RC_GTEST_PROP(HandshakeProperty, ArbitraryTextNeverCrashesAndErrorsArePrintable, (const std::string& text)) {
  const auto hs = parse_handshake_line(text);
  if (!hs) RC_ASSERT(printable_ascii(hs.error().message));
}

RC_GTEST_PROP(HandshakeProperty, ArbitraryFieldsNeverCrash, (const std::vector<std::string>& fields)) {
  std::string line;
  for (const auto& f : fields) line += (line.empty() ? "" : "|") + f;
  const auto hs = parse_handshake_line(line);
  if (hs) {
    RC_ASSERT(hs->app_protocol == 5 || hs->app_protocol == 6);
    RC_ASSERT(!hs->address.empty());
  } else {
    RC_ASSERT(printable_ascii(hs.error().message));
  }
}

RC_GTEST_PROP(HandshakeProperty, WellFormedLinesRoundTrip, ()) {
  const int version = *rc::gen::element(5, 6);
  const bool tcp = *rc::gen::arbitrary<bool>();
  const int port = *rc::gen::inRange(1, 65536);
  const auto path = *rc::gen::nonEmpty(rc::gen::container<std::string>(
      rc::gen::oneOf(rc::gen::inRange('a', 'z'), rc::gen::element('/', '.', '-', '_'))));
  const std::string address = tcp ? "127.0.0.1:" + std::to_string(port) : "/" + path;
  const auto cert_len = *rc::gen::inRange<std::size_t>(51, 400);
  const bool with_cert = *rc::gen::arbitrary<bool>();
  std::string cert;
  if (with_cert && cert_len % 4 != 1) cert = std::string(cert_len, 'A');
  const std::string line =
      "1|" + std::to_string(version) + "|" + (tcp ? "tcp" : "unix") + "|" + address + "|grpc|" + cert + "\n";
  const auto hs = parse_handshake_line(line);
  RC_ASSERT(hs.has_value());
  RC_ASSERT(hs->app_protocol == version);
  RC_ASSERT(hs->address == address);
  RC_ASSERT(hs->network == (tcp ? Network::Tcp : Network::Unix));
  RC_ASSERT(hs->server_cert_base64.size() == (cert.size() + 3) / 4 * 4);
}

}  // namespace
}  // namespace tfc::runner
