// Resource identity checks (oracle/identity_rules.hpp), as tables of intent.
#include "oracle/identity_rules.hpp"

#include "tests/oracle/oracle_test_support.hpp"

namespace tfc::oracle {
namespace {

using testing::summary;
using testing::value_of;
using Want = std::vector<std::string>;

schema::Block region_and_id() {
  schema::IdentitySchema s;
  s.attributes = {{"id", cty::Type::string(), true, false, ""}, {"region", cty::Type::string(), false, true, ""}};
  return identity_block(s);
}

TEST(IdentityBlock, IsTheIdentityTypeAsComputedAttributes) {
  const auto b = region_and_id();
  ASSERT_EQ(b.attributes.size(), 2u);
  EXPECT_EQ(b.attributes[0].name, "id");
  EXPECT_TRUE(b.attributes[0].computed);
  EXPECT_TRUE(b.attributes[1].optional) << "optional_for_import";
}

TEST(IdentityValue, ConformsAndIsKnownOutsideCreatePlans) {
  const auto b = region_and_id();
  EXPECT_TRUE(check_identity_value(b, value_of(b, R"({"id": "i-1", "region": null})"), false, "the identity").empty());
  const auto unknown = value_of(b, R"({"id": null, "region": "eu"})", R"({"id": true})");
  EXPECT_EQ(summary(check_identity_value(b, unknown, false, "the identity")), Want{"identity.unknown .id"});
  EXPECT_TRUE(check_identity_value(b, unknown, true, "the planned identity").empty()) << "a create plan";
  const auto wrong = cty::Value::object({{"id", cty::Value::string("i-1")}});
  EXPECT_EQ(summary(check_identity_value(b, wrong, true, "the identity")), Want{"identity.type_mismatch .region"});
}

TEST(IdentityPresent, OnlyTheAbsenceIsAFinding) {
  EXPECT_TRUE(check_identity_present(true, "identity.missing", "the new state").empty());
  EXPECT_EQ(summary(check_identity_present(false, "identity.missing", "the new state")), Want{"identity.missing "});
  EXPECT_EQ(summary(check_identity_present(false, "import.identity_missing", "the imported object")),
            Want{"import.identity_missing "});
}

TEST(IdentityKept, KnownValuesStayWhereTheyWere) {
  const auto b = region_and_id();
  const auto one = value_of(b, R"({"id": "i-1", "region": "eu"})");
  EXPECT_TRUE(check_identity_kept(b, one, one, "read").empty());
  EXPECT_EQ(summary(check_identity_kept(b, one, value_of(b, R"({"id": "i-2", "region": "eu"})"), "read")),
            Want{"identity.changed .id"});
  EXPECT_EQ(summary(check_identity_kept(b, one, value_of(b, R"({"id": "i-1", "region": null})"), "read")),
            Want{"identity.changed .region"});
  EXPECT_TRUE(
      check_identity_kept(b, value_of(b, R"({"id": "i-1", "region": null})", R"({"region": true})"), one, "apply")
          .empty())
      << "planned unknown, then known";
  EXPECT_TRUE(check_identity_kept(b, cty::Value::null(one.type()), one, "read").empty()) << "no identity before";
}

TEST(ImportIdentity, ReturnsTheRequestedOne) {
  const auto b = region_and_id();
  const auto one = value_of(b, R"({"id": "i-1", "region": "eu"})");
  EXPECT_TRUE(check_import_identity(b, one, one).empty());
  EXPECT_EQ(summary(check_import_identity(b, one, value_of(b, R"({"id": "i-9", "region": "eu"})"))),
            Want{"import.identity_mismatch .id"});
}

TEST(IdentityUpgrade, AtTheCurrentVersionNothingChanges) {
  const auto b = region_and_id();
  const auto one = value_of(b, R"({"id": "i-1", "region": "eu"})");
  EXPECT_TRUE(check_identity_upgrade(b, one, one).empty());
  EXPECT_EQ(summary(check_identity_upgrade(b, one, std::nullopt)), Want{"identity.upgrade_changed "});
  EXPECT_EQ(summary(check_identity_upgrade(b, one, value_of(b, R"({"id": "I-1", "region": "eu"})"))),
            Want{"identity.upgrade_changed .id"});
}

}  // namespace
}  // namespace tfc::oracle
