// Hints files: parsing with path-naming errors, checking against a schema, and configurations
// that obey fixed values, value lists, ranges, patterns, omit/always and examples.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstdio>
#include <fstream>

#include "generators/config_gen.hpp"
#include "generators/hints.hpp"
#include "generators/prior_state_gen.hpp"
#include "proto/schema/schema_json.hpp"
#include "proto/schema/tf_json.hpp"

namespace tfc::gen {
namespace {

using nlohmann::json;

const char* kHintsSchema = R"({
  "attributes": {
    "length": {"type": "number", "required": true},
    "ratio": {"type": "number", "optional": true},
    "special": {"type": "bool", "optional": true},
    "name": {"type": "string", "optional": true},
    "kind": {"type": "string", "optional": true},
    "zones": {"type": ["list", "string"], "optional": true},
    "keepers": {"type": ["map", "string"], "optional": true},
    "result": {"type": "string", "computed": true},
    "endpoint": {"nested_type": {"nesting_mode": "single", "attributes": {"url": {"type": "string", "optional": true}}},
                 "optional": true}
  },
  "block_types": {
    "rule": {"nesting_mode": "list", "block": {"attributes": {"port": {"type": "number", "required": true}}}},
    "extra": {"nesting_mode": "single", "block": {"attributes": {"v": {"type": "string", "optional": true}}}}
  }})";

const char* kHints = R"({"resources": {"random_string": {
  "attributes": {
    "length": {"range": [1, 64], "integer": true},
    "ratio": {"range": [0.5, 2.5]},
    "special": {"value": true},
    "kind": {"values": ["a", "b", "c"]},
    "name": {"pattern": "[a-z][a-z0-9-]{2,10}", "always": true},
    "zones": {"pattern": "z[0-9]"},
    "keepers": "omit",
    "endpoint.url": {"pattern": "https://[a-z]+\\.example"},
    "rule.port": {"range": [1000, 1010], "integer": true},
    "rule": "always",
    "extra": {"omit": true}
  },
  "examples": [{"length": 8, "name": "abc", "rule": [{"port": 1000}]}]}}})";

schema::Block hints_schema() { return *schema::block_from_json(json::parse(kHintsSchema)); }

HintsFile hints_under_test() {
  auto h = parse_hints(json::parse(kHints), "hints.json");
  EXPECT_TRUE(h.has_value()) << (h ? "" : h.error().message);
  return h ? *h : HintsFile{};
}

TEST(Hints, ParsesTheDocumentedForm) {
  const HintsFile file = hints_under_test();
  const Hints& h = file.for_resource("random_string");
  EXPECT_EQ(h.resource, "random_string");
  ASSERT_NE(h.find("length"), nullptr);
  EXPECT_TRUE(h.find("length")->integer);
  EXPECT_EQ(h.find("length")->range_max->canonical(), "64");
  EXPECT_TRUE(h.find("keepers")->omit);
  EXPECT_TRUE(h.find("rule")->always);
  EXPECT_EQ(h.examples.size(), 1u);
  EXPECT_TRUE(file.for_resource("other").attributes.empty());
  EXPECT_TRUE(check_hints(h, hints_schema()).has_value());
}

