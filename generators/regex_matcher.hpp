#pragma once
// Matching a parsed regular expression (regex.hpp): Thompson's construction into a small
// program and a breadth-first simulation of it, linear in the length of the string.

#include <bitset>
#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "generators/regex.hpp"

namespace tfc::gen {

struct RegexProgram {
  struct Inst {
    enum Op { Char, Split, Jmp, Match } op = Match;
    std::bitset<256> set;      // Char: the characters it takes
    std::size_t x = 0, y = 0;  // Split: both targets; Jmp: x
  };
  std::vector<Inst> instructions;
};

/// The program matching `root`; nullopt when it would be too large (repetitions of
/// repetitions such as `(a{1000}){1000}`).
std::optional<RegexProgram> compile_regex(const RegexNode& root);

/// True when the whole of `s` matches.
bool program_matches(const RegexProgram& program, std::string_view s);

}  // namespace tfc::gen
