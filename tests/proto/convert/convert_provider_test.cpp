// Tests of convert_provider_v5/v6.cpp: GetProviderSchema, GetResourceIdentitySchemas,
// GetMetadata, ValidateProviderConfig, ConfigureProvider, StopProvider.
#include "tests/proto/convert/convert_test_support.hpp"

namespace tfc::wire {
namespace {

using cty::Type;
using support::expect_round_trips;
using support::msgpack;

schema::Schema one_attribute_schema(std::string name, std::int64_t version = 0) {
  schema::Schema s;
  s.version = version;
  schema::Attribute a;
  a.name = std::move(name);
  a.type = Type::string();
  a.optional = true;
  s.block.attributes.push_back(a);
  return s;
}

protocol::GetProviderSchemaResponse full_schema_response() {
  protocol::GetProviderSchemaResponse r;
  schema::ProviderSchema& s = r.schema;
  s.provider = one_attribute_schema("region");
  s.provider_meta = one_attribute_schema("module_name");
  s.resource_schemas["example_thing"] = one_attribute_schema("name", 2);
  s.data_source_schemas["example_lookup"] = one_attribute_schema("filter");
  s.ephemeral_resource_schemas["example_token"] = one_attribute_schema("scope");
  s.list_resource_schemas["example_thing"] = one_attribute_schema("prefix");
  s.action_schemas["example_reboot"] = one_attribute_schema("force");
  s.functions["parse"] = nlohmann::json::parse(R"({
    "summary": "parse a thing", "description": "*markdown*", "description_kind": "markdown",
    "return_type": ["object", {"a": "string"}],
    "parameters": [{"name": "input", "type": "string", "is_nullable": true},
                   {"name": "strict", "type": "bool", "allow_unknown_values": true, "description": "d"}],
    "variadic_parameter": {"name": "rest", "type": ["list", "number"]}})");
  s.capabilities = {true, true, true, true};
  r.diagnostics = support::sample_diagnostics();
  return r;
}

TEST(ConvertProvider, GetProviderSchemaResponseRoundTripsEveryMap) {
  expect_round_trips(full_schema_response());
  expect_round_trips(protocol::GetProviderSchemaRequest{});
}

TEST(ConvertProvider, AbsentProviderMetaStaysAbsent) {
  protocol::GetProviderSchemaResponse r;
  r.schema.provider = one_attribute_schema("region");
  EXPECT_FALSE(v6::to_proto(r).has_provider_meta());
  auto back = support::round_trip_v6(r);
  ASSERT_TRUE(back);
  EXPECT_FALSE(back->schema.provider_meta.has_value());
}

TEST(ConvertProvider, FunctionsTakeTheProvidersSchemaJsonForm) {
  tfplugin6::GetProviderSchema::Response pb;
  tfplugin6::Function& f = (*pb.mutable_functions())["join"];
  f.set_summary("join strings");
  f.mutable_return_()->set_type(R"("string")");
  auto* p = f.add_parameters();
  p->set_name("sep");
  p->set_type(R"("string")");
  f.mutable_variadic_parameter()->set_name("parts");
  f.mutable_variadic_parameter()->set_type(R"("string")");
  auto r = v6::from_proto(pb);
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->schema.functions.at("join"), nlohmann::json::parse(R"({
    "summary": "join strings", "return_type": "string",
    "parameters": [{"name": "sep", "type": "string"}],
    "variadic_parameter": {"name": "parts", "type": "string"}})"));
}

TEST(ConvertProvider, SchemaErrorsNameTheResourceAndAttribute) {
  tfplugin5::GetProviderSchema::Response pb;
  auto* a = (*pb.mutable_resource_schemas())["example_thing"].mutable_block()->add_attributes();
  a->set_name("size");
  a->set_type("not json");
  auto r = v5::from_proto(pb);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message.rfind("resource_schemas.example_thing.block.attributes.size.type: ", 0), 0u)
      << r.error().message;

  tfplugin6::GetProviderSchema::Response bad_function;
  (*bad_function.mutable_functions())["f"].mutable_return_()->set_type("{");
  auto f = v6::from_proto(bad_function);
  ASSERT_FALSE(f);
  EXPECT_EQ(f.error().message.rfind("functions.f.return: ", 0), 0u) << f.error().message;
}

TEST(ConvertProvider, IdentitySchemasRoundTrip) {
  protocol::GetResourceIdentitySchemasResponse r;
  r.identity_schemas["example_thing"] = {1, {{"id", Type::string(), true, false, "id"}}};
  r.diagnostics = support::sample_diagnostics();
  expect_round_trips(r);
  expect_round_trips(protocol::GetResourceIdentitySchemasRequest{});
}

