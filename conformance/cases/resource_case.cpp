// Case generators: rapidcheck combinators only, so shrinking comes with them (as RapidCheck's own
// generators are built).
#include "conformance/cases/resource_case.hpp"

#include <algorithm>
#include <memory>
#include <optional>
#include <variant>

#include "conformance/core/hcl_text.hpp"
#include "conformance/core/value_io.hpp"
#include "generators/config_combinators.hpp"
#include "proto/cty/path.hpp"

namespace tfc::conformance {

std::string unknown_note(const ConfigPair& c) {
  if (c.with_unknowns.injected.empty()) return "";
  std::string out = "# planned first with these values unknown:";
  for (const auto& p : c.with_unknowns.injected) out += " " + (p.empty() ? std::string("(whole object)") : p.render());
  return out + "\n";
}

std::size_t pair_size(const ConfigPair& c) { return count_set_attributes(c.known); }

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
  gen::ConfigOptions config_options = gen::config_options(options.values);
  if (options.first_example) {
    config_options.example_percent = 100;
    config_options.mutate_percent = 0;
  }
  return rc::gen::mapcat(
      gen::config_of(block, hints, config_options), [unknowns, &block, kept](const cty::Value& known) {
        return rc::gen::map(gen::with_unknowns(block, known, *kept, unknowns), [known](gen::InjectedConfig injected) {
          return ConfigPair{known, std::move(injected)};
        });
      });
}

namespace {

/// Steps in a fixed number of slots, each holding a step (with probability `percent`) or none:
/// shrinking empties every slot the failure does not need, wherever it sits (a count would only
/// drop steps from the end).
rc::Gen<std::vector<Step>> steps_in_slots(const rc::Gen<Step>& step, int percent, std::size_t slots) {
  const auto slot = rc::gen::mapcat(gen::chance(percent), [step](bool present) -> rc::Gen<std::optional<Step>> {
    if (!present) return rc::gen::just(std::optional<Step>());
    return rc::gen::map(step, [](Step s) { return std::optional<Step>(std::move(s)); });
  });
  return rc::gen::map(rc::gen::container<std::vector<std::optional<Step>>>(slots, slot),
                      [](std::vector<std::optional<Step>> chosen) {
                        std::vector<Step> out;
                        for (auto& s : chosen) {
                          if (s) out.push_back(std::move(*s));
                        }
                        return out;
                      });
}

/// Refresh, upgrade and import for picks 0 to 2, else `update` (the step most likely to matter
/// comes last, so shrinking prefers the others).
rc::Gen<Step> step_of(std::size_t pick, const rc::Gen<ConfigPair>& update, bool in_place) {
  switch (pick) {
    case 0: return rc::gen::just(Step{StepKind::Refresh, {}});
    case 1: return rc::gen::just(Step{StepKind::Upgrade, {}});
    case 2: return rc::gen::just(Step{StepKind::Import, {}});
    default:
      return rc::gen::map(update, [in_place](ConfigPair c) { return Step{StepKind::Update, std::move(c), in_place}; });
  }
}

/// create, then steps of any kind; an update goes to any configuration (it may replace).
rc::Gen<LifecycleCase> any_lifecycle_case_of(const schema::Block& block, const gen::Hints& hints,
                                             const CaseGenOptions& options) {
  const auto pairs = config_pair_of(block, hints, options);
  const auto step =
      rc::gen::mapcat(gen::index_below(6), [pairs](std::size_t pick) { return step_of(pick, pairs, false); });
  return rc::gen::map(rc::gen::pair(pairs, steps_in_slots(step, 60, options.max_steps)),
                      [](std::pair<ConfigPair, std::vector<Step>> p) {
                        return LifecycleCase{std::move(p.first), std::move(p.second)};
                      });
}

/// A long life: create, then mostly in-place updates of that object (the other steps between
/// them), so that several updates meet one object. Almost every slot holds a step.
rc::Gen<LifecycleCase> long_life_case_of(const schema::Block& block, const gen::Hints& hints,
                                         const CaseGenOptions& options) {
  const auto kept = std::make_shared<const gen::Hints>(hints);
  return rc::gen::mapcat(config_pair_of(block, hints, options), [&block, kept, options](ConfigPair create) {
    const auto updates = in_place_pair_of(block, *kept, create.known, options);
    const auto step =
        rc::gen::mapcat(gen::index_below(8), [updates](std::size_t pick) { return step_of(pick, updates, true); });
    return rc::gen::map(steps_in_slots(step, 90, options.max_steps), [create](std::vector<Step> steps) {
      return LifecycleCase{create, std::move(steps)};
    });
  });
}

}  // namespace

std::vector<std::string> forcing_members(const gen::Hints& hints) {
  std::vector<std::string> out;
  for (const auto& [path, hint] : hints.attributes) {
    if (hint.forces_replacement && path.find('.') == std::string::npos) out.push_back(path);
  }
  return out;
}

cty::Value keep_members(const cty::Value& update, const cty::Value& create, const std::vector<std::string>& kept) {
  if (kept.empty() || !update.is_known() || update.is_null() || !create.is_known() || create.is_null() ||
      update.type().kind() != cty::Kind::Object)
    return update;
  std::vector<cty::Value> values = update.attribute_values();
  const auto& names = update.type().attributes();
  for (std::size_t i = 0; i < names.size() && i < values.size(); ++i) {
    if (std::find(kept.begin(), kept.end(), names[i].name) == kept.end()) continue;
    if (const cty::Value* v = create.attribute(names[i].name)) values[i] = *v;
  }
  return cty::Value::object(update.type(), std::move(values));
}

