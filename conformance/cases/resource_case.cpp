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
  std::string out = describe_wiring(c.wiring) + "# create\n" + unknown_note(c.create) +
                    hcl_block_text("resource", type, "test", block, c.create.known);
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
