// Type selection: globs, and shards that split the types into disjoint, covering parts.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <set>

#include "conformance/suite/selection.hpp"

namespace tfc::conformance {
namespace {

TEST(Glob, MatchesLikeAShell) {
  EXPECT_TRUE(glob_match("aws_*", "aws_instance"));
  EXPECT_FALSE(glob_match("aws_*", "google_instance"));
  EXPECT_TRUE(glob_match("*_instance", "aws_instance"));
  EXPECT_TRUE(glob_match("aws_?3_*", "aws_s3_bucket"));
  EXPECT_TRUE(glob_match("tfc_[ab]*", "tfc_bucket"));
  EXPECT_FALSE(glob_match("tfc_[!ab]*", "tfc_bucket"));
  EXPECT_TRUE(glob_match("tfc_[a-c]x", "tfc_bx"));
  EXPECT_TRUE(glob_match("*", ""));
  EXPECT_FALSE(glob_match("a", "ab"));
  EXPECT_TRUE(glob_match("a*b*c", "aXXbYYc"));
}

TEST(Shard, ParsesKOverNAndRejectsTheRest) {
  auto s = parse_shard("2/4");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->index, 2u);
  EXPECT_EQ(s->count, 4u);
  for (const char* bad : {"0/2", "3/2", "1/0", "x/2", "1", "1/2/3", ""}) {
    const auto r = parse_shard(bad);
    ASSERT_FALSE(r) << bad;
    EXPECT_NE(r.error().message.find("--shard"), std::string::npos);
  }
}

schema::ProviderSchema schema_with(std::size_t resources, std::size_t data_sources) {
  schema::ProviderSchema s;
  for (std::size_t i = 0; i < resources; ++i) s.resource_schemas["res_" + std::to_string(i)] = {};
  for (std::size_t i = 0; i < data_sources; ++i) s.data_source_schemas["data_" + std::to_string(i)] = {};
  return s;
}

RC_GTEST_PROP(Shard, ShardsPartitionTheSelectedTypes, ()) {
  const auto resources = *rc::gen::inRange<std::size_t>(0, 40);
  const auto data = *rc::gen::inRange<std::size_t>(0, 10);
  const auto count = *rc::gen::inRange<std::size_t>(1, 8);
  const auto schema = schema_with(resources, data);
  std::multiset<std::string> seen;
  std::size_t biggest = 0, smallest = SIZE_MAX;
  for (std::size_t k = 1; k <= count; ++k) {
    const auto part = select_types(schema, {}, CaseKind::Lifecycle, true, {k, count});
    biggest = std::max(biggest, part.size());
    smallest = std::min(smallest, part.size());
    for (const auto& t : part) seen.insert(t.name);
  }
  RC_ASSERT(seen.size() == resources + data);
  RC_ASSERT(std::set<std::string>(seen.begin(), seen.end()).size() == seen.size());
  RC_ASSERT(biggest - smallest <= 1);  // round-robin keeps shards balanced
}

TEST(Selection, GlobsPickTypesAndDataSourcesCanBeLeftOut) {
  const auto schema = schema_with(3, 2);
  const auto picked = select_types(schema, {"res_1", "data_*"}, CaseKind::PlanOnly, true, {});
  ASSERT_EQ(picked.size(), 3u);
  EXPECT_EQ(picked[0].name, "data_0");
  EXPECT_EQ(picked[0].kind, CaseKind::Data);
  EXPECT_EQ(picked[2].name, "res_1");
  EXPECT_EQ(picked[2].kind, CaseKind::PlanOnly);
  EXPECT_EQ(select_types(schema, {}, CaseKind::Lifecycle, false, {}).size(), 3u);
}

}  // namespace
}  // namespace tfc::conformance

namespace tfc::conformance {
namespace {

TEST(Selection, EveryFamilyIsSelectedByTheSameGlobs) {
  schema::ProviderSchema s;
  s.resource_schemas["tfc_thing"] = {};
  s.data_source_schemas["tfc_thing"] = {};
  s.functions["tfc_upper"] = nlohmann::json::object();
  s.ephemeral_resource_schemas["tfc_token"] = {};
  s.list_resource_schemas["tfc_thing"] = {};
  s.action_schemas["tfc_notify"] = {};
  auto names = [](const std::vector<SelectedType>& types) {
    std::vector<std::string> out;
    for (const auto& t : types) out.push_back(std::string(1, static_cast<char>(t.kind)) + ":" + t.name);
    return out;
  };
  // Sorted by family label: action, data, ephemeral, function, list, resource.
  EXPECT_EQ(names(select_types(s, {}, CaseKind::PlanOnly, true, {})),
            (std::vector<std::string>{"x:tfc_notify", "d:tfc_thing", "e:tfc_token", "f:tfc_upper", "l:tfc_thing",
                                      "p:tfc_thing"}));
  EXPECT_EQ(names(select_types(s, {"tfc_t*"}, CaseKind::Lifecycle, false, {})),
            (std::vector<std::string>{"e:tfc_token", "l:tfc_thing", "a:tfc_thing"}));
}

}  // namespace
}  // namespace tfc::conformance
