#pragma once
// A rule id the compiler has checked against the catalogue. Every place that reports a rule
// names it as a literal (`out.add("plan.config_value_changed", ...)`); the literal converts to a
// RuleId in a consteval constructor, which looks it up in the catalogue tables while compiling.
// A misspelt id does not compile: the error names `rule_id_not_in_the_catalogue`. Ids read at
// run time (oracle vector files, reports) go through RuleId::find, which may say no.

#include <optional>
#include <string>
#include <string_view>

#include "oracle/family_rule_table.hpp"
#include "oracle/lifecycle_rule_table.hpp"

namespace tfc::oracle {

namespace detail {
/// Never defined: a constant expression that reaches it is the compiler's error message.
void rule_id_not_in_the_catalogue();

consteval bool catalogued(std::string_view id) {
  for (const auto& r : catalogue::kLifecycleRules)
    if (r.id == id) return true;
  for (const auto& r : catalogue::kFamilyRules)
    if (r.id == id) return true;
  return false;
}
}  // namespace detail

class RuleId {
public:
  /// No rule (a slot that reports nothing, as in DriftRules).
  constexpr RuleId() noexcept = default;
  // NOLINTNEXTLINE(google-explicit-constructor): literals are meant to convert, and are checked.
  consteval RuleId(const char* id) : RuleId(std::string_view(id)) {}
  // NOLINTNEXTLINE(google-explicit-constructor)
  consteval RuleId(std::string_view id) : m_id(id) {
    if (!detail::catalogued(id)) detail::rule_id_not_in_the_catalogue();
  }

  /// The catalogued id equal to `text`, or nullopt (ids that come from files).
  static std::optional<RuleId> find(std::string_view text) noexcept;

  constexpr std::string_view str() const noexcept { return m_id; }
  constexpr bool empty() const noexcept { return m_id.empty(); }
  // NOLINTNEXTLINE(google-explicit-constructor): a rule id is text wherever text is expected.
  operator std::string() const { return std::string(m_id); }
  friend constexpr bool operator==(RuleId a, RuleId b) noexcept { return a.m_id == b.m_id; }

private:
  struct Unchecked {};
  constexpr RuleId(Unchecked, std::string_view id) noexcept : m_id(id) {}
  std::string_view m_id;
};

/// The text of a checked rule id, for what stores ids as text (Violation::rule, the reports):
/// `v.rule = rule_text("rpc.crashed")`, `if (v.rule == rule_text("value.type_mismatch"))`.
consteval std::string_view rule_text(RuleId id) { return id.str(); }

inline std::optional<RuleId> RuleId::find(std::string_view text) noexcept {
  for (const auto& r : catalogue::kLifecycleRules)
    if (r.id == text) return RuleId(Unchecked{}, r.id);
  for (const auto& r : catalogue::kFamilyRules)
    if (r.id == text) return RuleId(Unchecked{}, r.id);
  return std::nullopt;
}

}  // namespace tfc::oracle
