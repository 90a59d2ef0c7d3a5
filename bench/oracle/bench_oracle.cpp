// bench_oracle: how long the oracle takes to judge a plan and an apply result of one object
// with 10,000 leaves in nested list and set blocks (goal: under 5 ms each), and how many oracle
// vectors of the corpus it checks per second. Prints figures; never a test.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "oracle/apply_compatible.hpp"
#include "oracle/plan_valid.hpp"
#include "oracle/proposed_new.hpp"
#include "oracle/vector_check.hpp"
#include "oracle/vector_file.hpp"
#include "proto/cty/json_mirror.hpp"
#include "proto/schema/implied_type.hpp"
#include "proto/schema/schema_json.hpp"

namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

constexpr int kItems = 500;  // list blocks, 3 attributes + 4 set elements of 2 attributes each
constexpr int kTags = 4;
constexpr int kDisks = 1125;  // set blocks of 4 attributes: 500*11 + 1125*4 = 10,000 leaves

const char* kSchema = R"({"attributes": {"id": {"type": "string", "computed": true}},
  "block_types": {
    "item": {"nesting_mode": "list", "block": {
      "attributes": {"k": {"type": "string", "required": true}, "v": {"type": "number", "optional": true},
                     "c": {"type": "string", "computed": true}},
      "block_types": {"tag": {"nesting_mode": "set", "block": {"attributes": {
        "n": {"type": "string", "required": true}, "id": {"type": "string", "computed": true}}}}}}},
    "disk": {"nesting_mode": "set", "block": {"attributes": {
      "name": {"type": "string", "required": true}, "size": {"type": "number", "required": true},
      "kind": {"type": "string", "optional": true, "computed": true}, "id": {"type": "string", "computed": true}}}}}})";

enum class Stage { Config, Planned, Applied };

// The object at one lifecycle stage, with its unknown mirror.
std::pair<json, json> object_at(Stage stage) {
  json value = {
      {"id", stage == Stage::Applied ? json("root") : json()}, {"item", json::array()}, {"disk", json::array()}};
  json mirror = {{"id", stage == Stage::Planned}, {"item", json::array()}, {"disk", json::array()}};
  auto computed = [&](const std::string& known) { return stage == Stage::Applied ? json(known) : json(); };
  for (int i = 0; i < kItems; ++i) {
    json item = {
        {"k", "key-" + std::to_string(i)}, {"v", i}, {"c", computed("c" + std::to_string(i))}, {"tag", json::array()}};
    json item_mirror = {{"c", stage == Stage::Planned}, {"tag", json::array()}};
    for (int t = 0; t < kTags; ++t) {
      item["tag"].push_back(
          {{"n", "t" + std::to_string(t)}, {"id", computed("tag-" + std::to_string(i) + "-" + std::to_string(t))}});
      item_mirror["tag"].push_back({{"id", stage == Stage::Planned}});
    }
    value["item"].push_back(item);
    mirror["item"].push_back(item_mirror);
  }
  for (int d = 0; d < kDisks; ++d) {
    value["disk"].push_back({{"name", "disk-" + std::to_string(d)},
                             {"size", d % 7 + 1},
                             {"kind", computed("ssd")},
                             {"id", computed("d" + std::to_string(d))}});
    mirror["disk"].push_back({{"kind", stage == Stage::Planned}, {"id", stage == Stage::Planned}});
  }
  return {value, mirror};
}

tfc::cty::Value decode(const tfc::schema::Block& block, Stage stage) {
  auto [value, mirror] = object_at(stage);
  auto v = tfc::cty::value_from_mirrored_json({value, mirror, json()}, tfc::schema::implied_type(block));
  if (!v) {
    std::fprintf(stderr, "bench_oracle: %s\n", v.error().message.c_str());
    std::exit(1);
  }
  return *v;
}

template <class F>
double mean_ms(int runs, F f) {
  f();  // warm up
  const auto start = Clock::now();
  for (int i = 0; i < runs; ++i) f();
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count() / runs;
}

void bench_corpus() {
  std::vector<tfc::oracle::Vector> vectors;
  for (const auto& e : std::filesystem::recursive_directory_iterator(TFC_VECTOR_DIR)) {
    if (!e.is_regular_file() || e.path().extension() != ".json") continue;
    auto file = tfc::oracle::read_vector_file(e.path().string());
    if (!file) {
      std::fprintf(stderr, "bench_oracle: %s\n", file.error().message.c_str());
      return;
    }
    for (auto& v : *file) vectors.push_back(std::move(v));
  }
  std::size_t checked = 0;
  const auto start = Clock::now();
  double elapsed = 0;
  while (elapsed < 1.0) {
    for (const auto& v : vectors) {
      auto out = tfc::oracle::run_vector(v);
      checked += out.has_value() ? 1 : 0;
    }
    elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  }
  std::printf("corpus: %zu vectors, %.0f vectors checked per second (decode + check + output object)\n", vectors.size(),
              static_cast<double>(checked) / elapsed);
}

}  // namespace

int main() {
  auto block = tfc::schema::block_from_json(json::parse(kSchema));
  if (!block) {
    std::fprintf(stderr, "bench_oracle: %s\n", block.error().message.c_str());
    return 1;
  }
  const auto config = decode(*block, Stage::Config);
  const auto planned = decode(*block, Stage::Planned);
  const auto applied = decode(*block, Stage::Applied);
  const auto null = tfc::cty::Value::null(config.type());
  std::size_t found = 0;
  const double plan_ms = mean_ms(20, [&] { found += tfc::oracle::check_plan(*block, null, config, planned).size(); });
  const double apply_ms = mean_ms(20, [&] { found += tfc::oracle::check_apply(*block, planned, applied).size(); });
  const double update_ms =
      mean_ms(20, [&] { found += tfc::oracle::check_plan(*block, applied, config, applied).size(); });
  const double proposed_ms =
      mean_ms(20, [&] { found += tfc::oracle::proposed_new(*block, applied, config).is_null() ? 1 : 0; });
  std::printf("object: 10000 leaves (%d list blocks with %d-element nested sets, %d set blocks)\n", kItems, kTags,
              kDisks);
  std::printf("check_plan   (create, computed unknown):      %8.3f ms   goal < 5 ms\n", plan_ms);
  std::printf("check_plan   (update, prior kept):            %8.3f ms\n", update_ms);
  std::printf("check_apply  (unknowns resolved, sets correlated): %5.3f ms   goal < 5 ms\n", apply_ms);
  std::printf("proposed_new (update, sets matched to prior): %8.3f ms\n", proposed_ms);
  if (found != 0) std::printf("unexpected findings: %zu\n", found);
  bench_corpus();
  return 0;
}
