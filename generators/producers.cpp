// The producer index (see producers.hpp).
#include "generators/producers.hpp"

#include <algorithm>
#include <functional>
#include <set>

#include "proto/schema/implied_type.hpp"

namespace tfc::gen {
namespace {

bool computed_only(const schema::Attribute& a) { return a.computed && !a.optional && !a.required; }
bool configurable(const schema::Attribute& a) { return a.required || a.optional; }

/// A name that says what it holds: two words or more.
bool specific(const std::string& name) { return name.find('_') != std::string::npos; }

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

std::size_t required_count(const schema::Block& block) {
  return static_cast<std::size_t>(
      std::count_if(block.attributes.begin(), block.attributes.end(), [](const auto& a) { return a.required; }));
}

/// The computed attribute of `producer` that `consumer` takes its value from, or nullptr.
const schema::Attribute* matching_output(const std::string& producer_type, const schema::Block& producer,
                                         const schema::Attribute& consumer) {
  const cty::Type wanted = schema::implied_type(consumer);
  for (const auto& out : producer.attributes) {
    if (!computed_only(out) || !(schema::implied_type(out) == wanted)) continue;
    if (specific(out.name) && (consumer.name == out.name || ends_with(consumer.name, "_" + out.name))) return &out;
  }
  // A description naming the producing type and its attribute ("the private_pem of a
  // tfcfixture_keypair"): the author said where the value comes from.
  if (consumer.description.find(producer_type) != std::string::npos) {
    for (const auto& out : producer.attributes) {
      if (computed_only(out) && specific(out.name) && schema::implied_type(out) == wanted &&
          consumer.description.find(out.name) != std::string::npos)
        return &out;
    }
  }
  if (ends_with(consumer.name, "_id") && consumer.name.size() > 3) {
    const std::string noun = consumer.name.substr(0, consumer.name.size() - 3);
    if (producer_type == noun || ends_with(producer_type, "_" + noun)) {
      const schema::Attribute* id = producer.find_attribute("id");
      if (id != nullptr && computed_only(*id) && schema::implied_type(*id) == wanted) return id;
    }
  }
  return nullptr;
}

}  // namespace

std::vector<Producer> producers_of(const schema::ProviderSchema& provider, const std::string& self_type,
                                   const schema::Block& block, const Hints& hints) {
  std::vector<Producer> out;
  for (const auto& a : block.attributes) {
    if (!configurable(a)) continue;
    const AttributeHint* hint = hints.find(a.name);
    if (hint != nullptr && hint->omit) continue;
    if (hint != nullptr && hint->reference) {
      auto it = provider.resource_schemas.find(hint->reference->type);
      if (it == provider.resource_schemas.end() ||
          it->second.block.find_attribute(hint->reference->attribute) == nullptr)
        continue;  // a reference to something this provider does not have: the generator's own values
      out.push_back({a.name, hint->reference->type, hint->reference->attribute});
      continue;
    }
    // A value the hints fix (`value`: the learner never fixes one) is the user's: no producer
    // replaces it. Value lists, patterns and ranges only steer generated values, which the
    // producer's replace anyway (and learned ones come from refusals of generated values).
    if (hint != nullptr && hint->value) continue;
    const Producer* best = nullptr;
    std::size_t best_required = 0;
    Producer candidate;
    for (const auto& [type, schema] : provider.resource_schemas) {
      if (type == self_type) continue;
      const schema::Attribute* output = matching_output(type, schema.block, a);
      if (output == nullptr) continue;
      const std::size_t required = required_count(schema.block);
      if (best == nullptr || required < best_required) {
        candidate = {a.name, type, output->name};
        best = &candidate;
        best_required = required;
      }
    }
    if (best != nullptr) out.push_back(*best);
  }
  return out;
}

std::vector<std::string> upstream_types(const schema::ProviderSchema& provider, const std::string& self_type,
                                        const schema::Block& block, const Hints& hints, std::size_t depth) {
  std::vector<std::string> order;
  std::set<std::string> on_path{self_type};
  // Upstream hints sit flat in the case's own hints, whatever level needs them.
  std::function<void(const std::string&, const schema::Block&, const Hints&, std::size_t)> visit =
      [&](const std::string& type, const schema::Block& b, const Hints& h, std::size_t level) {
        if (level == 0) return;
        for (const auto& p : producers_of(provider, type, b, h)) {
          if (on_path.count(p.type) != 0) continue;  // a cycle: that attribute keeps generated values
          if (std::find(order.begin(), order.end(), p.type) != order.end()) continue;
          on_path.insert(p.type);
          visit(p.type, provider.resource_schemas.at(p.type).block, hints.upstream_hints(p.type), level - 1);
          on_path.erase(p.type);
          order.push_back(p.type);
        }
      };
  visit(self_type, block, hints, depth);
  return order;
}

}  // namespace tfc::gen
