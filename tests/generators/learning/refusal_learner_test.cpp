// The learner's decisions, one answer at a time: a stated rule becomes a hint at once; an
// unexplained refusal leaves an optional attribute null and a required one gets candidates in
// turn; refused candidate values are dropped; accepted configurations become examples and
// probes bring omitted attributes back; groups and paths come from messages; user hints win.
#include <gtest/gtest.h>

#include <algorithm>

#include "generators/learning/refusal_learner.hpp"
#include "proto/schema/implied_type.hpp"
#include "proto/schema/schema_json.hpp"
#include "proto/schema/tf_json.hpp"

namespace tfc::gen::learning {
namespace {

using nlohmann::json;

const char* kRefusalSchema = R"({
  "attributes": {
    "name": {"type": "string", "required": true, "description": "The name. Valid values are `alpha` and `beta`."},
    "label": {"type": "string", "required": true},
    "policy": {"type": "string", "optional": true},
    "mode": {"type": "string", "optional": true},
    "size": {"type": "number", "optional": true},
    "role_arn": {"type": "string", "optional": true},
    "id": {"type": "string", "optional": true, "computed": true}
  },
  "block_types": {
    "timeouts": {"nesting_mode": "single", "block": {"attributes": {"create": {"type": "string", "optional": true}}}}
  }})";

schema::Block block() { return *schema::block_from_json(json::parse(kRefusalSchema)); }

cty::Value config(const json& body) { return *schema::config_from_tf_json(body, block(), ""); }

protocol::Diagnostic error(std::string summary, std::string detail = "", std::optional<cty::Path> path = std::nullopt) {
  protocol::Diagnostic d;
  d.severity = protocol::Severity::Error;
  d.summary = std::move(summary);
  d.detail = std::move(detail);
  d.attribute = std::move(path);
  return d;
}

cty::Path at(const std::string& name) { return cty::Path().attribute(name); }

TEST(RefusalLearner, UpdatePlansTeachWhichMembersForceReplacement) {
  RefusalLearner l(block(), {});
  l.begin_case();
  const auto before = l.version();
  // `nope` is no member of the schema and `id`'s own change is nothing a configuration keeps:
  // only configurable top-level members are learned.
  l.update_planned({"name", "timeouts", "nope"}, {"size", "mode"});
  EXPECT_GT(l.version(), before);
  for (const char* name : {"name", "timeouts"}) {
    ASSERT_NE(l.hints().find(name), nullptr) << name;
    EXPECT_TRUE(l.hints().find(name)->forces_replacement) << name;
    EXPECT_TRUE(l.steady_hints().find(name)->forces_replacement) << name;
  }
  EXPECT_EQ(l.hints().find("nope"), nullptr);
  EXPECT_TRUE(l.hints().find("size") == nullptr || !l.hints().find("size")->forces_replacement);
  // Written out (--write-hints), the hints pass the schema check.
  Hints steady = l.steady_hints();
  steady.file = "h.json";
  steady.resource = "r";
  EXPECT_TRUE(check_hints(steady, block()).has_value());
  // The facts say where each came from; learning the same again changes nothing.
  bool forced = false;
  bool in_place = false;
  for (const auto& f : l.facts()) {
    forced = forced || (f.attribute == "name" && f.rule.find("forces replacement") != std::string::npos);
    in_place = in_place || (f.attribute == "size" && f.rule == "updated in place");
  }
  EXPECT_TRUE(forced);
  EXPECT_TRUE(in_place);
  const auto after = l.version();
  l.update_planned({"name"}, {});
  EXPECT_EQ(l.version(), after);
}

TEST(RefusalLearner, AStatedRuleBecomesTheHintAtOnce) {
  RefusalLearner l(block(), {});
  l.begin_case();
  const auto before = l.version();
  l.refused(config({{"name", "x"}, {"label", "l"}, {"mode", "zz"}}),
            {error(R"(expected mode to be one of ["fast" "slow"], got zz)", "", at("mode"))});
  EXPECT_GT(l.version(), before);
  const AttributeHint* h = l.hints().find("mode");
  ASSERT_NE(h, nullptr);
  EXPECT_EQ(h->values, (std::vector<json>{"fast", "slow"}));
  EXPECT_FALSE(h->omit);
}

