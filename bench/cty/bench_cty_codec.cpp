// Throughput of the cty codecs (docs/protocol.md §3.3-§3.5) on a ~10 MB nested state value: objects,
// lists of objects, maps, sets, strings and numbers in every form. Prints MB/s, median of
// several runs. Not a test: figures only.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

#include "proto/cty/json.hpp"
#include "proto/cty/msgpack.hpp"
#include "proto/cty/type_json.hpp"

namespace {

using namespace tfc::cty;

constexpr std::size_t kTargetBytes = 10u << 20;
constexpr int kRuns = 7;

Type state_type() {
  auto t = type_from_json(R"(["object",{
    "id":"string",
    "resources":["list",["object",{
      "id":"string","name":"string","arn":"string","count":"number","weight":"number","size":"number",
      "enabled":"bool","tags":["map","string"],"labels":["set","string"],
      "rules":["list",["object",{"port":"number","cidr":"string","enabled":"bool","description":"string"}]],
      "settings":["object",{"timeout":"number","mode":"string","extra":"dynamic"}]
    }]]
  }])");
  return *t;
}

Value resource(const Type& rt, int i) {
  const Type& rule_list = *rt.attribute_type("rules");
  const Type& rule = rule_list.element();
  const Type& settings = *rt.attribute_type("settings");
  std::vector<Value> rules;
  for (int r = 0; r < 4; ++r) {
    rules.push_back(Value::object(rule, {Value::string("10." + std::to_string(r) + ".0.0/16"),
                                         Value::string("allow traffic on rule " + std::to_string(r)),
                                         Value::boolean(r % 2 == 0), Value::number(Number(443 + r * 1000))}));
  }
  std::vector<std::pair<std::string, Value>> tags = {
      {"env", Value::string(i % 3 ? "prod" : "staging")},
      {"owner", Value::string("team-" + std::to_string(i % 17))},
      {"cost-center", Value::string(std::to_string(100000 + i))},
  };
  std::vector<Value> labels = {Value::string("web"), Value::string("tier-" + std::to_string(i % 5)),
                               Value::string("zone-" + std::to_string(i % 3))};
  Value extra = i % 2 ? Value::list(Type::string(), {Value::string("x"), Value::string("y")}) : Value();
  // Attribute order: arn, count, enabled, id, labels, name, rules, settings, size, tags, weight.
  return Value::object(
      rt, {
              Value::string("arn:aws:ec2:eu-west-1:123456789012:instance/i-" + std::to_string(1000000 + i)),
              Value::number(Number(i)),
              Value::boolean(i % 2 == 1),
              Value::string("i-" + std::to_string(1000000 + i)),
              Value::typed_set(*rt.attribute_type("labels"), labels),
              Value::string("resource number " + std::to_string(i)),
              Value::typed_list(rule_list, rules),
              Value::object(settings, {extra, Value::string("fast"), Value::number(Number(30.5))}),
              Value::number(*Number::parse(std::to_string(i) + "123456789012345678901234567890")),
              Value::typed_map(*rt.attribute_type("tags"), tags),
              Value::number(*Number::parse("0." + std::to_string(i + 1))),
          });
}

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

struct Timing {
  double cpu;  // thread CPU time: steady on a shared, overloaded machine
  double wall;
};

Timing median_seconds(
    const std::function<void()>& body, const std::function<void()>& untimed = [] {}) {
  std::vector<double> cpu, wall;
  for (int r = 0; r < kRuns; ++r) {
    untimed();
    auto start = std::chrono::steady_clock::now();
    double cpu_start = thread_cpu_seconds();
    body();
    cpu.push_back(thread_cpu_seconds() - cpu_start);
    wall.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(cpu.begin(), cpu.end());
  std::sort(wall.begin(), wall.end());
  return {cpu[cpu.size() / 2], wall[wall.size() / 2]};
}

void report(const char* what, std::size_t bytes, Timing t) {
  double mb = static_cast<double>(bytes) / 1e6;
  std::printf("%-16s %8.1f MB/s CPU time  %8.1f MB/s wall  (%.2f MB, %.1f ms CPU, median of %d)\n", what, mb / t.cpu,
              mb / t.wall, mb, t.cpu * 1e3, kRuns);
}

}  // namespace

int main(int argc, char** argv) {
  // Optional argument: run only the measurements whose name contains it (for profiling).
  std::string only = argc > 1 ? argv[1] : "";
  auto wanted = [&](const char* name) { return only.empty() || std::string(name).find(only) != std::string::npos; };
  Type type = state_type();
  const Type& rt = type.attribute_type("resources")->element();
  const Type& list_type = *type.attribute_type("resources");
  std::vector<Value> resources;
  for (int i = 0; i < 1000; ++i) resources.push_back(resource(rt, i));
  std::size_t per_1000 = msgpack_encode(Value::typed_list(list_type, resources), list_type)->size();
  auto count = static_cast<int>(kTargetBytes / per_1000 * 1000);
  for (int i = 1000; i < count; ++i) resources.push_back(resource(rt, i));
  Value state = Value::object(type, {Value::string("state-1"), Value::typed_list(list_type, resources)});

  std::string mp = *msgpack_encode(state, type);
  std::string js = *json_encode(state, type);
  std::printf("bench_cty_codec: %zu resources, msgpack %.2f MB, JSON %.2f MB\n", resources.size(), mp.size() / 1e6,
              js.size() / 1e6);

  bool ok = true;
  // Decoded values are released after the clock stops: freeing is not decoding.
  Value keep;
  auto release = [&] { keep = Value(); };
  auto decode_into = [&](tfc::Expected<Value> v) {
    ok = ok && v.has_value();
    if (v) keep = std::move(*v);
  };
  if (wanted("msgpack decode")) {
    report("msgpack decode", mp.size(), median_seconds([&] { decode_into(msgpack_decode(mp, type)); }, release));
  }
  // Encoding walks the value tree, so memory layout matters: the state built piece by piece
  // above is scattered over the heap; a freshly decoded state is compact.
  Value decoded = *msgpack_decode(mp, type);
  if (wanted("msgpack encode")) {
    report("msgpack encode", mp.size(), median_seconds([&] { ok = ok && msgpack_encode(state, type).has_value(); }));
    report("  (decoded value)", mp.size(),
           median_seconds([&] { ok = ok && msgpack_encode(decoded, type).has_value(); }));
  }
  if (wanted("json decode")) {
    report("json decode", js.size(), median_seconds([&] { decode_into(json_decode(js, type)); }, release));
  }
  if (wanted("json encode")) {
    report("json encode", js.size(), median_seconds([&] { ok = ok && json_encode(state, type).has_value(); }));
    report("  (decoded value)", js.size(), median_seconds([&] { ok = ok && json_encode(decoded, type).has_value(); }));
  }
  if (!ok || !raw_equals(*msgpack_decode(mp, type), state) || !raw_equals(*json_decode(js, type), state)) {
    std::fprintf(stderr, "bench_cty_codec: round trip failed\n");
    return 1;
  }
  return 0;
}
