// with_unknowns: unknowns appear exactly at the reported paths, keep the configuration's
// type, carry only refinements true of the values they replace (docs/protocol.md §3.4), and shrink
// towards fewer unknowns; given the schema block, only where Core can send one.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <rapidcheck/shrinkable/Operations.h>

#include "generators/arbitrary_block.hpp"
#include "generators/config_gen.hpp"
#include "generators/unknown_injection.hpp"
#include "proto/cty/msgpack.hpp"
#include "proto/cty/path.hpp"
#include "proto/schema/implied_type.hpp"
#include "proto/schema/schema_json.hpp"

namespace tfc::gen {
namespace {

bool has_set_step(const cty::Path& p) {
  for (const auto& s : p.steps()) {
    if (std::holds_alternative<cty::SetElementStep>(s)) return true;
  }
  return false;
}

// The refinements of `u` hold for `original` (the value the unknown stands for).
bool consistent(const cty::Value& u, const cty::Value& original) {
  const cty::Refinements& r = u.refinements();
  if (original.is_null())
    return !r.not_null && !r.string_prefix && !r.number_lower && !r.number_upper && !r.length_upper;
  if (r.string_prefix && original.as_string().rfind(*r.string_prefix, 0) != 0) return false;
  if (r.number_lower && compare(r.number_lower->value, original.as_number()) > 0) return false;
  if (r.number_upper && compare(r.number_upper->value, original.as_number()) < 0) return false;
  if (r.length_lower && *r.length_lower > original.length()) return false;
  if (r.length_upper && *r.length_upper < original.length()) return false;
  return true;
}

RC_GTEST_PROP(WithUnknowns, InjectedExactlyAtTheReportedPaths, ()) {
  const schema::Block block = *gen::block();
  const cty::Type type = schema::implied_type(block);
  const cty::Value config = *config_of(block);
  const InjectedConfig injected = *with_unknowns(config);
  RC_ASSERT(injected.value.conforms_to(type));
  RC_ASSERT(injected.injected == unknown_paths(injected.value));
  for (const cty::Path& p : injected.injected) {
    RC_ASSERT(!p.empty());
    const cty::Value* u = cty::value_at(injected.value, p);
    RC_ASSERT(u != nullptr);
    RC_ASSERT(!u->is_known());
    if (has_set_step(p)) continue;  // set elements are named by their new (partly unknown) value
    const cty::Value* original = cty::value_at(config, p);
    RC_ASSERT(original != nullptr);
    RC_ASSERT(consistent(*u, *original));
    RC_ASSERT(u->type() == original->type() || u->type().is_dynamic());
  }
  // The wire carries them: refined unknowns survive a msgpack round trip.
  auto bytes = cty::msgpack_encode(injected.value, type);
  RC_ASSERT(bytes.has_value());
  auto back = cty::msgpack_decode(*bytes, type);
  RC_ASSERT(back.has_value());
  RC_ASSERT(raw_equals(*back, injected.value));
  RC_CLASSIFY(injected.injected.empty(), "no unknowns");
  RC_CLASSIFY(injected.injected.size() > 2, "more than two unknowns");
}

TEST(WithUnknowns, InjectsLeavesCollectionsAndRefinements) {
  auto block = schema::block_from_json(nlohmann::json::parse(R"({"attributes": {
    "name": {"type": "string", "required": true},
    "size": {"type": "number", "required": true},
    "tags": {"type": ["map", "string"], "required": true}},
    "block_types": {"rule": {"nesting_mode": "list", "min_items": 1, "block": {"attributes": {
      "port": {"type": "number", "required": true}}}}}})"));
  ASSERT_TRUE(block.has_value());
  auto configs = config_of(*block);
  UnknownOptions options;
  options.percent = 40;
  int whole_collection = 0, leaf = 0, prefix = 0, bounds = 0, lengths = 0;
  for (int seed = 0; seed < 300; ++seed) {
    const cty::Value config = configs(rc::Random(seed), 30).value();
    const InjectedConfig in = with_unknowns(config, options)(rc::Random(seed + 1000), 30).value();
    for (const cty::Path& p : in.injected) {
      const cty::Value* u = cty::value_at(in.value, p);
      ASSERT_NE(u, nullptr);
      if (u->type().is_collection()) ++whole_collection;
      if (u->type().is_primitive()) ++leaf;
      if (u->refinements().string_prefix) ++prefix;
      if (u->refinements().number_lower || u->refinements().number_upper) ++bounds;
      if (u->refinements().length_lower || u->refinements().length_upper) ++lengths;
    }
  }
  EXPECT_GT(whole_collection, 10);
  EXPECT_GT(leaf, 10);
  EXPECT_GT(prefix, 5);
  EXPECT_GT(bounds, 5);
  EXPECT_GT(lengths, 5);
}

TEST(WithUnknowns, ShrinksToASingleUnknown) {
  auto block = schema::block_from_json(nlohmann::json::parse(R"({"attributes": {
    "a": {"type": "string", "required": true}, "b": {"type": ["list", "number"], "required": true},
    "c": {"type": "bool", "required": true}, "d": {"type": ["map", "string"], "required": true}}})"));
  ASSERT_TRUE(block.has_value());
  UnknownOptions options;
  options.percent = 60;
  int checked = 0;
  for (int seed = 0; seed < 40; ++seed) {
    const cty::Value config = config_of(*block)(rc::Random(seed), 30).value();
    const auto shrinkable = with_unknowns(config, options)(rc::Random(seed), 30);
    if (shrinkable.value().injected.size() < 2) continue;
    ++checked;
    // "Fails when there is any unknown": the local minimum has exactly one, and no refinements.
    const auto min =
        rc::shrinkable::findLocalMin(shrinkable, [](const InjectedConfig& c) { return !c.injected.empty(); });
    ASSERT_EQ(min.first.injected.size(), 1u);
    EXPECT_TRUE(cty::value_at(min.first.value, min.first.injected[0])->refinements().empty());
  }
  EXPECT_GT(checked, 5);
}