TEST(RefusalLearner, TheOrderOfAnAnswersDiagnosticsChangesNothing) {
  // SDKv2 lists the errors of one validation in map order: the same answer may come back with
  // its diagnostics in another order (here two about one attribute, from two of its checks),
  // and must teach the same, evidence included.
  const auto refused = config({{"name", "x"}, {"label", "l"}, {"mode", "zz"}, {"size", 7}});
  const protocol::Diagnostics answer = {
      error(R"(expected mode to be one of ["fast" "slow"], got zz)", "", at("mode")),
      error(R"(expected mode to be one of ["eco" "turbo"], got zz)", "", at("mode")),
      error("expected size to be in the range (1 - 5), got 7", "", at("size")),
  };
  auto learned = [&](const protocol::Diagnostics& diagnostics) {
    RefusalLearner l(block(), {});
    l.begin_case();
    l.refused(refused, diagnostics);
    std::string facts;
    for (const auto& f : l.facts()) facts += f.attribute + " | " + f.rule + " | " + f.evidence + "\n";
    return hints_to_json(l.hints()).dump() + "\n" + facts;
  };
  const std::string forward = learned(answer);
  EXPECT_EQ(learned({answer[1], answer[0], answer[2]}), forward);
  EXPECT_EQ(learned({answer[2], answer[1], answer[0]}), forward);
  EXPECT_NE(forward.find("size"), std::string::npos) << forward;
}

TEST(RefusalLearner, AnUnexplainedRefusalLeavesAnOptionalAttributeNull) {
  RefusalLearner l(block(), {});
  l.begin_case();
  l.refused(config({{"name", "x"}, {"label", "l"}, {"id", "abc"}}), {error("", "invalid or unknown key: id")});
  const AttributeHint* h = l.hints().find("id");
  ASSERT_NE(h, nullptr);
  EXPECT_TRUE(h->omit);
  EXPECT_EQ(l.hints().find("label"), nullptr);
}

TEST(RefusalLearner, DescriptionsSteerFromTheStartAndTheFirstCaseSetsEverything) {
  RefusalLearner l(block(), {});
  l.begin_case();
  const AttributeHint* name = l.hints().find("name");
  ASSERT_NE(name, nullptr);
  EXPECT_EQ(name->values, (std::vector<json>{"alpha", "beta"}));
  // Every configurable member is set in the first case, computed-only ones are not touched.
  for (const char* path : {"policy", "mode", "size", "role_arn", "id", "timeouts", "timeouts.create"}) {
    ASSERT_NE(l.hints().find(path), nullptr) << path;
    EXPECT_TRUE(l.hints().find(path)->present) << path;
  }
  // After the first answer, only what was learned stays.
  l.accepted(config({{"name", "alpha"}, {"label", "l"}}));
  EXPECT_FALSE(l.hints().find("name")->present);
  EXPECT_EQ(l.hints().find("mode"), nullptr);
}

TEST(RefusalLearner, ARequiredAttributeGetsCandidatesInTurn) {
  RefusalLearner l(block(), {});
  l.begin_case();
  // The description's enumeration steers from the start; a refused value that is not one of
  // its candidates (an example's, say) does not count against it.
  l.refused(config({{"name", "x"}, {"label", "l"}}), {error("bad name", "", at("name"))});
  ASSERT_NE(l.hints().find("name"), nullptr);
  EXPECT_EQ(l.hints().find("name")->values, (std::vector<json>{"alpha", "beta"}));
  // Both refused: the values are dropped one by one, then the next candidate comes.
  l.refused(config({{"name", "alpha"}, {"label", "l"}}), {error("bad name", "", at("name"))});
  EXPECT_EQ(l.hints().find("name")->values, (std::vector<json>{"beta"}));
  l.refused(config({{"name", "beta"}, {"label", "l"}}), {error("bad name", "", at("name"))});
  const AttributeHint* next = l.hints().find("name");
  ASSERT_NE(next, nullptr);
  EXPECT_TRUE(next->pattern.has_value());  // the plain identifier fallback
}

