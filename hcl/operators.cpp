#include "hcl/operators.hpp"

#include <charconv>
#include <cmath>
#include <limits>
#include <optional>

#include "hcl/convert.hpp"

namespace tfc::hcl {

namespace {

cty::Value unknown_number() { return cty::Value::unknown(cty::Type::number(), cty::Refinements{.not_null = true}); }
cty::Value unknown_bool() { return cty::Value::unknown(cty::Type::boolean(), cty::Refinements{.not_null = true}); }

std::optional<cty::Value> as(const cty::Value& v, const cty::Type& t) {
  auto c = convert(v, t);
  if (!c || c->is_null()) return std::nullopt;
  return *c;
}

cty::Value arithmetic(std::string_view op, const cty::Number& a, const cty::Number& b) {
  const auto ia = a.to_int64();
  const auto ib = b.to_int64();
  if (ia && ib) {
    long long r = 0;
    if (op == "+" && !__builtin_add_overflow(*ia, *ib, &r)) return cty::Value::number(cty::Number(std::int64_t{r}));
    if (op == "-" && !__builtin_sub_overflow(*ia, *ib, &r)) return cty::Value::number(cty::Number(std::int64_t{r}));
    if (op == "*" && !__builtin_mul_overflow(*ia, *ib, &r)) return cty::Value::number(cty::Number(std::int64_t{r}));
    if (op == "%" && *ib != 0 && !(*ia == std::numeric_limits<std::int64_t>::min() && *ib == -1)) {
      return cty::Value::number(cty::Number(std::int64_t{*ia % *ib}));
    }
    if (op == "/" && *ib != 0 && *ia % *ib == 0 && !(*ia == std::numeric_limits<std::int64_t>::min() && *ib == -1)) {
      return cty::Value::number(cty::Number(std::int64_t{*ia / *ib}));
    }
  }
  const double x = a.to_double_approx();
  const double y = b.to_double_approx();
  double r = 0;
  if (op == "+")
    r = x + y;
  else if (op == "-")
    r = x - y;
  else if (op == "*")
    r = x * y;
  else if (op == "/") {
    if (y == 0) return unknown_number();  // Terraform: "Divide by zero", an error
    r = x / y;
  } else if (op == "%") {
    if (y == 0) return unknown_number();
    r = std::fmod(x, y);
  }
  return number_from_double(r);
}

}  // namespace

cty::Value number_from_double(double d) {
  if (std::isnan(d)) return unknown_number();
  if (std::isinf(d)) return cty::Value::number(cty::Number(d));
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, d);
  if (ec == std::errc()) {
    if (auto n = cty::Number::parse(std::string_view(buf, static_cast<std::size_t>(end - buf)))) {
      return cty::Value::number(*n);
    }
  }
  return cty::Value::number(cty::Number(d));
}

cty::Value unary_operation(std::string_view op, const cty::Value& operand) {
  if (op == "!") {
    auto b = as(operand, cty::Type::boolean());
    if (!b || !b->is_known()) return unknown_bool();
    return cty::Value::boolean(!b->as_bool());
  }
  auto n = as(operand, cty::Type::number());
  if (!n || !n->is_known()) return unknown_number();
  return arithmetic("-", cty::Number(0), n->as_number());
}

cty::Value binary_operation(std::string_view op, const cty::Value& lhs, const cty::Value& rhs) {
  if (op == "&&" || op == "||") {
    auto a = as(lhs, cty::Type::boolean());
    auto b = as(rhs, cty::Type::boolean());
    const bool decisive = op == "||";  // the value that decides the answer alone
    if (a && a->is_known() && a->as_bool() == decisive) return cty::Value::boolean(decisive);
    if (b && b->is_known() && b->as_bool() == decisive) return cty::Value::boolean(decisive);
    if (!a || !b || !a->is_known() || !b->is_known()) return unknown_bool();
    return cty::Value::boolean(!decisive);
  }
  if (op == "==" || op == "!=") {
    if (!lhs.is_wholly_known() || !rhs.is_wholly_known()) return unknown_bool();
    bool same = false;
    if (lhs.is_null() || rhs.is_null()) {
      same = lhs.is_null() && rhs.is_null();
    } else if (lhs.type() == rhs.type()) {
      same = equals(lhs, rhs) == cty::Tristate::True;
    }
    return cty::Value::boolean(op == "==" ? same : !same);
  }
  auto a = as(lhs, cty::Type::number());
  auto b = as(rhs, cty::Type::number());
  const bool comparison = op == "<" || op == "<=" || op == ">" || op == ">=";
  if (!a || !b || !a->is_known() || !b->is_known()) return comparison ? unknown_bool() : unknown_number();
  if (comparison) {
    const int c = compare(a->as_number(), b->as_number());
    if (op == "<") return cty::Value::boolean(c < 0);
    if (op == "<=") return cty::Value::boolean(c <= 0);
    if (op == ">") return cty::Value::boolean(c > 0);
    return cty::Value::boolean(c >= 0);
  }
  return arithmetic(op, a->as_number(), b->as_number());
}

}  // namespace tfc::hcl
