#pragma once
// The run's coverage as a type x step matrix (the HTML report's picture of it): one row per type,
// one column per coverage step any suite of the run counts, in Core's order, and the findings met
// at each step. Plain data, so the ordering and the counts are tested apart from the markup.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "reports/run_report.hpp"

namespace tfc::report {

/// One type at one step: whether the type's kind has the step, how many cases reached it, and
/// the findings met there.
struct MatrixCell {
  bool applicable = false;  // the suite counts this step (Coverage::steps lists it)
  std::size_t reached = 0;
  std::size_t errors = 0;  // error findings (not baseline-known) met at this step
  std::size_t warnings = 0;
};

/// One type: its cells in the order of CoverageMatrix::steps, and what the default order reads.
struct MatrixRow {
  const Suite* suite = nullptr;
  std::string label;  // suite_label: `resource.tfc_widget`
  std::size_t cases = 0;
  std::vector<MatrixCell> cells;
  std::size_t never_reached = 0;  // applicable steps no case reached
  std::size_t errors = 0;         // every error finding of the type (also those at no step)
  std::size_t warnings = 0;
  bool unexercised = false;  // in unexercised(run): the run did not do what it was asked for it
};

struct CoverageMatrix {
  std::vector<std::string> steps;  // column names, Core's order, then any step this version does not know
  std::vector<MatrixRow> rows;     // the default order (coverage_matrix)
};

/// The matrix of every suite but the provider's. Rows open with what was never reached: the
/// types not exercised first, then more never-reached steps before fewer, then more error
/// findings, then by label.
CoverageMatrix coverage_matrix(const RunReport& run);
/// Rows point into the run's suites, so the run must outlive the matrix.
CoverageMatrix coverage_matrix(RunReport&& run) = delete;

/// The coverage step a finding of `scenario` was met at, named as Coverage::steps names it
/// (`PlanResourceChange` of an update: "update planned"), or "" when it belongs to no step
/// (the provider's schema, a move).
std::string_view coverage_step_of(const Finding& finding, std::string_view scenario);

/// How strongly a reached cell is shaded: 0 for a step no case reached, else 1..4 by the share
/// of the type's cases that reached it (quarters; `reached` over `cases`, at least 1 when any).
int shade_of(std::size_t reached, std::size_t cases);

}  // namespace tfc::report
