// Provider misbehaviour is never an exception: whatever a provider returns for the planned or
// new object (random JSON of any shape, random unknown mirrors), running a vector yields an
// output line, and a conforming input never turns into an input error.
#include <random>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "oracle/vector_check.hpp"
#include "oracle/vector_file.hpp"
#include "tests/oracle/oracle_test_support.hpp"

namespace tfc::oracle {
namespace {

using nlohmann::json;

const char* kKeys[] = {"id", "name", "rule", "port", "tags", "d", "value", "type", "disk", "size", "x"};

json random_json(std::mt19937& rng, int depth) {
  std::uniform_int_distribution<int> kind(0, depth > 3 ? 4 : 7);
  switch (kind(rng)) {
    case 0: return nullptr;
    case 1: return rng() % 2 == 0;
    case 2: return static_cast<int>(rng() % 100) - 50;
    case 3: return std::string(1 + rng() % 3, static_cast<char>('a' + rng() % 3));
    case 4: return 0.5 * static_cast<double>(rng() % 7);
    case 5: {
      json a = json::array();
      for (unsigned i = 0, n = rng() % 4; i < n; ++i) a.push_back(random_json(rng, depth + 1));
      return a;
    }
    default: {
      json o = json::object();
      for (unsigned i = 0, n = rng() % 5; i < n; ++i) o[kKeys[rng() % std::size(kKeys)]] = random_json(rng, depth + 1);
      if (rng() % 4 == 0) o["type"] = rng() % 2 == 0 ? json("string") : json::parse(R"(["list","number"])");
      return o;
    }
  }
}

const char* kRobustnessSchema =
    R"({"attributes": {"id": {"type": "string", "computed": true}, "tags": {"type": ["map", "string"], "optional": true},
  "d": {"type": "dynamic", "optional": true}, "x": {"nested_type": {"nesting_mode": "set", "attributes": {"size": {"type": "number", "optional": true}}}, "optional": true}},
  "block_types": {"rule": {"nesting_mode": "list", "block": {"attributes": {"port": {"type": "number", "optional": true}, "d": {"type": "dynamic", "optional": true}}}},
    "disk": {"nesting_mode": "set", "block": {"attributes": {"size": {"type": "number", "optional": true, "computed": true}}}},
    "name": {"nesting_mode": "map", "block": {"attributes": {"value": {"type": "string", "optional": true}}}}}})";

const char* kConforming = R"({"id": "i", "tags": {"a": "b"}, "d": {"value": "s", "type": "string"}, "x": [{"size": 1}],
  "rule": {"value": [{"port": 1, "d": {"value": 2, "type": "number"}}], "type": ["tuple", [["object", {"port": "number", "d": "dynamic"}]]]},
  "disk": [{"size": 3}], "name": {"k": {"value": "v"}}})";

RC_GTEST_PROP(Robustness, AnyProviderObjectGivesAnOutputLine, (unsigned seed)) {
  std::mt19937 rng(seed);
  const json conforming = json::parse(kConforming);
  json produced = rng() % 3 == 0 ? random_json(rng, 0) : conforming;
  if (produced.is_object() && rng() % 2 == 0) {
    produced[kKeys[rng() % std::size(kKeys)]] = random_json(rng, 1);  // one attribute replaced
  }
  const json mirror = rng() % 2 == 0 ? random_json(rng, 1) : json();
  for (const char* check : {"plan", "apply", "plan-final"}) {
    json doc = {{"name", "random"}, {"check", check}, {"schema", json::parse(kRobustnessSchema)}};
    if (std::string(check) == "plan")
      doc["values"] = {
          {"prior", conforming}, {"config", conforming}, {"planned", produced}, {"planned_unknown", mirror}};
    if (std::string(check) == "apply")
      doc["values"] = {{"planned", conforming}, {"new", produced}, {"new_unknown", mirror}};
    if (std::string(check) == "plan-final")
      doc["values"] = {{"initial_planned", conforming}, {"planned", produced}, {"planned_unknown", mirror}};
    auto vectors = parse_vectors(doc.dump(), "random.json");
    RC_ASSERT(vectors.has_value());
    auto out = run_vector(vectors->front());
    RC_ASSERT(out.has_value());  // the provider's object is never an input error
    RC_ASSERT((*out)["violations"].is_array());
  }
}

RC_GTEST_PROP(Robustness, MalformedVectorsAreErrorsNotCrashes, (unsigned seed)) {
  std::mt19937 rng(seed);
  json doc = rng() % 4 == 0 ? random_json(rng, 0)
                            : json{{"name", "random"},
                                   {"check", rng() % 2 == 0 ? "proposed" : "plan"},
                                   {"schema", rng() % 3 == 0 ? random_json(rng, 1) : json::parse(kRobustnessSchema)}};
  if (doc.is_object() && rng() % 4 != 0) {
    doc["values"] = {{"prior", random_json(rng, 1)},
                     {"config", random_json(rng, 1)},
                     {"planned", random_json(rng, 1)},
                     {"config_unknown", random_json(rng, 2)},
                     {"prior_refinements", random_json(rng, 2)}};
    if (rng() % 3 == 0) doc["requires_replace"] = random_json(rng, 2);
  }
  auto vectors = parse_vectors(doc.dump(), "random.json");
  if (!vectors) {
    RC_ASSERT(vectors.error().message.find("random.json") == 0);
    return;
  }
  for (const Vector& v : *vectors) {
    auto out = run_vector(v);
    if (!out) RC_ASSERT(out.error().message.find("random.json: vector 0") == 0);
  }
}

TEST(Robustness, ConformingObjectsOfEveryShapeAreValid) {
  const json conforming = json::parse(kConforming);
  json doc = {{"name", "same"},
              {"check", "apply"},
              {"schema", json::parse(kRobustnessSchema)},
              {"values", {{"planned", conforming}, {"new", conforming}}}};
  auto vectors = parse_vectors(doc.dump(), "same.json");
  ASSERT_TRUE(vectors.has_value()) << vectors.error().message;
  auto out = run_vector(vectors->front());
  ASSERT_TRUE(out.has_value()) << out.error().message;
  EXPECT_EQ((*out)["violations"], json::array());
}

}  // namespace
}  // namespace tfc::oracle
