#pragma once
// The HTML report's coverage picture: a type x step matrix (reports/coverage_matrix.hpp) rendered
// as one plain table, coloured by CSS classes, so it reads without script; the report's script
// sorts and filters its rows (html_assets.hpp).

#include "reports/run_report.hpp"
#include "reports/xml_writer.hpp"

namespace tfc::report {

/// `<section id="coverage">`: a sentence of counts, the filter controls (hidden until the script
/// shows them), the legend, and `<table id="matrix">` in its own scrolling box: one row per type
/// (`<th>` label, then cases, one cell per step, never-reached steps, errors, warnings), in the
/// default order of coverage_matrix. A cell's class says what it shows: `s0` no case reached the
/// step, `s1`..`s4` the quarter of the type's cases that did, `e` an error finding met there,
/// `w` a warning; an empty cell is a step the type's kind does not have.
void write_coverage_matrix(XmlWriter& h, const RunReport& run);

}  // namespace tfc::report
