#pragma once
// The kinds of case the suite plays and what each is, made from the one table
// conformance/core/case_kinds.inc: no code outside it lists the kinds.

#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "proto/schema/provider_schema.hpp"
#include "reports/run_report.hpp"

namespace tfc::conformance {

enum class CaseKind : char {
#define TFC_CASE_KIND(Name, code, ...) Name = code,
#include "conformance/core/case_kinds.inc"
#undef TFC_CASE_KIND
};

/// Every kind, in the table's order (the order of its replay token code).
inline constexpr CaseKind kCaseKinds[] = {
#define TFC_CASE_KIND(Name, ...) CaseKind::Name,
#include "conformance/core/case_kinds.inc"
#undef TFC_CASE_KIND
};

/// When a kind's cases are played: only with --apply, only without it, or either way alike.
enum class ApplyMode : char { with, without, either };
/// Whether a kind's cases change the real system: always, never, or only with --apply.
enum class RealChanges : char { always, never, with_apply };

/// One row of the table, but for what only the suite reads (the case type and generator) and
/// the coverage steps (counted_steps.hpp).
struct CaseKindInfo {
  CaseKind kind;
  report::SuiteKind suite;
  std::string_view label;  // the selection's sort prefix
  ApplyMode apply;
  RealChanges changes;
  bool data_source;
  std::span<const std::string_view> scenarios;
  std::span<const std::string_view> needs_apply;
  std::span<const std::string_view> from_plan;
  /// The provider's types of this kind, in name order.
  std::vector<std::string> (*type_names)(const schema::ProviderSchema&);
  /// The schema `type` is played with: null for a kind without schemas or a type not there.
  const schema::Schema* (*schema_of)(const schema::ProviderSchema&, const std::string& type);
};

namespace detail {

template <class... Names>
constexpr auto name_list(Names... names) {
  return std::array<std::string_view, sizeof...(Names)>{names...};
}

#define TFC_NAMES(...) __VA_ARGS__
#define TFC_CASE_KIND(Name, code, suite, types, label, apply, changes, data_source, Case, generator, learn_from, \
                      steps, scenarios, needs_apply, from_plan)                                                  \
  inline constexpr auto k##Name##Scenarios = name_list(scenarios);                                               \
  inline constexpr auto k##Name##NeedsApply = name_list(needs_apply);                                            \
  inline constexpr auto k##Name##FromPlan = name_list(from_plan);
#include "conformance/core/case_kinds.inc"
#undef TFC_CASE_KIND
#undef TFC_NAMES

template <auto Member>
std::vector<std::string> type_names_in(const schema::ProviderSchema& provider) {
  std::vector<std::string> out;
  for (const auto& entry : provider.*Member) out.push_back(entry.first);
  return out;
}

template <auto Member>
const schema::Schema* schema_in(const schema::ProviderSchema& provider, const std::string& type) {
  const auto& family = provider.*Member;
  if constexpr (std::is_same_v<typename std::decay_t<decltype(family)>::mapped_type, schema::Schema>) {
    auto it = family.find(type);
    return it != family.end() ? &it->second : nullptr;
  } else {
    return nullptr;
  }
}

}  // namespace detail

inline constexpr CaseKindInfo kCaseKindTable[] = {
#define TFC_CASE_KIND(Name, code, suite, types, label, apply, changes, data_source, ...) \
  CaseKindInfo{CaseKind::Name,                                                           \
               report::SuiteKind::suite,                                                 \
               label,                                                                    \
               ApplyMode::apply,                                                         \
               RealChanges::changes,                                                     \
               data_source,                                                              \
               detail::k##Name##Scenarios,                                               \
               detail::k##Name##NeedsApply,                                              \
               detail::k##Name##FromPlan,                                                \
               &detail::type_names_in<&schema::ProviderSchema::types>,                   \
               &detail::schema_in<&schema::ProviderSchema::types>},
#include "conformance/core/case_kinds.inc"
#undef TFC_CASE_KIND
};

/// The kind's row number: its code in replay tokens.
constexpr std::size_t kind_index(CaseKind kind) noexcept {
  for (std::size_t i = 0; i < std::size(kCaseKinds); ++i)
    if (kCaseKinds[i] == kind) return i;
  return 0;
}

constexpr const CaseKindInfo& kind_info(CaseKind kind) noexcept { return kCaseKindTable[kind_index(kind)]; }

/// True for the kinds whose cases are the same with and without --apply (only managed
/// resources play a different kind of case).
constexpr bool kind_ignores_apply(CaseKind kind) noexcept { return kind_info(kind).apply == ApplyMode::either; }

/// Whether a kind's cases are played in a run with (or without) --apply.
constexpr bool kind_plays_with(CaseKind kind, bool apply) noexcept {
  switch (kind_info(kind).apply) {
    case ApplyMode::with: return apply;
    case ApplyMode::without: return !apply;
    case ApplyMode::either: return true;
  }
  return true;
}

/// Whether the cases of `kind` leave the real system as it was (plans, reads, function calls;
/// the other families without --apply). Only such cases of one type are played at the same
/// time: a later case often reuses a configuration the provider accepted, names included, and
/// two objects of one name at once collide where one after the other they do not.
constexpr bool changes_nothing(CaseKind kind, bool apply) noexcept {
  switch (kind_info(kind).changes) {
    case RealChanges::always: return false;
    case RealChanges::never: return true;
    case RealChanges::with_apply: return !apply;
  }
  return false;
}

/// The report kind of a suite of `kind` (resource for both managed-resource kinds).
constexpr report::SuiteKind suite_kind(CaseKind kind) noexcept { return kind_info(kind).suite; }

namespace detail {
constexpr bool listed(std::span<const std::string_view> names, std::string_view name) noexcept {
  for (std::string_view n : names)
    if (n == name) return true;
  return false;
}
}  // namespace detail

/// Scenarios of a kind that act on the real system (open an ephemeral resource, invoke an
/// action, create an object to list), played with --apply only.
constexpr bool needs_apply(CaseKind kind, std::string_view scenario) noexcept {
  return detail::listed(kind_info(kind).needs_apply, scenario);
}
/// Scenarios of a kind that start from the state of an accepted plan.
constexpr bool starts_from_plan(CaseKind kind, std::string_view scenario) noexcept {
  return detail::listed(kind_info(kind).from_plan, scenario);
}

/// The names of the provider's types of `kind`, in name order.
inline std::vector<std::string> kind_type_names(const schema::ProviderSchema& provider, CaseKind kind) {
  return kind_info(kind).type_names(provider);
}

/// The schema a suite of `kind` plays `type` with (none for functions).
inline const schema::Schema* kind_schema(const schema::ProviderSchema& provider, CaseKind kind,
                                         const std::string& type) {
  return kind_info(kind).schema_of(provider, type);
}

}  // namespace tfc::conformance