TEST(ConvertProvider, MetadataRoundTripsAndStateStoresAreV6Only) {
  protocol::GetMetadataResponse r;
  r.server_capabilities = {true, false, true, false};
  r.diagnostics = support::sample_diagnostics();
  r.data_sources = {"example_lookup"};
  r.resources = {"example_a", "example_b"};
  r.functions = {"parse"};
  r.ephemeral_resources = {"example_token"};
  r.list_resources = {"example_a"};
  r.actions = {"example_reboot"};
  expect_round_trips(r);
  r.state_stores = {"example_store"};
  auto six = support::round_trip_v6(r);
  ASSERT_TRUE(six);
  EXPECT_EQ(*six, r);
  auto five = support::round_trip_v5(r);
  ASSERT_TRUE(five);
  EXPECT_TRUE(five->state_stores.empty());
}

// Round trips cannot see a wrong field number (both ends use ours): these are the bytes a
// provider sends. GetMetadata.Response.actions is field 9 in both majors; tfplugin5 reserves 8
// (tfplugin6's state_stores). Tag 0x4a = field 9, length-delimited; inside, ActionMetadata's
// type_name (field 1, tag 0x0a). to_proto writes the same bytes after the (empty) server
// capabilities.
TEST(ConvertProvider, MetadataActionsAreField9InBothMajors) {
  const std::string one_action("\x4a\x0f\x0a\x0dlocal_command", 17);
  tfplugin5::ProviderMetadata::Response five;
  ASSERT_TRUE(five.ParseFromString(one_action));
  auto five_model = v5::from_proto(five);
  ASSERT_TRUE(five_model);
  EXPECT_EQ(five_model->actions, std::vector<std::string>{"local_command"});
  EXPECT_NE(v5::to_proto(*five_model).SerializeAsString().find(one_action), std::string::npos);

  tfplugin6::ProviderMetadata::Response six;
  ASSERT_TRUE(six.ParseFromString(one_action));
  auto six_model = v6::from_proto(six);
  ASSERT_TRUE(six_model);
  EXPECT_EQ(six_model->actions, std::vector<std::string>{"local_command"});
  EXPECT_NE(v6::to_proto(*six_model).SerializeAsString().find(one_action), std::string::npos);
}

TEST(ConvertProvider, ValidateAndConfigureRoundTrip) {
  expect_round_trips(protocol::ValidateProviderConfigRequest{msgpack("\x81\xa6region\xa2us")});
  expect_round_trips(protocol::ValidateProviderConfigResponse{std::nullopt, support::sample_diagnostics()});
  protocol::ConfigureProviderRequest configure{"1.16.0", msgpack("\x80"), {true, true, false, false}};
  expect_round_trips(configure);
  expect_round_trips(protocol::ConfigureProviderResponse{support::sample_diagnostics()});
}

TEST(ConvertProvider, PreparedConfigExistsOnlyInV5) {
  protocol::ValidateProviderConfigResponse r{msgpack("\xc0"), {}};
  auto five = support::round_trip_v5(r);
  ASSERT_TRUE(five);
  EXPECT_EQ(*five, r);
  auto six = support::round_trip_v6(r);
  ASSERT_TRUE(six);
  EXPECT_FALSE(six->prepared_config.has_value());
}

TEST(ConvertProvider, ClientCapabilitiesOf611AreV6Only) {
  protocol::ConfigureProviderRequest r{"1.16.0", msgpack("\x80"), {false, true, true, true}};
  EXPECT_TRUE(v6::to_proto(r).client_capabilities().computed_blocks_allowed());
  auto five = support::round_trip_v5(r);
  ASSERT_TRUE(five);
  EXPECT_TRUE(five->client_capabilities.write_only_attributes_allowed);
  EXPECT_FALSE(five->client_capabilities.store_planned_private);
  EXPECT_FALSE(five->client_capabilities.computed_blocks_allowed);
}

TEST(ConvertProvider, StopRoundTripsItsErrorText) {
  expect_round_trips(protocol::StopProviderRequest{});
  expect_round_trips(protocol::StopProviderResponse{"still busy"});
  expect_round_trips(protocol::StopProviderResponse{});
}

TEST(ConvertProvider, EmptyConfigLeavesTheFieldUnset) {
  // terraform-plugin-go rejects a present DynamicValue with neither encoding.
  EXPECT_FALSE(v6::to_proto(protocol::ValidateProviderConfigRequest{}).has_config());
  EXPECT_TRUE(v6::to_proto(protocol::ValidateProviderConfigRequest{msgpack("\xc0")}).has_config());
}

}  // namespace
}  // namespace tfc::wire
