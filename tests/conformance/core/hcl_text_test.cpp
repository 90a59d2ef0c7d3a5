// Counterexamples as Terraform language text.
#include <gtest/gtest.h>

#include "conformance/core/hcl_text.hpp"
#include "proto/schema/implied_type.hpp"
#include "proto/schema/schema_json.hpp"
#include "proto/schema/tf_json.hpp"
#include "tests/conformance/memory_provider.hpp"

namespace tfc::conformance {
namespace {

TEST(HclText, WritesAttributesBlocksAndEscapes) {
  const auto schema = testing::MemoryProvider::thing_schema();
  const auto config = schema::config_from_tf_json(
      nlohmann::json::parse(
          R"({"name": "a\"b ${x}\n", "tags": {"env": "prod"}, "rule": [{"port": 80}, {"port": 443}]})"),
      schema.block, "test");
  ASSERT_TRUE(config) << config.error().message;
  EXPECT_EQ(hcl_block_text("resource", "mem_thing", "test", schema.block, *config),
            "resource \"mem_thing\" \"test\" {\n"
            "  name = \"a\\\"b $${x}\\n\"\n"
            "  tags = { \"env\" = \"prod\" }\n"
            "  rule {\n    port = 80\n  }\n"
            "  rule {\n    port = 443\n  }\n"
            "}\n");
}

TEST(HclText, ValuesOfEveryKind) {
  EXPECT_EQ(hcl_value_text(cty::Value::unknown(cty::Type::string())), "(known after apply)");
  EXPECT_EQ(hcl_value_text(cty::Value::number(cty::Number(2.5))), "2.5");
  EXPECT_EQ(hcl_value_text(cty::Value::boolean(true)), "true");
  EXPECT_EQ(hcl_value_text(cty::Value::list(cty::Type::string(), {cty::Value::string("a"), cty::Value::string("b")})),
            "[\"a\", \"b\"]");
  EXPECT_EQ(
      hcl_value_text(cty::Value::object({{"x", cty::Value::string("y")}, {"not ident", cty::Value::boolean(false)}})),
      "{ \"not ident\" = false, x = \"y\" }");
  EXPECT_EQ(hcl_value_text(cty::Value::map(cty::Type::string(), {})), "{}");
}

TEST(HclText, ADoubleIsWrittenExactly) {
  // Terraform reads a number literal with arbitrary precision: the exact expansion makes it
  // read the very double the case sent (a reproduction must not differ in the last digit).
  EXPECT_EQ(hcl_value_text(cty::Value::number(cty::Number(0.1))),
            "0.1000000000000000055511151231257827021181583404541015625");
  EXPECT_EQ(hcl_value_text(cty::Value::number(cty::Number(2.5))), "2.5");
}

// Nested blocks of every nesting mode: a list whose elements hold a single block, a set, a map
// and a single block.
schema::Block blocks_schema() {
  auto b = schema::block_from_json(nlohmann::json::parse(R"({
      "attributes": {"name": {"type": "string", "required": true}, "id": {"type": "string", "computed": true}},
      "block_types": {
        "boot": {"nesting_mode": "single", "block": {"attributes": {"image": {"type": "string", "optional": true}}}},
        "disk": {"nesting_mode": "list", "block": {
          "attributes": {"size_gb": {"type": "number", "required": true},
                         "label": {"type": "string", "optional": true},
                         "serial": {"type": "string", "computed": true}},
          "block_types": {"encryption": {"nesting_mode": "single",
                                         "block": {"attributes": {"algorithm": {"type": "string", "optional": true}}}}}}},
        "nic": {"nesting_mode": "set", "block": {"attributes": {"network": {"type": "string", "required": true}}}},
        "part": {"nesting_mode": "map", "block": {"attributes": {"n": {"type": "number", "optional": true}}}}}})"));
  EXPECT_TRUE(b.has_value()) << b.error().message;
  return *b;
}

/// `value` with the attributes `names` made wholly unknown.
cty::Value with_unknown(const cty::Value& value, const std::vector<std::string>& names) {
  std::vector<cty::Value> values = value.attribute_values();
  const auto& attrs = value.type().attributes();
  for (std::size_t i = 0; i < attrs.size(); ++i) {
    if (std::find(names.begin(), names.end(), attrs[i].name) != names.end())
      values[i] = cty::Value::unknown(values[i].type());
  }
  return cty::Value::object(value.type(), std::move(values));
}

TEST(HclText, AWholeUnknownCollectionOfBlocksIsADynamicBlockOverAnUnknownList) {
  const auto block = blocks_schema();
  const auto known = schema::config_from_tf_json(nlohmann::json::parse(R"({"name": "a",
      "disk": [{"size_gb": 10, "encryption": {"algorithm": "aes"}}, {"size_gb": 20, "label": "b"}],
      "nic": [{"network": "n1"}], "part": {"x": {"n": 1}}})"),
                                                 block, "test");
  ASSERT_TRUE(known) << known.error().message;
  std::vector<std::string> fed;  // what each unknown stands for at apply time
  UnknownWriter writer;
  writer.expression = [&](const cty::Value* k) {
    fed.push_back(k != nullptr ? hcl_value_text(*k) : "none");
    return "local.e" + std::to_string(fed.size());
  };
  const auto planned = with_unknown(*known, {"disk", "nic", "part"});
  EXPECT_EQ(hcl_block_text_with("resource", "t", "this", block, planned, *known, writer),
            "resource \"t\" \"this\" {\n"
            "  name = \"a\"\n"
            "  dynamic \"disk\" {\n"
            "    for_each = local.e1\n"
            "    content {\n"
            "      label = disk.value.label\n"
            "      size_gb = disk.value.size_gb\n"
            "      dynamic \"encryption\" {\n"
            "        for_each = [for b in [disk.value.encryption] : b if b != null]\n"
            "        content {\n"
            "          algorithm = encryption.value.algorithm\n"
            "        }\n"
            "      }\n"
            "    }\n"
            "  }\n"
            "  dynamic \"nic\" {\n"
            "    for_each = local.e2\n"
            "    content {\n"
            "      network = nic.value.network\n"
            "    }\n"
            "  }\n"
            "  dynamic \"part\" {\n"
            "    for_each = local.e3\n"
            "    labels = [part.key]\n"
            "    content {\n"
            "      n = part.value.n\n"
            "    }\n"
            "  }\n"
            "}\n");
  EXPECT_FALSE(writer.whole_block_unknown);
  ASSERT_EQ(fed.size(), 3u);
  EXPECT_EQ(fed[0],
            "[{ encryption = { algorithm = \"aes\" }, label = null, serial = null, size_gb = 10 }, "
            "{ encryption = null, label = \"b\", serial = null, size_gb = 20 }]");
  EXPECT_EQ(fed[2], "{ \"x\" = { n = 1 } }");
}

