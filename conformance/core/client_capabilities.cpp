// The table of Core versions (see client_capabilities.hpp and docs/cores.md). A source names
// the public file or changelog of hashicorp/terraform or opentofu/opentofu at that release.

#include "conformance/core/client_capabilities.hpp"

#include <array>

namespace tfc::conformance {
namespace {

using oracle::CoreProfile;

constexpr std::string_view kTfDeferral =
    "hashicorp/terraform internal/terraform/eval_context_builtin.go ClientCapabilities: "
    "DeferralAllowed only when the run allows deferral (-allow-deferral experiment, stacks)";
constexpr std::string_view kTfWriteOnly =
    "hashicorp/terraform internal/terraform/eval_context_builtin.go ClientCapabilities: "
    "WriteOnlyAttributesAllowed true (since v1.11.0; read in v1.11.0, v1.12.0, v1.13.3)";
constexpr std::string_view kTfWriteOnly114 =
    "as v1.13.3 (v1.14 is not served by the Go module proxy: not read; the 6.11 fields came with 1.16)";
constexpr std::string_view kTfNo611 =
    "tfplugin6.proto 6.11 (Terraform 1.16) added the field; earlier releases do not send it";
constexpr std::string_view kTf116 =
    "tfplugin6.proto 6.11 (Terraform 1.16): store_planned_private and computed_blocks_allowed "
    "sent as true";
constexpr std::string_view kTofuNone =
    "opentofu/opentofu v1.10.0 internal/plugin6/grpc_provider.go: no ClientCapabilities in any request";
constexpr std::string_view kTofu111 =
    "opentofu/opentofu v1.11.0 internal/plugin6/grpc_provider.go clientCapabilities: "
    "DeferralAllowed true, WriteOnlyAttributesAllowed true, on every request";
constexpr std::string_view kTofu112 =
    "opentofu/opentofu v1.12.6 internal/plugin6/grpc_provider.go clientCapabilities: "
    "WriteOnlyAttributesAllowed true only (DeferralAllowed dropped)";
constexpr std::string_view kTofuNo611 = "OpenTofu's tfplugin6.proto has no 6.11 fields (read in v1.12.6)";

constexpr CoreVersion terraform(std::string_view name, std::string_view version, std::string_view write_only_source) {
  return {name,
          version,
          CoreProfile::Terraform,
          {false, kTfDeferral},
          {true, write_only_source},
          {false, kTfNo611},
          {false, kTfNo611}};
}

// clang-format off
constexpr std::array kCores{
    terraform("terraform@1.11", "1.11.0", kTfWriteOnly),
    terraform("terraform@1.12", "1.12.0", kTfWriteOnly),
    terraform("terraform@1.13", "1.13.3", kTfWriteOnly),
    terraform("terraform@1.14", "1.14.0", kTfWriteOnly114),
    CoreVersion{"terraform@1.16", "1.16.0", CoreProfile::Terraform,
                {false, kTfDeferral}, {true, kTfWriteOnly}, {true, kTf116}, {true, kTf116}},
    CoreVersion{"opentofu@1.10", "1.10.0", CoreProfile::OpenTofu,
                {false, kTofuNone}, {false, kTofuNone}, {false, kTofuNone}, {false, kTofuNone}},
    CoreVersion{"opentofu@1.11", "1.11.0", CoreProfile::OpenTofu,
                {true, kTofu111}, {true, kTofu111}, {false, kTofuNo611}, {false, kTofuNo611}},
    CoreVersion{"opentofu@1.12", "1.12.6", CoreProfile::OpenTofu,
                {false, kTofu112}, {true, kTofu112}, {false, kTofuNo611}, {false, kTofuNo611}},
};
// clang-format on

}  // namespace

std::span<const CoreVersion> core_versions() { return kCores; }

const CoreVersion& default_core() { return kCores[4]; }

std::string core_names() {
  std::string out;
  for (const auto& c : kCores) out += (out.empty() ? "" : ", ") + std::string(c.name);
  return out;
}

Expected<CoreVersion> find_core(std::string_view name) {
  for (const auto& c : kCores)
    if (c.name == name) return c;
  return Error{"--core " + std::string(name) + ": expected one of " + core_names()};
}

protocol::ClientCapabilities core_capabilities(const CoreVersion& core, bool deferral_allowed) {
  protocol::ClientCapabilities c;
  c.deferral_allowed = deferral_allowed || core.deferral_always.sent;
  c.write_only_attributes_allowed = core.write_only_attributes_allowed.sent;
  c.store_planned_private = core.store_planned_private.sent;
  c.computed_blocks_allowed = core.computed_blocks_allowed.sent;
  return c;
}

}  // namespace tfc::conformance
