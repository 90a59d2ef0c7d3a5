// Case generators: rapidcheck combinators only, so shrinking comes with them (as RapidCheck's own
// generators are built).
#include "conformance/cases/resource_case.hpp"

#include <memory>
#include <optional>

#include "conformance/core/hcl_text.hpp"
#include "conformance/core/value_io.hpp"
#include "generators/config_combinators.hpp"
#include "proto/cty/path.hpp"

namespace tfc::conformance {
namespace {

std::string unknown_note(const ConfigPair& c) {
  if (c.with_unknowns.injected.empty()) return "";
  std::string out = "# planned first with these values unknown:";
  for (const auto& p : c.with_unknowns.injected) out += " " + (p.empty() ? std::string("(whole object)") : p.render());
  return out + "\n";
}

std::size_t pair_size(const ConfigPair& c) { return count_set_attributes(c.known); }

cty::Value configurable(const schema::Block& block, const cty::Value& known, const cty::Value& injected,
                        const gen::Hints* hints = nullptr);

/// Attributes the hints say to leave out stay null even as unknowns, and those they say to keep
/// known (the provider refuses an unknown there) keep their known value.
bool omitted(const gen::Hints& hints, const std::string& path) {
  const auto* hint = hints.find(path);
  return hint != nullptr && (hint->omit || hint->known);
}

/// Attributes of a nested attribute type: computed-only ones stay as configured (null).
cty::Value configurable_attributes(const std::vector<schema::Attribute>& attributes, const cty::Value& known,
                                   const cty::Value& injected);

cty::Value configurable_attribute(const schema::Attribute& a, const cty::Value& known, const cty::Value& injected) {
  if (a.computed && !a.optional) return known;  // Core never sends a value, not even an unknown
  if (!a.nested_type || !injected.is_known() || injected.is_null() || !known.is_known() || known.is_null() ||
      injected.type().kind() != known.type().kind())
    return injected;
  const auto& attrs = a.nested_type->attributes;
  switch (a.nested_type->nesting) {
    case schema::NestingMode::Single: return configurable_attributes(attrs, known, injected);
    case schema::NestingMode::List: {
      if (injected.length() != known.length()) return injected;
      std::vector<cty::Value> out;
      for (std::size_t i = 0; i < injected.length(); ++i)
        out.push_back(configurable_attributes(attrs, known.elements()[i], injected.elements()[i]));
      return cty::Value::typed_list(injected.type(), std::move(out));
    }
    case schema::NestingMode::Map: {
      if (injected.length() != known.length()) return injected;
      std::vector<std::pair<std::string, cty::Value>> out;
      for (std::size_t i = 0; i < injected.length(); ++i)
        out.push_back({injected.map_entries()[i].first, configurable_attributes(attrs, known.map_entries()[i].second,
                                                                                injected.map_entries()[i].second)});
      return cty::Value::typed_map(injected.type(), std::move(out));
    }
    default: return injected;  // set elements cannot be matched up; computed-only members stay null anyway
  }
}

cty::Value configurable_attributes(const std::vector<schema::Attribute>& attributes, const cty::Value& known,
                                   const cty::Value& injected) {
  if (!injected.is_known() || injected.is_null() || injected.type().kind() != cty::Kind::Object) return injected;
  std::vector<cty::Value> values = injected.attribute_values();
  const auto& names = injected.type().attributes();
  for (std::size_t i = 0; i < names.size(); ++i) {
    const cty::Value* k = known.attribute(names[i].name);
    for (const auto& a : attributes) {
      if (a.name == names[i].name && k != nullptr) values[i] = configurable_attribute(a, *k, values[i]);
    }
  }
  return cty::Value::object(injected.type(), std::move(values));
}

/// A block element can never be unknown on its own in a configuration (its body is written
/// out); only a whole collection can, from a dynamic block with an unknown for_each.
cty::Value configurable_elements(const schema::NestedBlock& nb, const cty::Value& known, const cty::Value& injected) {
  if (!injected.is_known() || injected.is_null() || !known.is_known() || known.is_null() ||
      injected.type().kind() != known.type().kind() || injected.length() != known.length())
    return injected;
  const auto& body = *nb.block;
  switch (injected.type().kind()) {
    case cty::Kind::List:
    case cty::Kind::Tuple: {
      std::vector<cty::Value> out;
      for (std::size_t i = 0; i < injected.length(); ++i) {
        const auto& e = injected.elements()[i];
        out.push_back(e.is_known() ? configurable(body, known.elements()[i], e) : known.elements()[i]);
      }
      return injected.type().kind() == cty::Kind::List ? cty::Value::typed_list(injected.type(), std::move(out))
                                                       : cty::Value::tuple(injected.type(), std::move(out));
    }
    case cty::Kind::Map: {
      std::vector<std::pair<std::string, cty::Value>> out;
      for (std::size_t i = 0; i < injected.length(); ++i) {
        const auto& [key, e] = injected.map_entries()[i];
        out.push_back(
            {key, e.is_known() ? configurable(body, known.map_entries()[i].second, e) : known.map_entries()[i].second});
      }
      return cty::Value::typed_map(injected.type(), std::move(out));
    }
    case cty::Kind::Set: {
      // Elements cannot be paired with their known originals: keep the known set when any
      // element became wholly unknown.
      for (const auto& e : injected.elements()) {
        if (!e.is_known()) return known;
      }
      return injected;
    }
    default: return injected;
  }
}

/// `injected` with every unknown Core could never send taken back to its known value: unknowns
/// in computed-only attributes and whole block elements.
cty::Value configurable(const schema::Block& block, const cty::Value& known, const cty::Value& injected,
                        const gen::Hints* hints) {
  if (!injected.is_known() || injected.is_null() || !known.is_known() || known.is_null() ||
      injected.type().kind() != cty::Kind::Object)
    return injected;
  std::vector<cty::Value> values = injected.attribute_values();
  const auto& names = injected.type().attributes();
  for (std::size_t i = 0; i < names.size(); ++i) {
    const cty::Value* k = known.attribute(names[i].name);
    if (k == nullptr) continue;
    if (const auto* a = block.find_attribute(names[i].name)) {
      values[i] = configurable_attribute(*a, *k, values[i]);
      if (hints != nullptr && omitted(*hints, names[i].name)) values[i] = *k;
    } else if (const auto* nb = block.find_block_type(names[i].name); nb && nb->block) {
      if (nb->nesting == schema::NestingMode::Single || nb->nesting == schema::NestingMode::Group) {
        values[i] = values[i].is_known() ? configurable(*nb->block, *k, values[i]) : *k;
      } else {
        values[i] = configurable_elements(*nb, *k, values[i]);
      }
    }
  }
  return cty::Value::object(injected.type(), std::move(values));
}

}  // namespace

std::string_view to_string(StepKind kind) noexcept {
  switch (kind) {
    case StepKind::Refresh: return "refresh";
    case StepKind::Upgrade: return "upgrade";
    case StepKind::Import: return "import";
    case StepKind::Update: return "update";
  }
  return "refresh";
}

rc::Gen<ConfigPair> config_pair_of(const schema::Block& block, const gen::Hints& hints, const CaseGenOptions& options) {
  const gen::UnknownOptions unknowns = options.unknowns;
  // The generator outlives the caller's hints (tests pass temporaries): it keeps its own copy.
  const auto kept = std::make_shared<const gen::Hints>(hints);
  return rc::gen::mapcat(
      gen::config_of(block, hints, gen::config_options(options.values)),
      [unknowns, &block, kept](const cty::Value& known) {
        return rc::gen::map(gen::with_unknowns(known, unknowns), [known, &block, kept](gen::InjectedConfig injected) {
          injected.value = configurable(block, known, injected.value, kept.get());
          injected.injected = gen::unknown_paths(injected.value);
          return ConfigPair{known, std::move(injected)};
        });
      });
}

rc::Gen<LifecycleCase> lifecycle_case_of(const schema::Block& block, const gen::Hints& hints,
                                         const CaseGenOptions& options) {
  const auto pairs = config_pair_of(block, hints, options);
  // Update is the step most likely to matter; it comes last so shrinking prefers the others.
  const auto step = rc::gen::mapcat(gen::index_below(6), [pairs](std::size_t pick) -> rc::Gen<Step> {
    switch (pick) {
      case 0: return rc::gen::just(Step{StepKind::Refresh, {}});
      case 1: return rc::gen::just(Step{StepKind::Upgrade, {}});
      case 2: return rc::gen::just(Step{StepKind::Import, {}});
      default: return rc::gen::map(pairs, [](ConfigPair c) { return Step{StepKind::Update, std::move(c)}; });
    }
  });
  // A fixed number of slots, each holding a step or none: shrinking empties every slot the
  // failure does not need, wherever it sits (a count would only drop steps from the end).
  const auto slot = rc::gen::mapcat(gen::chance(60), [step](bool present) -> rc::Gen<std::optional<Step>> {
    if (!present) return rc::gen::just(std::optional<Step>());
    return rc::gen::map(step, [](Step s) { return std::optional<Step>(std::move(s)); });
  });
  const auto steps = rc::gen::map(rc::gen::container<std::vector<std::optional<Step>>>(options.max_steps, slot),
                                  [](std::vector<std::optional<Step>> slots) {
                                    std::vector<Step> out;
                                    for (auto& s : slots) {
                                      if (s) out.push_back(std::move(*s));
                                    }
                                    return out;
                                  });
  return rc::gen::map(rc::gen::pair(pairs, steps), [](std::pair<ConfigPair, std::vector<Step>> p) {
    return LifecycleCase{std::move(p.first), std::move(p.second)};
  });
}

rc::Gen<PlanOnlyCase> plan_only_case_of(const schema::Block& block, const gen::Hints& hints,
                                        const CaseGenOptions& options) {
  const auto pairs = config_pair_of(block, hints, options);
  // Shrinks towards planning the same configuration again.
  const auto update = rc::gen::mapcat(gen::chance(70), [pairs](bool fresh) -> rc::Gen<std::optional<ConfigPair>> {
    if (!fresh) return rc::gen::just(std::optional<ConfigPair>());
    return rc::gen::map(pairs, [](ConfigPair c) { return std::optional<ConfigPair>(std::move(c)); });
  });
  // The seed does not shrink: another seed invents other values, not simpler ones.
  return rc::gen::apply(
      [](ConfigPair config, std::optional<ConfigPair> next, std::uint64_t seed) {
        return PlanOnlyCase{std::move(config), std::move(next), seed};
      },
      pairs, update, rc::gen::noShrink(rc::gen::arbitrary<std::uint64_t>()));
}

rc::Gen<DataCase> data_case_of(const schema::Block& block, const gen::Hints& hints, const CaseGenOptions& options) {
  return rc::gen::map(config_pair_of(block, hints, options), [](ConfigPair c) { return DataCase{std::move(c)}; });
}

std::string describe_case(const std::string& type, const schema::Block& block, const LifecycleCase& c) {
  std::string out =
      "# create\n" + unknown_note(c.create) + hcl_block_text("resource", type, "test", block, c.create.known);
  for (const auto& s : c.steps) {
    out += "# then " + std::string(to_string(s.kind));
    if (s.kind != StepKind::Update) {
      out += "\n";
      continue;
    }
    out += " to\n" + unknown_note(s.config) + hcl_block_text("resource", type, "test", block, s.config.known);
  }
  return out + "# then destroy\n";
}

std::string describe_case(const std::string& type, const schema::Block& block, const PlanOnlyCase& c) {
  std::string out = "# plan (no apply)\n" + unknown_note(c.config) +
                    hcl_block_text("resource", type, "test", block, c.config.known) +
                    "# then, from its planned state with the unknown values invented: upgrade, and plan ";
  if (!c.update) return out + "the same configuration\n";
  return out + "\n" + unknown_note(*c.update) + hcl_block_text("resource", type, "test", block, c.update->known);
}

std::string describe_case(const std::string& type, const schema::Block& block, const DataCase& c) {
  return unknown_note(c.config) + hcl_block_text("data", type, "test", block, c.config.known);
}

std::size_t case_size(const LifecycleCase& c) {
  std::size_t n = pair_size(c.create);
  for (const auto& s : c.steps) n += s.kind == StepKind::Update ? pair_size(s.config) : 0;
  return n;
}
std::size_t case_size(const PlanOnlyCase& c) { return pair_size(c.config) + (c.update ? pair_size(*c.update) : 0); }
std::size_t case_size(const DataCase& c) { return pair_size(c.config); }

Expected<CaseGenerator<LifecycleCase>> lifecycle_generator(const GeneratorSource& source) {
  return CaseGenerator<LifecycleCase>(
      [&block = source.block](const gen::Hints& h, const CaseGenOptions& o) { return lifecycle_case_of(block, h, o); });
}

Expected<CaseGenerator<PlanOnlyCase>> plan_only_generator(const GeneratorSource& source) {
  return CaseGenerator<PlanOnlyCase>(
      [&block = source.block](const gen::Hints& h, const CaseGenOptions& o) { return plan_only_case_of(block, h, o); });
}

Expected<CaseGenerator<DataCase>> data_generator(const GeneratorSource& source) {
  return CaseGenerator<DataCase>(
      [&block = source.block](const gen::Hints& h, const CaseGenOptions& o) { return data_case_of(block, h, o); });
}

}  // namespace tfc::conformance
