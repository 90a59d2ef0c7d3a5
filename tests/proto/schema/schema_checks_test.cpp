// Schema sanity checks (docs/rules.md "schema", docs/protocol.md §4.2-§4.4): for each rule id,
// schemas that violate it exactly once, each beside a valid near miss that must raise nothing.
#include "proto/schema/schema_checks.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <set>
#include <sstream>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "proto/schema/implied_type.hpp"
#include "proto/schema/schema_json.hpp"
#include "tests/proto/schema/arbitrary_block.hpp"

namespace tfc::schema {
namespace {

using nlohmann::json;

struct CheckCase {
  const char* name;
  const char* block;
  const char* rule;   // nullptr: a valid near miss, no problem at all
  const char* where;  // where the single problem is reported
  bool managed = true;
};

constexpr const char* kRes = "resource tfc_thing";

const CheckCase kCheckCases[] = {
    // schema.invalid_name
    {"uppercase attribute name", R"({"attributes":{"Port":{"type":"number","optional":true}}})", "schema.invalid_name",
     "resource tfc_thing: .Port"},
    {"digits and underscores are fine", R"({"attributes":{"port_2":{"type":"number","optional":true}}})", nullptr, ""},
    {"dash in a block type name", R"({"block_types":{"my-rule":{"nesting_mode":"list","block":{}}}})",
     "schema.invalid_name", "resource tfc_thing: .my-rule"},
    {"underscore block type name", R"({"block_types":{"my_rule":{"nesting_mode":"list","block":{}}}})", nullptr, ""},
    {"empty attribute name", R"({"attributes":{"":{"type":"string","optional":true}}})", "schema.invalid_name",
     "resource tfc_thing: ."},
    {"bad name inside a nested attribute type",
     R"({"attributes":{"o":{"nested_type":{"nesting_mode":"single","attributes":{"Key":{"type":"string","optional":true}}},"optional":true}}})",
     "schema.invalid_name", "resource tfc_thing: .o.Key"},
    {"bad name inside a nested block",
     R"({"block_types":{"rule":{"nesting_mode":"list","block":{"attributes":{"pOrt":{"type":"number","optional":true}}}}}})",
     "schema.invalid_name", "resource tfc_thing: .rule.pOrt"},
    // schema.name_conflict
    {"attribute and block type share a name",
     R"({"attributes":{"x":{"type":"string","optional":true}},"block_types":{"x":{"nesting_mode":"list","block":{}}}})",
     "schema.name_conflict", "resource tfc_thing: .x"},
    {"attribute and block type with different names",
     R"({"attributes":{"x":{"type":"string","optional":true}},"block_types":{"x_block":{"nesting_mode":"list","block":{}}}})",
     nullptr, ""},
    // schema.attribute_flags
    {"none of required/optional/computed", R"({"attributes":{"a":{"type":"string"}}})", "schema.attribute_flags",
     "resource tfc_thing: .a"},
    {"computed only", R"({"attributes":{"a":{"type":"string","computed":true}}})", nullptr, ""},
    {"required and optional", R"({"attributes":{"a":{"type":"string","required":true,"optional":true}}})",
     "schema.attribute_flags", "resource tfc_thing: .a"},
    {"optional and computed", R"({"attributes":{"a":{"type":"string","optional":true,"computed":true}}})", nullptr, ""},
    {"required and computed", R"({"attributes":{"a":{"type":"string","required":true,"computed":true}}})",
     "schema.attribute_flags", "resource tfc_thing: .a"},
    {"required only", R"({"attributes":{"a":{"type":"string","required":true}}})", nullptr, ""},
    {"both type and nested_type",
     R"({"attributes":{"a":{"type":"string","nested_type":{"nesting_mode":"single","attributes":{}},"optional":true}}})",
     "schema.attribute_flags", "resource tfc_thing: .a"},
    {"nested_type only",
     R"({"attributes":{"a":{"nested_type":{"nesting_mode":"single","attributes":{}},"optional":true}}})", nullptr, ""},
    {"neither type nor nested_type", R"({"attributes":{"a":{"optional":true}}})", "schema.attribute_flags",
     "resource tfc_thing: .a"},
    {"flags inside a nested attribute type",
     R"({"attributes":{"o":{"nested_type":{"nesting_mode":"list","attributes":{"k":{"type":"string"}}},"optional":true}}})",
     "schema.attribute_flags", "resource tfc_thing: .o.k"},
    {"write-only computed",
     R"({"attributes":{"pw":{"type":"string","optional":true,"computed":true,"write_only":true}}})",
     "schema.attribute_flags", "resource tfc_thing: .pw"},
    {"write-only optional", R"({"attributes":{"pw":{"type":"string","optional":true,"write_only":true}}})", nullptr,
     ""},
    {"write-only in a data source", R"({"attributes":{"pw":{"type":"string","required":true,"write_only":true}}})",
     "schema.attribute_flags", "resource tfc_thing: .pw", false},
    {"write-only required in a managed resource",
     R"({"attributes":{"pw":{"type":"string","required":true,"write_only":true}}})", nullptr, ""},
    {"deprecation message without deprecated",
     R"({"attributes":{"a":{"type":"string","optional":true,"deprecation_message":"old"}}})", "schema.attribute_flags",
     "resource tfc_thing: .a"},
    {"deprecation message with deprecated",
     R"({"attributes":{"a":{"type":"string","optional":true,"deprecated":true,"deprecation_message":"old"}}})", nullptr,
     ""},
    {"nested attribute type with group nesting",
     R"({"attributes":{"o":{"nested_type":{"nesting_mode":"group","attributes":{}},"optional":true}}})",
     "schema.attribute_flags", "resource tfc_thing: .o"},
    {"non-computed attribute in a computed block",
     R"({"block_types":{"c":{"nesting_mode":"list","block":{"computed":true,"attributes":{"a":{"type":"string","optional":true}}}}}})",
     "schema.attribute_flags", "resource tfc_thing: .c.a"},
    {"computed attribute in a computed block",
     R"({"block_types":{"c":{"nesting_mode":"list","block":{"computed":true,"attributes":{"a":{"type":"string","optional":true,"computed":true}}}}}})",
     nullptr, ""},
    // schema.block_items
    {"single 0/1", R"({"block_types":{"b":{"nesting_mode":"single","min_items":0,"max_items":1,"block":{}}}})",
     "schema.block_items", "resource tfc_thing: .b"},
    {"single 1/1", R"({"block_types":{"b":{"nesting_mode":"single","min_items":1,"max_items":1,"block":{}}}})", nullptr,
     ""},
    {"single 2/2", R"({"block_types":{"b":{"nesting_mode":"single","min_items":2,"max_items":2,"block":{}}}})",
     "schema.block_items", "resource tfc_thing: .b"},
    {"single 0/0", R"({"block_types":{"b":{"nesting_mode":"single","block":{}}}})", nullptr, ""},
    {"group 1/1", R"({"block_types":{"b":{"nesting_mode":"group","min_items":1,"max_items":1,"block":{}}}})",
     "schema.block_items", "resource tfc_thing: .b"},
    {"group 0/0", R"({"block_types":{"b":{"nesting_mode":"group","block":{}}}})", nullptr, ""},
    {"list min above max", R"({"block_types":{"b":{"nesting_mode":"list","min_items":3,"max_items":2,"block":{}}}})",
     "schema.block_items", "resource tfc_thing: .b"},
    {"list min with unbounded max", R"({"block_types":{"b":{"nesting_mode":"list","min_items":3,"block":{}}}})",
     nullptr, ""},
    {"list 2/3", R"({"block_types":{"b":{"nesting_mode":"list","min_items":2,"max_items":3,"block":{}}}})", nullptr,
     ""},
    {"set negative min", R"({"block_types":{"b":{"nesting_mode":"set","min_items":-1,"block":{}}}})",
     "schema.block_items", "resource tfc_thing: .b"},
    {"set 1/1", R"({"block_types":{"b":{"nesting_mode":"set","min_items":1,"max_items":1,"block":{}}}})", nullptr, ""},
    {"map with max", R"({"block_types":{"b":{"nesting_mode":"map","max_items":1,"block":{}}}})", "schema.block_items",
     "resource tfc_thing: .b"},
    {"map 0/0", R"({"block_types":{"b":{"nesting_mode":"map","block":{}}}})", nullptr, ""},
    {"computed group block", R"({"block_types":{"b":{"nesting_mode":"group","block":{"computed":true}}}})",
     "schema.block_items", "resource tfc_thing: .b"},
    {"computed single block", R"({"block_types":{"b":{"nesting_mode":"single","block":{"computed":true}}}})", nullptr,
     ""},
    {"computed list block with min_items",
     R"({"block_types":{"b":{"nesting_mode":"list","min_items":1,"block":{"computed":true}}}})", "schema.block_items",
     "resource tfc_thing: .b"},
    {"computed list block with max_items only",
     R"({"block_types":{"b":{"nesting_mode":"list","max_items":1,"block":{"computed":true}}}})", nullptr, ""},
    {"non-computed block inside a computed block",
     R"({"block_types":{"b":{"nesting_mode":"list","block":{"computed":true,"block_types":{"i":{"nesting_mode":"list","block":{}}}}}}})",
     "schema.block_items", "resource tfc_thing: .b.i"},
    {"computed block inside a computed block",
     R"({"block_types":{"b":{"nesting_mode":"list","block":{"computed":true,"block_types":{"i":{"nesting_mode":"list","block":{"computed":true}}}}}}})",
     nullptr, ""},
    // schema.set_dynamic
    {"set block containing dynamic",
     R"({"block_types":{"s":{"nesting_mode":"set","block":{"attributes":{"d":{"type":"dynamic","optional":true}}}}}})",
     "schema.set_dynamic", "resource tfc_thing: .s"},
    {"list block containing dynamic",
     R"({"block_types":{"s":{"nesting_mode":"list","block":{"attributes":{"d":{"type":"dynamic","optional":true}}}}}})",
     nullptr, ""},
    {"set block with dynamic two levels down (reported once)",
     R"({"block_types":{"s":{"nesting_mode":"set","block":{"block_types":{"i":{"nesting_mode":"set","block":{"attributes":{"d":{"type":["set","dynamic"],"optional":true}}}}}}}}})",
     "schema.set_dynamic", "resource tfc_thing: .s"},
    {"set of dynamic type", R"({"attributes":{"a":{"type":["set","dynamic"],"optional":true}}})", "schema.set_dynamic",
     "resource tfc_thing: .a"},
    {"set of an object with dynamic inside a list type",
     R"({"attributes":{"a":{"type":["list",["set",["object",{"d":"dynamic"}]]],"optional":true}}})",
     "schema.set_dynamic", "resource tfc_thing: .a"},
    {"set of string and list of dynamic", R"({"attributes":{"a":{"type":["set","string"],"optional":true},
        "b":{"type":["list","dynamic"],"optional":true}}})",
     nullptr, ""},
    {"set nested attribute with dynamic",
     R"({"attributes":{"n":{"nested_type":{"nesting_mode":"set","attributes":{"d":{"type":"dynamic","optional":true}}},"optional":true}}})",
     "schema.set_dynamic", "resource tfc_thing: .n"},
    {"list nested attribute with dynamic",
     R"({"attributes":{"n":{"nested_type":{"nesting_mode":"list","attributes":{"d":{"type":"dynamic","optional":true}}},"optional":true}}})",
     nullptr, ""},
    {"write-only inside a set block",
     R"({"block_types":{"s":{"nesting_mode":"set","block":{"attributes":{"pw":{"type":"string","optional":true,"write_only":true}}}}}})",
     "schema.set_dynamic", "resource tfc_thing: .s.pw"},
    {"write-only inside a list block",
     R"({"block_types":{"s":{"nesting_mode":"list","block":{"attributes":{"pw":{"type":"string","optional":true,"write_only":true}}}}}})",
     nullptr, ""},
    {"write-only inside a set nested attribute",
     R"({"attributes":{"n":{"nested_type":{"nesting_mode":"set","attributes":{"pw":{"type":"string","optional":true,"write_only":true}}},"optional":true}}})",
     "schema.set_dynamic", "resource tfc_thing: .n.pw"},
    {"write-only inside a single block inside a set block",
     R"({"block_types":{"s":{"nesting_mode":"set","block":{"block_types":{"i":{"nesting_mode":"single","block":{"attributes":{"pw":{"type":"string","optional":true,"write_only":true}}}}}}}}})",
     "schema.set_dynamic", "resource tfc_thing: .s.i.pw"},
};

