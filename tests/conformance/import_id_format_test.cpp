// Import IDs built from the format a provider's refusal names (conformance/import_id_format.hpp).
// The messages are written here in the shapes providers use, not copied from one provider.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "conformance/import_id_format.hpp"

namespace tfc::conformance {
namespace {

using cty::Value;

Value sleep_state(std::optional<std::string> create, std::optional<std::string> destroy) {
  auto s = [](const std::optional<std::string>& v) { return v ? Value::string(*v) : Value::null(cty::Type::string()); };
  return Value::object({{"create_duration", s(create)},
                        {"destroy_duration", s(destroy)},
                        {"id", Value::string("2026-11-24T13:02:52Z")},
                        {"triggers", Value::null(cty::Type::map(cty::Type::string()))}});
}

TEST(ImportIdFormat, ReadsTheFieldsAndSeparatorAfterExpected) {
  auto f = parse_import_id_format("Unexpected format of ID (\"x\"), expected CREATEDURATION,DESTROYDURATION where at least one value is non-empty");
  ASSERT_TRUE(f);
  EXPECT_EQ(f->separator, ',');
  EXPECT_EQ(f->fields, (std::vector<std::string>{"CREATEDURATION", "DESTROYDURATION"}));

  f = parse_import_id_format("unexpected format for ID (abc), expected CLUSTER-NAME:NODE-GROUP-NAME");
  ASSERT_TRUE(f);
  EXPECT_EQ(f->separator, ':');
  EXPECT_EQ(f->fields, (std::vector<std::string>{"CLUSTER-NAME", "NODE-GROUP-NAME"}));
}

TEST(ImportIdFormat, TakesTheFirstAlternativeAndPrefersSeveralFieldsOverALoneWord) {
  auto f = parse_import_id_format("expected BASETIMESTAMP,YEARS,MONTHS or BASETIMESTAMP,ROTATIONTIMESTAMP");
  ASSERT_TRUE(f);
  EXPECT_EQ(f->fields.size(), 3U);
  f = parse_import_id_format("Expected ID in the format `BUCKET/KEY`.");
  ASSERT_TRUE(f);
  EXPECT_EQ(f->separator, '/');
  EXPECT_EQ(f->fields, (std::vector<std::string>{"BUCKET", "KEY"}));
}

TEST(ImportIdFormat, MessagesWithoutAFormatGiveNothing) {
  EXPECT_FALSE(parse_import_id_format("Cannot import non-existent remote object"));
  EXPECT_FALSE(parse_import_id_format("expected a valid id, got \"x\""));
  EXPECT_FALSE(parse_import_id_format("expected ID"));  // the lone ID names nothing new
  EXPECT_FALSE(parse_import_id_format("expected name,value"));  // lower case: prose, not a format
}

TEST(ImportIdFormat, FieldsNameAttributesByLettersBySuffixAndByFirstWord) {
  const Value state = Value::object({{"base_rfc3339", Value::string("2026-01-01T00:00:00Z")},
                                     {"offset_years", Value::number(1)},
                                     {"offset_days", Value::null(cty::Type::number())},
                                     {"rotation_days", Value::number(2)},
                                     {"node_group_name", Value::string("n")},
                                     {"tags", Value::null(cty::Type::map(cty::Type::string()))}});
  EXPECT_EQ(attribute_for_field("NODE-GROUP-NAME", state), "node_group_name");
  EXPECT_EQ(attribute_for_field("YEARS", state), "offset_years");
  EXPECT_EQ(attribute_for_field("BASETIMESTAMP", state), "base_rfc3339");
  EXPECT_EQ(attribute_for_field("DAYS", state), "");  // offset_days and rotation_days: ambiguous
  EXPECT_EQ(attribute_for_field("TAGS", state), "");  // not a primitive
  EXPECT_EQ(attribute_for_field("REGION", state), "");
}

TEST(ImportIdFormat, BuildsTheIdFromTheStateWithEmptyFieldsForNull) {
  const std::string message = "Unexpected format of ID, expected CREATEDURATION,DESTROYDURATION";
  EXPECT_EQ(import_id_from_refusal(message, sleep_state("1s", std::nullopt), "x"), "1s,");
  EXPECT_EQ(import_id_from_refusal(message, sleep_state("1s", "2s"), "x"), "1s,2s");
  // The ID already refused is not tried again; a field without an attribute gives nothing.
  EXPECT_FALSE(import_id_from_refusal(message, sleep_state("1s", "2s"), "1s,2s"));
  EXPECT_FALSE(import_id_from_refusal("expected CREATEDURATION,REGION", sleep_state("1s", "2s"), "x"));
}

// Whatever the attribute values (without the separator), the built ID splits back into them.
RC_GTEST_PROP(ImportIdFormat, TheBuiltIdSplitsBackIntoTheNamedValues, ()) {
  const auto no_colon = rc::gen::container<std::string>(rc::gen::elementOf(std::string("abcXYZ019-_. ")));
  const std::string cluster = *no_colon;
  const std::string group = *no_colon;
  const Value state = Value::object({{"cluster_name", Value::string(cluster)},
                                     {"node_group_name", Value::string(group)},
                                     {"id", Value::string("i")}});
  const auto id = import_id_from_refusal("unexpected format of ID (i), expected CLUSTER-NAME:NODE-GROUP-NAME", state, "i");
  RC_ASSERT(id.has_value() || cluster + ":" + group == "i");
  if (id) RC_ASSERT(*id == cluster + ":" + group);
}

}  // namespace
}  // namespace tfc::conformance
