// Tests of convert_schema_v5/v6.cpp (and the schema templates): Schema, nesting modes,
// nested_type, type JSON, identity schemas, AttributePath and Diagnostic.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "proto/schema/implied_type.hpp"
#include "tests/proto/convert/convert_test_support.hpp"

namespace tfc::wire {
namespace {

using cty::Type;
using schema::Attribute;
using schema::Block;
using schema::NestedBlock;
using schema::NestingMode;

Attribute attribute(std::string name, Type type, bool required = false, bool computed = false) {
  Attribute a;
  a.name = std::move(name);
  a.type = std::move(type);
  a.required = required;
  a.optional = !required && !computed;
  a.computed = computed;
  return a;
}

std::shared_ptr<const Block> body(std::vector<Attribute> attributes) {
  auto b = std::make_shared<Block>();
  b->attributes = std::move(attributes);
  b->sort();
  return b;
}

NestedBlock nested(std::string name, NestingMode mode, std::int64_t min = 0, std::int64_t max = 0) {
  NestedBlock nb;
  nb.type_name = std::move(name);
  nb.nesting = mode;
  nb.block = body({attribute("port", Type::number(), true), attribute("label", Type::string())});
  nb.min_items = min;
  nb.max_items = max;
  return nb;
}

/// A schema touching every block nesting mode, descriptions, flags and deprecation.
schema::Schema every_nesting_schema() {
  schema::Schema s;
  s.version = 3;
  Attribute id = attribute("id", Type::string(), false, true);
  id.description = "the **id**";
  id.description_kind = schema::DescriptionKind::Markdown;
  Attribute secret = attribute("secret", Type::string());
  secret.sensitive = true;
  secret.write_only = true;
  Attribute old = attribute("old", Type::list(Type::string()));
  old.deprecated = true;
  old.deprecation_message = "use new";
  Attribute any = attribute("any", Type::dynamic());
  s.block.attributes = {id,
                        secret,
                        old,
                        any,
                        attribute("tags", Type::map(Type::string())),
                        attribute("obj", Type::object({{"a", Type::string()}, {"b", Type::number()}}, {"b"}))};
  s.block.block_types = {nested("single", NestingMode::Single), nested("list", NestingMode::List, 1, 3),
                         nested("set", NestingMode::Set), nested("map", NestingMode::Map),
                         nested("group", NestingMode::Group)};
  s.block.description = "a resource";
  s.block.deprecated = true;
  s.block.deprecation_message = "gone soon";
  s.block.sort();
  return s;
}

Attribute nested_attribute(std::string name, NestingMode mode) {
  auto type = std::make_shared<schema::NestedType>();
  type->nesting = mode;
  type->attributes = {attribute("host", Type::string(), true), attribute("weight", Type::number())};
  Attribute a;
  a.name = std::move(name);
  a.nested_type = std::move(type);
  a.optional = true;
  return a;
}

TEST(ConvertSchema, EveryBlockNestingModeRoundTripsInBothVersions) {
  const schema::Schema s = every_nesting_schema();
  support::expect_round_trips(s);
}

TEST(ConvertSchema, NestedTypeOfEveryModeRoundTripsInV6) {
  schema::Schema s;
  for (NestingMode mode : {NestingMode::Single, NestingMode::List, NestingMode::Set, NestingMode::Map}) {
    s.block.attributes.push_back(nested_attribute(std::string(schema::to_string(mode)), mode));
  }
  s.block.sort();
  auto back = support::round_trip_v6(s);
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ(*back, s);
  ASSERT_NE(back->block.find_attribute("set"), nullptr);
  ASSERT_NE(back->block.find_attribute("set")->nested_type, nullptr);
  EXPECT_EQ(back->block.find_attribute("set")->nested_type->nesting, NestingMode::Set);
}

TEST(ConvertSchema, NestedTypeIsSentAsItsImpliedTypeInV5) {
  schema::Schema s;
  s.block.attributes.push_back(nested_attribute("backends", NestingMode::List));
  const Type implied = schema::implied_type(s.block.attributes[0]);
  auto back = support::round_trip_v5(s);
  ASSERT_TRUE(back) << back.error().message;
  const Attribute* a = back->block.find_attribute("backends");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->nested_type, nullptr);
  ASSERT_TRUE(a->type.has_value());
  EXPECT_EQ(*a->type, implied);
  EXPECT_EQ(schema::implied_type(back->block), schema::implied_type(s.block));
}

TEST(ConvertSchema, ComputedBlockSurvivesV6AndIsDroppedByV5) {
  schema::Schema s;
  s.block.block_types.push_back(nested("computed_list", NestingMode::List));
  auto computed_body = std::make_shared<Block>(*s.block.block_types[0].block);
  computed_body->computed = true;
  s.block.block_types[0].block = computed_body;
  auto six = support::round_trip_v6(s);
  ASSERT_TRUE(six);
  EXPECT_TRUE(six->block.block_types.at(0).block->computed);
  auto five = support::round_trip_v5(s);
  ASSERT_TRUE(five);
  EXPECT_FALSE(five->block.block_types.at(0).block->computed);
}

// A schema written directly in protobuf, the way a provider would send it, read into the model
// and compared against the implied type worked out by hand from docs/protocol.md §4.
TEST(ConvertSchema, ProtobufSchemaGivesTheExpectedImpliedType) {
  tfplugin6::Schema pb;
  pb.set_version(1);
  auto* block = pb.mutable_block();
  auto* name = block->add_attributes();
  name->set_name("name");
  name->set_type(R"("string")");
  name->set_required(true);
  auto* ports = block->add_attributes();
  ports->set_name("ports");
  ports->set_type(R"(["set","number"])");
  ports->set_optional(true);
  auto* endpoints = block->add_attributes();
  endpoints->set_name("endpoints");
  endpoints->mutable_nested_type()->set_nesting(tfplugin6::Schema::Object::MAP);
  auto* url = endpoints->mutable_nested_type()->add_attributes();
  url->set_name("url");
  url->set_type(R"("string")");
  url->set_required(true);
  endpoints->set_optional(true);
  auto* rule = block->add_block_types();
  rule->set_type_name("rule");
  rule->set_nesting(tfplugin6::Schema::NestedBlock::LIST);
  auto* cidr = rule->mutable_block()->add_attributes();
  cidr->set_name("cidr");
  cidr->set_type(R"(["list","string"])");
  cidr->set_optional(true);
  auto* meta = block->add_block_types();
  meta->set_type_name("meta");
  meta->set_nesting(tfplugin6::Schema::NestedBlock::SINGLE);
  auto* free = meta->mutable_block()->add_attributes();
  free->set_name("free");
  free->set_type(R"(["map","dynamic"])");
  free->set_computed(true);

  auto s = v6::from_proto(pb);
  ASSERT_TRUE(s) << s.error().message;
  EXPECT_EQ(s->version, 1);
  const Type expected = Type::object({
      {"name", Type::string()},
      {"ports", Type::set(Type::number())},
      {"endpoints", Type::map(Type::object({{"url", Type::string()}}))},
      {"rule", Type::list(Type::object({{"cidr", Type::list(Type::string())}}))},
      {"meta", Type::object({{"free", Type::map(Type::dynamic())}})},
  });
  EXPECT_EQ(schema::implied_type(s->block), expected);
  // attributes come back sorted by name, whatever the wire order
  ASSERT_EQ(s->block.attributes.size(), 3u);
  EXPECT_EQ(s->block.attributes[0].name, "endpoints");
  EXPECT_EQ(s->block.attributes[2].name, "ports");
}

TEST(ConvertSchema, BadTypeJsonIsAnErrorNamingTheAttribute) {
  tfplugin6::Schema pb;
  auto* rule = pb.mutable_block()->add_block_types();
  rule->set_type_name("rule");
  rule->set_nesting(tfplugin6::Schema::NestedBlock::LIST);
  auto* port = rule->mutable_block()->add_attributes();
  port->set_name("port");
  port->set_type(R"(["lisst","number"])");
  auto s = v6::from_proto(pb);
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().message.find("block.block_types.rule.block.attributes.port.type: "), std::string::npos)
      << s.error().message;
}

