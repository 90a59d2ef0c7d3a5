// RE2's character classes as ASCII sets in generation order (see regex_charset.hpp).
#include "generators/regex_charset.hpp"

#include <bitset>
#include <cctype>

#include "generators/regex.hpp"

namespace tfc::gen {
namespace regex_charset {

std::string char_range(unsigned char lo, unsigned char hi) {
  std::string out;
  for (unsigned c = lo; c <= hi; ++c) out.push_back(static_cast<char>(c));
  return out;
}

const std::string& lower() {
  static const std::string kLower = char_range('a', 'z');
  return kLower;
}

const std::string& upper() {
  static const std::string kUpper = char_range('A', 'Z');
  return kUpper;
}

const std::string& digits() {
  static const std::string kDigits = char_range('0', '9');
  return kDigits;
}

const std::string& word() {
  static const std::string kWord = lower() + upper() + digits() + "_";
  return kWord;
}

const std::string& space() {
  static const std::string kSpace = " \t\n\r\f\v";
  return kSpace;
}

const std::string& punct() {
  static const std::string kPunct = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
  return kPunct;
}

std::string dedupe(const std::string& chars) {
  std::string out;
  std::bitset<256> seen;
  for (char c : chars) {
    const auto u = static_cast<unsigned char>(c);
    if (!seen[u]) {
      seen[u] = true;
      out.push_back(c);
    }
  }
  return out;
}

std::string complement(const std::string& chars) {
  std::bitset<256> in;
  for (char c : chars) in[static_cast<unsigned char>(c)] = true;
  std::string out;
  for (char c : printable_in_preference_order()) {
    if (!in[static_cast<unsigned char>(c)]) out.push_back(c);
  }
  return out;
}

std::string fold_case(const std::string& chars) {
  std::string out = chars;
  for (char c : chars) {
    const auto u = static_cast<unsigned char>(c);
    if (std::islower(u))
      out.push_back(static_cast<char>(std::toupper(u)));
    else if (std::isupper(u))
      out.push_back(static_cast<char>(std::tolower(u)));
  }
  return dedupe(out);
}

std::string ascii_only(const std::string& chars) {
  std::string out;
  for (char c : chars) {
    if (static_cast<unsigned char>(c) < 0x80) out.push_back(c);
  }
  return out;
}

std::string unicode_class(std::string_view name) {
  if (name == "Lu") return upper();
  if (name == "Ll") return lower();
  if (!name.empty() && name[0] == 'L') return lower() + upper();
  if (!name.empty() && name[0] == 'N') return digits();
  if (!name.empty() && name[0] == 'P') return punct();
  if (!name.empty() && name[0] == 'Z') return " ";
  if (name == "Greek" || name == "Latin" || name == "Han") return lower() + upper();
  return lower() + upper() + digits();
}

std::optional<std::string> posix_class(std::string_view name) {
  if (name == "alpha") return lower() + upper();
  if (name == "digit") return digits();
  if (name == "alnum") return lower() + upper() + digits();
  if (name == "upper") return upper();
  if (name == "lower") return lower();
  if (name == "space") return space();
  if (name == "blank") return std::string(" \t");
  if (name == "punct") return punct();
  if (name == "xdigit") return digits() + "abcdefABCDEF";
  if (name == "word") return word();
  if (name == "print" || name == "graph") return printable_in_preference_order();
  if (name == "ascii") return printable_in_preference_order();
  if (name == "cntrl") return std::string("\t\n\r");
  return std::nullopt;
}

}  // namespace regex_charset

const std::string& printable_in_preference_order() {
  static const std::string kOrder = [] {
    std::string out = regex_charset::lower() + regex_charset::digits() + regex_charset::upper();
    for (char c = ' '; c <= '~'; ++c) {
      if (!std::isalnum(static_cast<unsigned char>(c))) out.push_back(c);
    }
    return out;
  }();
  return kOrder;
}

}  // namespace tfc::gen
