#include "generators/learning/description_rules.hpp"

#include "generators/learning/message_parser.hpp"
#include "generators/learning/text_scan.hpp"

namespace tfc::gen::learning {

ValueRule rule_from_description(std::string_view description) {
  ValueRule rule = read_value_rule(description);
  // A documented default is an accepted value when no enumeration lists the others.
  if (rule.one_of.empty()) {
    const std::string lower = lowercase(description);
    for (const char* marker : {"defaults to ", "default value is ", "default is ", "default: "}) {
      const auto pos = lower.find(marker);
      if (pos == std::string::npos) continue;
      const std::size_t at = pos + std::string_view(marker).size();
      if (at < description.size() && (description[at] == '`' || description[at] == '"')) {
        auto spans = quoted_spans(description.substr(at));
        if (!spans.empty() && !spans.front().empty()) rule.one_of.push_back(spans.front());
      }
      break;
    }
  }
  // Descriptions mention "required" in other senses; only messages make an attribute required.
  rule.required = false;
  return rule;
}

}  // namespace tfc::gen::learning
