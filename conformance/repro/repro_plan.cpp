// Reproductions of lifecycle, plan-only and data source cases (see repro_plan.hpp).
#include "conformance/repro/repro_plan.hpp"

#include <algorithm>

#include "conformance/core/hcl_text.hpp"
#include "conformance/core/step_names.hpp"
#include "conformance/core/value_io.hpp"
#include "oracle/rule_id.hpp"
#include "reports/fingerprint.hpp"

namespace tfc::conformance {
namespace {

/// The ID the case imported by, as an expression of the object at `address`: its `id`, or the
/// attributes the provider's refusal of it asked for joined by their separator (a null one as an
/// empty field, as the case filled it).
std::string import_id_expression(const std::string& address, const ReproContext& ctx) {
  if (ctx.import_id_attributes.empty()) return address + ".id";
  std::string fields;
  for (const auto& a : ctx.import_id_attributes) fields += (fields.empty() ? "" : ", ") + address + "." + a;
  std::string separator(1, ctx.import_id_separator);
  if (separator == "\"" || separator == "\\") separator = "\\" + separator;
  return "join(\"" + separator + "\", [for v in [" + fields + "] : v == null ? \"\" : tostring(v)])";
}

// A whole collection of nested blocks unknown is written as a dynamic block (hcl_text.cpp); a
// single block unknown on its own is not written (the suite does not generate one).
constexpr const char* kWholeBlockUnknown =
    "a whole single nested block is unknown in the configuration, which a reproduction does not write";

const std::vector<std::string> kApply{"apply", "-auto-approve", "-input=false", "-no-color"};
const std::vector<std::string> kRefreshOnly{"plan", "-refresh-only", "-input=false", "-no-color"};
const std::vector<std::string> kPlanNoRefresh{"plan", "-refresh=false", "-detailed-exitcode", "-input=false",
                                              "-no-color"};
const std::vector<std::string> kPlanChanges{"plan", "-detailed-exitcode", "-input=false", "-no-color"};
const std::vector<std::string> kDestroy{"destroy", "-auto-approve", "-input=false", "-no-color"};

/// The part of a finding's step key after "scenario: ": a key of the step table.
std::string core_step(const std::string& step) {
  const auto colon = step.find(": ");
  return colon == std::string::npos ? step : step.substr(colon + 2);
}

/// Whether a step key is `step` (a key the compiler checks against the table).
bool is(const std::string& key, StepName step) { return key == step.key(); }

std::string header(const ReproContext& ctx) {
  return "terraform {\n  required_providers {\n    " + ctx.provider_name + " = {\n      source = \"" +
         ctx.provider_source + "\"\n    }\n  }\n}\n\n";
}

/// One configuration of the resource under test, its unknowns written as `terraform_data`
/// outputs named after the step (new resources, so unknown while this step plans).
struct Rendered {
  std::string text;
  std::string unknown_note;  // e.g. "with 2 values unknown at plan time"
  bool expressible = true;
};

// A wired attribute (cases/wiring.hpp) is written as a reference to the upstream resource that
// fed it: its known value is this marker followed by the reference, its planned value unknown.
constexpr std::string_view kWireMarker = "\x01tfconform-reference:";

/// `value` with each of `wires` marked at its attribute (unknown in `planned`, the marker with
/// the reference in `known`).
void mark_wires(cty::Value& planned, cty::Value& known, const Wiring& wiring, const std::vector<const Wire*>& wires) {
  for (const Wire* w : wires) {
    const cty::Value* at = known.attribute(w->attribute);
    if (at == nullptr || at->is_null() || at->type().kind() != cty::Kind::String) continue;
    const std::string ref = upstream_reference(wiring, w->from, w->from_attribute);
    known = with_attribute(known, w->attribute, cty::Value::string(std::string(kWireMarker) + ref));
    planned = with_attribute(planned, w->attribute, cty::Value::unknown(cty::Type::string()));
  }
}

/// The configuration the unknown writer walks: `config` with its wired attributes marked.
ConfigPair marked(const ConfigPair& config, const Wiring* wiring) {
  if (wiring == nullptr || wiring->empty()) return config;
  ConfigPair out = config;
  if (out.with_unknowns.injected.empty()) out.with_unknowns.value = out.known;
  mark_wires(out.with_unknowns.value, out.known, *wiring, wiring->wires_into(kCaseItself));
  if (!raw_equals(out.with_unknowns.value, out.known) && out.with_unknowns.injected.empty())
    out.with_unknowns.injected.push_back(cty::Path());  // a marker: the writer now walks the unknowns
  return out;
}

UnknownWriter writer_for(std::string& data_resources, std::size_t& n, const std::string& step_folder) {
  UnknownWriter writer;
  writer.expression = [&data_resources, &n, step_folder](const cty::Value* known) {
    if (known != nullptr && known->is_known() && !known->is_null() && known->type().kind() == cty::Kind::String &&
        known->as_string().starts_with(kWireMarker))
      return known->as_string().substr(kWireMarker.size());
    const std::string name = step_folder + "_unknown_" + std::to_string(++n);
    // Wrapped in an object so that a null value is unknown too (terraform_data passes a null
    // input through as a known null output).
    const std::string input = known != nullptr ? hcl_value_text(*known) : "null";
    data_resources += "resource \"terraform_data\" \"" + name + "\" {\n  input = { v = " + input + " }\n}\n\n";
    return "terraform_data." + name + ".output.v";
  };
  return writer;
}

/// The upstream resources the case creates first, their own wired attributes as references.
std::string upstream_text(const Wiring* wiring, bool& expressible) {
  if (wiring == nullptr) return "";
  std::string out;
  std::string unused;
  std::size_t none = 0;
  for (std::size_t i : wiring->needed()) {
    const Upstream& u = wiring->upstream[i];
    if (!u.block) continue;
    cty::Value planned = u.config;
    cty::Value known = u.config;
    mark_wires(planned, known, *wiring, wiring->wires_into(i));
    UnknownWriter writer = writer_for(unused, none, "upstream");
    out += hcl_block_text_with("resource", u.type, upstream_name(i), *u.block, planned, known, writer) + "\n";
    expressible = expressible && !writer.whole_block_unknown;
  }
  return out;
}

Rendered render_config(const std::string& kind, const std::string& type, const schema::Block& block,
                       const ConfigPair& plain, const std::string& step_folder, const std::string& extra,
                       const Wiring* wiring = nullptr) {
  Rendered out;
  std::string data_resources;
  std::size_t n = 0;
  const ConfigPair config = marked(plain, wiring);
  UnknownWriter writer = writer_for(data_resources, n, step_folder);
  const cty::Value& planned = config.with_unknowns.injected.empty() ? config.known : config.with_unknowns.value;
  const std::string body = hcl_block_text_with(kind, type, "this", block, planned, config.known, writer);
  out.text = upstream_text(wiring, out.expressible) + data_resources + body + extra;
  if (n > 0)
    out.unknown_note = " with " + std::to_string(n) + (n == 1 ? " value" : " values") + " unknown at plan time";
  out.expressible = out.expressible && !writer.whole_block_unknown;
  return out;
}

report::Reproduction base(const ReproContext& ctx) {
  report::Reproduction r;
  r.provider_source = ctx.provider_source;
  r.provider_name = ctx.provider_name;
  r.provider_binary = ctx.provider_binary;
  r.provider_args = ctx.provider_args;
  r.environment = ctx.environment;
  r.provider_config = ctx.provider_config;
  return r;
}

report::ReproStep make_step(std::size_t index, std::string purpose, std::vector<std::string> args, std::string config) {
  report::ReproStep s;
  s.folder = "step" + std::to_string(index);
  s.purpose = std::move(purpose);
  s.args = std::move(args);
  s.configuration = std::move(config);
  return s;
}

/// `config` with `lifecycle { ignore_changes = all }` in the resource under test.
std::string ignoring_all_changes(std::string config, const std::string& type) {
  const std::string opening = "resource \"" + type + "\" \"this\" {\n";
  if (auto at = config.find(opening); at != std::string::npos)
    config.insert(at + opening.size(), "  lifecycle {\n    ignore_changes = all\n  }\n");
  return config;
}

bool is_after_apply_check(const std::string& step) {
  return is(step, "plan after apply") || is(step, "read after apply") || is(step, "plan after refresh");
}

}  // namespace

std::string not_expressible_reason(const std::string& rule, const std::string& step) {
  if (rule == oracle::rule_text("schema.unstable"))
    return "Core asks a provider process for its schema once and never compares two answers";
  if (rule == "value.invalid_utf8")
    return "Core stores invalid UTF-8 as U+FFFD without an error; only the next plan shows a difference";
  if (rule.starts_with("rpc.timeout")) return "Core waits for an answer as long as it takes";
  if (rule == oracle::rule_text("rpc.out_of_memory"))
    return "Core runs a provider without a memory limit: replaying the input would exhaust the machine";
  // tfconform moves an object from its own type (case_play.cpp, move); a `moved` block within
  // one type is Core's alone: Core calls MoveResourceState only when the type changes.
  if (is(step, "move") || is(step, "plan after move"))
    return "the move is from the object's own type, which Core moves without asking the provider "
           "(MoveResourceState is called only for a moved block that changes the resource type)";
  if (is(step, "upgrade") && rule == oracle::rule_text("upgrade.meaning_changed"))
    return "Core upgrades a state at the current version on every plan but never compares the result with the stored "
           "state";
  return {};
}

namespace {

/// The steps of a lifecycle case's reproduction, written one after the other: each apply writes
/// the configuration in force, which later refreshes, imports and checks play on.
struct LifecycleRepro {
  const std::string& type;
  const schema::Block& block;
  const ReproContext& ctx;
  const std::string& import_output;  // the id output an import step reads; empty without one
  report::Reproduction& r;
  std::string current;             // the configuration in force (after the last apply)
  const Wiring* wiring = nullptr;  // the resources the case creates first