TEST(RefusalLearner, FormatsFromMessagesUseTheNameForTheirCandidates) {
  RefusalLearner l(block(), {});
  l.begin_case();
  l.refused(config({{"name", "x"}, {"label", "l"}, {"role_arn", "q"}, {"policy", "<"}}),
            {error(R"("role_arn" (q) is an invalid ARN: arn: invalid prefix)", "", at("role_arn")),
             error(R"("policy" contains an invalid JSON: invalid character '<' looking for beginning of value)", "",
                   at("policy"))});
  ASSERT_NE(l.hints().find("role_arn"), nullptr);
  EXPECT_EQ(l.hints().find("role_arn")->values.front(), "arn:aws:iam::123456789012:role/tfconform-role");
  ASSERT_NE(l.hints().find("policy"), nullptr);
  EXPECT_TRUE(json::parse(l.hints().find("policy")->values.front().get<std::string>()).is_object());
}

TEST(RefusalLearner, NamesInTextFindTheirPathWithoutAnAttributePath) {
  RefusalLearner l(block(), {});
  l.begin_case();
  // A nested name found by its last step, with the format the message names.
  l.refused(config({{"name", "x"}, {"label", "l"}, {"timeouts", {{"create", "soon"}}}}),
            {error(R"(Error parsing "create" timeout: time: invalid duration "soon")")});
  const AttributeHint* h = l.hints().find("timeouts.create");
  ASSERT_NE(h, nullptr);
  EXPECT_EQ(h->values.front(), "500ms");
}

TEST(RefusalLearner, AValueTheMessageShowsFindsItsAttribute) {
  RefusalLearner l(block(), {});
  l.begin_case();
  l.refused(config({{"name", "x"}, {"label", "l"}, {"mode", "zqx9"}}),
            {error(R"(mode setting "zqx9" is not one of fast, slow)")});
  ASSERT_NE(l.hints().find("mode"), nullptr);
  EXPECT_EQ(l.hints().find("mode")->values, (std::vector<json>{"fast", "slow"}));
}

TEST(RefusalLearner, CrossAttributeRulesBecomeGroups) {
  RefusalLearner l(block(), {});
  l.begin_case();
  l.refused(config({{"name", "x"}, {"label", "l"}, {"mode", "a"}, {"policy", "{}"}}),
            {error("Conflicting configuration arguments", R"("mode": conflicts with policy)", at("mode"))});
  ASSERT_EQ(l.hints().groups.size(), 1u);
  EXPECT_EQ(l.hints().groups[0].kind, AttributeGroup::Kind::AtMostOne);
  EXPECT_EQ(l.hints().groups[0].paths, (std::vector<std::string>{"mode", "policy"}));
  // Not blamed on either attribute.
  EXPECT_EQ(l.hints().find("mode"), nullptr);
  // The other half of the pair says the same: still one group.
  l.refused(config({{"name", "x"}, {"label", "l"}, {"mode", "a"}, {"policy", "{}"}}),
            {error("Conflicting configuration arguments", R"("policy": conflicts with mode)", at("policy"))});
  EXPECT_EQ(l.hints().groups.size(), 1u);
}

TEST(RefusalLearner, TheFrameworksExactlyOneOfCountsTheAttributeItIsAt) {
  // A relative expression lists only the other attribute, merged into this one's path.
  RefusalLearner l(block(), {});
  l.begin_case();
  l.refused(config({{"name", "x"}, {"label", "l"}}),
            {error("Invalid Attribute Combination",
                   "No attribute specified when one (and only one) of [mode.<.policy] is required", at("mode"))});
  ASSERT_EQ(l.hints().groups.size(), 1u);
  EXPECT_EQ(l.hints().groups[0].kind, AttributeGroup::Kind::ExactlyOne);
  EXPECT_EQ(l.hints().groups[0].paths, (std::vector<std::string>{"mode", "policy"}));
}

