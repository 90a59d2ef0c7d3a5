// Tables of intent for proposed_new (seed 000 "Proposed New State"; docs/protocol.md §4.6).
#include "oracle/proposed_new.hpp"

#include "tests/oracle/oracle_test_support.hpp"

namespace tfc::oracle {
namespace {

using testing::block_of;
using testing::value_of;

struct ProposedCase {
  const char* name;
  const char* schema;
  const char* prior;
  const char* config;
  const char* config_unknown;
  const char* want;
  const char* want_unknown;
};

class ProposedTable : public ::testing::TestWithParam<ProposedCase> {};

TEST_P(ProposedTable, MergesAsCoreDoes) {
  const ProposedCase& c = GetParam();
  const auto block = block_of(c.schema);
  const auto got = proposed_new(block, value_of(block, c.prior), value_of(block, c.config, c.config_unknown));
  const auto want = value_of(block, c.want, c.want_unknown);
  EXPECT_TRUE(raw_equals(got, want)) << c.name << "\n got: " << got.to_display() << "\nwant: " << want.to_display();
}

// A set block whose elements hold a computed set-typed attribute: Core cannot descend into a
// nested set to correlate, so such prior elements never match a config element.
const char* kSetBlocks = R"({"block_types": {"disk": {"nesting_mode": "set", "block": {"attributes": {
    "size": {"type": "number", "required": true}, "kind": {"type": "string", "optional": true, "computed": true},
    "zones": {"type": ["set", "string"], "computed": true}}}}}})";

const char* kNestedSet = R"({"attributes": {"s": {"nested_type": {"nesting_mode": "set", "attributes": {
    "a": {"type": "string", "required": true}, "c": {"type": "string", "computed": true},
    "inner": {"nested_type": {"nesting_mode": "list", "attributes": {"x": {"type": "string", "optional": true},
      "y": {"type": "string", "computed": true}}}, "optional": true}}}, "optional": true}}})";

// An optional+computed nested attribute, inside a nested block, and a computed attribute.
const char* kRemovable = R"({"attributes": {"id": {"type": "string", "computed": true}},
  "block_types": {"b": {"nesting_mode": "single", "block": {"attributes": {
    "o": {"nested_type": {"nesting_mode": "map", "attributes": {"a": {"type": "string", "optional": true},
      "c": {"type": "string", "computed": true}}}, "optional": true, "computed": true}}}}}})";

