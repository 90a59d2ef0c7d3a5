#include "generators/hints_pattern.hpp"

namespace tfc::gen {

Expected<Pattern> parse_pattern(std::string_view text) {
  TFC_TRY(regex, Regex::parse(text));
  return Pattern{std::string(text), std::move(regex)};
}

bool pattern_matches(const Pattern& pattern, std::string_view s) { return pattern.regex.matches(s); }

rc::Gen<std::string> pattern_string(const Pattern& pattern) { return pattern.regex.strings(kPatternUnboundedExtra); }

}  // namespace tfc::gen
