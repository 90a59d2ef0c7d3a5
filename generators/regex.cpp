// RE2-shaped regular expressions: parsing (regex_parser.hpp), matching (regex_matcher.hpp) and
// generating strings that match (here).
#include "generators/regex.hpp"

#include <algorithm>
#include <utility>

#include "generators/config_combinators.hpp"
#include "generators/regex_matcher.hpp"
#include "generators/regex_parser.hpp"

namespace tfc::gen {
namespace {

using Node = RegexNode;
using NodeKind = RegexNode::Kind;

rc::Gen<std::string> joined(rc::Gen<std::vector<std::string>> parts) {
  return rc::gen::map(std::move(parts), [](const std::vector<std::string>& pieces) {
    std::string out;
    for (const auto& p : pieces) out += p;
    return out;
  });
}

rc::Gen<std::string> generate(const Node& n, std::size_t unbounded_extra, std::size_t bounded_extra) {
  switch (n.kind) {
    case NodeKind::Empty: return rc::gen::just(std::string());
    case NodeKind::Chars:
      return rc::gen::map(index_below(n.chars.size()),
                          [chars = n.chars](std::size_t i) { return std::string(1, chars[i]); });
    case NodeKind::Concat: {
      std::vector<rc::Gen<std::string>> parts;
      for (const auto& c : n.children) parts.push_back(generate(c, unbounded_extra, bounded_extra));
      return joined(sequence(std::move(parts)));
    }
    case NodeKind::Alternate: {
      std::vector<rc::Gen<std::string>> options;
      for (const auto& c : n.children) options.push_back(generate(c, unbounded_extra, bounded_extra));
      return rc::gen::mapcat(index_below(options.size()), [options](std::size_t i) { return options[i]; });
    }
    case NodeKind::Repeat: {
      const std::size_t hi = n.unbounded ? n.min + unbounded_extra : std::min(n.max, n.min + bounded_extra);
      return joined(vector_between(n.min, hi, generate(n.children.front(), unbounded_extra, bounded_extra)));
    }
  }
  return rc::gen::just(std::string());
}

}  // namespace

Expected<Regex> Regex::parse(std::string_view text) {
  auto root = parse_regex_syntax(text);
  if (!root) return root.error();
  Regex out;
  out.m_source = std::string(text);
  out.m_root = std::make_shared<const Node>(std::move(*root));
  auto program = compile_regex(*out.m_root);
  if (!program) return Error{"pattern \"" + std::string(text) + "\": too large to match"};
  out.m_program = std::make_shared<const RegexProgram>(std::move(*program));
  return out;
}

bool Regex::matches(std::string_view s) const {
  if (!m_program) return s.empty();
  return program_matches(*m_program, s);
}

rc::Gen<std::string> Regex::strings(std::size_t unbounded_extra, std::size_t bounded_extra) const {
  if (!m_root) return rc::gen::just(std::string());
  return generate(*m_root, unbounded_extra, bounded_extra);
}

}  // namespace tfc::gen
