// The author's examples as hints and seeds (see author_examples.hpp).
#include "conformance/suite/author_examples.hpp"

#include <algorithm>
#include <functional>
#include <set>

#include "generators/producers.hpp"
#include "proto/schema/implied_type.hpp"

namespace tfc::conformance {
namespace {

using gen::examples::BlockKind;
using gen::examples::Example;
using gen::examples::ExampleSet;

std::string label_of(BlockKind kind) {
  switch (kind) {
    case BlockKind::resource: return "resource.";
    case BlockKind::data_source: return "data.";
    case BlockKind::ephemeral_resource: return "ephemeral.";
    case BlockKind::action: return "action.";
    case BlockKind::list_resource: return "list.";
  }
  return "resource.";
}

const schema::Block* block_of(const schema::ProviderSchema& schema, BlockKind kind, const std::string& type) {
  const std::map<std::string, schema::Schema>* of = nullptr;
  switch (kind) {
    case BlockKind::resource: of = &schema.resource_schemas; break;
    case BlockKind::data_source: of = &schema.data_source_schemas; break;
    case BlockKind::ephemeral_resource: of = &schema.ephemeral_resource_schemas; break;
    case BlockKind::action: of = &schema.action_schemas; break;
    case BlockKind::list_resource: of = &schema.list_resource_schemas; break;
  }
  auto it = of->find(type);
  return it == of->end() ? nullptr : &it->second.block;
}

/// A stand-in for a wired attribute the example's body leaves out (its value is another
/// resource's): the attribute is set, so the case passes the upstream value there.
std::optional<nlohmann::json> placeholder(const schema::Block& block, const std::string& attribute) {
  const schema::Attribute* a = block.find_attribute(attribute);
  if (a == nullptr) return std::nullopt;
  const cty::Type t = schema::implied_type(*a);
  if (t.kind() == cty::Kind::String) return nlohmann::json("");
  if (t.kind() == cty::Kind::Number) return nlohmann::json(0);
  if (t.kind() == cty::Kind::Bool) return nlohmann::json(false);
  return std::nullopt;
}

/// The top-level attribute a wire feeds, or "".
std::string top_level(const cty::Path& path) {
  if (path.size() != 1) return "";
  const auto* step = std::get_if<cty::AttributeStep>(&path.steps().front());
  return step == nullptr ? "" : step->name;
}

void add_example(gen::Hints& hints, nlohmann::json body) {
  if (std::find(hints.examples.begin(), hints.examples.end(), body) == hints.examples.end())
    hints.examples.push_back(std::move(body));
}

/// `example`'s body (returned) and references (into `hints`), and the resources it references
/// (and theirs) into `upstream` (flat, by type, their bodies as examples).
nlohmann::json add_wired(const ExampleSet& set, const schema::ProviderSchema& schema, const Example& example,
                         const schema::Block& block, gen::Hints& hints,
                         std::map<std::string, gen::Hints, std::less<>>& upstream, std::set<const Example*>& visiting) {
  nlohmann::json body = example.body;
  for (const auto& wire : example.wires) {
    const std::string attribute = top_level(wire.path);
    if (attribute.empty() || wire.from.kind != BlockKind::resource || wire.from.attribute.empty()) continue;
    const schema::Block* producer = block_of(schema, BlockKind::resource, wire.from.type);
    if (producer == nullptr || producer->find_attribute(wire.from.attribute) == nullptr) continue;
    gen::AttributeHint& h = hints.attributes[attribute];
    if (!h.reference) h.reference = gen::ReferenceHint{wire.from.type, wire.from.attribute};
    if (!body.contains(attribute)) {
      if (auto stand_in = placeholder(block, attribute)) body[attribute] = *stand_in;
    }
    const Example* source = set.find(BlockKind::resource, wire.from.type, wire.from.name);
    if (source == nullptr || !visiting.insert(source).second) continue;  // unknown, or a cycle
    gen::Hints& up = upstream[wire.from.type];
    add_example(up, add_wired(set, schema, *source, *producer, up, upstream, visiting));
    visiting.erase(source);
  }
  // An attribute the author set to something tfconform cannot compute (`file("key.pem")`) that
  // another resource of the provider produces: the producer feeds it (the placeholder keeps it
  // set), as the wiring does for generated cases.
  for (const auto& p : gen::producers_of(schema, example.type, block, hints)) {
    if (body.contains(p.attribute)) continue;
    const cty::Value* v = example.config.attribute(p.attribute);
    if (v == nullptr || v->is_known()) continue;
    if (auto stand_in = placeholder(block, p.attribute)) body[p.attribute] = *stand_in;
  }
  return body;
}

/// `authors` under `user` for one type.
gen::Hints merged(const gen::Hints* user, const gen::Hints& authors) {
  if (user == nullptr) return authors;
  gen::Hints out = *user;
  for (const auto& [path, hint] : authors.attributes) out.attributes.emplace(path, hint);  // the user's win
  std::vector<nlohmann::json> examples = authors.examples;
  for (const auto& e : user->examples) {
    if (std::find(examples.begin(), examples.end(), e) == examples.end()) examples.push_back(e);
  }
  out.examples = std::move(examples);
  for (const auto& [type, up] : authors.upstream) {
    auto it = user->upstream.find(type);
    out.upstream[type] = merged(it == user->upstream.end() ? nullptr : &it->second, up);
  }
  return out;
}

void merge_into(std::map<std::string, gen::Hints, std::less<>>& out,
                const std::map<std::string, gen::Hints, std::less<>>& authors) {
  for (const auto& [type, h] : authors) {
    auto it = out.find(type);
    gen::Hints m = merged(it == out.end() ? nullptr : &it->second, h);
    out[type] = std::move(m);
  }
}

}  // namespace

AuthorExamples author_examples(const ExampleSet& set, const schema::ProviderSchema& schema) {
  AuthorExamples out;
  for (const Example& example : set.examples) {
    const schema::Block* block = block_of(schema, example.kind, example.type);
    if (block == nullptr) continue;
    auto& by_type = example.kind == BlockKind::data_source ? out.hints.data_sources : out.hints.resources;
    gen::Hints& hints = by_type[example.type];
    hints.file = "--examples";
    hints.resource = example.type;
    std::set<const Example*> visiting{&example};
    nlohmann::json body = add_wired(set, schema, example, *block, hints, hints.upstream, visiting);
    ExampleSeed& seed = out.seeds[label_of(example.kind) + example.type];
    if (seed.found++ == 0) seed.source = example.file + ":" + std::to_string(example.line);
    if (std::find(seed.bodies.begin(), seed.bodies.end(), body) == seed.bodies.end()) seed.bodies.push_back(body);
  }
  return out;
}

gen::HintsFile with_author_examples(const std::optional<gen::HintsFile>& user, const gen::HintsFile& authors) {
  gen::HintsFile out = user ? *user : gen::HintsFile{};
  if (out.file.empty()) out.file = "--examples";
  merge_into(out.resources, authors.resources);
  merge_into(out.data_sources, authors.data_sources);
  return out;
}

}  // namespace tfc::conformance
