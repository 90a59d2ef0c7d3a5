// Reading the subjects of a message (see message_subjects.hpp).
#include "generators/learning/message_subjects.hpp"

#include <algorithm>
#include <cctype>

#include "generators/learning/message_text.hpp"
#include "generators/learning/text_scan.hpp"

namespace tfc::gen::learning {
namespace {

void add_subject(MessageFacts& facts, const std::optional<std::string>& name) {
  if (!name || name->empty()) return;
  for (const auto& s : facts.subjects) {
    if (s == *name) return;
  }
  facts.subjects.push_back(*name);
}

}  // namespace

void read_subjects(std::string_view text, std::string_view lower, MessageFacts& facts) {
  // terraform-plugin-sdk helper/validation: "expected [type of |length of |value of ]K to ...".
  for (std::size_t pos = lower.find("expected "); pos != std::string_view::npos;
       pos = lower.find("expected ", pos + 1)) {
    std::size_t at = pos + 9;
    for (std::string_view lead : {"type of ", "length of ", "value of "}) {
      if (lower.substr(at, lead.size()) == lead) at += lead.size();
    }
    auto name = read_name(text, at);
    // "expected 10.0.0.0/16, got" and "expected one of" are not attribute names.
    if (name && *name != "one" && *name != "a" && *name != "an" && *name != "the" &&
        std::none_of(name->begin(), name->end(), [](char c) { return c == '/'; }))
      add_subject(facts, name);
  }
  // "invalid value for K (message)"
  if (auto pos = lower.find("invalid value for "); pos != std::string_view::npos)
    add_subject(facts, read_name(text, pos + 18));
  // Framework validators: "Attribute K value must ...", "Attribute K string length ..."
  for (std::size_t pos = text.find("Attribute "); pos != std::string_view::npos;
       pos = text.find("Attribute ", pos + 1)) {
    if (pos > 0 && text[pos - 1] != '\n') continue;  // the detail starts with it ("Invalid Attribute Value" does not)
    auto name = read_name(text, pos + 10);
    if (name && *name != "must" && *name != "requires" && *name != "supports") add_subject(facts, name);
  }
  // `"K" contains an invalid JSON`, `"K" (value) is an invalid ARN`, `"K": conflicts with`
  if (!text.empty() && text.find('"') != std::string_view::npos) {
    for (std::size_t pos = text.find('"'); pos != std::string_view::npos; pos = text.find('"', pos + 1)) {
      std::size_t q = pos;
      auto s = read_go_quoted(text, q);
      if (!s) break;
      const std::string_view rest = lower.substr(q, 24);
      if (rest.rfind(" contains", 0) == 0 || rest.rfind(": ", 0) == 0 || rest.rfind(" (", 0) == 0 ||
          rest.rfind(" is required", 0) == 0 || rest.rfind(" must", 0) == 0 || rest.rfind(" is not", 0) == 0 ||
          rest.rfind(" is an invalid", 0) == 0)
        add_subject(facts, s);
      pos = q - 1;
    }
  }
  // Any other quoted span that looks like an attribute path: the learner keeps it only when the
  // schema has it.
  for (const auto& span : quoted_spans(text)) {
    const bool identifier = !span.empty() && span.size() <= 128 && std::all_of(span.begin(), span.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '[' || c == ']';
    }) && std::any_of(span.begin(), span.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); });
    if (identifier) add_subject(facts, span);
  }
  // "The argument "K" is required", "for the K attribute"
  if (auto pos = lower.find("the argument "); pos != std::string_view::npos)
    add_subject(facts, read_name(text, pos + 13));
  if (auto pos = lower.find("value for the "); pos != std::string_view::npos)
    add_subject(facts, read_name(text, pos + 14));
  // "K must not be empty"
  if (auto pos = lower.find(" must not be empty"); pos != std::string_view::npos) {
    auto start = lower.rfind(' ', pos > 0 ? pos - 1 : 0);
    start = start == std::string_view::npos ? 0 : start + 1;
    if (start < pos) add_subject(facts, std::string(text.substr(start, pos - start)));
  }
}

}  // namespace tfc::gen::learning
