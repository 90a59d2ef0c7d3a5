// Import IDs built from the format a provider's refusal names (conformance/cases/import_id_format.hpp).
// The messages are written here in the shapes providers use, not copied from one provider.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "conformance/cases/import_id_format.hpp"

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
  auto f = parse_import_id_formats(
      "Unexpected format of ID (\"x\"), expected CREATEDURATION,DESTROYDURATION where at least one value is non-empty");
  ASSERT_EQ(f.size(), 1U);
  EXPECT_EQ(f[0].separator, ',');
  EXPECT_EQ(f[0].fields, (std::vector<std::string>{"CREATEDURATION", "DESTROYDURATION"}));

  f = parse_import_id_formats("unexpected format for ID (abc), expected CLUSTER-NAME:NODE-GROUP-NAME");
  ASSERT_EQ(f.size(), 1U);
  EXPECT_EQ(f[0].separator, ':');
  EXPECT_EQ(f[0].fields, (std::vector<std::string>{"CLUSTER-NAME", "NODE-GROUP-NAME"}));
}

TEST(ImportIdFormat, ReadsEveryAlternativeAndPrefersSeveralFieldsOverALoneWord) {
  auto f = parse_import_id_formats("expected BASETIMESTAMP,YEARS,MONTHS or BASETIMESTAMP,ROTATIONTIMESTAMP");
  ASSERT_EQ(f.size(), 2U);
  EXPECT_EQ(f[0].fields.size(), 3U);
  EXPECT_EQ(f[1].fields, (std::vector<std::string>{"BASETIMESTAMP", "ROTATIONTIMESTAMP"}));
  f = parse_import_id_formats("Expected ID in the format `BUCKET/KEY`.");
  ASSERT_EQ(f.size(), 1U);
  EXPECT_EQ(f[0].separator, '/');
  EXPECT_EQ(f[0].fields, (std::vector<std::string>{"BUCKET", "KEY"}));
}

TEST(ImportIdFormat, MessagesWithoutAFormatGiveNothing) {
  EXPECT_TRUE(parse_import_id_formats("Cannot import non-existent remote object").empty());
  EXPECT_TRUE(parse_import_id_formats("expected a valid id, got \"x\"").empty());
  EXPECT_TRUE(parse_import_id_formats("expected ID").empty());          // the lone ID names nothing new
  EXPECT_TRUE(parse_import_id_formats("expected name,value").empty());  // lower case: prose, not a format
}

TEST(ImportIdFormat, FieldsNameAttributesByLettersBySuffixByFirstWordAndByFormat) {
  const Value state = Value::object({{"base_rfc3339", Value::string("2026-01-01T00:00:00Z")},
                                     {"offset_years", Value::number(1)},
                                     {"offset_days", Value::null(cty::Type::number())},
                                     {"rotation_days", Value::number(2)},
                                     {"node_group_name", Value::string("n")},
                                     {"tags", Value::null(cty::Type::map(cty::Type::string()))}});
  auto one = [&](const std::string& field) {
    auto names = attributes_for_fields({field}, state);
    return names ? names->front() : std::string();
  };
  EXPECT_EQ(one("NODE-GROUP-NAME"), "node_group_name");
  EXPECT_EQ(one("YEARS"), "offset_years");
  EXPECT_EQ(one("BASETIMESTAMP"), "base_rfc3339");
  EXPECT_EQ(one("DAYS"), "");  // offset_days and rotation_days: ambiguous
  EXPECT_EQ(one("TAGS"), "");  // not a primitive
  EXPECT_EQ(one("REGION"), "");
}

