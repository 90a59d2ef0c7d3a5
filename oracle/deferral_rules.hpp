#pragma once
// Deferred answers beyond PlanResourceChange (ReadResource, ImportResourceState,
// ReadDataSource, OpenEphemeralResource, PlanAction): tfplugin6.proto Deferred and
// ClientCapabilities.deferral_allowed; Terraform's plans/deferring/deferred.go and
// plugin6/convert/deferred.go. The plan's own rule stays plan.deferred_not_allowed.

#include <initializer_list>
#include <optional>
#include <string_view>

#include "oracle/violation.hpp"

namespace tfc::oracle {

/// Deferred.Reason values (the wire numbers).
inline constexpr int kReasonUnknown = 0;
inline constexpr int kReasonResourceConfigUnknown = 1;
inline constexpr int kReasonProviderConfigUnknown = 2;
inline constexpr int kReasonAbsentPrereq = 3;

/// `deferral.not_allowed` when `rpc` deferred although the request did not allow it; when it
/// did, `deferral.reason_invalid` for a reason outside `valid` (Terraform reads UNKNOWN as
/// invalid; PlanAction may only defer for PROVIDER_CONFIG_UNKNOWN).
Violations check_deferred(std::string_view rpc, bool allowed, std::optional<int> reason,
                          std::initializer_list<int> valid = {kReasonResourceConfigUnknown,
                                                              kReasonProviderConfigUnknown, kReasonAbsentPrereq});

}  // namespace tfc::oracle