TEST(RefusalLearner, AGroupThatNeedsAMemberNeverHasAllOfThemLeftUnset) {
  // terraform-provider-tls tls_public_key: exactly one of two keys, each refused for what it
  // holds by a diagnostic without a path; leaving both unset is refused in turn.
  const auto both_set = config({{"name", "x"}, {"label", "l"}, {"mode", "m"}, {"policy", "p"}});
  const auto exactly_one =
      error("Invalid Attribute Combination",
            "2 attributes specified when one (and only one) of [mode,policy] is required", at("mode"));
  RefusalLearner l(block(), {});
  l.begin_case();
  l.refused(both_set, {exactly_one});
  l.begin_case();
  l.refused(config({{"name", "x"}, {"label", "l"}, {"policy", "p"}}), {error("Unable to parse private key")});
  ASSERT_NE(l.hints().find("policy"), nullptr);
  EXPECT_TRUE(l.hints().find("policy")->omit);
  l.begin_case();
  l.refused(config({{"name", "x"}, {"label", "l"}, {"mode", "m"}}), {error("Unable to parse private key")});
  // The last member the group could have is kept.
  EXPECT_TRUE(l.hints().find("mode") == nullptr || !l.hints().find("mode")->omit);

  // The same with the group learned after both were left unset: its refusal brings one back.
  RefusalLearner late(block(), {});
  late.begin_case();
  late.refused(config({{"name", "x"}, {"label", "l"}, {"policy", "p"}}), {error("Unable to parse private key")});
  late.begin_case();
  late.refused(config({{"name", "x"}, {"label", "l"}, {"mode", "m"}}), {error("Unable to parse private key")});
  ASSERT_NE(late.hints().find("mode"), nullptr);
  ASSERT_TRUE(late.hints().find("mode")->omit);
  late.begin_case();
  late.refused(config({{"name", "x"}, {"label", "l"}}),
               {error("Invalid Attribute Combination",
                      "No attribute specified when one (and only one) of [mode,policy] is required", at("mode"))});
  const AttributeHint* mode = late.hints().find("mode");
  const AttributeHint* policy = late.hints().find("policy");
  EXPECT_FALSE(mode != nullptr && mode->omit && policy != nullptr && policy->omit)
      << hints_to_json(late.hints()).dump();
}

TEST(RefusalLearner, ANumberThatIsNotWholeTeachesWholeNumbers) {
  // terraform-plugin-framework's Int64 attribute given 60.9 (the random provider's ephemeral
  // random_password `length`).
  RefusalLearner l(block(), {});
  l.begin_case();
  l.refused(config({{"name", "x"}, {"label", "l"}, {"size", 60.9}}),
            {error("Int64 Type Validation Error", "Value %!s(*big.Float=60.9) is not an integer.", at("size"))});
  const AttributeHint* h = l.hints().find("size");
  ASSERT_NE(h, nullptr);
  EXPECT_TRUE(h->integer);
  EXPECT_FALSE(h->omit);
}

TEST(RefusalLearner, AcceptedConfigurationsBecomeExamplesAndProbesBringOmittedAttributesBack) {
  RefusalLearner l(block(), {});
  l.begin_case();
  l.refused(config({{"name", "x"}, {"label", "l"}, {"role_arn", "q"}}), {error("role_arn is bad", "", at("role_arn"))});
  EXPECT_TRUE(l.hints().find("role_arn")->omit);
  l.begin_case();
  l.accepted(config({{"name", "x"}, {"label", "l"}}));
  // A probe: role_arn is tried again with its next candidate (the dictionary's ARNs), always
  // set, and without examples (from an example it would keep the example's null).
  const AttributeHint* probe = l.hints().find("role_arn");
  ASSERT_NE(probe, nullptr);
  EXPECT_FALSE(probe->omit);
  EXPECT_TRUE(probe->present);
  EXPECT_EQ(probe->values.front(), "arn:aws:iam::123456789012:role/tfconform-role");
  EXPECT_TRUE(l.hints().examples.empty());
  // The probe is accepted: kept, no longer forced.
  l.begin_case();
  l.accepted(config({{"name", "x"}, {"label", "l"}, {"role_arn", "arn:aws:iam::123456789012:role/tfconform-role"}}));
  ASSERT_NE(l.hints().find("role_arn"), nullptr);
  EXPECT_FALSE(l.hints().find("role_arn")->present);
  EXPECT_FALSE(l.hints().find("role_arn")->omit);
  EXPECT_EQ(l.hints().examples.size(), 2u);
}

