#pragma once
// A suite's cases generated from what it has learned so far: the generators of a kind (one per
// value profile) for the learner's current hints, rebuilt only when the hints change; case
// `index` of the suite from them; and what a played case teaches the learner.

#include <optional>
#include <string>
#include <type_traits>

#include <rapidcheck.h>

#include "conformance/cases/case_generator.hpp"
#include "conformance/cases/unique_names.hpp"
#include "conformance/core/case_outcome.hpp"
// Every kind's case type, through the play header that declares its play_case and includes its
// cases/ header (docs/contributing.md, "A new case kind").
#include "conformance/play/family_play.hpp"
#include "conformance/suite/case_schedule.hpp"
#include "conformance/suite/suite_context.hpp"
#include "generators/learning/refusal_learner.hpp"

namespace tfc::conformance {

/// What a kind's suite learns from (the `learn_from` column of case_kinds.inc): the Case member
/// holding the configuration, and the coverage step at which it counts as accepted, without and
/// with --apply.
template <class Member>
struct LearnSpec {
  Member member;
  CoverageStep accepted;
  CoverageStep accepted_with_apply;
};

template <class Case>
struct LearnsFrom;
#define TFC_LEARN(member, accepted, with_apply) \
  LearnSpec<decltype(member)> { member, CoverageStep::accepted, CoverageStep::with_apply }
#define TFC_CASE_KIND(Name, code, suite, types, label, apply, changes, data_source, Case, generator, learn_from, ...) \
  template <>                                                                                                         \
  struct LearnsFrom<Case> {                                                                                           \
    static constexpr auto spec = learn_from;                                                                          \
  };
#include "conformance/core/case_kinds.inc"
#undef TFC_CASE_KIND
#undef TFC_LEARN

/// Every kind whose cases have a configuration learns from refusals (provider functions teach
/// nothing, so a replay need not play the calls before it).
template <class Case>
constexpr bool kLearns = !std::is_null_pointer_v<decltype(LearnsFrom<Case>::spec)>;

/// Lifecycle cases also teach which changes replace the object (their update plans): a replay
/// plays the earlier cases whole, not only their create plans, since an update needs the
/// applied object.
template <class Case>
constexpr bool kLearnsFromWholeCase = std::is_same_v<Case, LifecycleCase>;

/// What the case's answers teach: its refusals, its configuration when that was accepted (it
/// reached its kind's accepted step: planned; read, for a data source; opened, for an ephemeral
/// resource under --apply), what its update plans replaced the object for, and what its upstream
/// resources taught about their types. Accepted first: a later refusal of the same value then
/// takes the examples holding it back out.
template <class Case>
void learn(gen::learning::RefusalLearner& learner, const CaseOutcome& o, const Case& c, bool apply) {
  if constexpr (kLearns<Case>) {
    constexpr auto spec = LearnsFrom<Case>::spec;
    if (o.reached.contains(apply ? spec.accepted_with_apply : spec.accepted)) learner.accepted((c.*spec.member).known);
    for (const auto& r : o.refusals) learner.refused(r.config, r.diagnostics);
    for (const auto& l : o.upstream_lessons) {
      if (l.refused)
        learner.upstream_refused(l.type, l.config, *l.refused);
      else
        learner.upstream_accepted(l.type, l.config);
    }
    if (!o.replaced_for.empty() || !o.updated_in_place.empty())
      learner.update_planned(o.replaced_for, o.updated_in_place);
  }
}

/// What became of a first case played from the author's example: accepted as the suite's
/// learner takes a configuration (the kind's acceptance step, case_kinds.inc), or refused with
/// the provider's reasons.
template <class Case>
report::ExampleUse example_use(const ExampleSeed& seed, const CaseOutcome& o, bool apply) {
  bool accepted = o.planned;
  if constexpr (kLearns<Case>) {
    constexpr auto spec = LearnsFrom<Case>::spec;
    accepted = o.reached.contains(apply ? spec.accepted_with_apply : spec.accepted);
  }
  std::string refusal;
  for (const auto& r : o.refusal_reasons) refusal += (refusal.empty() ? "" : "; ") + r;
  if (refusal.empty() && !accepted) refusal = o.rejection;
  return {seed.found, seed.source, accepted ? "accepted" : "refused", accepted ? "" : refusal};
}

/// The case generators (one per value profile) for the learner's current hints, rebuilt only
/// when the hints change.
template <class Case>
class LearningGenerator {
public:
  LearningGenerator(CaseGenerator<Case> make, const CaseGenOptions& options,
                    const gen::learning::RefusalLearner& learner)
      : m_make(std::move(make)), m_realistic_options(options), m_extreme_options(options), m_learner(learner) {
    m_extreme_options.values = gen::ValueProfile::extreme;
  }
  /// The generator of the current hints for a case of this profile; `long_life`: a lifecycle
  /// case that updates one object in place (resource_case.hpp), ignored by the other kinds.
  const rc::Gen<Case>& current(bool extreme, bool long_life = false) {
    if (m_version != m_learner.version()) {
      for (auto& slot : m_slots) slot.reset();
      m_version = m_learner.version();
    }
    auto& slot = m_slots[(extreme ? 2 : 0) + (long_life ? 1 : 0)];
    if (!slot) {
      CaseGenOptions options = extreme ? m_extreme_options : m_realistic_options;
      options.long_life = long_life;
      slot = m_make(m_learner.hints(), options);
    }
    return *slot;
  }
  /// The hints the cases are generated with now.
  const gen::Hints& hints() const { return m_learner.hints(); }
  /// The generator of a case played from the author's example `body`, unchanged.
  rc::Gen<Case> from_example(const nlohmann::json& body) const {
    gen::Hints hints = m_learner.hints();
    hints.examples = {body};
    CaseGenOptions options = m_realistic_options;
    options.first_example = true;
    return m_make(hints, options);
  }

private:
  CaseGenerator<Case> m_make;
  CaseGenOptions m_realistic_options;
  CaseGenOptions m_extreme_options;
  const gen::learning::RefusalLearner& m_learner;
  std::optional<rc::Gen<Case>> m_slots[4];  // realistic, realistic long life, extreme, extreme long life
  std::size_t m_version = static_cast<std::size_t>(-1);
};

/// A generated case, and the value it plays.
template <class Case>
struct Generated {
  rc::Shrinkable<Case> shrinkable;
  Case value;
};

/// Whether case `index` is played from one of the author's examples of the type.
inline bool example_case(const SuiteContext& ctx, std::size_t index) {
  return ctx.example != nullptr && index < ctx.example->bodies.size() && index < kMaxExampleCases &&
         index < ctx.settings.cases / 2;
}

/// The generator of case `index` of a run with seed `run_seed`: the author's example it plays,
/// or the current hints' generator for its value profile and whether it is a long life (both
/// chosen per index, outside the case's own randomness). The search and a replay ask the same.
/// A lifecycle case's names are made unique with the case's own tag (unique_names.hpp), whether
/// or not it will be played beside others, so the cases do not depend on --jobs.
template <class Case>
rc::Gen<Case> generator_of_case(const SuiteContext& ctx, LearningGenerator<Case>& gen, std::size_t index, bool extreme,
                                std::uint64_t run_seed) {
  const std::uint64_t seed = case_seed(run_seed, ctx.kind, ctx.type, index);
  rc::Gen<Case> cases = example_case(ctx, index) ? gen.from_example(ctx.example->bodies[index])
                                                 : gen.current(extreme, long_life_case(seed));
  if constexpr (std::is_same_v<Case, LifecycleCase>) {
    if (!ctx.unique.empty()) {
      return rc::gen::map(std::move(cases), [names = ctx.unique, hints = gen.hints(), tag = case_tag(seed)](Case c) {
        make_unique(c, names, hints, tag);
        return c;
      });
    }
  }
  return cases;
}

/// Case `index` of the suite from the learner's current hints; nullopt, with `error` set, when
/// generating it failed.
template <class Case>
std::optional<Generated<Case>> generate_case(const SuiteContext& ctx, LearningGenerator<Case>& gen, std::size_t index,
                                             std::string& error) {
  const SuiteSettings& settings = ctx.settings;
  const bool extreme = extreme_case(settings.values, index, settings.cases);
  try {
    const rc::Random random(case_seed(settings.run_seed, ctx.kind, ctx.type, index));
    const int size = case_size(index, settings.cases);
    auto shrinkable = generator_of_case(ctx, gen, index, extreme, settings.run_seed)(random, size);
    Case value = shrinkable.value();
    return Generated<Case>{std::move(shrinkable), std::move(value)};
  } catch (const std::exception& e) {
    error = std::string("generating a case failed: ") + e.what();
    return std::nullopt;
  }
}

/// A case of `gen` from `seed` and `size`; nullopt, with `error` set, when generating it failed.
template <class Case>
std::optional<rc::Shrinkable<Case>> generate(const rc::Gen<Case>& gen, std::uint64_t seed, int size,
                                             std::string& error) {
  try {
    return gen(rc::Random(seed), size);
  } catch (const std::exception& e) {
    error = std::string("generating a case failed: ") + e.what();
    return std::nullopt;
  }
}

}  // namespace tfc::conformance
