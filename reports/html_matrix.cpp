#include "reports/html_matrix.hpp"

#include <algorithm>
#include <string>

#include "reports/coverage_matrix.hpp"
#include "reports/html_elements.hpp"

namespace tfc::report {

namespace {

using Layout = XmlWriter::Layout;

std::string cell_class(const MatrixCell& cell, std::size_t scale) {
  std::string css = "s" + std::to_string(shade_of(cell.reached, scale));
  if (cell.errors > 0) return css + " e";
  if (cell.warnings > 0) return css + " w";
  return css;
}

// A number cell; `css` empty for none. Inline: a row is one line, which keeps 1,500 rows small.
void count_cell(XmlWriter& h, std::size_t n, std::string_view css = {}) {
  text_element(h, "td", std::to_string(n), css, Layout::inline_);
}

void write_row(XmlWriter& h, const MatrixRow& row) {
  std::size_t scale = row.cases;
  for (const MatrixCell& c : row.cells) scale = std::max(scale, c.reached);
  auto tr = h.scoped_element("tr");
  {
    auto th = h.scoped_element("th", Layout::inline_);
    if (row.unexercised) th.attribute("class", "u");
    const Coverage& c = row.suite->coverage;
    if (row.never_reached > 0 && !c.top_refusal.empty())
      th.attribute("title", "most frequent refusal (" + plural(c.top_refusal_cases, "case") + "): " + c.top_refusal);
    th.text(row.label);
  }
  count_cell(h, row.cases);
  for (const MatrixCell& cell : row.cells) {
    if (!cell.applicable) {
      h.scoped_element("td", Layout::inline_);
      continue;
    }
    count_cell(h, cell.reached, cell_class(cell, scale));
  }
  count_cell(h, row.never_reached, row.never_reached > 0 ? "n" : "");
  count_cell(h, row.errors, row.errors > 0 ? "e" : "");
  count_cell(h, row.warnings, row.warnings > 0 ? "w" : "");
}

void write_header(XmlWriter& h, const CoverageMatrix& m) {
  auto thead = h.scoped_element("thead");
  auto tr = h.scoped_element("tr");
  text_element(h, "th", "type", "name", Layout::inline_);
  auto rotated = [&](std::string_view name, std::string_view css) {
    auto th = h.scoped_element("th", Layout::inline_);
    if (!css.empty()) th.attribute("class", css);
    text_element(h, "span", name, {}, Layout::inline_);
  };
  rotated("cases", "");
  for (const std::string& step : m.steps) rotated(step, "step");
  rotated("never reached", "");
  rotated("errors", "");
  rotated("warnings", "");
}

void write_controls(XmlWriter& h, const CoverageMatrix& m) {
  auto div = h.scoped_element("div");
  div.attribute("id", "matrix-controls").attribute("class", "controls").attribute("hidden", "hidden");
  {
    auto label = h.scoped_element("label");
    h.write_text("type ");
    h.scoped_element("input", Layout::inline_)
        .attribute("id", "matrix-type")
        .attribute("type", "search")
        .attribute("placeholder", "part of the name");
  }
  std::vector<std::string> kinds;
  for (const MatrixRow& row : m.rows) {
    std::string kind(to_string(row.suite->kind));
    if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end()) kinds.push_back(kind);
  }
  std::sort(kinds.begin(), kinds.end());
  {
    auto label = h.scoped_element("label");
    h.write_text("kind ");
    auto select = h.scoped_element("select", Layout::inline_);
    select.attribute("id", "matrix-kind");
    h.scoped_element("option").attribute("value", "").text("all");
    for (const std::string& k : kinds) h.scoped_element("option").attribute("value", k).text(k);
  }
  {
    auto label = h.scoped_element("label");
    h.write_text("show ");
    auto select = h.scoped_element("select", Layout::inline_);
    select.attribute("id", "matrix-only");
    h.scoped_element("option").attribute("value", "").text("all types");
    h.scoped_element("option").attribute("value", "never").text("with a step never reached");
    h.scoped_element("option").attribute("value", "unexercised").text("not exercised");
    h.scoped_element("option").attribute("value", "findings").text("with findings");
  }
  h.scoped_element("span").attribute("id", "matrix-count");
}

void write_legend(XmlWriter& h) {
  auto p = h.scoped_element("p");
  p.attribute("class", "legend");
  auto swatch = [&](std::string_view css, std::string_view shown, std::string_view meaning) {
    text_element(h, "span", shown, css, Layout::inline_);
    h.write_text(meaning);
  };
  h.write_text("Cases that reached each step, of 20 say:");
  swatch("s0", "0", " never reached,");
  swatch("s1", "4", " up to a quarter of the type's cases,");
  swatch("s2", "9", " half,");
  swatch("s3", "14", " three quarters,");
  swatch("s4", "20", " more;");
  swatch("s3 e", "14", " an error finding at that step,");
  swatch("s3 w", "14", " a warning;");
  swatch("na", "", " not a step of its kind. ");
  h.write_text(
      "A type in bold red was not exercised; hover it for its most frequent refusal. Click a column's name to sort "
      "by it.");
}

std::string summary_sentence(const CoverageMatrix& m) {
  std::size_t unexercised = 0, never = 0, findings = 0;
  for (const MatrixRow& row : m.rows) {
    unexercised += row.unexercised ? 1 : 0;
    never += row.never_reached > 0 ? 1 : 0;
    findings += row.errors + row.warnings > 0 ? 1 : 0;
  }
  return plural(m.rows.size(), "type") + " by " + plural(m.steps.size(), "coverage step") + ": " +
         std::to_string(unexercised) + " not exercised, " + std::to_string(never) + " with a step no case reached, " +
         std::to_string(findings) + " with findings. The types furthest from covered come first.";
}

}  // namespace

void write_coverage_matrix(XmlWriter& h, const RunReport& run) {
  const CoverageMatrix m = coverage_matrix(run);
  auto section = h.scoped_element("section");
  section.attribute("id", "coverage");
  text_element(h, "h2", "Coverage by type and step");
  if (m.rows.empty()) {
    text_element(h, "p", "No type was selected.");
    return;
  }
  text_element(h, "p", summary_sentence(m));
  write_controls(h, m);
  write_legend(h);
  auto box = h.scoped_element("div");
  box.attribute("class", "matrix-box");
  auto table = h.scoped_element("table");
  table.attribute("id", "matrix");
  write_header(h, m);
  auto tbody = h.scoped_element("tbody");
  for (const MatrixRow& row : m.rows) write_row(h, row);
}

}  // namespace tfc::report
