// List resources (conformance/play/list_play.cpp) against the in-memory family provider, whose
// mem_thing objects carry an identity: validate and list always; with --apply an object created,
// found in an unfiltered list, read back as listed and destroyed. Each planted fault is found
// under exactly its rule.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "tests/conformance/play/family_play_support.hpp"

namespace tfc::conformance {
namespace {

using testing::FamilyFault;
using testing::MemoryFamilyProvider;

const schema::Schema& list_schema() {
  static const auto s = MemoryFamilyProvider::list_schema();
  return s;
}

ListCase list_case(std::int64_t limit = 10) {
  ListCase c;
  c.config = testing::config_pair(list_schema().block, R"({"name_prefix": null})");
  c.include_resource_object = true;
  c.limit = limit;
  c.create = testing::config_pair(MemoryFamilyProvider::thing_schema().block,
                                  R"({"id": null, "name": "gamma", "size": null, "tags": null, "rule": []})");
  return c;
}

CaseOutcome played(MemoryFamilyProvider& provider, const ListCase& c, bool apply) {
  return play_case(provider, "mem_thing", list_schema(), c, testing::family_options(apply));
}

TEST(ListPlay, AnHonestListFindsWhatIsThereAndWhatTheCaseCreated) {
  MemoryFamilyProvider provider;
  const auto out = played(provider, list_case(), true);
  EXPECT_TRUE(out.findings.empty()) << testing::described(out);
  for (const char* s : {"validate", "list", "list created", "read listed"})
    EXPECT_TRUE(out.scenarios_run.contains(s)) << s;
  EXPECT_TRUE(out.reached.contains(CoverageStep::Listed));
  EXPECT_TRUE(out.applied);
  EXPECT_EQ(provider.stored(), 2u) << "the created object is destroyed; the two that were there stay";
}

TEST(ListPlay, WithoutApplyNothingIsCreated) {
  MemoryFamilyProvider provider(FamilyFault::ListHidesNewObjects);
  const auto out = played(provider, list_case(), false);
  EXPECT_TRUE(out.findings.empty()) << testing::described(out);
  EXPECT_FALSE(out.applied);
  EXPECT_FALSE(out.scenarios_run.contains("list created"));
  EXPECT_EQ(provider.stored(), 2u);
}

RC_GTEST_PROP(ListPlay, AnHonestListGivesNoErrorForGeneratedCases, ()) {
  const auto thing = std::make_shared<const schema::Block>(MemoryFamilyProvider::thing_schema().block);
  const auto c = *list_case_of(list_schema().block, {}, thing, {}, {});
  MemoryFamilyProvider provider;
  const auto out = played(provider, c, true);
  RC_ASSERT(!out.has_error_finding());
  RC_ASSERT(provider.stored() == 2u);
}

struct ListFaultCase {
  FamilyFault fault;
  const char* rule;
  const char* scenario;
  std::int64_t limit = 10;
};

// Failures name the fault's rule.
void PrintTo(const ListFaultCase& c, std::ostream* os) { *os << c.rule; }

class ListFault : public ::testing::TestWithParam<ListFaultCase> {};

TEST_P(ListFault, IsFoundUnderItsRuleAlone) {
  MemoryFamilyProvider provider(GetParam().fault);
  const auto out = played(provider, list_case(GetParam().limit), true);
  EXPECT_EQ(testing::distinct_rules(out), std::set<std::string>{GetParam().rule}) << testing::described(out);
  ASSERT_FALSE(out.findings.empty());
  EXPECT_EQ(out.findings.front().scenario, GetParam().scenario);
  EXPECT_EQ(provider.stored(), 2u) << "whatever was created is destroyed";
}

INSTANTIATE_TEST_SUITE_P(
    Faults, ListFault,
    ::testing::Values(ListFaultCase{FamilyFault::ListRepeatsEachObject, "list.duplicate_identity", "list"},
                      ListFaultCase{FamilyFault::ListIgnoresLimit, "list.limit_exceeded", "list", 1},
                      ListFaultCase{FamilyFault::ListWithoutIdentity, "list.identity_missing", "list"},
                      ListFaultCase{FamilyFault::ListNullIdentity, "list.identity_incomplete", "list"},
                      ListFaultCase{FamilyFault::ListOmitsObjects, "list.resource_object_invalid", "list"},
                      ListFaultCase{FamilyFault::ListHidesNewObjects, "list.created_not_listed", "list created"},
                      ListFaultCase{FamilyFault::ListUppercasesObjectNames, "list.object_mismatch", "read listed"}));

TEST(ListPlay, AListWithinItsLimitIsNoFinding) {
  MemoryFamilyProvider provider;
  const auto out = played(provider, list_case(1), false);
  EXPECT_TRUE(out.findings.empty()) << testing::described(out);
}

}  // namespace
}  // namespace tfc::conformance
