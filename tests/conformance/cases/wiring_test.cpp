// Cases with resources created first: the wiring a case gets from the producer index, shrinking
// that drops upstream resources, and types without producers drawing the very cases they drew
// before wiring existed.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "conformance/cases/resource_case.hpp"
#include "proto/schema/schema_json.hpp"

namespace tfc::conformance {
namespace {

using nlohmann::json;

schema::Schema schema_of(const char* block_json) {
  schema::Schema s;
  s.block = *schema::block_from_json(json::parse(block_json));
  return s;
}

/// A key feeds a certificate; both feed a signed certificate.
const schema::ProviderSchema& provider() {
  static const schema::ProviderSchema p = [] {
    schema::ProviderSchema out;
    out.resource_schemas["x_key"] = schema_of(R"({"attributes": {
        "bits": {"type": "number", "optional": true},
        "private_key_pem": {"type": "string", "computed": true}}})");
    out.resource_schemas["x_cert"] = schema_of(R"({"attributes": {
        "private_key_pem": {"type": "string", "required": true},
        "cert_pem": {"type": "string", "computed": true}}})");
    out.resource_schemas["x_signed"] = schema_of(R"({"attributes": {
        "ca_cert_pem": {"type": "string", "required": true},
        "ca_private_key_pem": {"type": "string", "required": true},
        "note": {"type": "string", "optional": true}}})");
    return out;
  }();
  return p;
}

const schema::Block& block_of(const std::string& type) { return provider().resource_schemas.at(type).block; }

TEST(Wiring, ASignedCertificateGetsAKeyAndACertificateFedInOrder) {
  const auto shrinkable =
      wiring_of(provider(), "x_signed", block_of("x_signed"), {}, gen::ValueProfile::realistic)(rc::Random(7), 10);
  const Wiring w = shrinkable.value();
  ASSERT_EQ(w.upstream.size(), 2u);
  EXPECT_EQ(w.upstream[0].type, "x_key");
  EXPECT_EQ(w.upstream[1].type, "x_cert");
  EXPECT_EQ(w.needed(), (std::vector<std::size_t>{0, 1}));
  ASSERT_EQ(w.wires_into(kCaseItself).size(), 2u);
  ASSERT_EQ(w.wires_into(1).size(), 1u);
  EXPECT_EQ(w.wires_into(1).front()->attribute, "private_key_pem");
  EXPECT_EQ(w.wires_into(1).front()->from, 0u);
  EXPECT_EQ(upstream_reference(w, 1, "cert_pem"), "x_cert.upstream_2.cert_pem");
  const std::string text = describe_wiring(w);
  EXPECT_NE(text.find("resource \"x_key\" \"upstream_1\""), std::string::npos) << text;
  EXPECT_NE(text.find("ca_cert_pem = x_cert.upstream_2.cert_pem"), std::string::npos) << text;
}

TEST(Wiring, ShrinkingDropsUpstreamResourcesOneByOne) {
  const auto shrinkable =
      wiring_of(provider(), "x_signed", block_of("x_signed"), {}, gen::ValueProfile::realistic)(rc::Random(3), 10);
  bool dropped_certificate = false;
  for (auto shrinks = shrinkable.shrinks(); auto s = shrinks.next();) {
    const Wiring w = s->value();
    if (w.upstream[1].kept || !w.upstream[0].kept) continue;
    dropped_certificate = true;
    // The key still feeds the case directly; the certificate is neither created nor fed.
    EXPECT_EQ(w.needed(), (std::vector<std::size_t>{0}));
    ASSERT_EQ(w.wires_into(kCaseItself).size(), 1u);
    EXPECT_EQ(w.wires_into(kCaseItself).front()->attribute, "ca_private_key_pem");
  }
  EXPECT_TRUE(dropped_certificate);
}

RC_GTEST_PROP(Wiring, OnlyKeptResourcesAreNeededAndEveryOneFeedsTheCase, ()) {
  const Wiring w = *wiring_of(provider(), "x_signed", block_of("x_signed"), {}, gen::ValueProfile::realistic);
  // Arbitrary drops, as shrinking makes them.
  Wiring dropped = w;
  for (auto& u : dropped.upstream) u.kept = *rc::gen::arbitrary<bool>();
  for (std::size_t i : dropped.needed()) {
    RC_ASSERT(dropped.upstream[i].kept);
    bool feeds = false;
    for (const auto& wire : dropped.wires) feeds = feeds || (wire.from == i && (wire.to == kCaseItself || wire.to > i));
    RC_ASSERT(feeds);
  }
  for (const Wire* wire : dropped.wires_into(kCaseItself)) RC_ASSERT(dropped.upstream[wire->from].kept);
}

TEST(Wiring, ATypeWithoutProducersDrawsTheCasesItDrewBeforeAndNoWiring) {
  CaseGenOptions with;
  with.wiring = true;
  const CaseGenOptions without;
  auto generate = [](const CaseGenOptions& o, std::uint64_t seed) {
    return with_wiring(lifecycle_case_of(block_of("x_key"), {}, o), provider(), "x_key", block_of("x_key"), {}, o)(
               rc::Random(seed), 20)
        .value();
  };
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const LifecycleCase a = generate(with, seed);
    const LifecycleCase b = generate(without, seed);
    EXPECT_TRUE(a.wiring.empty());
    EXPECT_EQ(describe_case("x_key", block_of("x_key"), a), describe_case("x_key", block_of("x_key"), b));
  }
  // Without --apply (options.wiring false) a type with producers gets no wiring either.
  const auto plain = with_wiring(lifecycle_case_of(block_of("x_signed"), {}, without), provider(), "x_signed",
                                 block_of("x_signed"), {}, without)(rc::Random(1), 20)
                         .value();
  EXPECT_TRUE(plain.wiring.empty());
}

TEST(Wiring, ALifecycleCaseWithUpstreamResourcesDescribesThemAndCountsThem) {
  CaseGenOptions with;
  with.wiring = true;
  const LifecycleCase c = with_wiring(lifecycle_case_of(block_of("x_signed"), {}, with), provider(), "x_signed",
                                      block_of("x_signed"), {}, with)(rc::Random(5), 20)
                              .value();
  ASSERT_EQ(c.wiring.needed().size(), 2u);
  const std::string text = describe_case("x_signed", block_of("x_signed"), c);
  EXPECT_LT(text.find("resource \"x_cert\" \"upstream_2\""), text.find("# create\n")) << text;
  EXPECT_NE(text.find("  private_key_pem = x_key.upstream_1.private_key_pem\n"), std::string::npos) << text;
  LifecycleCase alone = c;
  alone.wiring = {};
  EXPECT_GE(case_size(c), case_size(alone) + 2);
}

}  // namespace
}  // namespace tfc::conformance
