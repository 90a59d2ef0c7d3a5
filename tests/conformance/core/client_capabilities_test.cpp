// The table of Core versions (conformance/core/client_capabilities.cpp, docs/cores.md): every
// fact has its source, the spellings are unique, the default is what tfconform sent before
// --core existed, and rows that differ in a capability give different requests.
#include "conformance/core/client_capabilities.hpp"

#include <gtest/gtest.h>

#include <set>

namespace tfc::conformance {
namespace {

TEST(CoreVersions, EveryFactOfEveryRowNamesItsSource) {
  ASSERT_FALSE(core_versions().empty());
  for (const auto& c : core_versions()) {
    SCOPED_TRACE(std::string(c.name));
    for (const CapabilityFact* f :
         {&c.deferral_always, &c.write_only_attributes_allowed, &c.store_planned_private, &c.computed_blocks_allowed})
      EXPECT_FALSE(f->source.empty());
    EXPECT_FALSE(c.terraform_version.empty());
    const std::string family = c.profile == oracle::CoreProfile::OpenTofu ? "opentofu@" : "terraform@";
    EXPECT_EQ(std::string(c.name).rfind(family, 0), 0u) << "the spelling names the Core whose rules it enforces";
    EXPECT_NE(c.profile, oracle::CoreProfile::Both);
  }
}

TEST(CoreVersions, SpellingsAreUniqueAndFoundAgain) {
  std::set<std::string_view> seen;
  for (const auto& c : core_versions()) {
    EXPECT_TRUE(seen.insert(c.name).second) << c.name;
    auto found = find_core(c.name);
    ASSERT_TRUE(found.has_value());
    EXPECT_EQ(found->name, c.name);
  }
}

TEST(CoreVersions, AnUnknownSpellingListsTheAcceptedOnes) {
  auto found = find_core("terraform@1.99");
  ASSERT_FALSE(found.has_value());
  EXPECT_EQ(found.error().message, "--core terraform@1.99: expected one of " + core_names());
  for (const auto& c : core_versions())
    EXPECT_NE(found.error().message.find(std::string(c.name)), std::string::npos) << c.name;
  EXPECT_FALSE(find_core("terraform").has_value());
  EXPECT_FALSE(find_core("").has_value());
}

TEST(CoreVersions, TheDefaultIsTheNewestTerraformAndSendsWhatTfconformAlwaysSent) {
  EXPECT_EQ(default_core().name, "terraform@1.16");
  EXPECT_EQ(default_core().profile, oracle::CoreProfile::Terraform);
  const auto caps = core_capabilities();
  EXPECT_FALSE(caps.deferral_allowed);
  EXPECT_TRUE(caps.write_only_attributes_allowed);
  EXPECT_TRUE(caps.store_planned_private);
  EXPECT_TRUE(caps.computed_blocks_allowed);
  EXPECT_TRUE(core_capabilities(true).deferral_allowed);
}

TEST(CoreVersions, TheRowsSendTheirCapabilities) {
  auto caps = [](std::string_view name, bool deferral = false) {
    auto c = find_core(name);
    EXPECT_TRUE(c.has_value()) << name;
    return core_capabilities(*c, deferral);
  };
  // Write-only attributes: Terraform since 1.11, OpenTofu since 1.11; OpenTofu 1.10 sends nothing.
  EXPECT_TRUE(caps("terraform@1.11").write_only_attributes_allowed);
  EXPECT_FALSE(caps("terraform@1.14").store_planned_private);
  EXPECT_EQ(caps("opentofu@1.10"), protocol::ClientCapabilities{});
  // Deferral: OpenTofu 1.11 allows it on every request, 1.12 no longer; Terraform only when asked.
  EXPECT_TRUE(caps("opentofu@1.11").deferral_allowed);
  EXPECT_FALSE(caps("opentofu@1.12").deferral_allowed);
  EXPECT_FALSE(caps("terraform@1.13").deferral_allowed);
  EXPECT_TRUE(caps("terraform@1.13", true).deferral_allowed);
  EXPECT_NE(caps("opentofu@1.11"), caps("opentofu@1.12"));
}

}  // namespace
}  // namespace tfc::conformance