// Two timestamps and two timestamp fields: the field that names its attribute takes it, and the
// other field gets the one left (the shape of a rotating-time resource's import ID).
TEST(ImportIdFormat, AFieldTakesTheAttributeTheOthersLeft) {
  const Value state = Value::object({{"rfc3339", Value::string("2030-06-30T12:00:00Z")},
                                     {"rotation_rfc3339", Value::string("2031-06-30T12:00:00Z")},
                                     {"rotation_days", Value::number(2)},
                                     {"id", Value::string("2030-06-30T12:00:00Z")}});
  const auto names = attributes_for_fields({"BASETIMESTAMP", "ROTATIONTIMESTAMP"}, state);
  ASSERT_TRUE(names.has_value());
  EXPECT_EQ(*names, (std::vector<std::string>{"rfc3339", "rotation_rfc3339"}));
  const auto ids = import_ids_from_refusal("expected BASETIMESTAMP,YEARS or BASETIMESTAMP,ROTATIONTIMESTAMP", state,
                                           "2030-06-30T12:00:00Z");
  // YEARS names no attribute here: only the second format can be filled.
  EXPECT_EQ(ids, (std::vector<std::string>{"2030-06-30T12:00:00Z,2031-06-30T12:00:00Z"}));
}

TEST(ImportIdFormat, BuildsTheIdFromTheStateWithEmptyFieldsForNull) {
  const std::string message = "Unexpected format of ID, expected CREATEDURATION,DESTROYDURATION";
  EXPECT_EQ(import_ids_from_refusal(message, sleep_state("1s", std::nullopt), "x"), std::vector<std::string>{"1s,"});
  EXPECT_EQ(import_ids_from_refusal(message, sleep_state("1s", "2s"), "x"), std::vector<std::string>{"1s,2s"});
  // The ID already refused is not tried again; a field without an attribute gives nothing.
  EXPECT_TRUE(import_ids_from_refusal(message, sleep_state("1s", "2s"), "1s,2s").empty());
  EXPECT_TRUE(import_ids_from_refusal("expected CREATEDURATION,REGION", sleep_state("1s", "2s"), "x").empty());
}

TEST(ImportIdFormat, TellsWhichAttributesFilledTheIdAndTheirSeparator) {
  const auto requested = requested_import_ids("Unexpected format of ID, expected CREATEDURATION,DESTROYDURATION",
                                              sleep_state("1s", std::nullopt), "x");
  ASSERT_EQ(requested.size(), 1u);
  EXPECT_EQ(requested[0].id, "1s,");
  EXPECT_EQ(requested[0].attributes, (std::vector<std::string>{"create_duration", "destroy_duration"}));
  EXPECT_EQ(requested[0].separator, ',');
  const Value state = Value::object(
      {{"cluster_name", Value::string("c")}, {"node_group_name", Value::string("g")}, {"id", Value::string("i")}});
  const auto colon = requested_import_ids("expected CLUSTER-NAME:NODE-GROUP-NAME", state, "i");
  ASSERT_EQ(colon.size(), 1u);
  EXPECT_EQ(colon[0].attributes, (std::vector<std::string>{"cluster_name", "node_group_name"}));
  EXPECT_EQ(colon[0].separator, ':');
}

// Whatever the attribute values (without the separator), the built ID splits back into them.
RC_GTEST_PROP(ImportIdFormat, TheBuiltIdSplitsBackIntoTheNamedValues, ()) {
  const auto no_colon = rc::gen::container<std::string>(rc::gen::elementOf(std::string("abcXYZ019-_. ")));
  const std::string cluster = *no_colon;
  const std::string group = *no_colon;
  const Value state = Value::object({{"cluster_name", Value::string(cluster)},
                                     {"node_group_name", Value::string(group)},
                                     {"id", Value::string("i")}});
  const auto ids =
      import_ids_from_refusal("unexpected format of ID (i), expected CLUSTER-NAME:NODE-GROUP-NAME", state, "i");
  if (cluster + ":" + group == "i") {
    RC_ASSERT(ids.empty());
  } else {
    RC_ASSERT(ids == std::vector<std::string>{cluster + ":" + group});
  }
}

}  // namespace
}  // namespace tfc::conformance
