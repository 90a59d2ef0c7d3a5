// Ephemeral resource and deferral checks (oracle/ephemeral_rules.hpp, deferral_rules.hpp).
#include "oracle/ephemeral_rules.hpp"
#include "oracle/deferral_rules.hpp"

#include "tests/oracle/oracle_test_support.hpp"

namespace tfc::oracle {
namespace {

using testing::block_of;
using testing::summary;
using testing::value_of;
using Want = std::vector<std::string>;

const char* kToken =
    R"({"attributes": {"name": {"type": "string", "required": true}, "ttl": {"type": "number", "optional": true},
  "note": {"type": "string", "optional": true, "computed": true}, "value": {"type": "string", "computed": true, "sensitive": true}},
  "block_types": {"scope": {"nesting_mode": "list", "block": {"attributes": {"path": {"type": "string", "required": true}}}}}})";

TEST(EphemeralOpen, AValidResultKeepsTheConfigAndFillsComputedValues) {
  const auto b = block_of(kToken);
  const auto config =
      value_of(b, R"({"name": "a", "ttl": null, "note": null, "value": null, "scope": [{"path": "/x"}]})");
  EXPECT_TRUE(
      check_ephemeral_open(
          b, config, value_of(b, R"({"name": "a", "ttl": null, "note": "n", "value": "v", "scope": [{"path": "/x"}]})"))
          .empty());
}

TEST(EphemeralOpen, NullUnknownAndChangedConfig) {
  const auto b = block_of(kToken);
  const auto config = value_of(b, R"({"name": "a", "ttl": 5, "note": null, "value": null, "scope": []})");
  EXPECT_EQ(summary(check_ephemeral_open(b, config, value_of(b, "null"))), Want{"ephemeral.null_result "});
  EXPECT_EQ(
      summary(check_ephemeral_open(
          b, config,
          value_of(b, R"({"name": "a", "ttl": 5, "note": null, "value": null, "scope": []})", R"({"value": true})"))),
      Want{"ephemeral.unknown_in_result .value"});
  EXPECT_EQ(summary(check_ephemeral_open(b, config, value_of(b, R"({"name": "b", "ttl": 6, "note": null, "value": "v",
                                                                     "scope": [{"path": "/y"}]})"))),
            (Want{"ephemeral.result_invalid_for_config .name", "ephemeral.result_invalid_for_config .ttl",
                  "ephemeral.result_invalid_for_config .scope"}));
  const auto wrong = cty::Value::object({{"name", cty::Value::string("a")}});
  EXPECT_EQ(summary(check_ephemeral_open(b, config, wrong)).front(), "value.type_mismatch .note");
}

TEST(RenewAt, MustBeAfterTheRequest) {
  const auto sent = std::chrono::system_clock::now();
  EXPECT_TRUE(check_renew_at(std::nullopt, sent, "Open").empty());
  EXPECT_TRUE(check_renew_at(sent + std::chrono::seconds(1), sent, "Open").empty());
  EXPECT_EQ(summary(check_renew_at(sent - std::chrono::hours(1), sent, "Open")), Want{"ephemeral.renew_at_past "});
  EXPECT_EQ(summary(check_renew_at(sent, sent, "Renew")), Want{"ephemeral.renew_at_past "});
}

TEST(PrivateAccepted, ErrorsAreAFinding) {
  EXPECT_TRUE(check_private_accepted("CloseEphemeralResource", false, "").empty());
  const auto v = check_private_accepted("CloseEphemeralResource", true, "error: no such lease");
  EXPECT_EQ(summary(v), Want{"ephemeral.private_rejected "});
  EXPECT_NE(v.front().message.find("no such lease"), std::string::npos);
}

TEST(Deferred, OnlyWhenAllowedAndForAValidReason) {
  EXPECT_TRUE(check_deferred("ReadResource", false, std::nullopt).empty());
  EXPECT_EQ(summary(check_deferred("ReadResource", false, kReasonAbsentPrereq)), Want{"deferral.not_allowed "});
  EXPECT_TRUE(check_deferred("ReadResource", true, kReasonAbsentPrereq).empty());
  EXPECT_EQ(summary(check_deferred("ReadResource", true, kReasonUnknown)), Want{"deferral.reason_invalid "});
  EXPECT_EQ(summary(check_deferred("ReadResource", true, 9)), Want{"deferral.reason_invalid "});
  EXPECT_EQ(summary(check_deferred("PlanAction", true, kReasonResourceConfigUnknown, {kReasonProviderConfigUnknown})),
            Want{"deferral.reason_invalid "});
  EXPECT_TRUE(check_deferred("PlanAction", true, kReasonProviderConfigUnknown, {kReasonProviderConfigUnknown}).empty());
}

}  // namespace
}  // namespace tfc::oracle
