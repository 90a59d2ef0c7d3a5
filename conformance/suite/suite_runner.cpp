// One suite (see suite_runner.hpp): its context, the search (suite_rounds.hpp) or the replay
// (suite_replay.hpp), and its report (suite_tally.hpp), for the kind the table names.
#include "conformance/suite/suite_runner.hpp"

#include <algorithm>

#include "conformance/suite/finding_book.hpp"
#include "conformance/suite/kind_hints.hpp"
#include "conformance/suite/suite_context.hpp"
#include "conformance/suite/suite_replay.hpp"
#include "conformance/suite/suite_rounds.hpp"
#include "conformance/suite/suite_tally.hpp"
#include "generators/producers.hpp"

namespace tfc::conformance {

void announce_case(const SuiteContext& ctx, std::size_t index) {
  if (ctx.progress) ctx.progress->case_started({ctx.label, "case", index + 1, ctx.settings.cases});
}

void finish_case(const SuiteContext& ctx, std::size_t index, std::size_t found) {
  if (!ctx.progress) return;
  const auto status = found > 0 ? report::Status::failed : report::Status::passed;
  ctx.progress->case_finished({ctx.label, "case", index + 1, ctx.settings.cases}, status, found);
}

CaseOutcome without_findings(const CaseOutcome& outcome) {
  CaseOutcome out;
  out.log_marks = outcome.log_marks;
  out.import_id_attributes = outcome.import_id_attributes;  // for the reproduction's import
  out.import_id_separator = outcome.import_id_separator;
  out.refused_updates = outcome.refused_updates;  // left out of the reproduction
  return out;
}

CaseOutcome of_rule(const CaseOutcome& outcome, const std::string& rule) {
  CaseOutcome out = without_findings(outcome);
  for (const auto& f : outcome.findings) {
    if (f.finding.severity == report::Severity::error && f.finding.rule_id == rule) out.findings.push_back(f);
  }
  return out;
}

namespace {

/// A suite that has not played yet: its kind and name.
report::Suite empty_suite(CaseKind kind, const std::string& type) {
  report::Suite suite;
  suite.kind = suite_kind(kind);
  suite.name = type;
  return suite;
}

/// A suite that could not play any case: one harness scenario saying why.
report::Suite harness_suite(CaseKind kind, const std::string& type, std::string why) {
  report::Suite suite = empty_suite(kind, type);
  report::Scenario sc;
  sc.name = "harness";
  sc.status = report::Status::error;
  sc.reason = std::move(why);
  suite.scenarios.push_back(std::move(sc));
  return suite;
}

/// What a suite of one kind needs besides its context: the hints it starts from (and the
/// managed resource's of the same name, for the objects a list case creates), the replay token
/// when it replays one case, and where the hints it ends with go.
struct SuiteInputs {
  const gen::Hints& hints;
  const gen::Hints& resource_hints;
  const std::optional<ReplayToken>& replay;
  gen::Hints* learned;
};

/// Plays a suite of one kind: its generator (the `generator` column of case_kinds.inc), then
/// the search or the replay, then its report.
template <class Case, auto Generator>
report::Suite run_kind(const SuiteContext& ctx, const SuiteInputs& in) {
  // The generators keep references to the context's copy of the schema, which outlives them.
  auto make = Generator(GeneratorSource{ctx.host.schema(), ctx.type, ctx.schema.block, in.resource_hints});
  if (!make) return harness_suite(ctx.kind, ctx.type, make.error().message);
  gen::learning::RefusalLearner learner(ctx.schema.block, in.hints, kind_info(ctx.kind).data_source,
                                        ctx.settings.world);
  // The resources its cases may create first learn their own configurations (wiring.hpp).
  if (ctx.settings.generation.wiring) {
    const auto& provider = ctx.host.schema();
    for (const auto& up : gen::upstream_types(provider, ctx.type, ctx.schema.block, in.hints))
      learner.add_upstream(up, provider.resource_schemas.at(up).block);
  }
  LearningGenerator<Case> gen(std::move(*make), ctx.settings.generation, learner);
  SuiteTally tally;
  FindingBook book;
  if (in.replay) {
    play_replay(ctx, tally, book, gen, learner, *in.replay);
  } else {
    play_generated_cases(ctx, tally, book, gen, learner);
  }
  report::Suite suite = empty_suite(ctx.kind, ctx.type);
  if (ctx.example) {
    suite.example = tally.first_example ? *tally.first_example
                                        : report::ExampleUse{ctx.example->found, ctx.example->source, "not played", ""};
  }
  for (const auto& f : learner.facts())
    suite.learned.push_back({f.attribute, f.source, f.rule, f.evidence, f.case_number});
  if (in.learned) *in.learned = learner.steady_hints();
  const SuiteEnd end{ctx.kind, ctx.settings.apply, ctx.settings.cases, tally.timed_out};
  return finish_suite(std::move(suite), end, tally, book.take());
}

using KindRunner = report::Suite (*)(const SuiteContext&, const SuiteInputs&);

/// Each kind's runner, in the table's order.
constexpr KindRunner kKindRunners[] = {
#define TFC_CASE_KIND(Name, code, suite, types, label, apply, changes, data_source, Case, generator, ...) \
  &run_kind<Case, &generator>,
#include "conformance/core/case_kinds.inc"
#undef TFC_CASE_KIND
};

}  // namespace

std::size_t type_index(const schema::ProviderSchema& schema, CaseKind kind, const std::string& type) {
  const auto names = kind_type_names(schema, kind);
  return static_cast<std::size_t>(std::find(names.begin(), names.end(), type) - names.begin());
}

Expected<void> resolve_type(ReplayToken& token, const schema::ProviderSchema& schema) {
  const auto names = kind_type_names(schema, token.kind);
  if (!token.needs_type_name()) {
    if (std::find(names.begin(), names.end(), token.type_name) == names.end())
      return Error{"replay token names " + token.type_name + ", which this provider does not have"};
    token.type_index = type_index(schema, token.kind, token.type_name);
    return {};
  }
  if (token.type_index >= names.size())
    return Error{"replay token names type number " + std::to_string(token.type_index + 1) + " of " +
                 std::to_string(names.size()) + ": not this provider (or another version of it)"};
  token.type_name = names[token.type_index];
  return {};
}

report::Suite run_suite(ProviderSession& host, CaseKind kind, const std::string& type, const gen::HintsFile& hints,
                        const SuiteSettings& settings, report::ProgressListener* progress,
                        const std::optional<ReplayToken>& replay, gen::Hints* learned, SessionPool* pool,
                        LoudSession* loud) {
  if (replay) pool = nullptr;  // a replay plays one case, on its own session
  // Lifecycle cases create objects: they spread too, their names made unique per case.
  const bool applies = kind == CaseKind::Lifecycle && settings.apply;
  SuiteContext ctx{host,
                   kind,
                   type,
                   type_index(host.schema(), kind, type),
                   {},
                   settings,
                   progress,
                   pool,
                   pool != nullptr && (changes_nothing(kind, settings.apply) || applies),
                   applies,
                   report::suite_label(empty_suite(kind, type))};
  ctx.loud = loud;
  MoveRefusals moves;  // only lifecycle and plan-only cases move
  ctx.moves = &moves;
  if (const schema::Schema* own = kind_schema(host.schema(), kind, type)) ctx.schema = *own;
  if (applies) {
    const auto& identities = host.schema().identity_schemas;
    const auto identity = identities.find(type);
    ctx.unique = unique_names_of(ctx.schema.block, identity != identities.end() ? &identity->second : nullptr,
                                 settings.world ? settings.world->output_files : std::vector<std::string>{});
  }
  if (auto it = settings.examples.find(std::string(kind_info(kind).label) + type); it != settings.examples.end())
    ctx.example = &it->second;
  return kKindRunners[kind_index(kind)](
      ctx, SuiteInputs{given_hints(hints, kind, type), hints.for_resource(type), replay, learned});
}

}  // namespace tfc::conformance
