// List resource checks (oracle/list_rules.hpp), as tables of intent.
#include "oracle/list_rules.hpp"

#include "tests/oracle/oracle_test_support.hpp"

namespace tfc::oracle {
namespace {

using testing::block_of;
using testing::summary;
using testing::value_of;
using Want = std::vector<std::string>;

cty::Value id(const std::string& v) { return cty::Value::object({{"id", cty::Value::string(v)}}); }

TEST(ListEvents, EveryEventAnIdentityOnceAndWithinTheLimit) {
  EXPECT_TRUE(check_list_events({{id("a"), false, std::nullopt}, {id("b"), false, std::nullopt}}, false, 2).empty());
  EXPECT_EQ(summary(check_list_events({{std::nullopt, false, std::nullopt}}, false, 5)),
            Want{"list.identity_missing [0]"});
  EXPECT_EQ(summary(check_list_events({{id("a"), false, std::nullopt}, {id("a"), false, std::nullopt}}, false, 5)),
            Want{"list.duplicate_identity [1]"});
  EXPECT_EQ(summary(check_list_events({{id("a"), false, std::nullopt}, {id("b"), false, std::nullopt}}, false, 1)),
            Want{"list.limit_exceeded "});
  const auto null_id = cty::Value::object({{"id", cty::Value::null(cty::Type::string())}});
  const auto unknown_id = cty::Value::object({{"id", cty::Value::unknown(cty::Type::string())}});
  EXPECT_EQ(summary(check_list_events({{null_id, false, std::nullopt}, {unknown_id, false, std::nullopt}}, false, 5)),
            (Want{"list.identity_incomplete [0]", "list.identity_incomplete [1]"}));
}

TEST(ListEvents, RequestedObjectsArePresentAndKnown) {
  const auto obj = cty::Value::object({{"name", cty::Value::string("n")}});
  EXPECT_TRUE(check_list_events({{id("a"), true, obj}}, true, 5).empty());
  EXPECT_TRUE(check_list_events({{id("a"), false, std::nullopt}}, false, 5).empty()) << "not requested";
  EXPECT_EQ(summary(check_list_events({{id("a"), false, std::nullopt}}, true, 5)),
            Want{"list.resource_object_invalid [0]"});
  const auto unknown = cty::Value::object({{"name", cty::Value::unknown(cty::Type::string())}});
  EXPECT_EQ(
      summary(check_list_events({{id("a"), true, unknown}, {id("b"), true, cty::Value::null(obj.type())}}, true, 5)),
      (Want{"list.resource_object_invalid [0]", "list.resource_object_invalid [1]"}));
}

TEST(ListedObjectRead, ReadReturnsTheListedObject) {
  const auto b = block_of(
      R"({"attributes": {"id": {"type": "string", "computed": true}, "name": {"type": "string", "required": true}}})");
  const auto listed = value_of(b, R"({"id": "1", "name": "n"})");
  EXPECT_TRUE(check_listed_object_read(b, listed, listed).empty());
  EXPECT_EQ(summary(check_listed_object_read(b, listed, value_of(b, R"({"id": "1", "name": "m"})"))),
            Want{"list.object_mismatch .name"});
  EXPECT_EQ(summary(check_listed_object_read(b, listed, value_of(b, "null"))), Want{"list.object_mismatch "});
}

TEST(CreatedListed, TheCreatedIdentityIsAmongTheListed) {
  EXPECT_TRUE(check_created_listed(id("b"), {id("a"), id("b")}).empty());
  EXPECT_EQ(summary(check_created_listed(id("c"), {id("a"), id("b")})), Want{"list.created_not_listed "});
}

}  // namespace
}  // namespace tfc::oracle