TEST(Hints, ParseErrorsNameFileResourceAndPath) {
  struct Case {
    const char* doc;
    const char* message;
  };
  const Case cases[] = {
      {R"({"resources": {"r": {"attributes": {"a": {"range": [5, 1]}}}}})",
       "h.json: resources.r.attributes.a.range: min 5 is above max 1"},
      {R"J({"resources": {"r": {"attributes": {"a.b": {"pattern": "(x"}}}}})J",
       "h.json: resources.r.attributes.a.b.pattern: pattern \"(x\": missing closing ) at position 0"},
      {R"({"resources": {"r": {"attributes": {"a": "sometimes"}}}})",
       "h.json: resources.r.attributes.a: expected \"omit\", \"always\" or an object, got \"sometimes\""},
      {R"({"resources": {"r": {"attributes": {"a": {"colour": 1}}}}})",
       "h.json: resources.r.attributes.a.colour: unknown hint (expected value, values, range, integer, pattern, omit, "
       "always, known, reference or forces_replacement)"},
      {R"({"resources": {"r": {"attributes": {"a": {"omit": true, "value": 1}}}}})",
       "h.json: resources.r.attributes.a: omit cannot be combined with other hints"},
      {R"({"resources": {"r": {"examples": [1]}}})",
       "h.json: resources.r.examples[0]: expected an object (a resource body)"},
      {R"({"resources": {"r": {"attributes": {"a": {"range": [1.2, 1.8], "integer": true}}}}})",
       "h.json: resources.r.attributes.a.range: contains no whole number"},
      {R"({"resource": {}})",
       "h.json: resource: unknown key (expected resources, data_sources, ephemeral_resources, actions or "
       "list_resources)"},
      {R"({"resources": {"r": {"groups": [{"at_most_one": ["a"]}]}}})",
       "h.json: resources.r.groups[0].at_most_one: expected an array of at least two attribute paths"},
      {R"({"resources": {"r": {"groups": [{"some_of": ["a", "b"]}]}}})",
       "h.json: resources.r.groups[0].some_of: unknown group (expected at_most_one, exactly_one, at_least_one or "
       "all_or_none)"},
      {R"({"resources": {"r": {"groups": [{"exactly_one": ["a", "x.b"]}]}}})",
       "h.json: resources.r.groups[0].exactly_one: the paths of a group must share their parent (a, x.b)"},
  };
  for (const Case& c : cases) {
    auto h = parse_hints(json::parse(c.doc), "h.json");
    ASSERT_FALSE(h.has_value()) << c.doc;
    EXPECT_EQ(h.error().message, c.message);
  }
}

TEST(Hints, LoadErrorsNameTheFile) {
  auto missing = load_hints_file("/nonexistent/hints.json");
  ASSERT_FALSE(missing.has_value());
  EXPECT_EQ(missing.error().message, "/nonexistent/hints.json: cannot open hints file");
  const std::string path = ::testing::TempDir() + "gens_hints_bad.json";
  std::ofstream(path) << "{\"resources\": ";
  auto bad = load_hints_file(path);
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().message.rfind(path + ": not valid JSON: ", 0), 0u) << bad.error().message;
  EXPECT_NE(bad.error().message.find("line 1, column"), std::string::npos) << bad.error().message;
  std::ofstream(path) << kHints;
  auto good = load_hints_file(path);
  ASSERT_TRUE(good.has_value());
  EXPECT_EQ(good->for_resource("random_string").file, path);
  std::remove(path.c_str());
}

TEST(Hints, ForcesReplacementIsReadWrittenAndCheckedOnTopLevelMembers) {
  const json doc = json::parse(R"({"resources": {"r": {"attributes": {
    "name": {"forces_replacement": true}, "rule": {"forces_replacement": true},
    "keepers": {"omit": true, "forces_replacement": true}}}}})");
  auto file = parse_hints(doc, "h.json");
  ASSERT_TRUE(file) << file.error().message;
  const Hints& h = file->for_resource("r");
  EXPECT_TRUE(h.find("name")->forces_replacement);
  EXPECT_TRUE(h.find("rule")->forces_replacement);
  EXPECT_TRUE(h.find("keepers")->omit);
  EXPECT_FALSE(h.find("name")->shapes_values());
  EXPECT_TRUE(check_hints(h, hints_schema()).has_value());
  EXPECT_EQ(hints_file_to_json(*file), doc);
  auto bad = parse_hints(json::parse(R"({"resources": {"r": {"attributes": {"name": {"forces_replacement": 1}}}}})"),
                         "h.json");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("attributes.name.forces_replacement"), std::string::npos) << bad.error().message;
}

