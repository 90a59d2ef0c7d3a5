// The compact document text written straight from the model (schema_json_text.cpp) is byte for
// byte the dump of the nlohmann document (provider_schema_json.cpp): on a real provider's
// excerpt, on every kind of entry, on strings needing escapes or holding invalid UTF-8, on
// duplicate names, and on arbitrary schemas.
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "arbitrary_block.hpp"
#include "proto/schema/schema_json.hpp"
#include "proto/schema/schema_json_text.hpp"

namespace tfc::schema {
namespace {

using nlohmann::json;

std::string dumped(const std::string& address, const ProviderSchema& schema) {
  return providers_schema_document(address, schema).dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string written(const std::string& address, const ProviderSchema& schema) {
  std::string out;
  append_providers_schema_document(out, address, schema);
  return out;
}

std::string written_in_pieces(const std::string& address, const ProviderSchema& schema, std::size_t piece_bytes) {
  std::string out;
  std::size_t pieces = 0;
  write_providers_schema_document(
      address, schema,
      [&](std::string_view piece) {
        out += piece;
        ++pieces;
      },
      piece_bytes);
  EXPECT_GE(pieces, 1U);
  return out;
}

TEST(SchemaJsonText, RealProviderExcerptIsTheDumpedDocument) {
  std::ifstream in(std::string(TFC_SCHEMA_TESTDATA) + "/providers-schema-json-excerpt.json");
  std::stringstream text;
  text << in.rdbuf();
  auto providers = providers_schema_document_from_json(json::parse(text.str()));
  ASSERT_TRUE(providers) << providers.error().message;
  const auto& [address, schema] = *providers->begin();
  EXPECT_EQ(written(address, schema), dumped(address, schema));
  // In pieces of any size, the same bytes.
  for (const std::size_t piece_bytes : {1, 100, 4096, 1 << 20})
    EXPECT_EQ(written_in_pieces(address, schema, piece_bytes), dumped(address, schema)) << piece_bytes;
}

TEST(SchemaJsonText, EveryKindOfEntryIsTheDumpedDocument) {
  const json entry = json::parse(R"({
    "provider":{"version":0,"block":{"description_kind":"plain"}},
    "provider_meta":{"version":0,"block":{"attributes":{"module":{"type":"string","description_kind":"plain","optional":true}},
                                           "description_kind":"plain"}},
    "resource_schemas":{"tfc_thing":{"version":2,"block":{"attributes":{"id":{"type":"string","description_kind":"plain","computed":true}},
                                                          "description_kind":"plain"}}},
    "data_source_schemas":{"tfc_info":{"version":0,"block":{"description_kind":"plain"}}},
    "ephemeral_resource_schemas":{"tfc_token":{"version":0,"block":{"description_kind":"plain"}}},
    "list_resource_schemas":{"tfc_thing":{"version":0,"block":{"description_kind":"plain"}}},
    "action_schemas":{"tfc_poke":{"block":{"description_kind":"plain"}},"tfc_kick":{"version":1,"block":{"description_kind":"plain"}}},
    "resource_identity_schemas":{"tfc_thing":{"version":1,"attributes":{
        "id":{"type":"string","description":"the \"id\"","required_for_import":true},
        "region":{"type":["object",{"a b":"string","\u00e9":"number"},["\u00e9"]],"optional_for_import":true}}},
        "tfc_none":{"version":0}},
    "functions":{"double":{"return_type":"number","parameters":[{"name":"x","type":"number","description":"<\u00b5>"}]}}})");
  auto schema = provider_schema_from_json(entry);
  ASSERT_TRUE(schema) << schema.error().message;
  EXPECT_EQ(written("registry.terraform.io/tfc/thing", *schema), dumped("registry.terraform.io/tfc/thing", *schema));
  EXPECT_EQ(written_in_pieces("registry.terraform.io/tfc/thing", *schema, 1),
            dumped("registry.terraform.io/tfc/thing", *schema));
}

TEST(SchemaJsonText, EscapesAndInvalidUtf8AreWrittenAsTheDumpWritesThem) {
  ProviderSchema schema;
  Attribute a;
  a.name = "tab\there";
  a.type = cty::Type::object({{"q\"uote", cty::Type::string()}, {std::string("bad\xff\xfe", 5), cty::Type::number()}});
  a.description = std::string("line\nbreak \x01 control \xc3\x28 invalid \xe2\x82 cut \\ slash \x7f del");
  a.deprecation_message = "\u2028 separator";
  a.deprecated = true;
  schema.provider.block.attributes.push_back(a);
  schema.provider.block.description = std::string("\xf0\x9f\x98\x80 emoji and \xed\xa0\x80 surrogate");
  schema.resource_schemas["r\"x"].block.description = "plain";
  EXPECT_EQ(written("a/\xff", schema), dumped("a/\xff", schema));
}

// Plain strings are recognised 16 bytes at a time: a byte needing care is found at every
// position of a long string, in a first or a later block, and right after one.
TEST(SchemaJsonText, EveryPositionOfALongStringIsLookedAt) {
  for (const char special : {'"', '\\', '\n', '\x1f', '\x7f', '\x80', '\xff'}) {
    for (std::size_t at = 0; at < 40; ++at) {
      ProviderSchema schema;
      std::string description(40, 'x');
      description[at] = special;
      schema.provider.block.description = description;
      ASSERT_EQ(written("a/b", schema), dumped("a/b", schema)) << "byte " << int(special) << " at " << at;
    }
  }
}

TEST(SchemaJsonText, DuplicateNamesKeepTheLastAsTheDocumentDoes) {
  ProviderSchema schema;
  Block& block = schema.resource_schemas["tfc_dup"].block;
  for (const char* name : {"b", "a", "b", "a"}) {
    Attribute a;
    a.name = name;
    a.type = cty::Type::string();
    a.description = "number " + std::to_string(block.attributes.size());
    block.attributes.push_back(a);
  }
  for (int i = 0; i < 3; ++i) {
    NestedBlock nb;
    nb.type_name = i == 1 ? "first" : "second";
    nb.max_items = i + 1;
    nb.block = std::make_shared<const Block>();
    block.block_types.push_back(nb);
  }
  EXPECT_EQ(written("p", schema), dumped("p", schema));
}

RC_GTEST_PROP(SchemaJsonTextProperty, ArbitrarySchemasAreTheDumpedDocument, ()) {
  ProviderSchema schema;
  schema.provider = Schema{*rc::gen::inRange<std::int64_t>(0, 3), *testgen::block(1)};
  const int resources = *rc::gen::inRange(0, 4);
  for (int i = 0; i < resources; ++i)
    schema.resource_schemas[*testgen::name()] = Schema{*rc::gen::inRange<std::int64_t>(-1, 5), *testgen::block(2)};
  if (*rc::gen::arbitrary<bool>()) schema.data_source_schemas["d"] = Schema{0, *testgen::block(1)};
  if (*rc::gen::arbitrary<bool>())
    schema.action_schemas["act"] = Schema{*rc::gen::inRange<std::int64_t>(0, 2), *testgen::block(0)};
  if (*rc::gen::arbitrary<bool>()) schema.provider_meta = Schema{0, *testgen::block(0)};
  if (*rc::gen::arbitrary<bool>()) {
    IdentitySchema identity;
    identity.version = *rc::gen::inRange<std::int64_t>(0, 3);
    identity.attributes.push_back({*testgen::name(), *testgen::type(2), *rc::gen::arbitrary<bool>(),
                                   *rc::gen::arbitrary<bool>(), *testgen::text()});
    schema.identity_schemas["tfc_thing"] = identity;
  }
  RC_ASSERT(written("registry.terraform.io/x/y", schema) == dumped("registry.terraform.io/x/y", schema));
}

}  // namespace
}  // namespace tfc::schema
