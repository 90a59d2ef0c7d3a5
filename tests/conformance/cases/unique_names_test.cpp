// Names made unique per case (cases/unique_names.hpp): which attributes name an object, learned
// from the schema; the tag of a case; patterns the hints hold are kept; the world's output
// paths get the tag wherever they sit.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "conformance/cases/unique_names.hpp"
#include "proto/schema/schema_json.hpp"

namespace tfc::conformance {
namespace {

using nlohmann::json;

schema::Block block_of(const char* text) { return *schema::block_from_json(json::parse(text)); }

const schema::Block& thing() {
  static const schema::Block b = block_of(R"({"attributes": {
      "id": {"type": "string", "computed": true},
      "name": {"type": "string", "required": true},
      "bucket": {"type": "string", "optional": true},
      "title": {"type": "string", "optional": true, "description": "Must be unique within the account."},
      "size": {"type": "number", "optional": true},
      "filename": {"type": "string", "optional": true},
      "files": {"type": ["list", "string"], "optional": true}}})");
  return b;
}

cty::Value config(const std::string& name, const std::string& bucket, const std::string& filename) {
  return cty::Value::object({{"id", cty::Value::null(cty::Type::string())},
                             {"name", cty::Value::string(name)},
                             {"bucket", cty::Value::string(bucket)},
                             {"title", cty::Value::null(cty::Type::string())},
                             {"size", cty::Value::number(cty::Number(3))},
                             {"filename", cty::Value::string(filename)},
                             {"files", cty::Value::list(cty::Type::string(), {cty::Value::string(filename)})}});
}

TEST(UniqueNames, TheSchemaSaysWhichAttributesNameTheObject) {
  schema::IdentitySchema identity;
  identity.attributes.push_back({"bucket", cty::Type::string(), true, false, ""});
  identity.attributes.push_back({"id", cty::Type::string(), false, true, ""});  // computed: not configurable
  const UniqueNames names = unique_names_of(thing(), &identity, {"/w/output/out.txt", "/w/output/out-2.txt"});
  EXPECT_EQ(names.attributes, (std::vector<std::string>{"bucket", "name", "title"}));
  EXPECT_EQ(names.output_folder, "/w/output/");
  const UniqueNames without = unique_names_of(thing(), nullptr, {});
  EXPECT_EQ(without.attributes, (std::vector<std::string>{"name", "title"})) << "no identity: bucket is no name";
  EXPECT_EQ(without.output_folder, "");
}

TEST(UniqueNames, ACaseTagDependsOnTheCaseSeedOnly) {
  EXPECT_EQ(case_tag(7), case_tag(7));
  EXPECT_NE(case_tag(7), case_tag(8));
  EXPECT_EQ(case_tag(7).size(), 9u);
  EXPECT_EQ(case_tag(7).substr(0, 3), "tfc");
}

TEST(UniqueNames, NamesAndWorldOutputsGetTheTagElseNothingChanges) {
  schema::IdentitySchema identity;
  identity.attributes.push_back({"bucket", cty::Type::string(), true, false, ""});
  const UniqueNames names = unique_names_of(thing(), &identity, {"/w/output/out.txt"});
  const std::string tag = "tfc0a1b2c";
  const cty::Value out = unique_config(config("web", "b", "/w/output/out.txt"), names, gen::Hints{}, tag);
  EXPECT_EQ(out.attribute("name")->as_string(), "web-tfc0a1b2c");
  EXPECT_EQ(out.attribute("bucket")->as_string(), "b-tfc0a1b2c");
  EXPECT_EQ(out.attribute("filename")->as_string(), "/w/output/out.txt-tfc0a1b2c");
  EXPECT_EQ(out.attribute("files")->elements().front().as_string(), "/w/output/out.txt-tfc0a1b2c");
  EXPECT_TRUE(out.attribute("title")->is_null());
  EXPECT_EQ(out.attribute("size")->as_number(), cty::Number(3));
  // A path elsewhere is nobody's business but the provider's; an empty name stays empty.
  const cty::Value other = unique_config(config("", "b", "relative.txt"), names, gen::Hints{}, tag);
  EXPECT_EQ(other.attribute("name")->as_string(), "");
  EXPECT_EQ(other.attribute("filename")->as_string(), "relative.txt");
  // Tagging again replaces the tag: examples of accepted configurations do not grow.
  const cty::Value again = unique_config(out, names, gen::Hints{}, "tfc999999");
  EXPECT_EQ(again.attribute("name")->as_string(), "web-tfc999999");
}

TEST(UniqueNames, WhatTheHintsFixOrTheirPatternRefusesIsKept) {
  const UniqueNames names = unique_names_of(thing(), nullptr, {});
  auto hints = gen::parse_hints(json::parse(R"({"resources": {"x": {"attributes": {
      "name": {"pattern": "[a-z]{3,20}"}, "title": {"values": ["a", "b"]}}}}})"),
                                "h");
  ASSERT_TRUE(hints) << hints.error().message;
  const gen::Hints& h = hints->resources.at("x");
  cty::Value c = config("web", "b", "x");
  EXPECT_EQ(unique_config(c, names, h, "tfc0a1b2c").attribute("name")->as_string(), "webtfcakblcm")
      << "letters only, as the pattern wants";
  auto short_names = gen::parse_hints(json::parse(R"({"resources": {"x": {"attributes": {
      "name": {"pattern": "[a-z]{3,8}"}}}}})"),
                                      "h");
  ASSERT_TRUE(short_names);
  EXPECT_EQ(unique_config(c, names, short_names->resources.at("x"), "tfc0a1b2c").attribute("name")->as_string(), "web")
      << "no form fits: the name is left as it is";
}

// Two cases' tags differ, so two cases never share a tagged name (whatever names were drawn).
RC_GTEST_PROP(UniqueNames, DifferentCasesNeverShareATaggedName, (std::uint64_t a, std::uint64_t b, std::string name)) {
  RC_PRE(a != b && !name.empty());
  const std::string ta = case_tag(a);
  const std::string tb = case_tag(b);
  RC_PRE(ta != tb);  // 24 bits: equal tags of different seeds are possible, and rare
  RC_ASSERT(*tagged(name, ta, nullptr) != *tagged(name, tb, nullptr));
}

}  // namespace
}  // namespace tfc::conformance
