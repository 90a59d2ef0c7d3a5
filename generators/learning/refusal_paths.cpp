#include "generators/learning/refusal_paths.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

#include "generators/learning/name_dictionary.hpp"
#include "generators/learning/rule_hints.hpp"
#include "generators/learning/schema_paths.hpp"
#include "generators/learning/text_scan.hpp"
#include "proto/schema/implied_type.hpp"

namespace tfc::gen::learning {
namespace {

bool starts_with_path(const std::string& path, const std::string& base) {
  return path.size() > base.size() && path.compare(0, base.size(), base) == 0 && path[base.size()] == '.';
}

// How a value may appear in a message: a string as itself, a number in its exact decimal
// form or as Go prints a float64.
std::vector<std::string> printed_forms(const cty::Value& v) {
  if (v.is_null() || !v.is_known()) return {};
  if (v.type().kind() == cty::Kind::String) return {v.as_string()};
  if (v.type().kind() == cty::Kind::Number) {
    std::vector<std::string> out{v.as_number().canonical()};
    char buf[64];
    const double d = v.as_number().to_double_approx();
    if (auto [end, ec] = std::to_chars(buf, buf + sizeof buf, d); ec == std::errc()) out.emplace_back(buf, end);
    return out;
  }
  return {};
}

// Whether the message shows `v`: quoted (Go's %q, unquoted here) or after "got ".
bool message_shows(const std::string& text, const std::vector<std::string>& spans, const cty::Value& v) {
  for (const auto& form : printed_forms(v)) {
    if (form.empty()) continue;
    if (std::find(spans.begin(), spans.end(), form) != spans.end()) return true;
    if (text.find("got " + form) != std::string::npos || text.find("got: " + form) != std::string::npos) return true;
  }
  return false;
}

// Whether `v` breaks the rule in a way that can be checked here.
bool breaks(const ValueRule& r, const cty::Value& v) {
  if (v.is_null() || !v.is_known()) return false;
  if (v.type().kind() == cty::Kind::Number) {
    const double d = v.as_number().to_double_approx();
    if (r.integer && std::floor(d) != d) return true;
    if (r.min && d < *r.min) return true;
    if (r.max && d > *r.max) return true;
    return false;
  }
  if (v.type().kind() == cty::Kind::String && !r.one_of.empty())
    return std::find(r.one_of.begin(), r.one_of.end(), v.as_string()) == r.one_of.end();
  return false;
}

}  // namespace

// Names of the schema a text mentions: quoted or backticked spans, and bare words with an
// underscore (plain English words are too often also attribute names).
std::vector<std::string> mentioned_paths(const schema::Block& block, std::string_view text) {
  std::vector<std::string> out;
  auto add = [&](const std::string& raw) {
    auto p = hint_path_of_text(block, raw);
    if (!p) {
      // A bare name of a nested member ("create" of `timeouts`): when only one path has it.
      const auto named = paths_named(block, raw);
      if (named.size() == 1) p = named.front();
    }
    if (p && std::find(out.begin(), out.end(), *p) == out.end()) out.push_back(*p);
  };
  for (const auto& span : quoted_spans(text)) {
    if (!span.empty() && span.size() < 64 && span.find(' ') == std::string::npos) add(span);
  }
  // Bare words: with an underscore, or right after a word that introduces a name ("invalid or
  // unknown key: id", "argument name", "attribute size").
  std::string word;
  std::string previous;
  auto flush = [&] {
    while (!word.empty() && word.back() == '.') word.pop_back();
    static const char* kIntroducers[] = {"key",        "key:",  "argument", "argument:", "attribute",
                                         "attribute:", "field", "field:",   "parameter", "parameter:"};
    const bool introduced = std::any_of(std::begin(kIntroducers), std::end(kIntroducers),
                                        [&](const char* w) { return lowercase(previous) == w; });
    if (!word.empty() && (word.find('_') != std::string::npos || introduced)) add(word);
    if (!word.empty()) previous = word;
    word.clear();
  };
  for (char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.') {
      word.push_back(c);
    } else if (c == ':' && !word.empty()) {
      word.push_back(c);
      // "key:" introduces the next word; a name before a colon is not taken.
      previous = word;
      word.clear();
    } else {
      flush();
    }
  }
  flush();
  return out;
}

std::optional<std::string> path_showing_value(const schema::Block& block, const cty::Value& config,
                                              const std::string& text) {
  const auto spans = quoted_spans(text);
  std::vector<std::string> shown;
  for (const auto& [p, v] : all_leaves(block, config)) {
    // Short values ("a", "1") appear in any text by chance.
    const auto forms = printed_forms(v);
    if (forms.empty() || forms.front().size() < 3) continue;
    if (message_shows(text, spans, v) && std::find(shown.begin(), shown.end(), p) == shown.end()) shown.push_back(p);
  }
  if (shown.size() == 1) return shown.front();
  return std::nullopt;
}

std::optional<std::string> refine_into_block(const schema::Block& block, const std::string& base,
                                             const MessageFacts& facts, const std::string& text,
                                             const cty::Value& value) {
  const Member m = member_at(block, base);
  if (!(m.block || (m.attribute && m.attribute->nested_type))) return std::nullopt;
  for (const auto& s : facts.subjects) {
    if (auto p = hint_path_of_text(block, s); p && starts_with_path(*p, base)) return p;
    std::vector<std::string> under;
    for (const auto& p : paths_named(block, last_name(s))) {
      if (starts_with_path(p, base)) under.push_back(p);
    }
    if (under.size() == 1) return under.front();
  }
  const auto leaves = leaves_under(block, base, value);
  const auto spans = quoted_spans(text);
  std::vector<std::string> shown, broken;
  for (const auto& [p, v] : leaves) {
    if (message_shows(text, spans, v) && std::find(shown.begin(), shown.end(), p) == shown.end()) shown.push_back(p);
    if (breaks(facts.rule, v) && std::find(broken.begin(), broken.end(), p) == broken.end()) broken.push_back(p);
  }
  if (shown.size() == 1) return shown.front();
  if (broken.size() == 1) return broken.front();
  return std::nullopt;
}

std::vector<std::string> paths_with_format(const schema::Block& block, const cty::Value& config, Format format) {
  std::vector<std::string> out;
  for (const auto& a : block.attributes) {
    if (computed_only(a)) continue;
    const cty::Value* v = config.attribute(a.name);
    if (v == nullptr || v->is_null()) continue;
    auto f = format_for_name(a.name, schema::implied_type(a));
    if (f == Format::FilePath && format == Format::ExistingFile) f = format;
    const bool cidr = [](std::optional<Format> x) {
      return x == Format::Cidr || x == Format::Ipv4Cidr || x == Format::Ipv6Cidr;
    }(f);
    if (f == format || (cidr && (format == Format::Cidr || format == Format::Ipv4Cidr || format == Format::Ipv6Cidr)))
      out.push_back(a.name);
  }
  return out;
}

}  // namespace tfc::gen::learning
