#pragma once
// Harness failures as values (the ccache `expected` shape): a bad input file, a plugin that
// will not start, a value that does not decode. Provider misbehaviour is never an Expected
// error: it is an oracle Violation.

#include <string>
#include <utility>
#include <variant>

namespace tfc {

// --- Interface ---

/// A harness error: one message that names the file, item and path where it happened.
struct Error {
  std::string message;
};

template <class T>
class [[nodiscard]] Expected {
public:
  Expected(T value) : m_v(std::in_place_index<0>, std::move(value)) {}      // NOLINT
  Expected(Error error) : m_v(std::in_place_index<1>, std::move(error)) {}  // NOLINT

  bool has_value() const noexcept { return m_v.index() == 0; }
  explicit operator bool() const noexcept { return has_value(); }
  T& value() & { return std::get<0>(m_v); }
  const T& value() const& { return std::get<0>(m_v); }
  T&& value() && { return std::get<0>(std::move(m_v)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  const Error& error() const { return std::get<1>(m_v); }

private:
  std::variant<T, Error> m_v;
};

/// Expected<void>: success or an Error.
template <>
class [[nodiscard]] Expected<void> {
public:
  Expected() = default;
  Expected(Error error) : m_error(std::move(error)), m_failed(true) {}  // NOLINT
  bool has_value() const noexcept { return !m_failed; }
  explicit operator bool() const noexcept { return !m_failed; }
  const Error& error() const { return m_error; }

private:
  Error m_error;
  bool m_failed = false;
};

/// Prefixes an error message with context ("file.json: vector 3: ...").
inline Error with_context(const std::string& context, const Error& e) { return Error{context + ": " + e.message}; }

}  // namespace tfc

// --- Inline helpers ---

/// TFC_TRY(var, expr): evaluate an Expected; on error return it from the enclosing function.
#define TFC_TRY(var, expr)                              \
  auto var##_expected_ = (expr);                        \
  if (!var##_expected_) return var##_expected_.error(); \
  auto var = std::move(var##_expected_).value()  // NOLINT(bugprone-macro-parentheses): var is declared here
