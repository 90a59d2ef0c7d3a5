#pragma once
// Checks of ephemeral resources (OpenEphemeralResource, RenewEphemeralResource,
// CloseEphemeralResource; tfplugin6.proto, Terraform's terraform/node_resource_ephemeral.go,
// OpenTofu's shared/ephemeral_resource.go).

#include <chrono>
#include <optional>
#include <string_view>

#include "oracle/violation.hpp"
#include "proto/cty/value.hpp"
#include "proto/schema/block.hpp"

namespace tfc::oracle {

/// The result of an Open for a wholly known `config`: non-null (`ephemeral.null_result`),
/// conforming to the schema (`value.type_mismatch`), wholly known (`ephemeral.unknown_in_result`,
/// OpenTofu), and a valid plan of `config` from a null prior, as Terraform checks it with its
/// plan-validity rules (`ephemeral.result_invalid_for_config`: a configured value changed, a
/// non-computed attribute set, a block added or dropped).
Violations check_ephemeral_open(const schema::Block& block, const cty::Value& config, const cty::Value& result);

/// `ephemeral.renew_at_past`: a renew_at the provider sets must lie after the moment the
/// request was sent (Terraform renews at that time; an earlier one asks for a renewal at once,
/// again and again). `what` names the RPC's answer.
Violations check_renew_at(std::optional<std::chrono::system_clock::time_point> renew_at,
                          std::chrono::system_clock::time_point sent, std::string_view what);

/// `ephemeral.private_rejected`: Renew or Close refused (error diagnostics) the private data
/// the provider itself returned from Open or the last Renew.
Violations check_private_accepted(std::string_view rpc, bool errors, std::string_view diagnostics);

}  // namespace tfc::oracle
