#pragma once
// The coverage steps each kind of case counts (the `steps` column of case_kinds.inc), apart from
// case_kind.hpp because CoverageStep lives with the outcome it describes.

#include <array>
#include <span>

#include "conformance/core/case_kind.hpp"
#include "conformance/core/case_outcome.hpp"

namespace tfc::conformance {

namespace detail {
#define TFC_STEPS(...) __VA_ARGS__
#define TFC_CASE_KIND(Name, code, suite, types, label, apply, changes, data_source, Case, generator, learn_from, \
                      steps, ...)                                                                                \
  inline constexpr auto k##Name##Steps = [] {                                                                    \
    using enum CoverageStep;                                                                                     \
    return std::array{steps};                                                                                    \
  }();
#include "conformance/core/case_kinds.inc"
#undef TFC_CASE_KIND
#undef TFC_STEPS

inline constexpr std::span<const CoverageStep> kCountedSteps[] = {
#define TFC_CASE_KIND(Name, ...) k##Name##Steps,
#include "conformance/core/case_kinds.inc"
#undef TFC_CASE_KIND
};
}  // namespace detail

/// The steps the coverage figures list for a kind of case, in Core's order.
constexpr std::span<const CoverageStep> counted_steps(CaseKind kind) noexcept {
  return detail::kCountedSteps[kind_index(kind)];
}

}  // namespace tfc::conformance
