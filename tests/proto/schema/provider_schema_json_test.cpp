// The provider entry and whole document of `providers schema -json` (provider_schema_json.cpp):
// the excerpt of a real provider round-trips exactly; every map kind, identity schemas and
// functions are read and written; errors name the JSON path.
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "proto/schema/schema_json.hpp"

namespace tfc::schema {
namespace {

using nlohmann::json;

json read_testdata(const std::string& name) {
  std::ifstream in(std::string(TFC_SCHEMA_TESTDATA) + "/" + name);
  EXPECT_TRUE(in.good()) << name;
  std::stringstream text;
  text << in.rdbuf();
  return json::parse(text.str());
}

TEST(ProviderSchemaJson, ExcerptRoundTripsExactly) {
  const json doc = read_testdata("providers-schema-json-excerpt.json");
  auto providers = providers_schema_document_from_json(doc);
  ASSERT_TRUE(providers) << providers.error().message;
  ASSERT_EQ(providers->size(), 1u);
  const auto& [address, schema] = *providers->begin();
  EXPECT_EQ(address, "registry.terraform.io/hashicorp/aws");
  EXPECT_EQ(providers_schema_document(address, schema), doc);

  // Spot checks that the model holds what the text says.
  const Block& provider = schema.provider.block;
  ASSERT_NE(provider.find_block_type("assume_role"), nullptr);
  EXPECT_EQ(provider.find_block_type("assume_role")->nesting, NestingMode::List);
  EXPECT_EQ(*provider.find_block_type("assume_role")->block->find_attribute("policy_arns")->type,
            cty::Type::set(cty::Type::string()));
  EXPECT_TRUE(schema.resource_schemas.at("aws_s3_bucket_policy").block.find_attribute("bucket")->required);
  const Attribute* id = schema.data_source_schemas.at("aws_region").block.find_attribute("id");
  EXPECT_TRUE(id->optional && id->computed);
  EXPECT_TRUE(schema.ephemeral_resource_schemas.begin()->second.block.find_attribute("token")->sensitive);
  EXPECT_EQ(schema.functions.at("arn_build")["return_type"], "string");
  EXPECT_TRUE(schema.list_resource_schemas.empty());
  EXPECT_TRUE(schema.identity_schemas.empty());
}

TEST(ProviderSchemaJson, EveryKindOfEntryRoundTrips) {
  const json entry = json::parse(R"({
    "provider":{"version":0,"block":{"description_kind":"plain"}},
    "provider_meta":{"version":0,"block":{"attributes":{"module":{"type":"string","description_kind":"plain","optional":true}},
                                           "description_kind":"plain"}},
    "resource_schemas":{"tfc_thing":{"version":2,"block":{"attributes":{"id":{"type":"string","description_kind":"plain","computed":true}},
                                                          "description_kind":"plain"}}},
    "data_source_schemas":{"tfc_info":{"version":0,"block":{"description_kind":"plain"}}},
    "ephemeral_resource_schemas":{"tfc_token":{"version":0,"block":{"description_kind":"plain"}}},
    "list_resource_schemas":{"tfc_thing":{"version":0,"block":{"attributes":{"filter":{"type":"string","description_kind":"plain","optional":true}},
                                                                "description_kind":"plain"}}},
    "action_schemas":{"tfc_poke":{"block":{"description_kind":"plain"}},"tfc_kick":{"version":1,"block":{"description_kind":"plain"}}},
    "resource_identity_schemas":{"tfc_thing":{"version":1,"attributes":{
        "id":{"type":"string","description":"the id","required_for_import":true},
        "region":{"type":"string","optional_for_import":true}}}},
    "functions":{"double":{"return_type":"number","parameters":[{"name":"x","type":"number"}]}}})");
  auto schema = provider_schema_from_json(entry);
  ASSERT_TRUE(schema) << schema.error().message;
  EXPECT_TRUE(schema->provider_meta.has_value());
  EXPECT_EQ(schema->resource_schemas.at("tfc_thing").version, 2);
  EXPECT_EQ(schema->list_resource_schemas.count("tfc_thing"), 1u);
  EXPECT_EQ(schema->action_schemas.count("tfc_poke"), 1u);
  EXPECT_EQ(schema->action_schemas.at("tfc_kick").version, 1);
  const IdentitySchema& identity = schema->identity_schemas.at("tfc_thing");
  EXPECT_EQ(identity.version, 1);
  ASSERT_EQ(identity.attributes.size(), 2u);
  EXPECT_EQ(identity.attributes[0].name, "id");
  EXPECT_TRUE(identity.attributes[0].required_for_import);
  EXPECT_EQ(identity.attributes[0].description, "the id");
  EXPECT_TRUE(identity.attributes[1].optional_for_import);
  EXPECT_EQ(provider_schema_to_json(*schema), entry);

