// Prints how long proto/convert takes on the runner's hot paths:
//  1. a large provider's GetProviderSchema answer (1,500 resource types, 10-40 attributes each,
//     one nested block level, some nested attribute types): bytes → message → model, and back;
//  2. 100,000 small PlanResourceChange answers (planned state, 3 requires_replace paths,
//     2 diagnostics): bytes → message → model.
// Goal: schema conversion well under the provider's own schema time (~0.3 s for AWS).
#include <chrono>
#include <cstdio>
#include <random>
#include <string>

#include "proto/convert/convert_v6.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using tfc::cty::Type;
namespace schema = tfc::schema;
namespace protocol = tfc::protocol;

constexpr int kResources = 1500;
constexpr int kPlans = 100000;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

schema::Attribute make_attribute(std::mt19937& rng, int index) {
  static const Type kTypes[] = {
      Type::string(),           Type::number(), Type::boolean(), Type::list(Type::string()), Type::map(Type::string()),
      Type::set(Type::number())};
  schema::Attribute a;
  a.name = "attribute_" + std::to_string(index);
  a.type = kTypes[rng() % 6];
  a.optional = rng() % 2 == 0;
  a.computed = !a.optional || rng() % 3 == 0;
  a.description = "the value of " + a.name + " used by this resource when it is configured";
  return a;
}

schema::Schema make_resource(std::mt19937& rng) {
  schema::Schema s;
  s.version = rng() % 3;
  const int attributes = 10 + static_cast<int>(rng() % 31);
  for (int i = 0; i < attributes; ++i) s.block.attributes.push_back(make_attribute(rng, i));
  if (rng() % 4 == 0) {
    auto nested = std::make_shared<schema::NestedType>();
    nested->nesting = schema::NestingMode::List;
    for (int i = 0; i < 4; ++i) nested->attributes.push_back(make_attribute(rng, i));
    schema::Attribute a;
    a.name = "nested_attribute";
    a.nested_type = nested;
    a.optional = true;
    s.block.attributes.push_back(a);
  }
  for (int b = 0; b < static_cast<int>(rng() % 3); ++b) {
    auto body = std::make_shared<schema::Block>();
    for (int i = 0; i < 6; ++i) body->attributes.push_back(make_attribute(rng, i));
    body->sort();
    s.block.block_types.push_back({"block_" + std::to_string(b), schema::NestingMode::List, body, 0, 0});
  }
  s.block.sort();
  return s;
}

void bench_schema() {
  std::mt19937 rng(42);
  protocol::GetProviderSchemaResponse model;
  for (int i = 0; i < kResources; ++i) {
    model.schema.resource_schemas["example_resource_" + std::to_string(i)] = make_resource(rng);
  }
  const std::string bytes = tfc::wire::v6::to_proto(model).SerializeAsString();

  auto start = Clock::now();
  tfplugin6::GetProviderSchema::Response parsed;
  parsed.ParseFromString(bytes);
  const double parse = seconds_since(start);
  start = Clock::now();
  auto converted = tfc::wire::v6::from_proto(parsed);
  const double from = seconds_since(start);
  start = Clock::now();
  const std::string again = tfc::wire::v6::to_proto(*converted).SerializeAsString();
  const double to = seconds_since(start);

  std::printf("GetProviderSchema: %d resource types, %.2f MB on the wire\n", kResources, bytes.size() / 1e6);
  std::printf("  parse bytes          %8.1f ms\n", parse * 1e3);
  // protobuf map order is not stable across serializations, so compare models, not bytes
  const bool same = converted && *converted == model;
  std::printf("  from_proto → model   %8.1f ms (%s)\n", from * 1e3, same ? "equal to the original model" : "MISMATCH");
  std::printf("  to_proto + serialize %8.1f ms (%.2f MB)\n", to * 1e3, again.size() / 1e6);
}

void bench_plans() {
  protocol::PlanResourceChangeResponse model;
  model.planned_state.msgpack = std::string("\x83\xa2id\xd4\x00\x00\xa4name\xa3web\xa4size\x03", 20);
  model.requires_replace = {tfc::cty::Path().attribute("name"),
                            tfc::cty::Path().attribute("rule").index(0).attribute("port"),
                            tfc::cty::Path().attribute("tags").key("env")};
  model.diagnostics = {{protocol::Severity::Warning, "Deprecated", "use x", tfc::cty::Path().attribute("size")},
                       {protocol::Severity::Warning, "Slow", "", std::nullopt}};
  const std::string bytes = tfc::wire::v6::to_proto(model).SerializeAsString();

  auto start = Clock::now();
  std::size_t paths = 0;
  for (int i = 0; i < kPlans; ++i) {
    tfplugin6::PlanResourceChange::Response parsed;
    parsed.ParseFromString(bytes);
    auto converted = tfc::wire::v6::from_proto(parsed);
    paths += converted ? converted->requires_replace.size() : 0;
  }
  const double total = seconds_since(start);
  std::printf("PlanResourceChange.Response: %zu bytes each, %d answers\n", bytes.size(), kPlans);
  std::printf("  parse + from_proto   %8.2f µs per answer (%zu paths)\n", total * 1e6 / kPlans, paths);
}

}  // namespace

int main() {
  bench_schema();
  bench_plans();
  return 0;
}
