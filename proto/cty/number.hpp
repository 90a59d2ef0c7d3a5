#pragma once
// cty numbers are arbitrary precision. A Number keeps the form it arrived in (int64,
// double or decimal text) so that nothing is rounded; comparisons are exact across forms
// (docs/protocol.md §3.3 "Number encoding rules").

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace tfc::cty {

class Number {
public:
  Number() : m_repr(std::int64_t{0}) {}
  Number(std::int64_t v) : m_repr(v) {}       // NOLINT(google-explicit-constructor): numbers read naturally
  Number(int v) : m_repr(std::int64_t{v}) {}  // NOLINT
  /// Any finite double or ±infinity. NaN is not a cty number: precondition !isnan(v).
  Number(double v);  // NOLINT

  /// Parses decimal text: optional sign, digits, optional fraction, optional exponent
  /// ("12", "-0.5", "1e300", "18446744073709551616"), and "Inf"/"+Inf"/"-Inf" as go-cty's
  /// parser does. nullopt when not a number, or when its exact text would exceed 8192
  /// characters (hostile exponents). Integers that fit int64 are stored as int64, every other
  /// value as its canonical decimal text (so the value is never rounded).
  static std::optional<Number> parse(std::string_view text);

  bool is_int64() const noexcept { return std::holds_alternative<std::int64_t>(m_repr); }
  bool is_double() const noexcept { return std::holds_alternative<double>(m_repr); }
  bool is_decimal() const noexcept { return std::holds_alternative<std::string>(m_repr); }
  bool is_infinite() const noexcept;
  /// True when the value is a whole number (whatever its form).
  bool is_integer() const;

  /// Exact value when it fits int64.
  std::optional<std::int64_t> to_int64() const;
  /// Exact value when a double holds it exactly (integers and dyadic fractions in range).
  std::optional<double> to_exact_double() const;
  /// Nearest double (for display and hints only; never for comparisons).
  double to_double_approx() const;

  /// Canonical exact decimal text without exponent: "-12", "0.1", "18446744073709551616",
  /// "+Inf"/"-Inf" for infinities. Equal numbers give equal text.
  std::string canonical() const;

  /// The stored form, as received.
  const std::variant<std::int64_t, double, std::string>& repr() const noexcept { return m_repr; }

  /// Numeric comparison across forms, exact except that texts of 152 or more significant digits
  /// within a relative 1e-152 of each other are equal: Terraform holds numbers at 512-bit
  /// precision, where they are the same number.
  friend bool operator==(const Number& a, const Number& b);
  friend bool operator!=(const Number& a, const Number& b) { return !(a == b); }
  /// -1, 0 or 1.
  friend int compare(const Number& a, const Number& b);

private:
  explicit Number(std::string canonical_decimal) : m_repr(std::move(canonical_decimal)) {}
  std::variant<std::int64_t, double, std::string> m_repr;  // string: canonical decimal text
};

}  // namespace tfc::cty