  auto again = provider_schema_from_json(provider_schema_to_json(*schema));
  ASSERT_TRUE(again);
  EXPECT_EQ(*again, *schema);
  again->resource_schemas.at("tfc_thing").version = 3;
  EXPECT_NE(*again, *schema);
}

TEST(ProviderSchemaJson, EmptyMapsAreNotWritten) {
  ProviderSchema empty;
  EXPECT_EQ(provider_schema_to_json(empty),
            json::parse(R"({"provider":{"version":0,"block":{"description_kind":"plain"}}})"));
  auto back = provider_schema_from_json(json::parse("{}"));
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, empty);
}

TEST(ProviderSchemaJson, ErrorsNameTheJsonPath) {
  const std::pair<const char*, const char*> cases[] = {
      {R"({"provider_schemas":{"p":{"resource_schemas":{"tfc_x":{"block":{"attributes":{"a":{"type":"str"}}}}}}}})",
       "at provider_schemas.p.resource_schemas.tfc_x.block.attributes.a.type"},
      {R"({"provider_schemas":{"p":{"data_source_schemas":[]}}})",
       "at provider_schemas.p.data_source_schemas: expected an object"},
      {R"({"provider_schemas":{"p":{"provider":{"version":true}}}})", "at provider_schemas.p.provider.version"},
      {R"({"provider_schemas":{"p":{"resource_identity_schemas":{"tfc_x":{"attributes":{"id":{}}}}}}})",
       "at provider_schemas.p.resource_identity_schemas.tfc_x.attributes.id.type: missing type"},
      {R"({"provider_schemas":{"p":{"functions":"none"}}})", "at provider_schemas.p.functions"},
      {R"({"provider_schemas":{"p":7}})", "at provider_schemas.p: expected a provider schema object"},
      {R"({"provider_schemas":[]})", "at provider_schemas: expected an object"},
      {R"("text")", "expected a document object"},
  };
  for (const auto& [doc, expected] : cases) {
    SCOPED_TRACE(doc);
    auto r = providers_schema_document_from_json(json::parse(doc));
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find(expected), std::string::npos) << r.error().message;
  }
}

TEST(ProviderSchemaJson, DocumentWithoutProvidersIsEmpty) {
  auto r = providers_schema_document_from_json(json::parse(R"({"format_version":"1.0"})"));
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->empty());
}

// Found by fuzz_schema (tests/fuzz): function JSON is kept as JSON and copied into the model,
// and nlohmann copies recursively, so a hostile document of a million nested arrays under
// "functions" overflowed the stack. Now refused before the copy; real signatures still fit.
TEST(ProviderSchemaJson, DeeplyNestedFunctionJsonIsAnErrorNotAStackOverflow) {
  constexpr std::size_t kLevels = 1000000;
  const std::string text =
      R"({"provider_schemas":{"p":{"functions":{"f":)" + std::string(kLevels, '[') + std::string(kLevels, ']') + "}}}}";
  auto r = providers_schema_document_from_json(json::parse(text));
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("at provider_schemas.p.functions.f: function JSON nested deeper than"),
            std::string::npos)
      << r.error().message;

  // A return type 256 lists deep (cty's own nesting limit) is still a function.
  std::string type = R"("string")";
  for (int i = 0; i < 256; ++i) type = R"(["list",)" + type + "]";
  const json fn = json::parse(R"({"parameters":[{"name":"v","type":)" + type + R"(}],"return_type":)" + type + "}");
  auto ok = provider_schema_from_json(json{{"functions", {{"f", fn}}}});
  ASSERT_TRUE(ok) << ok.error().message;
  EXPECT_EQ(ok->functions.at("f"), fn);
}

}  // namespace
}  // namespace tfc::schema
