// Prints how fast the generators produce values: configurations, prior states and
// unknown-injected configurations of a mid-sized resource schema (every nesting mode, nested
// attribute types, dynamic attributes), the same for arbitrary schemas, and shrinking a
// failing configuration to its local minimum. A conformance run generates ~100 values per
// resource and step, so thousands per second keep generation out of the way of RPCs.
#include <chrono>
#include <cstdio>
#include <functional>

#include <rapidcheck.h>
#include <rapidcheck/shrinkable/Operations.h>
#include <nlohmann/json.hpp>

#include "generators/arbitrary_block.hpp"
#include "generators/config_gen.hpp"
#include "generators/prior_state_gen.hpp"
#include "generators/unknown_injection.hpp"
#include "proto/schema/schema_json.hpp"

namespace {

using Clock = std::chrono::steady_clock;

const char* kSchema = R"({
  "attributes": {
    "id": {"type": "string", "computed": true},
    "name": {"type": "string", "required": true},
    "size": {"type": "number", "optional": true},
    "zone": {"type": "string", "optional": true, "computed": true},
    "tags": {"type": ["map", "string"], "optional": true},
    "ports": {"type": ["set", "number"], "optional": true},
    "any": {"type": "dynamic", "optional": true},
    "disks": {"nested_type": {"nesting_mode": "list", "attributes": {
        "size": {"type": "number", "required": true}, "meta": {"type": "dynamic", "optional": true}}}, "optional": true}
  },
  "block_types": {
    "timeouts": {"nesting_mode": "single", "block": {"attributes": {"create": {"type": "string", "optional": true}}}},
    "rule": {"nesting_mode": "list", "min_items": 1, "max_items": 4,
             "block": {"attributes": {"port": {"type": "number", "required": true}, "cidrs": {"type": ["list", "string"], "optional": true}},
                       "block_types": {"match": {"nesting_mode": "set", "block": {"attributes": {"path": {"type": "string", "required": true}}}}}}},
    "label": {"nesting_mode": "map", "block": {"attributes": {"text": {"type": "string", "optional": true}}}},
    "dyn": {"nesting_mode": "list", "block": {"attributes": {"v": {"type": "dynamic", "optional": true}}}}
  }})";

// Runs `one(seed)` until at least `budget` has passed; prints values per second.
void measure(const char* what, const std::function<void(int)>& one,
             std::chrono::milliseconds budget = std::chrono::milliseconds(1500)) {
  const auto start = Clock::now();
  int n = 0;
  while (Clock::now() - start < budget) one(n++);
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  std::printf("%-52s %9.0f per second (%d in %.2f s)\n", what, n / seconds, n, seconds);
}

}  // namespace

int main() {
  using namespace tfc;
  const schema::Block block = *schema::block_from_json(nlohmann::json::parse(kSchema));
  const auto configs = gen::config_of(block);
  const auto states = gen::prior_state_of(block);
  std::size_t sink = 0;
  measure("config_of, fixed schema, size 50",
          [&](int seed) { sink += configs(rc::Random(seed), 50).value().length(); });
  measure("config_of, fixed schema, size 100",
          [&](int seed) { sink += configs(rc::Random(seed), 100).value().length(); });
  measure("prior_state_of, fixed schema, size 50",
          [&](int seed) { sink += states(rc::Random(seed), 50).value().length(); });
  measure("with_unknowns on a fixed-schema config, size 50", [&](int seed) {
    const cty::Value config = configs(rc::Random(seed), 50).value();
    sink += gen::with_unknowns(config)(rc::Random(seed), 50).value().injected.size();
  });
  const auto blocks = gen::block();
  measure("arbitrary schema + config_of, size 50", [&](int seed) {
    const schema::Block b = blocks(rc::Random(seed), 50).value();
    sink += gen::config_of(b)(rc::Random(seed), 50).value().length();
  });
  // Every configuration "fails" (rule always has a block), so each run shrinks all the way.
  measure(
      "shrink config to its local minimum, size 60",
      [&](int seed) {
        const auto s = configs(rc::Random(seed), 60);
        sink += rc::shrinkable::findLocalMin(s, [](const cty::Value& v) {
                  return v.attribute("rule")->length() >= 1;
                }).second;
      },
      std::chrono::milliseconds(3000));
  std::printf("(checksum %zu)\n", sink);
  return 0;
}