TEST(SchemaChecks, OneViolationPerCaseAndNoneForTheNearMisses) {
  for (const CheckCase& c : kCheckCases) {
    SCOPED_TRACE(c.name);
    auto block = block_from_json(json::parse(c.block));
    ASSERT_TRUE(block) << block.error().message;
    const auto problems = check_block(*block, kRes, c.managed);
    if (c.rule == nullptr) {
      for (const auto& p : problems) ADD_FAILURE() << p.rule << " at " << p.where << ": " << p.message;
      continue;
    }
    ASSERT_EQ(problems.size(), 1u) << (problems.empty() ? "no problem" : problems[1].rule + ": " + problems[1].message);
    EXPECT_EQ(problems[0].rule, c.rule);
    EXPECT_EQ(problems[0].where, c.where);
    ASSERT_FALSE(problems[0].message.empty());
    EXPECT_FALSE(std::isupper(static_cast<unsigned char>(problems[0].message[0]))) << problems[0].message;
    EXPECT_NE(problems[0].message.find("expected"), std::string::npos) << problems[0].message;
  }
}

TEST(SchemaChecks, DuplicateNamesFromTheWireAreConflicts) {
  Block b;
  Attribute a;
  a.name = "dup";
  a.type = cty::Type::string();
  a.optional = true;
  b.attributes = {a, a};
  auto problems = check_block(b, kRes, true);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].rule, "schema.name_conflict");
  b.attributes = {a};
  NestedBlock nb;
  nb.type_name = "rule";
  nb.nesting = NestingMode::List;
  b.block_types = {nb, nb};  // also without a body: read as empty
  problems = check_block(b, kRes, true);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].rule, "schema.name_conflict");
  EXPECT_EQ(problems[0].where, "resource tfc_thing: .rule");
}