TEST(HclText, ABlockInsideABlockOfTheSameNameIteratesUnderItsOwnName) {
  auto inner = schema::block_from_json(nlohmann::json::parse(R"({"block_types": {"rule": {"nesting_mode": "list",
      "block": {"attributes": {"port": {"type": "number", "optional": true}},
                "block_types": {"rule": {"nesting_mode": "list",
                                         "block": {"attributes": {"port": {"type": "number", "optional": true}}}}}}}}})"));
  ASSERT_TRUE(inner) << inner.error().message;
  const auto known = schema::config_from_tf_json(
      nlohmann::json::parse(R"({"rule": [{"port": 1, "rule": [{"port": 2}]}]})"), *inner, "t");
  ASSERT_TRUE(known) << known.error().message;
  UnknownWriter writer;
  writer.expression = [](const cty::Value*) { return std::string("local.rules"); };
  const std::string text =
      hcl_block_text_with("resource", "t", "this", *inner, with_unknown(*known, {"rule"}), *known, writer);
  EXPECT_NE(text.find("      dynamic \"rule\" {\n        for_each = rule.value.rule\n        iterator = rule_\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("          port = rule_.value.port\n"), std::string::npos) << text;
}

TEST(HclText, ASingleBlockUnknownOnItsOwnIsNotWritten) {
  const auto block = blocks_schema();
  const auto known =
      schema::config_from_tf_json(nlohmann::json::parse(R"({"name": "a", "boot": {"image": "x"}})"), block, "test");
  ASSERT_TRUE(known) << known.error().message;
  UnknownWriter writer;
  writer.expression = [](const cty::Value*) { return std::string("local.e"); };
  const std::string text =
      hcl_block_text_with("resource", "t", "this", block, with_unknown(*known, {"boot"}), *known, writer);
  EXPECT_TRUE(writer.whole_block_unknown) << text;
  EXPECT_NE(text.find("# boot: (known after apply)"), std::string::npos) << text;
}

}  // namespace
}  // namespace tfc::conformance