TEST(RefusalLearner, OptionalAttributesWithoutEvidenceStayNull) {
  // Nothing says what `size` takes: no probe spends a case on guesses.
  RefusalLearner l(block(), {});
  l.begin_case();
  l.refused(config({{"name", "x"}, {"label", "l"}, {"size", 5}}), {error("size is bad", "", at("size"))});
  l.begin_case();
  l.accepted(config({{"name", "x"}, {"label", "l"}}));
  EXPECT_TRUE(l.hints().find("size")->omit);
  EXPECT_EQ(l.hints().examples.size(), 1u);
}

TEST(RefusalLearner, ARefusedValueTakesOnlyTheExamplesHoldingItOut) {
  // Examples are whole accepted configurations: one that holds the refused value goes, the
  // others stay whole (taking `size` out of them could break a rule such as "size requires
  // mode" that they keep).
  RefusalLearner l(block(), {});
  l.begin_case();
  l.accepted(config({{"name", "alpha"}, {"label", "l"}, {"mode", "fast"}, {"size", 5}}));
  l.begin_case();
  l.accepted(config({{"name", "alpha"}, {"label", "l"}, {"mode", "slow"}, {"size", 7}}));
  ASSERT_EQ(l.hints().examples.size(), 2u);
  l.begin_case();
  l.refused(config({{"name", "alpha"}, {"label", "l"}, {"mode", "fast"}, {"size", 7}}),
            {error("Invalid Attribute Value", "Attribute size value must be between 1 and 6, got: 7", at("size"))});
  ASSERT_EQ(l.hints().examples.size(), 1u);
  EXPECT_EQ(l.hints().examples.front()["size"], 5);
  EXPECT_EQ(l.hints().examples.front()["mode"], "fast");
}

TEST(RefusalLearner, ARefusedProbeGoesBackToNull) {
  RefusalLearner l(block(), {});
  l.begin_case();
  l.refused(config({{"name", "x"}, {"label", "l"}, {"role_arn", "q"}}), {error("role_arn is bad", "", at("role_arn"))});
  l.begin_case();
  l.accepted(config({{"name", "x"}, {"label", "l"}}));
  ASSERT_TRUE(l.hints().find("role_arn")->present);
  l.begin_case();
  l.refused(config({{"name", "x"}, {"label", "l"}, {"role_arn", "arn:aws:iam::123456789012:role/tfconform-role"}}),
            {error("role_arn is bad", "", at("role_arn"))});
  EXPECT_TRUE(l.hints().find("role_arn")->omit);
  EXPECT_FALSE(l.hints().examples.empty());
}

TEST(RefusalLearner, UserHintsWinAndUnknownValuesTeachNothing) {
  Hints user;
  user.attributes["mode"].values = {"mine"};
  RefusalLearner l(block(), user);
  l.begin_case();
  l.refused(config({{"name", "x"}, {"label", "l"}, {"mode", "mine"}}),
            {error(R"(expected mode to be one of ["fast" "slow"], got mine)", "", at("mode"))});
  EXPECT_EQ(l.hints().find("mode")->values, (std::vector<json>{"mine"}));
  // A refused unknown value is refused for being unknown: its values are not blamed, it is
  // kept known from then on.
  auto values = config({{"name", "x"}, {"label", "l"}}).attribute_values();
  const auto type = config({{"name", "x"}, {"label", "l"}}).type();
  values[static_cast<std::size_t>(type.attribute_index("size"))] = cty::Value::unknown(cty::Type::number());
  l.refused(cty::Value::object(type, values), {error("must be known", "", at("size"))});
  const AttributeHint* size = l.hints().find("size");
  ASSERT_NE(size, nullptr);
  EXPECT_TRUE(size->known);
  EXPECT_FALSE(size->shapes_values());
}

