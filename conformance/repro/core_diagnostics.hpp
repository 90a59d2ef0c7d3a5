#pragma once
// The words with which Core blames the provider, as one table: each diagnostic Terraform or
// OpenTofu prints when it rejects a provider's answer (or when the plugin fails under it), and
// the provider SDKs' self-checks, which reach the user as the provider's own error diagnostic
// printed by Core ("Invalid Deferred Response", "Missing Resource Identity After Read").
// Each row names the rule families it confirms: an error block confirms a finding only when a
// row it matches maps to the finding's rule. The table itself, with the source of every row
// (file and function in Terraform v1.13.3, OpenTofu v1.12.6, terraform-plugin-go v0.31.0,
// terraform-plugin-framework v1.19.0, terraform-plugin-sdk/v2 v2.40.0), is in
// core_diagnostics.cpp; docs/confirmation.md explains it.

#include <span>
#include <string>
#include <string_view>

namespace tfc::conformance {

struct ProviderFaultDiagnostic {
  /// A summary (or a distinctive phrase of the detail) as Core prints it; matched with the
  /// block's line breaks and runs of spaces read as one space (Core wraps details).
  std::string_view phrase;
  /// The rules it confirms, space-separated: a prefix ending in '.' is a family ("plan."), one
  /// starting with '.' a suffix (".write_only_not_null"), anything else one rule id. Empty: a
  /// generic "this is the provider's fault" phrase, which confirms any rule when no row with
  /// families matches the block.
  std::string_view families;
};

/// Every row, in the table's order.
std::span<const ProviderFaultDiagnostic> provider_fault_diagnostics();

/// Whether `rule` is one of `families` (the syntax of ProviderFaultDiagnostic::families).
bool family_covers(std::string_view families, std::string_view rule);

/// What an error block says about the provider.
enum class Blame {
  none,           // no row matches: not Core rejecting the provider (a configuration error, ...)
  other_promise,  // Core blames the provider, but for a promise of other rules
  this_rule,      // Core blames the provider for a promise of this rule
};

/// Judges one diagnostic block ("Error: summary" and its detail) for a finding of `rule`. Rows
/// with families decide when any matches; generic rows only when none does. An answer Core
/// cannot decode (value.type_mismatch, value.undecodable) comes back as the bare decoding error,
/// e.g. `["size"]: number is required`: for value.* rules (and identity.type_mismatch) any error
/// without a configuration location counts.
Blame blame_of(std::string_view block, std::string_view rule);

/// The rules a block's matching rows confirm ("any rule" for generic rows only), for quotes.
std::string confirmed_families(std::string_view block);

}  // namespace tfc::conformance
