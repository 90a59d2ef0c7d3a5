// Block lookups, sorting, nesting-mode strings and deep equality (block.hpp).
#include "proto/schema/block.hpp"

#include <gtest/gtest.h>

namespace tfc::schema {
namespace {

Attribute attr(std::string name, cty::Type type) {
  Attribute a;
  a.name = std::move(name);
  a.type = std::move(type);
  a.optional = true;
  return a;
}

NestedBlock block_type(std::string name, NestingMode nesting, Block body = {}) {
  NestedBlock nb;
  nb.type_name = std::move(name);
  nb.nesting = nesting;
  nb.block = std::make_shared<const Block>(std::move(body));
  return nb;
}

TEST(Block, FindsAttributesAndBlockTypesByNameEvenBeforeSorting) {
  Block b;
  b.attributes = {attr("zone", cty::Type::string()), attr("id", cty::Type::number())};
  b.block_types = {block_type("rule", NestingMode::List), block_type("opt", NestingMode::Single)};
  ASSERT_NE(b.find_attribute("id"), nullptr);
  EXPECT_EQ(*b.find_attribute("id")->type, cty::Type::number());
  ASSERT_NE(b.find_block_type("opt"), nullptr);
  EXPECT_EQ(b.find_block_type("opt")->nesting, NestingMode::Single);
  EXPECT_EQ(b.find_attribute("rule"), nullptr) << "block types are not attributes";
  EXPECT_EQ(b.find_block_type("id"), nullptr);
  EXPECT_EQ(b.find_attribute(""), nullptr);
}

TEST(Block, SortOrdersByNameAndKeepsDuplicatesInTheirOrder) {
  Block b;
  b.attributes = {attr("zone", cty::Type::string()), attr("dup", cty::Type::string()), attr("dup", cty::Type::number()),
                  attr("a", cty::Type::boolean())};
  b.block_types = {block_type("y", NestingMode::Set), block_type("b", NestingMode::Map)};
  b.sort();
  ASSERT_EQ(b.attributes.size(), 4u);
  EXPECT_EQ(b.attributes[0].name, "a");
  EXPECT_EQ(b.attributes[1].name, "dup");
  EXPECT_EQ(*b.attributes[1].type, cty::Type::string()) << "stable: the first duplicate stays first";
  EXPECT_EQ(*b.attributes[2].type, cty::Type::number());
  EXPECT_EQ(b.attributes[3].name, "zone");
  EXPECT_EQ(b.block_types[0].type_name, "b");
  EXPECT_EQ(b.block_types[1].type_name, "y");
  EXPECT_EQ(b.find_attribute("dup"), &b.attributes[1]) << "lookup returns the first occurrence";
}

TEST(Block, NestingModeStringsRoundTrip) {
  const std::pair<NestingMode, const char*> table[] = {{NestingMode::Single, "single"},
                                                       {NestingMode::List, "list"},
                                                       {NestingMode::Set, "set"},
                                                       {NestingMode::Map, "map"},
                                                       {NestingMode::Group, "group"}};
  for (const auto& [mode, text] : table) {
    EXPECT_EQ(to_string(mode), text);
    EXPECT_EQ(nesting_mode_from_string(text), mode);
  }
  EXPECT_EQ(nesting_mode_from_string("SINGLE"), std::nullopt);
  EXPECT_EQ(nesting_mode_from_string(""), std::nullopt);
  EXPECT_EQ(nesting_mode_from_string("invalid"), std::nullopt);
}

TEST(Block, EqualityComparesNestedBlocksAndTypesByContent) {
  Block inner;
  inner.attributes = {attr("port", cty::Type::number())};
  Block a;
  a.block_types = {block_type("rule", NestingMode::List, inner)};
  Block b;
  b.block_types = {block_type("rule", NestingMode::List, inner)};  // a distinct shared_ptr
  EXPECT_EQ(a, b);

  Block changed_inner = inner;
  changed_inner.attributes[0].computed = true;
  b.block_types = {block_type("rule", NestingMode::List, changed_inner)};
  EXPECT_NE(a, b);

  Block missing_body;
  missing_body.block_types = {block_type("rule", NestingMode::List)};
  missing_body.block_types[0].block = nullptr;
  Block empty_body;
  empty_body.block_types = {block_type("rule", NestingMode::List)};
  EXPECT_EQ(missing_body, empty_body) << "a missing nested block equals an empty one";

  Attribute n1 = attr("obj", cty::Type::string());
  n1.type.reset();
  auto nt = std::make_shared<NestedType>();
  nt->nesting = NestingMode::Set;
  nt->attributes = {attr("k", cty::Type::string())};
  n1.nested_type = nt;
  Attribute n2 = n1;
  auto nt2 = std::make_shared<NestedType>(*nt);
  n2.nested_type = nt2;
  EXPECT_EQ(n1, n2);
  nt2->nesting = NestingMode::List;
  EXPECT_NE(n1, n2);
  n2.nested_type = nullptr;
  EXPECT_NE(n1, n2);
}

TEST(Block, SchemaEqualityIncludesTheVersion) {
  Schema a;
  Schema b;
  EXPECT_EQ(a, b);
  b.version = 2;
  EXPECT_NE(a, b);
}

}  // namespace
}  // namespace tfc::schema