TEST(RefusalLearner, UntilACaseIsAcceptedUnknownOptionalMembersStayUnset) {
  RefusalLearner l(block(), {});
  l.begin_case();
  l.refused(config({{"name", "x"}, {"label", "l"}, {"mode", "zz"}}),
            {error(R"(expected mode to be one of ["fast" "slow"], got zz)", "", at("mode"))});
  // One refusal (the first case's) is not enough: the next cases explore with learned rules.
  EXPECT_EQ(l.hints().find("policy"), nullptr);
  l.begin_case();
  l.refused(config({{"name", "alpha"}, {"label", "l"}, {"policy", "x"}}), {error("bad", "", at("policy"))});
  // Refused again and nothing accepted: the unknown optional members are left out, the learned
  // ones stay, required ones stay.
  for (const char* path : {"size", "role_arn", "id", "timeouts"}) {
    ASSERT_NE(l.hints().find(path), nullptr) << path;
    EXPECT_TRUE(l.hints().find(path)->omit) << path;
  }
  EXPECT_FALSE(l.hints().find("mode")->omit);
  EXPECT_EQ(l.hints().find("label"), nullptr);
  // The first accepted case ends it.
  l.begin_case();
  l.accepted(config({{"name", "alpha"}, {"label", "l"}}));
  EXPECT_EQ(l.hints().find("size"), nullptr);
}

TEST(RefusalLearner, FactsNameSourceRuleEvidenceAndCase) {
  RefusalLearner l(block(), {});
  l.begin_case();
  l.begin_case();
  l.refused(config({{"name", "x"}, {"label", "l"}, {"size", 99}}),
            {error("expected size to be in the range (1 - 10), got 99", "", at("size"))});
  const auto facts = l.facts();
  const auto size =
      std::find_if(facts.begin(), facts.end(), [](const LearnedFact& f) { return f.attribute == "size"; });
  ASSERT_NE(size, facts.end());
  EXPECT_EQ(size->source, "diagnostic");
  EXPECT_EQ(size->rule, "whole number in [1, 10]");
  EXPECT_EQ(size->evidence, "expected size to be in the range (1 - 10), got 99");
  EXPECT_EQ(size->case_number, 2u);
  const auto name =
      std::find_if(facts.begin(), facts.end(), [](const LearnedFact& f) { return f.attribute == "name"; });
  ASSERT_NE(name, facts.end());
  EXPECT_EQ(name->source, "description");
  EXPECT_EQ(name->case_number, 0u);
}

TEST(RefusalLearner, SteadyHintsLeaveProbesOutAndPassTheSchemaCheck) {
  RefusalLearner l(block(), {});
  l.begin_case();
  l.refused(config({{"name", "x"}, {"label", "l"}, {"role_arn", "r"}, {"id", "q"}}),
            {error("role_arn is bad", "", at("role_arn")), error("", "invalid or unknown key: id")});
  l.begin_case();
  l.accepted(config({{"name", "x"}, {"label", "l"}}));
  Hints steady = l.steady_hints();
  steady.file = "h.json";
  steady.resource = "thing";
  EXPECT_TRUE(steady.find("id")->omit);
  ASSERT_NE(steady.find("role_arn"), nullptr);
  EXPECT_TRUE(steady.find("role_arn")->omit) << "the probe is not what the file keeps";
  EXPECT_EQ(steady.examples.size(), 1u);
  const auto checked = check_hints(steady, block());
  EXPECT_TRUE(checked.has_value()) << checked.error().message;
}

}  // namespace
}  // namespace tfc::gen::learning