  report::ReproStep* add(std::string purpose, const std::vector<std::string>& args, const std::string& config) {
    r.steps.push_back(make_step(r.steps.size() + 1, std::move(purpose), args, config));
    return &r.steps.back();
  }
  /// An apply of `config`; nothing when the configuration cannot be written.
  report::ReproStep* apply(const ConfigPair& config, const std::string& what) {
    const std::string folder = "step" + std::to_string(r.steps.size() + 1);
    Rendered rendered = render_config("resource", type, block, config, folder, import_output, wiring);
    if (!rendered.expressible) return nullptr;
    current = header(ctx) + rendered.text;
    return add(what + rendered.unknown_note, kApply, current);
  }
  /// Steps before the failing one: updates apply, refreshes and upgrades refresh; earlier imports
  /// leave the state as it was, so there is nothing to replay, and so do updates the provider
  /// refused in the case (Core would stop at the same error). False when one cannot be written.
  bool replay_before(const LifecycleCase& c, std::size_t last) {
    for (std::size_t i = 0; i < last; ++i) {
      const Step& s = c.steps[i];
      if (s.kind == StepKind::Update) {
        const bool refused = std::ranges::find(ctx.refused_updates, i) != ctx.refused_updates.end();
        if (!refused && apply(s.config, "update " + type) == nullptr) return false;
      } else if (s.kind == StepKind::Refresh || s.kind == StepKind::Upgrade) {
        add(std::string(s.kind == StepKind::Refresh ? "refresh" : "upgrade the stored state and refresh"), kRefreshOnly,
            current);
      }
    }
    return true;
  }
  /// An import of the object by its id; for "plan after import", the import alone first
  /// (ignore_changes = all plans no update), then the configuration planned against the imported
  /// and read state, not refreshed again.
  report::ReproStep* import_again(const std::string& step) {
    const std::string import_block = "\nvariable \"import_id\" {\n  type = string\n}\n\nimport {\n  to = " + type +
                                     ".this\n  id = var.import_id\n}\n";
    if (is(step, "plan after import")) {
      add("forget the object and import it again by its id, changing nothing", kApply,
          ignoring_all_changes(current, type) + import_block)
          ->needs_import_id = true;
      auto* plan =
          add("plan the configuration against the imported state: no changes expected", kPlanNoRefresh, current);
      plan->expect_changes = true;
      return plan;
    }
    auto* imported = add("forget the object and import it again by its id", kApply, current + import_block);
    imported->needs_import_id = true;
    return imported;
  }
  /// The case's step where the finding arose; nothing when its configuration cannot be written.
  report::ReproStep* failing_step(const Step& s, const std::string& step) {
    switch (s.kind) {
      case StepKind::Update: return apply(s.config, "update " + type);
      case StepKind::Refresh: {
        auto* refresh = add("refresh", is(step, "plan after refresh") ? kPlanChanges : kRefreshOnly, current);
        refresh->expect_changes = is(step, "plan after refresh");
        return refresh;
      }
      case StepKind::Upgrade:
        return add("upgrade the stored state (Core does on every refresh)", kRefreshOnly, current);
      case StepKind::Import: return import_again(step);
    }
    return nullptr;
  }
  /// The "no changes after apply" checks, played after the apply they follow.
  report::ReproStep* after_apply_check(const std::string& step) {
    if (is(step, "read after apply")) return add("refresh right after the apply", kRefreshOnly, current);
    auto* plan = add(is(step, "plan after apply") ? "plan again without refreshing: no changes expected"
                                                  : "refresh and plan again: no changes expected",
                     is(step, "plan after apply") ? kPlanNoRefresh : kPlanChanges, current);
    plan->expect_changes = true;
    return plan;
  }
};

}  // namespace

report::Reproduction make_reproduction(const std::string& type, const schema::Block& block, const LifecycleCase& c,
                                       const std::string& /*scenario*/, std::size_t phase,
                                       const report::Finding& finding, const ReproContext& ctx) {
  report::Reproduction r = base(ctx);
  const std::string step = core_step(report::step_key_of(finding));
  if (auto why = not_expressible_reason(finding.rule_id, step); !why.empty()) {
    r.not_expressible = why;
    return r;
  }
  // The phase of the case where the finding arose: the create, one of the steps, or the
  // destroy at the end (after all steps).
  const bool failing_is_step = phase >= 1 && phase <= c.steps.size();
  const std::size_t last = failing_is_step ? phase - 1 : phase == 0 ? 0 : c.steps.size();
  const bool has_import = failing_is_step && c.steps[last].kind == StepKind::Import;
  const std::string import_output =
      has_import
          ? "\noutput \"tfconform_import_id\" {\n  value = " + import_id_expression(type + ".this", ctx) + "\n}\n"
          : "";
  LifecycleRepro play{type, block, ctx, import_output, r, {}, &c.wiring};
  report::ReproStep* failing = play.apply(c.create, "create " + type);
  if (failing != nullptr && !play.replay_before(c, last)) failing = nullptr;
  if (failing != nullptr && failing_is_step) {
    failing = play.failing_step(c.steps[last], step);
  } else if (failing != nullptr && phase > c.steps.size()) {
    failing = play.add("destroy", kDestroy, play.current);
  }
  if (failing == nullptr) {
    r.not_expressible = kWholeBlockUnknown;
    r.steps.clear();
    return r;
  }
  if (is_after_apply_check(step) && (phase == 0 || (failing_is_step && c.steps[last].kind == StepKind::Update)))
    failing = play.after_apply_check(step);
  failing->checked = true;
  return r;
}

report::Reproduction make_reproduction(const std::string& type, const schema::Block& block, const PlanOnlyCase& c,
                                       const std::string& scenario, std::size_t /*phase*/,
                                       const report::Finding& finding, const ReproContext& ctx) {
  report::Reproduction r = base(ctx);
  if (auto why = not_expressible_reason(finding.rule_id, core_step(report::step_key_of(finding))); !why.empty()) {
    r.not_expressible = why;
    return r;
  }
  if (scenario != "plan") {
    r.not_expressible =
        "the prior state of this step is a planned state whose unknown values tfconform invented; Core "
        "only plans and upgrades states that a provider returned from an apply";
    return r;
  }
  Rendered rendered = render_config("resource", type, block, c.config, "step1", "");
  if (!rendered.expressible) {
    r.not_expressible = kWholeBlockUnknown;
    return r;
  }
  // Plan only, as the run was: the final plan happens during apply, so that is what replays it.
  const bool final_plan = report::step_key_of(finding).find(StepName("final plan").key()) != std::string::npos;
  std::vector<std::string> args = final_plan ? kApply : std::vector<std::string>{"plan", "-input=false", "-no-color"};
  r.steps.push_back(make_step(1, (final_plan ? "create " : "plan ") + type + rendered.unknown_note, args,
                              header(ctx) + rendered.text));
  r.steps.back().checked = true;
  return r;
}

report::Reproduction make_reproduction(const std::string& type, const schema::Block& block, const DataCase& c,
                                       const std::string& /*scenario*/, std::size_t /*phase*/,
                                       const report::Finding& finding, const ReproContext& ctx) {
  report::Reproduction r = base(ctx);
  if (auto why = not_expressible_reason(finding.rule_id, core_step(report::step_key_of(finding))); !why.empty()) {
    r.not_expressible = why;
    return r;
  }
  Rendered rendered = render_config("data", type, block, c.config, "step1", "", &c.wiring);
  if (!rendered.expressible) {
    r.not_expressible = kWholeBlockUnknown;
    return r;
  }
  // With unknowns Core reads the data source during apply, else while planning; apply does both.
  r.steps.push_back(
      make_step(1, "read data source " + type + rendered.unknown_note, kApply, header(ctx) + rendered.text));
  r.steps.back().checked = true;
  return r;
}

report::Reproduction make_reproduction(const std::string& type, const schema::Block& block, const ReleaseCase& c,
                                       const std::string& scenario, std::size_t phase, const report::Finding& finding,
                                       const ReproContext& ctx) {
  // The previous release's own steps: a lifecycle reproduction, every step with that release.
  LifecycleCase lifecycle{c.create, {}, c.wiring};
  if (c.update) lifecycle.steps.push_back(Step{StepKind::Update, *c.update, false});
  constexpr std::size_t kUpgradePhase = 2;  // release_play.hpp
  if (phase < kUpgradePhase) {
    report::Reproduction r = make_reproduction(type, block, lifecycle, scenario, phase, finding, ctx);
    r.previous_binary = ctx.previous_binary;
    for (auto& s : r.steps) s.previous_release = true;
    return r;
  }
  report::Reproduction r = base(ctx);
  r.previous_binary = ctx.previous_binary;
  const std::string& rule = finding.rule_id;
  if (rule == oracle::rule_text("release.dropped_without_upgrade") ||
      rule == oracle::rule_text("release.meaning_changed")) {
    r.not_expressible =
        "Core never compares the upgraded state with the state the previous release stored; only "
        "what the next plan shows of it can be seen";
    return r;
  }
  if (auto why = not_expressible_reason(rule, core_step(report::step_key_of(finding))); !why.empty()) {
    r.not_expressible = why;
    return r;
  }
  LifecycleRepro play{type, block, ctx, "", r, {}, &c.wiring};
  bool written = play.apply(c.create, "create " + type + " with the previous release") != nullptr;
  if (written && c.update) written = play.apply(*c.update, "update " + type + " with the previous release") != nullptr;
  if (!written) {
    r.not_expressible = kWholeBlockUnknown;
    r.steps.clear();
    return r;
  }
  for (auto& s : r.steps) s.previous_release = true;
  report::ReproStep* failing = nullptr;
  if (phase > kUpgradePhase) {
    failing = play.add("upgrade to the new release and destroy", kDestroy, play.current);
  } else {
    // A plan that changes is the finding (exit 2); a refusal shows as an error.
    const bool changes = rule == oracle::rule_text("release.plan_not_empty") ||
                         rule == oracle::rule_text("release.plan_replaces") ||
                         rule == oracle::rule_text("release.value_lost");
    failing = play.add(changes ? "upgrade to the new release and plan the same configuration: no changes expected"
                               : "upgrade to the new release and plan the same configuration",
                       kPlanChanges, play.current);
    failing->expect_changes = changes;
  }
  failing->checked = true;
  return r;
}

}  // namespace tfc::conformance