TEST(Hints, SchemaCheckErrorsNameFileResourceAndPath) {
  const schema::Block block = hints_schema();
  struct Case {
    const char* attributes;
    const char* message;
  };
  const Case cases[] = {
      {R"({"nope": "always"})", "h.json: resource r: attribute nope: no such attribute or block type in the schema"},
      {R"({"rule.nope": "always"})",
       "h.json: resource r: attribute rule.nope: no such attribute or block type in the schema"},
      {R"({"result": {"value": "x"}})",
       "h.json: resource r: attribute result: computed-only attribute cannot be configured"},
      {R"({"length": "omit"})", "h.json: resource r: attribute length: required attribute cannot be omitted"},
      {R"({"name": {"range": [1, 2]}})",
       "h.json: resource r: attribute name: range/integer given for a string attribute"},
      {R"({"length": {"pattern": "a"}})", "h.json: resource r: attribute length: pattern given for a number attribute"},
      {R"({"zones": {"value": "x"}})",
       "h.json: resource r: attribute zones: value: zones: expected an array, got a string"},
      {R"({"rule": {"value": 1}})", "h.json: resource r: block rule: only omit and always apply to blocks"},
      {R"({"endpoint.url": {"forces_replacement": true}})",
       "h.json: resource r: attribute endpoint.url: forces_replacement applies to top-level attributes and blocks"},
  };
  for (const Case& c : cases) {
    json doc = {{"resources", {{"r", {{"attributes", json::parse(c.attributes)}}}}}};
    auto h = parse_hints(doc, "h.json");
    ASSERT_TRUE(h.has_value()) << h.error().message;
    auto checked = check_hints(h->for_resource("r"), block);
    ASSERT_FALSE(checked.has_value()) << c.attributes;
    EXPECT_EQ(checked.error().message, c.message);
  }
  json doc = {{"resources", {{"r", {{"examples", json::parse(R"([{"length": 1}, {"length": "x"}])")}}}}}};
  auto bad_example = check_hints(parse_hints(doc, "h.json")->for_resource("r"), block);
  ASSERT_FALSE(bad_example.has_value());
  EXPECT_EQ(bad_example.error().message, "h.json: resource r: examples[1]: length: expected a number, got a string");
}

RC_GTEST_PROP(Hints, GeneratedConfigsObeyTheHints, ()) {
  static const schema::Block block = hints_schema();
  static const HintsFile file = hints_under_test();
  static const Pattern name_pattern = *parse_pattern("[a-z][a-z0-9-]{2,10}");
  static const Pattern url_pattern = *parse_pattern("https://[a-z]+\\.example");
  ConfigOptions options;
  options.example_percent = 0;
  const cty::Value v = *config_of(block, file.for_resource("random_string"), options);
  const cty::Number& length = v.attribute("length")->as_number();
  RC_ASSERT(length.is_integer());
  RC_ASSERT(compare(length, cty::Number(1)) >= 0 && compare(length, cty::Number(64)) <= 0);
  if (!v.attribute("ratio")->is_null()) {
    const cty::Number& r = v.attribute("ratio")->as_number();
    RC_ASSERT(compare(r, cty::Number(0.5)) >= 0 && compare(r, cty::Number(2.5)) <= 0);
  }
  if (!v.attribute("special")->is_null()) RC_ASSERT(v.attribute("special")->as_bool());
  if (!v.attribute("kind")->is_null()) {
    const std::string& k = v.attribute("kind")->as_string();
    RC_ASSERT(k == "a" || k == "b" || k == "c");
  }
  RC_ASSERT(!v.attribute("name")->is_null());  // always
  RC_ASSERT(pattern_matches(name_pattern, v.attribute("name")->as_string()));
  if (!v.attribute("zones")->is_null()) {
    for (const cty::Value& z : v.attribute("zones")->elements())
      RC_ASSERT(pattern_matches(*parse_pattern("z[0-9]"), z.as_string()));
  }
  RC_ASSERT(v.attribute("keepers")->is_null());  // omit
  const cty::Value& endpoint = *v.attribute("endpoint");
  if (!endpoint.is_null() && !endpoint.attribute("url")->is_null()) {
    RC_ASSERT(pattern_matches(url_pattern, endpoint.attribute("url")->as_string()));
  }
  RC_ASSERT(v.attribute("rule")->length() >= 1u);  // always
  for (const cty::Value& rule : v.attribute("rule")->elements()) {
    const cty::Number& port = rule.attribute("port")->as_number();
    RC_ASSERT(compare(port, cty::Number(1000)) >= 0 && compare(port, cty::Number(1010)) <= 0);
  }
  RC_ASSERT(v.attribute("extra")->is_null());  // omit on a block
}

