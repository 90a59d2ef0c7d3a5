#pragma once
// The HTML report's own, constant stylesheet and script (inlined: the file must work offline),
// and the Content-Security-Policy that allows exactly that script and nothing else.

#include <string>
#include <string_view>

namespace tfc::report {

/// The inline stylesheet.
std::string_view html_style();

/// The inline script: filters findings by rule, resource, severity, class and baseline from the
/// <select>s (and the URL fragment `#rule=..&resource=..&severity=..`); sorts the coverage
/// matrix by the column whose header is clicked and filters its rows by type name, kind and
/// `only` (never, unexercised, findings), from the controls and the fragment
/// (`#type=..&kind=..&only=never&sort=-errors`); keeps the fragment in step, and marks
/// <html data-tfc-ready="1"> once it ran. It only reads text and data-* attributes and writes
/// textContent, hidden, aria-sort and row order, never markup.
std::string_view html_script();

/// `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-<hash of html_script()>'`:
/// even markup that slipped past escaping could neither run script nor load anything.
std::string html_content_security_policy();

}  // namespace tfc::report