TEST(SchemaChecks, SeveralProblemsAreAllReportedInSchemaOrder) {
  auto block =
      block_from_json(json::parse(R"({"attributes":{"Bad":{"type":"string"},"ok":{"type":"string","optional":true}},
      "block_types":{"r":{"nesting_mode":"map","min_items":1,"block":{"attributes":{"x":{"type":"string","required":true,"computed":true}}}}}})"));
  ASSERT_TRUE(block);
  const auto problems = check_block(*block, "provider", false);
  std::vector<std::pair<std::string, std::string>> seen;
  for (const auto& p : problems) seen.emplace_back(p.rule, p.where);
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"schema.invalid_name", "provider: .Bad"},
      {"schema.attribute_flags", "provider: .Bad"},
      {"schema.block_items", "provider: .r"},
      {"schema.attribute_flags", "provider: .r.x"},
  };
  EXPECT_EQ(seen, expected);
}

TEST(SchemaChecks, ProviderSchemaLabelsEachSchemaAndChecksVersions) {
  ProviderSchema ps;
  Schema bad;
  bad.version = -1;
  Attribute pw;
  pw.name = "pw";
  pw.type = cty::Type::string();
  pw.optional = true;
  pw.write_only = true;
  bad.block.attributes = {pw};
  ps.resource_schemas["tfc_ok"] = Schema{};
  ps.resource_schemas["tfc_thing"] = bad;     // negative version; write-only is fine here
  ps.data_source_schemas["tfc_thing"] = bad;  // negative version and write-only not allowed
  ps.ephemeral_resource_schemas["tfc_eph"] = Schema{};
  IdentitySchema identity;
  identity.version = -2;
  identity.attributes = {IdentityAttribute{"ID", cty::Type::string(), true, false, ""},
                         IdentityAttribute{"ids", cty::Type::list(cty::Type::string()), false, true, ""},
                         IdentityAttribute{"tags", cty::Type::map(cty::Type::string()), false, true, ""}};
  ps.identity_schemas["tfc_thing"] = identity;
  const auto problems = check_provider_schema(ps);
  std::vector<std::pair<std::string, std::string>> seen;
  for (const auto& p : problems) seen.emplace_back(p.rule, p.where);
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"schema.negative_version", "resource tfc_thing"},
      {"schema.negative_version", "data source tfc_thing"},
      {"schema.attribute_flags", "data source tfc_thing: .pw"},
      {"schema.negative_version", "identity tfc_thing"},
      {"schema.invalid_name", "identity tfc_thing: .ID"},
      {"schema.identity_attribute_type", "identity tfc_thing: .tags"},  // a list is allowed, a map is not
  };
  EXPECT_EQ(seen, expected);

  ProviderSchema fine;
  fine.resource_schemas["tfc_thing"] = Schema{};
  fine.resource_schemas["tfc_thing"].version = 0;
  EXPECT_TRUE(check_provider_schema(fine).empty());
}

