#include "runner/reattach.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstdlib>

namespace tfc::runner {
namespace {

TEST(ReattachTest, ParsesEveryField) {
  const auto targets = parse_reattach_providers(R"({
    "registry.terraform.io/hashicorp/example": {"Protocol":"grpc","ProtocolVersion":6,
      "Pid":4242,"Test":true,"Addr":{"Network":"unix","String":"/tmp/plugin98765"}},
    "acme/other": {"Protocol":"grpc","ProtocolVersion":0,
      "Addr":{"Network":"tcp","String":"127.0.0.1:12345"},"Extra":"ignored"}})");
  ASSERT_TRUE(targets) << targets.error().message;
  ASSERT_EQ(targets->size(), 2u);
  // Sorted by key.
  const auto& other = (*targets)[0];
  const auto& example = (*targets)[1];
  EXPECT_EQ(other.provider, "acme/other");
  EXPECT_EQ(other.protocol_version, 5) << "ProtocolVersion 0 means 5";
  EXPECT_EQ(other.pid, 0);
  EXPECT_FALSE(other.test);
  EXPECT_EQ(other.network, Network::Tcp);
  EXPECT_EQ(other.address, "127.0.0.1:12345");
  EXPECT_EQ(example.provider, "registry.terraform.io/hashicorp/example");
  EXPECT_EQ(example.protocol_version, 6);
  EXPECT_EQ(example.pid, 4242);
  EXPECT_TRUE(example.test);
  EXPECT_EQ(example.network, Network::Unix);
  EXPECT_EQ(example.address, "/tmp/plugin98765");

  const Handshake hs = example.to_handshake();
  EXPECT_EQ(hs.app_protocol, 6);
  EXPECT_EQ(hs.address, "/tmp/plugin98765");
  EXPECT_FALSE(hs.has_server_cert()) << "reattach is always plaintext";
}

TEST(ReattachTest, MissingProtocolVersionMeansFive) {
  const auto targets =
      parse_reattach_providers(R"({"a/b":{"Protocol":"grpc","Addr":{"Network":"unix","String":"/s"}}})");
  ASSERT_TRUE(targets) << targets.error().message;
  EXPECT_EQ(targets->at(0).protocol_version, 5);
}

TEST(ReattachTest, EmptyObjectIsNoTargets) {
  const auto targets = parse_reattach_providers("{}");
  ASSERT_TRUE(targets);
  EXPECT_TRUE(targets->empty());
}

TEST(ReattachTest, ErrorsNameTheKeyAndField) {
  struct Case {
    const char* json;
    std::vector<std::string> want;
  };
  const Case cases[] = {
      {"not json", {"not valid JSON", "\"not json\""}},
      {"[1,2]", {"expected a JSON object"}},
      {R"({"a/b": 3})", {"\"a/b\"", "(entry)"}},
      {R"({"a/b":{"ProtocolVersion":6,"Addr":{"Network":"unix","String":"/s"}}})",
       {"\"a/b\"", "Protocol", "got nothing"}},
      {R"({"a/b":{"Protocol":"netrpc","Addr":{"Network":"unix","String":"/s"}}})", {"Protocol", "netrpc"}},
      {R"({"a/b":{"Protocol":"grpc","ProtocolVersion":4,"Addr":{"Network":"unix","String":"/s"}}})",
       {"\"a/b\"", "ProtocolVersion", "got 4"}},
      {R"({"a/b":{"Protocol":"grpc","ProtocolVersion":"6","Addr":{"Network":"unix","String":"/s"}}})",
       {"ProtocolVersion"}},
      {R"({"a/b":{"Protocol":"grpc","Pid":-1,"Addr":{"Network":"unix","String":"/s"}}})", {"Pid", "-1"}},
      {R"({"a/b":{"Protocol":"grpc","Pid":1.5,"Addr":{"Network":"unix","String":"/s"}}})", {"Pid"}},
      {R"({"a/b":{"Protocol":"grpc","Test":"yes","Addr":{"Network":"unix","String":"/s"}}})", {"Test", "yes"}},
      {R"({"a/b":{"Protocol":"grpc"}})", {"\"a/b\"", "Addr", "got nothing"}},
      {R"({"a/b":{"Protocol":"grpc","Addr":"unix:/s"}})", {"Addr"}},
      {R"({"a/b":{"Protocol":"grpc","Addr":{"Network":"udp","String":"/s"}}})", {"\"a/b\"", "Addr.Network", "udp"}},
      {R"({"a/b":{"Protocol":"grpc","Addr":{"Network":"unix"}}})", {"Addr.String", "got nothing"}},
      {R"({"a/b":{"Protocol":"grpc","Addr":{"Network":"unix","String":""}}})", {"Addr.String"}},
      {R"({"":{"Protocol":"grpc","Addr":{"Network":"unix","String":"/s"}}})", {"empty provider"}},
  };
  for (const auto& c : cases) {
    const auto targets = parse_reattach_providers(c.json);
    ASSERT_FALSE(targets) << c.json;
    EXPECT_NE(targets.error().message.find("TF_REATTACH_PROVIDERS"), std::string::npos);
    for (const auto& want : c.want) {
      EXPECT_NE(targets.error().message.find(want), std::string::npos) << c.json << " -> " << targets.error().message;
    }
  }
}

TEST(ReattachTest, ReadsTheEnvironmentVariable) {
  ::unsetenv("TF_REATTACH_PROVIDERS");
  auto none = reattach_providers_from_env();
  ASSERT_TRUE(none);
  EXPECT_TRUE(none->empty());
  ::setenv("TF_REATTACH_PROVIDERS",
           R"({"x/y":{"Protocol":"grpc","ProtocolVersion":6,"Addr":{"Network":"unix","String":"/p"}}})", 1);
  auto some = reattach_providers_from_env();
  ::unsetenv("TF_REATTACH_PROVIDERS");
  ASSERT_TRUE(some) << some.error().message;
  ASSERT_EQ(some->size(), 1u);
  EXPECT_EQ(some->at(0).address, "/p");
}

RC_GTEST_PROP(ReattachProperty, ArbitraryTextNeverCrashes, (const std::string& text)) {
  const auto targets = parse_reattach_providers(text);
  if (targets) {
    for (const auto& t : *targets) RC_ASSERT(!t.address.empty());
  }
}

}  // namespace
}  // namespace tfc::runner