// ---- with the schema block: only where a configuration can hold an unknown ----

bool computed_only(const schema::Attribute& a) { return a.computed && !a.optional; }

// The first place in `value` (`config` with unknowns) where Core could never send an unknown, or "".
std::string unsendable(const schema::Block& block, const cty::Value& config, const cty::Value& value,
                       const std::string& at);

std::string unsendable_attributes(const std::vector<schema::Attribute>& attributes, const cty::Value& config,
                                  const cty::Value& value, const std::string& at);

std::string unsendable_nested(const schema::Attribute& a, const cty::Value& config, const cty::Value& value,
                              const std::string& at) {
  if (!a.nested_type || !value.is_known() || value.is_null() || !config.is_known() || config.is_null()) return "";
  const auto& attrs = a.nested_type->attributes;
  switch (a.nested_type->nesting) {
    case schema::NestingMode::Single: return unsendable_attributes(attrs, config, value, at);
    case schema::NestingMode::List:
      for (std::size_t i = 0; i < value.length(); ++i) {
        auto p = unsendable_attributes(attrs, config.elements()[i], value.elements()[i], at + "[]");
        if (!p.empty()) return p;
      }
      return "";
    case schema::NestingMode::Map:
      for (std::size_t i = 0; i < value.length(); ++i) {
        auto p = unsendable_attributes(attrs, config.map_entries()[i].second, value.map_entries()[i].second, at + "[]");
        if (!p.empty()) return p;
      }
      return "";
    default: return "";  // set elements are not paired with the configuration's
  }
}

std::string unsendable_attributes(const std::vector<schema::Attribute>& attributes, const cty::Value& config,
                                  const cty::Value& value, const std::string& at) {
  if (!value.is_known() || value.is_null()) return "";
  for (const auto& a : attributes) {
    const cty::Value& v = *value.attribute(a.name);
    const cty::Value& c = *config.attribute(a.name);
    if (computed_only(a) && !raw_equals(v, c)) return at + "." + a.name + ": computed-only attribute changed";
    if (auto p = unsendable_nested(a, c, v, at + "." + a.name); !p.empty()) return p;
  }
  return "";
}

std::string unsendable_elements(const schema::NestedBlock& nb, const cty::Value& config, const cty::Value& value,
                                const std::string& at) {
  if (!value.is_known() || value.is_null()) return "";  // a whole collection: a dynamic block's for_each
  const cty::Kind kind = value.type().kind();
  if (kind == cty::Kind::Object) return "";  // a MAP block of dynamic type: elements are not taken back
  if (kind == cty::Kind::Set) {
    for (const auto& e : value.elements()) {
      if (!e.is_known()) return at + ": a set block element is unknown";
    }
    return "";
  }
  for (std::size_t i = 0; i < value.length(); ++i) {
    const bool map = kind == cty::Kind::Map;
    const cty::Value& e = map ? value.map_entries()[i].second : value.elements()[i];
    const cty::Value& c = map ? config.map_entries()[i].second : config.elements()[i];
    if (!e.is_known()) return at + "[" + std::to_string(i) + "]: a block element is unknown";
    if (auto p = unsendable(*nb.block, c, e, at + "[" + std::to_string(i) + "]"); !p.empty()) return p;
  }
  return "";
}

