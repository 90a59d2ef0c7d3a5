// The producer index: which other resource type's computed attribute feeds a configurable one,
// read from the schema (names and types) and the hints only.
#include <gtest/gtest.h>

#include "generators/producers.hpp"
#include "proto/schema/schema_json.hpp"

namespace tfc::gen {
namespace {

using nlohmann::json;

schema::Schema schema_of(const char* block_json) {
  schema::Schema s;
  s.block = *schema::block_from_json(json::parse(block_json));
  return s;
}

/// A provider shaped like a TLS one and a cloud one: keys feed certificates, certificates feed
/// signed ones, networks feed subnets by id; `thing` has only generic names.
schema::ProviderSchema provider() {
  schema::ProviderSchema p;
  p.resource_schemas["x_key"] = schema_of(R"({"attributes": {
      "algorithm": {"type": "string", "required": true},
      "private_key_pem": {"type": "string", "computed": true},
      "id": {"type": "string", "computed": true}}})");
  p.resource_schemas["x_cert"] = schema_of(R"({"attributes": {
      "private_key_pem": {"type": "string", "required": true},
      "subject": {"type": "string", "required": true},
      "cert_pem": {"type": "string", "computed": true},
      "id": {"type": "string", "computed": true}}})");
  // Also computes cert_pem, but needs three inputs: the certificate above is easier to make.
  p.resource_schemas["x_signed"] = schema_of(R"({"attributes": {
      "ca_cert_pem": {"type": "string", "required": true},
      "ca_private_key_pem": {"type": "string", "required": true},
      "validity": {"type": "number", "required": true},
      "cert_pem": {"type": "string", "computed": true}}})");
  p.resource_schemas["x_network"] = schema_of(R"({"attributes": {
      "cidr": {"type": "string", "optional": true},
      "id": {"type": "string", "computed": true}}})");
  p.resource_schemas["x_subnet"] = schema_of(R"({"attributes": {
      "network_id": {"type": "string", "required": true},
      "name": {"type": "string", "optional": true},
      "result": {"type": "string", "optional": true},
      "id": {"type": "string", "computed": true}}})");
  p.resource_schemas["x_stamp"] = schema_of(R"({"attributes": {
      "seal": {"type": "string", "required": true,
               "description": "The signing_key of an x_vault, in PEM."}}})");
  p.resource_schemas["x_vault"] = schema_of(R"({"attributes": {
      "signing_key": {"type": "string", "computed": true}}})");
  p.resource_schemas["x_thing"] = schema_of(R"({"attributes": {
      "name": {"type": "string", "computed": true},
      "result": {"type": "string", "computed": true},
      "count": {"type": "number", "computed": true}}})");
  return p;
}

TEST(Producers, SameNameSuffixAndIdOfTheNamedTypeAreMatched) {
  const auto p = provider();
  EXPECT_EQ(producers_of(p, "x_cert", p.resource_schemas.at("x_cert").block, {}),
            (std::vector<Producer>{{"private_key_pem", "x_key", "private_key_pem"}}));
  EXPECT_EQ(producers_of(p, "x_signed", p.resource_schemas.at("x_signed").block, {}),
            (std::vector<Producer>{{"ca_cert_pem", "x_cert", "cert_pem"},
                                   {"ca_private_key_pem", "x_key", "private_key_pem"}}));
  EXPECT_EQ(producers_of(p, "x_subnet", p.resource_schemas.at("x_subnet").block, {}),
            (std::vector<Producer>{{"network_id", "x_network", "id"}}));
}

TEST(Producers, ADescriptionNamingTheTypeAndItsAttributeIsMatched) {
  const auto p = provider();
  EXPECT_EQ(producers_of(p, "x_stamp", p.resource_schemas.at("x_stamp").block, {}),
            (std::vector<Producer>{{"seal", "x_vault", "signing_key"}}));
}

TEST(Producers, GenericNamesComputedOnlyAttributesAndOwnTypeNeverMatch) {
  const auto p = provider();
  // x_subnet.name and .result are generic: x_thing computes both, and still feeds neither.
  for (const auto& producer : producers_of(p, "x_subnet", p.resource_schemas.at("x_subnet").block, {}))
    EXPECT_NE(producer.type, "x_thing");
  EXPECT_TRUE(producers_of(p, "x_key", p.resource_schemas.at("x_key").block, {}).empty());
  EXPECT_TRUE(producers_of(p, "x_thing", p.resource_schemas.at("x_thing").block, {}).empty());
}

TEST(Producers, HintsDecide) {
  const auto p = provider();
  const auto& block = p.resource_schemas.at("x_subnet").block;
  Hints h;
  h.attributes["network_id"].value = "net-1";  // a value the user fixed wins over a producer
  h.attributes["name"].reference = ReferenceHint{"x_cert", "cert_pem"};
  EXPECT_EQ(producers_of(p, "x_subnet", block, h), (std::vector<Producer>{{"name", "x_cert", "cert_pem"}}));
  Hints omitted;
  omitted.attributes["network_id"].omit = true;
  EXPECT_TRUE(producers_of(p, "x_subnet", block, omitted).empty());
  // Steering hints (learned ones among them) leave the producer in place.
  Hints steering;
  steering.attributes["network_id"].values = {"net-1"};
  steering.attributes["network_id"].pattern = *parse_pattern("[a-z]{4}");
  EXPECT_EQ(producers_of(p, "x_subnet", block, steering), (std::vector<Producer>{{"network_id", "x_network", "id"}}));
  Hints unknown_type;
  unknown_type.attributes["name"].reference = ReferenceHint{"x_nothing", "id"};
  EXPECT_EQ(producers_of(p, "x_subnet", block, unknown_type),
            (std::vector<Producer>{{"network_id", "x_network", "id"}}));
}

TEST(Producers, UpstreamTypesComeInCreationOrderEachOnce) {
  const auto p = provider();
  // x_signed needs a certificate (which needs a key) and a key: the key once, first.
  EXPECT_EQ(upstream_types(p, "x_signed", p.resource_schemas.at("x_signed").block, {}),
            (std::vector<std::string>{"x_key", "x_cert"}));
  EXPECT_EQ(upstream_types(p, "x_signed", p.resource_schemas.at("x_signed").block, {}, 1),
            (std::vector<std::string>{"x_cert", "x_key"}));
  EXPECT_TRUE(upstream_types(p, "x_key", p.resource_schemas.at("x_key").block, {}).empty());
}

TEST(Producers, ACycleOfReferencesEnds) {
  auto p = provider();
  // x_key now takes its algorithm from x_cert's cert_pem: key → cert → key.
  Hints h;
  h.upstream["x_key"].attributes["algorithm"].reference = ReferenceHint{"x_cert", "cert_pem"};
  EXPECT_EQ(upstream_types(p, "x_signed", p.resource_schemas.at("x_signed").block, h),
            (std::vector<std::string>{"x_key", "x_cert"}));
  Hints self;
  self.attributes["private_key_pem"].reference = ReferenceHint{"x_cert", "cert_pem"};
  // x_cert fed by itself is no producer: the attribute keeps generated values.
  EXPECT_TRUE(upstream_types(p, "x_cert", p.resource_schemas.at("x_cert").block, self).empty());
}

}  // namespace
}  // namespace tfc::gen
