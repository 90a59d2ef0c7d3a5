#pragma once
// The HTML report's own, constant stylesheet and script (inlined: the file must work offline),
// and the Content-Security-Policy that allows exactly that script and nothing else.

#include <string>
#include <string_view>

namespace tfc::report {

/// The inline stylesheet.
std::string_view html_style();

/// The inline filtering script: filters findings by rule, resource and severity from the three
/// <select>s (and the URL fragment `#rule=..&resource=..&severity=..`), keeps the fragment in
/// step, and marks <html data-tfc-ready="1"> once it ran. It only reads data-* attributes and
/// writes textContent/hidden, never markup.
std::string_view html_script();

/// `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-<hash of html_script()>'`:
/// even markup that slipped past escaping could neither run script nor load anything.
std::string html_content_security_policy();

}  // namespace tfc::report