INSTANTIATE_TEST_SUITE_P(
    Proposed, ProposedTable,
    ::testing::Values(
        ProposedCase{"an optional+computed nested attribute removed from config proposes null", kRemovable,
                     R"({"id": "i", "b": {"o": {"k": {"a": "set by config", "c": "x"}}}})",
                     R"({"id": null, "b": {"o": null}})", "null", R"({"id": "i", "b": {"o": null}})", "null"},
        ProposedCase{"an optional+computed nested attribute holding only computed values keeps the prior", kRemovable,
                     R"({"id": "i", "b": {"o": {"k": {"a": null, "c": "x"}}}})", R"({"id": null, "b": {"o": null}})",
                     "null", R"({"id": "i", "b": {"o": {"k": {"a": null, "c": "x"}}}})", "null"},
        ProposedCase{
            "set element matched by its non-computed values", kSetBlocks,
            R"({"disk": [{"size": 1, "kind": "ssd", "zones": null}, {"size": 2, "kind": "hdd", "zones": null}]})",
            R"({"disk": [{"size": 2, "kind": null, "zones": null}]})", "null",
            R"({"disk": [{"size": 2, "kind": "hdd", "zones": null}]})", "null"},
        ProposedCase{"a computed nested set in the prior element prevents the match", kSetBlocks,
                     R"({"disk": [{"size": 1, "kind": "ssd", "zones": ["a"]}]})",
                     R"({"disk": [{"size": 1, "kind": null, "zones": null}]})", "null",
                     R"({"disk": [{"size": 1, "kind": null, "zones": null}]})", "null"},
        ProposedCase{
            "each prior element is used once", kSetBlocks, R"({"disk": [{"size": 1, "kind": "ssd", "zones": null}]})",
            R"({"disk": [{"size": 1, "kind": null, "zones": null}, {"size": 1, "kind": "nvme", "zones": null}]})",
            "null",
            R"({"disk": [{"size": 1, "kind": "ssd", "zones": null}, {"size": 1, "kind": "nvme", "zones": null}]})",
            "null"},
        ProposedCase{"nested set element matched through a nested list's computed attribute", kNestedSet,
                     R"({"s": [{"a": "p", "c": "1", "inner": [{"x": "i", "y": "computed"}]}]})",
                     R"({"s": [{"a": "p", "c": null, "inner": [{"x": "i", "y": null}]}]})", "null",
                     R"({"s": [{"a": "p", "c": "1", "inner": [{"x": "i", "y": "computed"}]}]})", "null"},
        ProposedCase{"nested set element with a changed non-computed attribute does not match", kNestedSet,
                     R"({"s": [{"a": "p", "c": "1", "inner": [{"x": "i", "y": "computed"}]}]})",
                     R"({"s": [{"a": "p", "c": null, "inner": [{"x": "j", "y": null}]}]})", "null",
                     R"({"s": [{"a": "p", "c": null, "inner": [{"x": "j", "y": null}]}]})", "null"},
        ProposedCase{"unknown config element inside a set keeps its unknown", kNestedSet,
                     R"({"s": [{"a": "p", "c": "1", "inner": null}]})",
                     R"({"s": [{"a": null, "c": null, "inner": null}]})", R"({"s": [{"a": true}]})",
                     R"({"s": [{"a": null, "c": null, "inner": null}]})", R"({"s": [{"a": true}]})"},
        ProposedCase{"null nested set in config stays null", kNestedSet,
                     R"({"s": [{"a": "p", "c": "1", "inner": null}]})", R"({"s": null})", "null", R"({"s": null})",
                     "null"}),
    [](const auto& param) { return "case" + std::to_string(param.index); });

// A wholly unknown prior (Core meets one for deferred or partially expanded instances): what
// would come from the prior is unknown, config values stay, and a null config keeps the unknown.
TEST(ProposedNew, WhollyUnknownPriorMakesPriorValuesUnknown) {
  const auto block = block_of(kRemovable);
  const auto unknown_prior = cty::Value::unknown(schema::implied_type(block));
  const auto config = value_of(block, R"({"id": null, "b": {"o": {"k": {"a": "v", "c": null}}}})");
  // Map elements find no prior element to correlate with, so they are taken from config as Core does.
  EXPECT_TRUE(
      raw_equals(proposed_new(block, unknown_prior, config),
                 value_of(block, R"({"id": null, "b": {"o": {"k": {"a": "v", "c": null}}}})", R"({"id": true})")));
  const auto removed = value_of(block, R"({"id": null, "b": {"o": null}})");
  EXPECT_TRUE(raw_equals(proposed_new(block, unknown_prior, removed),
                         value_of(block, R"({"id": null, "b": {"o": null}})", R"({"id": true, "b": {"o": true}})")));
  const auto got = proposed_new(block, unknown_prior, cty::Value::null(unknown_prior.type()));
  EXPECT_FALSE(got.is_known()) << got.to_display();
}

TEST(ProposedNew, CreateMergesIntoTheEmptyObject) {
  const auto block = block_of(
      R"({"attributes": {"id": {"type": "string", "computed": true}, "n": {"type": "number", "optional": true, "computed": true}}})");
  const auto config = value_of(block, R"({"id": null, "n": null})");
  const auto got = proposed_new(block, cty::Value::null(config.type()), config);
  EXPECT_TRUE(raw_equals(got, config));
  EXPECT_TRUE(proposed_new(block, config, cty::Value::null(config.type())).is_null()) << "destroy proposes null";
}

}  // namespace
}  // namespace tfc::oracle