rc::Gen<ConfigPair> in_place_pair_of(const schema::Block& block, const gen::Hints& hints, const cty::Value& create,
                                     const CaseGenOptions& options) {
  const std::vector<std::string> kept = forcing_members(hints);
  // An unknown value where the object keeps its create value would make the first plan replace
  // it: those members stay known.
  auto known = std::make_shared<gen::Hints>(hints);
  for (const auto& name : kept) known->attributes[name].known = true;
  const gen::UnknownOptions unknowns = options.unknowns;
  return rc::gen::mapcat(
      gen::config_of(block, hints, gen::config_options(options.values)),
      [&block, known, kept, create, unknowns](const cty::Value& generated) {
        const cty::Value config = keep_members(generated, create, kept);
        return rc::gen::map(
            gen::with_unknowns(block, config, *known, unknowns), [config, kept](gen::InjectedConfig injected) {
              // `known` keeps attributes known, not blocks: an unknown inside a kept block
              // (or the whole object unknown) takes the unknowns back out.
              for (const auto& p : injected.injected) {
                const auto* step = p.empty() ? nullptr : std::get_if<cty::AttributeStep>(&p.steps().front());
                if (p.empty() || (step && std::find(kept.begin(), kept.end(), step->name) != kept.end()))
                  return ConfigPair{config, gen::InjectedConfig{config, {}}};
              }
              return ConfigPair{config, std::move(injected)};
            });
      });
}

/// Whether a configuration may change a top-level member not known to force replacement.
bool changes_in_place(const schema::Block& block, const std::vector<std::string>& forcing) {
  auto free = [&forcing](const std::string& name) {
    return std::find(forcing.begin(), forcing.end(), name) == forcing.end();
  };
  for (const auto& a : block.attributes) {
    if ((a.optional || a.required) && free(a.name)) return true;
  }
  return std::any_of(block.block_types.begin(), block.block_types.end(),
                     [&free](const schema::NestedBlock& nb) { return free(nb.type_name); });
}

rc::Gen<LifecycleCase> lifecycle_case_of(const schema::Block& block, const gen::Hints& hints,
                                         const CaseGenOptions& options) {
  // Until a member is known to force replacement every update may keep the object: the cases
  // are those of any lifecycle (and the same as before anything was learned). When every
  // member forces it, an in-place update could change nothing: the same.
  const auto forcing = forcing_members(hints);
  if (forcing.empty() || !changes_in_place(block, forcing)) return any_lifecycle_case_of(block, hints, options);
  // Which cases are long lives is decided outside the case's own randomness (long_life_case):
  // every other case is drawn exactly as it was before anything was learned.
  return options.long_life ? long_life_case_of(block, hints, options) : any_lifecycle_case_of(block, hints, options);
}

bool long_life_case(std::uint64_t case_seed) {
  // splitmix64's finaliser: a share of the seeds that is independent of how they were made.
  std::uint64_t z = case_seed + 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  z ^= z >> 31;
  return z % 100 < static_cast<std::uint64_t>(kInPlacePercent);
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
  std::string out = describe_wiring(c.wiring) + "# create\n" + unknown_note(c.create) +
                    hcl_block_text("resource", type, "test", block, c.create.known);
  for (const auto& s : c.steps) {
    out += "# then " + std::string(to_string(s.kind));
    if (s.in_place) out += " in place";
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
  return describe_wiring(c.wiring) + unknown_note(c.config) +
         hcl_block_text("data", type, "test", block, c.config.known);
}

std::size_t case_size(const LifecycleCase& c) {
  std::size_t n = pair_size(c.create) + wiring_size(c.wiring);
  for (const auto& s : c.steps) n += s.kind == StepKind::Update ? pair_size(s.config) : 0;
  return n;
}
std::size_t case_size(const PlanOnlyCase& c) { return pair_size(c.config) + (c.update ? pair_size(*c.update) : 0); }
std::size_t case_size(const DataCase& c) { return pair_size(c.config) + wiring_size(c.wiring); }

Expected<CaseGenerator<LifecycleCase>> lifecycle_generator(const GeneratorSource& source) {
  return CaseGenerator<LifecycleCase>([&block = source.block, &provider = source.provider, type = source.type](
                                          const gen::Hints& h, const CaseGenOptions& o) {
    return with_wiring(lifecycle_case_of(block, h, o), provider, type, block, h, o);
  });
}

Expected<CaseGenerator<PlanOnlyCase>> plan_only_generator(const GeneratorSource& source) {
  return CaseGenerator<PlanOnlyCase>(
      [&block = source.block](const gen::Hints& h, const CaseGenOptions& o) { return plan_only_case_of(block, h, o); });
}

Expected<CaseGenerator<DataCase>> data_generator(const GeneratorSource& source) {
  return CaseGenerator<DataCase>([&block = source.block, &provider = source.provider, type = source.type](
                                     const gen::Hints& h, const CaseGenOptions& o) {
    return with_wiring(data_case_of(block, h, o), provider, type, block, h, o);
  });
}

}  // namespace tfc::conformance
