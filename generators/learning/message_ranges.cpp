// Reading ranges and lengths (see message_ranges.hpp).
#include "generators/learning/message_ranges.hpp"

#include "generators/learning/message_text.hpp"
#include "generators/learning/text_scan.hpp"

namespace tfc::gen::learning {
namespace {

// Whether the words around a number speak of a string's length rather than of the value.
bool about_length(std::string_view lower, std::size_t marker, std::size_t after_numbers) {
  const std::size_t from = marker >= 40 ? marker - 40 : 0;
  const std::string_view before = lower.substr(from, marker - from);
  const std::string_view after = lower.substr(after_numbers, 16);
  return has(before, "length") || has(before, "character") || has(before, "long") || has(after, "character") ||
         has(after, "char") || has(after, "byte") || has(after, "letter");
}

bool about_count(std::string_view lower, std::size_t after_numbers) {
  const std::string_view after = lower.substr(after_numbers, 16);
  return has(after, "element") || has(after, "item") || has(after, "entries");
}

void set_bounds(ValueRule& rule, std::optional<Bound> lo, std::optional<Bound> hi, bool length) {
  if (length) {
    if (lo && lo->value >= 0) rule.min_length = static_cast<std::size_t>(lo->value);
    if (hi && hi->value >= 0) rule.max_length = static_cast<std::size_t>(hi->value);
    return;
  }
  if (lo) rule.min = lo->value;
  if (hi) rule.max = hi->value;
  const bool fractional = (lo && lo->fractional) || (hi && hi->fractional);
  if (!fractional && (lo || hi)) rule.integer = true;
}

}  // namespace

std::optional<Bound> number_at(std::string_view text, std::size_t pos) {
  pos = skip_spaces(text, pos);
  if (pos < text.size() && text[pos] == '(') pos = skip_spaces(text, pos + 1);
  const std::size_t start = pos;
  auto v = read_number(text, pos);
  if (!v) return std::nullopt;
  return Bound{*v, text.substr(start, pos - start).find('.') != std::string_view::npos};
}

void read_ranges(std::string_view text, std::string_view lower, ValueRule& rule) {
  // "in the range (1 - 64)" (helper/validation IntBetween, FloatBetween, StringLenBetween)
  if (auto pos = lower.find("in the range ("); pos != std::string_view::npos) {
    std::size_t p = pos + 14;
    auto lo = number_at(text, p);
    const auto dash = lower.find(" - ", p);
    if (lo && dash != std::string_view::npos) {
      auto hi = number_at(text, dash + 3);
      const auto close = lower.find(')', dash);
      if (hi) {
        set_bounds(rule, lo, hi, about_length(lower, pos, close == std::string_view::npos ? dash : close + 1));
        return;
      }
    }
  }
  // "between 1 and 64", "must be between 1 and 64 characters"
  for (auto pos = lower.find("between "); pos != std::string_view::npos; pos = lower.find("between ", pos + 1)) {
    std::size_t p = skip_spaces(text, pos + 8);
    auto lo = number_at(text, p);
    const auto and_pos = lower.find(" and ", p);
    if (lo && and_pos != std::string_view::npos && and_pos < p + 24) {
      std::size_t q = skip_spaces(text, and_pos + 5);
      auto hi = number_at(text, q);
      if (hi) {
        std::size_t end = q;
        read_number(text, end);
        if (!about_count(lower, end)) {
          set_bounds(rule, lo, hi, about_length(lower, pos, end));
          return;
        }
      }
    }
  }
  // One-sided bounds.
  struct Side {
    const char* words;
    bool lower_bound;
    double exclusive_step;  // added (lower) or subtracted (upper) for strict comparisons
  };
  std::optional<Bound> lo, hi;
  bool length = false;
  for (const Side& s :
       {Side{"at least", true, 0}, Side{"greater than or equal to", true, 0}, Side{"minimum of", true, 0},
        Side{"greater than", true, 1}, Side{"at most", false, 0}, Side{"less than or equal to", false, 0},
        Side{"no more than", false, 0}, Side{"maximum of", false, 0}, Side{"up to", false, 0},
        Side{"less than", false, 1}, Side{"or fewer", false, 0}, Side{"or less", false, 0}}) {
    const std::string_view words(s.words);
    const auto pos = lower.find(words);
    if (pos == std::string_view::npos) continue;
    std::optional<Bound> b;
    std::size_t end = 0;
    if (words == "or fewer" || words == "or less") {
      // "63 characters or fewer": the number comes before.
      std::size_t start = pos;
      while (start > 0 && lower[start - 1] != ' ') --start;
      if (start > 0) --start;
      while (start > 0 && lower[start - 1] != ' ') --start;
      std::size_t q = start;
      b = number_at(text, q);
      end = pos;
    } else {
      std::size_t q = skip_spaces(text, pos + words.size());
      if (q < text.size() && text[q] == '(') ++q;
      b = number_at(text, q);
      end = q;
      read_number(text, end);
      if (end < text.size() && text[end] == ')') ++end;
    }
    if (!b || about_count(lower, end)) continue;
    if (s.exclusive_step != 0) b->value += s.lower_bound ? s.exclusive_step : -s.exclusive_step;
    if (s.lower_bound && !lo) lo = b;
    if (!s.lower_bound && !hi) hi = b;
    length = length || about_length(lower, pos, end);
  }
  if (lo || hi) set_bounds(rule, lo, hi, length);
}

}  // namespace tfc::gen::learning
