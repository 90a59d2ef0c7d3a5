#pragma once
// The rules of the protocol families beyond managed resources and data sources (functions,
// ephemeral resources, resource identity, list resources, actions, moves, deferrals), kept
// apart from the lifecycle catalogue in rules.cpp, which merges them. Where no seed covers a
// rule, `seed` names its public source: the protocol definition (tfplugin6.proto, Terraform's
// docs/plugin-protocol) and the Core file that enforces it.

#include <span>

#include "oracle/rules.hpp"

namespace tfc::oracle {

/// The family rules, in no particular order (all_rules() sorts).
std::span<const RuleInfo> family_rules() noexcept;

}  // namespace tfc::oracle
