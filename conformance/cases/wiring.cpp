// Wiring generator and text (see wiring.hpp).
#include "conformance/cases/wiring.hpp"

#include <algorithm>

#include "conformance/core/hcl_text.hpp"
#include "conformance/core/value_io.hpp"
#include "generators/config_combinators.hpp"
#include "generators/config_gen.hpp"
#include "generators/producers.hpp"

namespace tfc::conformance {
namespace {

/// Always true when generated; shrinks to false (the upstream resource dropped).
rc::Gen<bool> kept_flag() {
  return rc::Gen<bool>(
      [](const rc::Random&, int) { return rc::shrinkable::just(true, rc::seq::just(rc::shrinkable::just(false))); });
}

/// Wires into `to` (a block of the provider) from the producers already in `order`.
void add_wires(std::vector<Wire>& wires, std::size_t to, const std::vector<gen::Producer>& producers,
               const std::vector<std::string>& order) {
  for (const auto& p : producers) {
    const auto at = std::find(order.begin(), order.end(), p.type);
    if (at == order.end()) continue;
    const auto from = static_cast<std::size_t>(at - order.begin());
    if (to != kCaseItself && from >= to) continue;  // only earlier resources feed later ones
    wires.push_back({to, p.attribute, from, p.from_attribute});
  }
}

}  // namespace

std::vector<std::size_t> Wiring::needed() const {
  std::vector<bool> need(upstream.size(), false);
  // Wires point from earlier to later upstreams: one pass from the last back finds every
  // resource that feeds the case through kept ones.
  for (const auto& w : wires) {
    if (w.to == kCaseItself && w.from < upstream.size() && upstream[w.from].kept) need[w.from] = true;
  }
  for (std::size_t i = upstream.size(); i-- > 0;) {
    if (!need[i]) continue;
    for (const auto& w : wires) {
      if (w.to == i && w.from < upstream.size() && upstream[w.from].kept) need[w.from] = true;
    }
  }
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < upstream.size(); ++i) {
    if (need[i]) out.push_back(i);
  }
  return out;
}

std::vector<const Wire*> Wiring::wires_into(std::size_t to) const {
  const auto need = needed();
  std::vector<const Wire*> out;
  for (const auto& w : wires) {
    if (w.to == to && std::find(need.begin(), need.end(), w.from) != need.end()) out.push_back(&w);
  }
  return out;
}

bool has_upstream(const schema::ProviderSchema& provider, const std::string& type, const schema::Block& block,
                  const gen::Hints& hints) {
  return !gen::upstream_types(provider, type, block, hints).empty();
}

rc::Gen<Wiring> wiring_of(const schema::ProviderSchema& provider, const std::string& type, const schema::Block& block,
                          const gen::Hints& hints, gen::ValueProfile values, bool examples_unchanged) {
  gen::ConfigOptions config_options = gen::config_options(values);
  if (examples_unchanged) {
    config_options.example_percent = 100;
    config_options.mutate_percent = 0;
  }
  const std::vector<std::string> order = gen::upstream_types(provider, type, block, hints);
  if (order.empty()) return rc::gen::just(Wiring{});
  Wiring shape;
  add_wires(shape.wires, kCaseItself, gen::producers_of(provider, type, block, hints), order);
  std::vector<rc::Gen<Upstream>> gens;
  for (std::size_t i = 0; i < order.size(); ++i) {
    const schema::Block& up = provider.resource_schemas.at(order[i]).block;
    gen::Hints up_hints = hints.upstream_hints(order[i]);
    if (examples_unchanged && up_hints.examples.size() > 1) up_hints.examples.resize(1);
    add_wires(shape.wires, i, gen::producers_of(provider, order[i], up, up_hints), order);
    auto kept_block = std::make_shared<const schema::Block>(up);
    const std::string name = order[i];
    gens.push_back(rc::gen::apply(
        [name, kept_block](cty::Value config, bool kept) {
          return Upstream{name, std::move(config), kept, kept_block};
        },
        gen::config_of(*kept_block, up_hints, config_options), kept_flag()));
  }
  return rc::gen::map(gen::sequence(std::move(gens)), [shape](std::vector<Upstream> upstream) {
    Wiring w = shape;
    w.upstream = std::move(upstream);
    return w;
  });
}

std::string upstream_name(std::size_t index) { return "upstream_" + std::to_string(index + 1); }

std::string upstream_reference(const Wiring& wiring, std::size_t from, const std::string& attribute) {
  return wiring.upstream.at(from).type + "." + upstream_name(from) + "." + attribute;
}

std::string describe_wiring(const Wiring& wiring) {
  const auto need = wiring.needed();
  if (need.empty()) return "";
  std::string out = "# created first, destroyed after the case:\n";
  for (std::size_t i : need) {
    const Upstream& u = wiring.upstream[i];
    if (!u.block) {
      out += "resource \"" + u.type + "\" \"" + upstream_name(i) + "\" { ... }\n";
      continue;
    }
    // Wired attributes are written as the references they are (unknown until created).
    cty::Value planned = u.config;
    std::vector<std::string> refs;
    for (const Wire* w : wiring.wires_into(i)) {
      const cty::Type* type = u.config.type().attribute_type(w->attribute);
      if (type == nullptr) continue;
      planned = with_attribute(planned, w->attribute, cty::Value::unknown(*type));
      refs.push_back(upstream_reference(wiring, w->from, w->from_attribute));
    }
    std::size_t next = 0;
    UnknownWriter writer;
    writer.expression = [&refs, &next](const cty::Value*) {
      return next < refs.size() ? refs[next++] : std::string("(known after apply)");
    };
    out += hcl_block_text_with("resource", u.type, upstream_name(i), *u.block, planned, u.config, writer);
  }
  std::string fed;
  for (const Wire* w : wiring.wires_into(kCaseItself))
    fed += "#   " + w->attribute + " = " + upstream_reference(wiring, w->from, w->from_attribute) + "\n";
  if (!fed.empty()) out += "# the case's own configuration takes\n" + fed;
  return out;
}

std::size_t wiring_size(const Wiring& wiring) {
  std::size_t n = 0;
  for (std::size_t i : wiring.needed()) n += 1 + count_set_attributes(wiring.upstream[i].config);
  return n;
}

}  // namespace tfc::conformance