TEST(SchemaChecks, TheRealProviderExcerptIsClean) {
  std::ifstream in(std::string(TFC_SCHEMA_TESTDATA) + "/providers-schema-json-excerpt.json");
  std::stringstream text;
  text << in.rdbuf();
  auto providers = providers_schema_document_from_json(json::parse(text.str()));
  ASSERT_TRUE(providers) << providers.error().message;
  for (const auto& [address, schema] : *providers) {
    for (const auto& p : check_provider_schema(schema))
      ADD_FAILURE() << p.rule << " at " << p.where << ": " << p.message;
  }
}

RC_GTEST_PROP(SchemaChecksProperty, ArbitraryBlocksGiveWellFormedProblemsAndNeverThrow, (bool managed)) {
  const Block b = *testgen::block(2);
  static const std::set<std::string> kRules = {"schema.invalid_name", "schema.name_conflict", "schema.attribute_flags",
                                               "schema.block_items", "schema.set_dynamic"};
  const auto problems = check_block(b, "resource tfc_x", managed);
  for (const SchemaProblem& p : problems) {
    RC_ASSERT(kRules.count(p.rule) == 1u);
    RC_ASSERT(p.where.rfind("resource tfc_x", 0) == 0u);
    RC_ASSERT(p.message.find("expected") != std::string::npos);
  }
  // Flags are drawn independently, so an attribute with none of required/optional/computed
  // must always be caught.
  for (const Attribute& a : b.attributes) {
    if (a.required || a.optional || a.computed) continue;
    const std::string where = "resource tfc_x: ." + a.name;
    RC_ASSERT(std::any_of(problems.begin(), problems.end(), [&](const SchemaProblem& p) {
      return p.rule == "schema.attribute_flags" && p.where == where;
    }));
  }
  RC_ASSERT(implied_type(b).kind() == cty::Kind::Object);
}

}  // namespace
}  // namespace tfc::schema