TEST(ConvertSchema, InvalidNestingModesAreErrors) {
  tfplugin6::Schema block_pb;
  auto* b = block_pb.mutable_block()->add_block_types();
  b->set_type_name("zero");  // nesting left INVALID (0)
  auto blocks = v6::from_proto(block_pb);
  ASSERT_FALSE(blocks);
  EXPECT_NE(blocks.error().message.find("zero"), std::string::npos);

  tfplugin6::Schema object_pb;
  auto* a = object_pb.mutable_block()->add_attributes();
  a->set_name("grouped");
  a->mutable_nested_type()->set_nesting(
      static_cast<tfplugin6::Schema::Object::NestingMode>(5));  // GROUP is blocks-only
  auto objects = v6::from_proto(object_pb);
  ASSERT_FALSE(objects);
  EXPECT_NE(objects.error().message.find("grouped.nested_type"), std::string::npos) << objects.error().message;
}

// Field numbers that differ between the versions (docs/protocol.md §7).
TEST(ConvertSchema, WriteOnlyAndDeprecationMessageUseEachVersionsFieldNumbers) {
  Attribute a;
  a.write_only = true;
  a.deprecation_message = "x";
  schema::Schema s;
  s.block.attributes.push_back(a);
  const std::string six = v6::to_proto(s).block().attributes(0).SerializeAsString();
  const std::string five = v5::to_proto(s).block().attributes(0).SerializeAsString();
  // v6: write_only = 11 (varint tag 0x58), deprecation_message = 12 (tag 0x62)
  EXPECT_NE(six.find(std::string("\x58\x01", 2)), std::string::npos);
  EXPECT_NE(six.find(std::string("\x62\x01x", 3)), std::string::npos);
  // v5: write_only = 10 (tag 0x50), deprecation_message = 11 (tag 0x5a)
  EXPECT_NE(five.find(std::string("\x50\x01", 2)), std::string::npos);
  EXPECT_NE(five.find(std::string("\x5a\x01x", 3)), std::string::npos);
}