TEST(Hints, ExamplesAreUsedAndMutated) {
  const schema::Block block = hints_schema();
  const HintsFile file = hints_under_test();
  const cty::Value example = *schema::config_from_tf_json(file.for_resource("random_string").examples[0], block, "");
  ConfigOptions always_example;
  always_example.example_percent = 100;
  always_example.mutate_percent = 0;
  auto exact = config_of(block, file.for_resource("random_string"), always_example);
  for (int seed = 0; seed < 20; ++seed) EXPECT_TRUE(raw_equals(exact(rc::Random(seed), 50).value(), example));
  ConfigOptions mutating;
  mutating.example_percent = 100;
  mutating.mutate_percent = 30;
  auto mutated = config_of(block, file.for_resource("random_string"), mutating);
  int differs = 0, keeps_name = 0;
  for (int seed = 0; seed < 50; ++seed) {
    const cty::Value v = mutated(rc::Random(seed), 50).value();
    if (!raw_equals(v, example)) ++differs;
    if (raw_equals(*v.attribute("name"), *example.attribute("name"))) ++keeps_name;
  }
  EXPECT_GT(differs, 20);
  EXPECT_GT(keeps_name, 20);
}

TEST(Hints, PriorStatesFollowValueHints) {
  const schema::Block block = hints_schema();
  const HintsFile file = hints_under_test();
  auto g = prior_state_of(block, file.for_resource("random_string"));
  for (int seed = 0; seed < 30; ++seed) {
    const cty::Value v = g(rc::Random(seed), 50).value();
    EXPECT_TRUE(v.is_wholly_known());
    const auto length = v.attribute("length")->as_number().to_int64();
    ASSERT_TRUE(length.has_value());
    EXPECT_GE(*length, 1);
    EXPECT_LE(*length, 64);
    EXPECT_FALSE(v.attribute("result")->is_null());
  }
}

}  // namespace
}  // namespace tfc::gen

namespace tfc::gen {
namespace {

TEST(Hints, ReferencesAndUpstreamHintsRoundTrip) {
  const char* doc = R"({"resources": {"x_cert": {
    "attributes": {"private_key_pem": {"reference": "x_key.private_key_pem"}},
    "upstream": {"x_key": {"attributes": {"algorithm": {"values": ["RSA"]}}, "examples": [{"algorithm": "RSA"}]}}}}})";
  auto file = parse_hints(json::parse(doc), "h.json");
  ASSERT_TRUE(file.has_value()) << file.error().message;
  const Hints& h = file->for_resource("x_cert");
  ASSERT_NE(h.find("private_key_pem"), nullptr);
  EXPECT_EQ(h.find("private_key_pem")->reference, (ReferenceHint{"x_key", "private_key_pem"}));
  EXPECT_EQ(h.upstream_hints("x_key").find("algorithm")->values.size(), 1u);
  EXPECT_TRUE(h.upstream_hints("x_other").empty());
  auto again = parse_hints(hints_file_to_json(*file), "again.json");
  ASSERT_TRUE(again.has_value()) << again.error().message;
  EXPECT_EQ(hints_to_json(again->for_resource("x_cert")), hints_to_json(h));
}

TEST(Hints, AReferenceNamesATypeAndOneAttributeAtTheTopLevel) {
  for (const char* bad : {R"("x_key")", R"("x_key.a.b")", R"(".a")", R"(3)"}) {
    const std::string doc = std::string(R"({"resources": {"r": {"attributes": {"a": {"reference": )") + bad + "}}}}}";
    auto h = parse_hints(json::parse(doc), "h.json");
    ASSERT_FALSE(h.has_value()) << bad;
    EXPECT_NE(h.error().message.find("h.json: resources.r.attributes.a.reference: expected \"TYPE.ATTRIBUTE\""),
              std::string::npos)
        << h.error().message;
  }
  const schema::Block block = *schema::block_from_json(json::parse(R"({"attributes": {
      "outer": {"nested_type": {"nesting_mode": "single", "attributes": {"pem": {"type": "string", "optional": true}}},
                "optional": true}}})"));
  Hints nested;
  nested.file = "h.json";
  nested.resource = "r";
  nested.attributes["outer.pem"].reference = ReferenceHint{"x_key", "private_key_pem"};
  auto checked = check_hints(nested, block);
  ASSERT_FALSE(checked.has_value());
  EXPECT_NE(checked.error().message.find("only a top-level attribute"), std::string::npos);
}

}  // namespace
}  // namespace tfc::gen