std::string unsendable(const schema::Block& block, const cty::Value& config, const cty::Value& value,
                       const std::string& at) {
  if (!value.is_known() || value.is_null()) return "";
  if (auto p = unsendable_attributes(block.attributes, config, value, at); !p.empty()) return p;
  for (const auto& nb : block.block_types) {
    const cty::Value& v = *value.attribute(nb.type_name);
    const cty::Value& c = *config.attribute(nb.type_name);
    const std::string here = at + "." + nb.type_name;
    if (nb.nesting == schema::NestingMode::Single || nb.nesting == schema::NestingMode::Group) {
      if (!v.is_known()) return here + ": a single or group block is unknown";
      if (auto p = unsendable(*nb.block, c, v, here); !p.empty()) return p;
    } else if (auto p = unsendable_elements(nb, c, v, here); !p.empty()) {
      return p;
    }
  }
  return "";
}

RC_GTEST_PROP(WithUnknownsInABlock, OnlyWhereCoreCanSendOne, ()) {
  const schema::Block block = *gen::block();
  const cty::Value config = *config_of(block);
  Hints hints;
  for (const auto& a : block.attributes) {
    if (*rc::gen::inRange(0, 4) == 0) hints.attributes[a.name].known = true;
  }
  UnknownOptions options;
  options.percent = *rc::gen::inRange(30, 101);
  const InjectedConfig injected = *with_unknowns(block, config, hints, options);
  RC_ASSERT(injected.value.conforms_to(schema::implied_type(block)));
  RC_ASSERT(injected.injected == unknown_paths(injected.value));
  const std::string problem = unsendable(block, config, injected.value, "");
  RC_LOG() << problem << "\n";
  RC_ASSERT(problem.empty());
  for (const auto& [name, hint] : hints.attributes)
    RC_ASSERT(raw_equals(*injected.value.attribute(name), *config.attribute(name)));
  RC_CLASSIFY(injected.injected.empty(), "no unknowns");
}

TEST(WithUnknownsInABlock, TakesBackWhatNoConfigurationHolds) {
  auto block = schema::block_from_json(nlohmann::json::parse(R"({"attributes": {
    "id": {"type": "string", "computed": true},
    "name": {"type": "string", "required": true},
    "size": {"type": "number", "optional": true, "computed": true},
    "zone": {"type": "string", "required": true},
    "gone": {"type": "string", "optional": true}},
    "block_types": {
      "boot": {"nesting_mode": "single", "min_items": 1, "max_items": 1, "block": {"attributes": {
        "image": {"type": "string", "required": true}}}},
      "disk": {"nesting_mode": "list", "min_items": 1, "block": {"attributes": {
        "gb": {"type": "number", "required": true}}}}}})"));
  ASSERT_TRUE(block.has_value());
  Hints hints;
  hints.attributes["zone"].known = true;
  hints.attributes["gone"].omit = true;
  UnknownOptions every;  // every position below the root becomes unknown
  every.percent = 100;
  for (int seed = 0; seed < 20; ++seed) {
    const cty::Value config = config_of(*block, hints)(rc::Random(seed), 30).value();
    const InjectedConfig in = with_unknowns(*block, config, hints, every)(rc::Random(seed), 30).value();
    EXPECT_TRUE(in.value.attribute("id")->is_null()) << "computed-only: Core sends null";
    EXPECT_FALSE(in.value.attribute("name")->is_known());
    EXPECT_FALSE(in.value.attribute("size")->is_known()) << "optional+computed may be unknown";
    EXPECT_TRUE(raw_equals(*in.value.attribute("zone"), *config.attribute("zone"))) << "the hints keep it known";
    EXPECT_TRUE(in.value.attribute("gone")->is_null()) << "the hints leave it out";
    EXPECT_TRUE(raw_equals(*in.value.attribute("boot"), *config.attribute("boot"))) << "a single block is written out";
    EXPECT_FALSE(in.value.attribute("disk")->is_known()) << "a dynamic block's for_each may be unknown";
    std::vector<std::string> paths;
    for (const auto& p : in.injected) paths.push_back(p.render());
    EXPECT_EQ(paths, (std::vector<std::string>{".disk", ".name", ".size"}));
  }
}

TEST(UnknownPaths, ListsUnknownsInWalkOrderWithoutDescending) {
  const cty::Type obj = cty::Type::object({{"a", cty::Type::string()}, {"b", cty::Type::list(cty::Type::number())}});
  const cty::Value v = cty::Value::object(
      obj, {cty::Value::unknown(cty::Type::string()),
            cty::Value::list(cty::Type::number(), {cty::Value::number(1), cty::Value::unknown(cty::Type::number())})});
  const auto paths = unknown_paths(v);
  ASSERT_EQ(paths.size(), 2u);
  EXPECT_EQ(paths[0].render(), ".a");
  EXPECT_EQ(paths[1].render(), ".b[1]");
  EXPECT_TRUE(unknown_paths(cty::Value::unknown(obj)).front().empty());
}

}  // namespace
}  // namespace tfc::gen