TEST(ConvertSchema, IdentitySchemaRoundTripsAndRejectsMissingTypes) {
  schema::IdentitySchema identity;
  identity.version = 2;
  identity.attributes = {{"id", Type::string(), true, false, "the id"},
                         {"region", Type::string(), false, true, ""},
                         {"ids", Type::list(Type::number()), false, true, ""}};
  support::expect_round_trips(identity);

  tfplugin6::ResourceIdentitySchema pb;
  pb.add_identity_attributes()->set_name("untyped");
  auto bad = v6::from_proto(pb);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("identity_attributes.untyped.type"), std::string::npos);
}

TEST(ConvertPath, StepsMapToAttributeKeyAndIndex) {
  const cty::Path path = cty::Path().attribute("rule").index(1).attribute("tags").key("env");
  const tfplugin6::AttributePath pb = v6::to_proto(path);
  ASSERT_EQ(pb.steps_size(), 4);
  EXPECT_EQ(pb.steps(0).attribute_name(), "rule");
  EXPECT_EQ(pb.steps(1).element_key_int(), 1);
  EXPECT_EQ(pb.steps(2).attribute_name(), "tags");
  EXPECT_EQ(pb.steps(3).element_key_string(), "env");
  support::expect_round_trips(path);
}

TEST(ConvertPath, SetElementStepTruncatesThePath) {
  const cty::Path path = cty::Path().attribute("rules").set_element(cty::Value::string("a")).attribute("port");
  const tfplugin6::AttributePath pb = v6::to_proto(path);
  ASSERT_EQ(pb.steps_size(), 1);
  EXPECT_EQ(pb.steps(0).attribute_name(), "rules");
}

TEST(ConvertPath, StepWithoutSelectorIsAnError) {
  tfplugin5::AttributePath pb;
  pb.add_steps()->set_attribute_name("a");
  pb.add_steps();
  auto path = v5::from_proto(pb);
  ASSERT_FALSE(path);
  EXPECT_NE(path.error().message.find("steps[1]"), std::string::npos);
}

// Step names are printable ASCII: proto3 `string` fields must be valid UTF-8, and protobuf
// refuses to parse a message whose strings are not (so would a Go peer).
RC_GTEST_PROP(ConvertPath, AnyPathOfAttributesKeysAndIndexesRoundTrips, ()) {
  const auto text = rc::gen::container<std::string>(rc::gen::inRange<char>(32, 127));
  const auto kinds = *rc::gen::container<std::vector<int>>(rc::gen::inRange(0, 3));
  cty::Path path;
  for (int kind : kinds) {
    switch (kind) {
      case 0: path = path.attribute(*text); break;
      case 1: path = path.key(*text); break;
      default: path = path.index(*rc::gen::arbitrary<std::int64_t>()); break;
    }
  }
  auto six = support::round_trip_v6(path);
  RC_ASSERT(six.has_value());
  RC_ASSERT(*six == path);
  auto five = support::round_trip_v5(path);
  RC_ASSERT(five.has_value());
  RC_ASSERT(*five == path);
}

TEST(ConvertDiagnostic, SeverityTextAndPathRoundTrip) {
  for (const protocol::Diagnostic& d : support::sample_diagnostics()) support::expect_round_trips(d);
}

TEST(ConvertDiagnostic, OutOfRangeSeverityIsKept) {
  tfplugin6::Diagnostic pb;
  pb.set_severity(static_cast<tfplugin6::Diagnostic::Severity>(7));
  auto d = v6::from_proto(support::reparse(pb));
  ASSERT_TRUE(d);
  EXPECT_EQ(static_cast<int>(d->severity), 7);
  EXPECT_EQ(protocol::to_string(d->severity), "severity(7)");
  EXPECT_FALSE(d->attribute.has_value());
}

}  // namespace
}  // namespace tfc::wire
