// The upstream objects a case creates first (conformance/play/upstream_play.*) and the quiet
// cleanup after a lost process speak as the case's Core does: their requests carry that Core's
// client capabilities (--core), not the default Terraform's.
#include <gtest/gtest.h>

#include <vector>

#include "conformance/core/client_capabilities.hpp"
#include "conformance/play/case_play.hpp"
#include "conformance/play/upstream_play.hpp"
#include "proto/schema/tf_json.hpp"
#include "tests/conformance/memory_provider.hpp"

namespace tfc::conformance {
namespace {

using testing::MemoryProvider;

/// Remembers the deferral_allowed of every PlanResourceChange it answers.
class CapabilityRecorder : public MemoryProvider {
public:
  CapabilityRecorder() : MemoryProvider(testing::MemoryFault::None, false, {"mem_thing", "mem_other"}) {}
  protocol::RpcResult<protocol::PlanResourceChangeResponse> plan_resource_change(
      const protocol::PlanResourceChangeRequest& req) override {
    deferral_allowed.push_back(req.client_capabilities.deferral_allowed);
    return MemoryProvider::plan_resource_change(req);
  }
  std::vector<bool> deferral_allowed;
};

cty::Value thing_config(const char* json) {
  return *schema::config_from_tf_json(nlohmann::json::parse(json), MemoryProvider::thing_schema().block, "test");
}

/// One upstream mem_other whose name feeds the case's name.
Wiring name_from_upstream() {
  Wiring w;
  w.upstream.push_back(Upstream{"mem_other", thing_config(R"({"name": "abc"})"), true, nullptr});
  w.wires.push_back(Wire{kCaseItself, "name", 0, "name"});
  return w;
}

std::vector<bool> upstream_plans_under(const CoreVersion& core) {
  CapabilityRecorder provider;
  auto schema = provider.get_provider_schema({});
  const auto wiring = name_from_upstream();
  CaseOutcome out;
  {
    UpstreamObjects upstream(provider, schema.value().schema, wiring, out, core);
    upstream.destroy();
  }
  EXPECT_EQ(provider.stored(), 0U);
  return provider.deferral_allowed;
}

TEST(UpstreamPlay, UpstreamRequestsCarryTheCasesCoreCapabilities) {
  // OpenTofu 1.11 allows deferral on every request; the newest Terraform only where a run does.
  const auto tofu = upstream_plans_under(*find_core("opentofu@1.11"));
  ASSERT_EQ(tofu.size(), 2U);  // create and destroy
  EXPECT_EQ(tofu, (std::vector<bool>{true, true}));
  EXPECT_EQ(upstream_plans_under(default_core()), (std::vector<bool>{false, false}));
}

TEST(UpstreamPlay, QuietCleanupCarriesTheCasesCoreCapabilities) {
  CapabilityRecorder provider;
  const auto schema = MemoryProvider::thing_schema();
  // Create one object unjudged, then clean it up quietly as after a lost process.
  CaseOutcome out;
  {
    Wiring w = name_from_upstream();
    w.upstream[0].type = "mem_thing";
    auto provider_schema = provider.get_provider_schema({});
    UpstreamObjects upstream(provider, provider_schema.value().schema, w, out, default_core());
    // Leave it: a lost process leaves its objects to the suite.
    out.provider_lost = true;
  }
  ASSERT_EQ(out.upstream_leftovers.size(), 1U);
  provider.deferral_allowed.clear();
  const auto& left = out.upstream_leftovers.front();
  destroy_quietly(provider, left.type, schema, left.state, left.private_data, *find_core("opentofu@1.11"));
  EXPECT_EQ(provider.deferral_allowed, (std::vector<bool>{true}));
  EXPECT_EQ(provider.stored(), 0U);
}

}  // namespace
}  // namespace tfc::conformance
