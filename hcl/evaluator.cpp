#include "hcl/evaluator.hpp"

#include <utility>

#include "hcl/convert.hpp"
#include "hcl/functions.hpp"
#include "hcl/operators.hpp"

namespace tfc::hcl {

namespace {

// Locals that refer to locals, deeply nested for expressions...: past this depth a value is
// unknown (a hostile file cannot exhaust the stack).
constexpr int kMaxEvaluationDepth = 512;

cty::Value unknown() { return cty::Value::unknown(cty::Type::dynamic()); }
cty::Value unknown_string() { return cty::Value::unknown(cty::Type::string(), cty::Refinements{.not_null = true}); }

bool is_string_of(const cty::Value& v) { return v.is_known() && !v.is_null() && v.type().kind() == cty::Kind::String; }

}  // namespace

cty::Value apply_step(const cty::Value& value, const Step& step) {
  if (!value.is_known() || value.is_null()) return unknown();
  const cty::Kind k = value.type().kind();
  std::string name;
  if (step.kind == Step::Kind::attribute) {
    name = step.name;
  } else if (k == cty::Kind::List || k == cty::Kind::Tuple) {
    auto n = convert(step.key, cty::Type::number());
    if (!n || !n->is_known() || n->is_null()) return unknown();
    auto i = n->as_number().to_int64();
    if (!i || *i < 0 || static_cast<std::size_t>(*i) >= value.elements().size()) return unknown();
    return value.elements()[static_cast<std::size_t>(*i)];
  } else {
    auto s = convert(step.key, cty::Type::string());
    if (!s || !is_string_of(*s)) return unknown();
    name = s->as_string();
  }
  const cty::Value* found = nullptr;
  if (k == cty::Kind::Object) found = value.attribute(name);
  if (k == cty::Kind::Map) found = value.map_find(name);
  return found ? *found : unknown();
}

std::optional<std::vector<std::pair<cty::Value, cty::Value>>> iteration_items(const cty::Value& value) {
  if (!value.is_known() || value.is_null()) return std::nullopt;
  std::vector<std::pair<cty::Value, cty::Value>> items;
  switch (value.type().kind()) {
    case cty::Kind::List:
    case cty::Kind::Tuple:
      for (std::size_t i = 0; i < value.elements().size(); ++i) {
        items.emplace_back(cty::Value::number(cty::Number(static_cast<std::int64_t>(i))), value.elements()[i]);
      }
      return items;
    case cty::Kind::Set:
      for (const cty::Value& e : value.elements()) items.emplace_back(e, e);
      return items;
    case cty::Kind::Map:
      for (const auto& [k, v] : value.map_entries()) items.emplace_back(cty::Value::string(k), v);
      return items;
    case cty::Kind::Object:
      for (std::size_t i = 0; i < value.attribute_values().size(); ++i) {
        items.emplace_back(cty::Value::string(value.type().attributes()[i].name), value.attribute_values()[i]);
      }
      return items;
    default: return std::nullopt;
  }
}

bool Evaluator::is_bound(const std::string& name) const {
  for (const auto& symbols : m_symbols) {
    if (symbols.count(name)) return true;
  }
  return false;
}

void Evaluator::set_variable(const std::string& name, cty::Value value) { m_variables[name] = std::move(value); }

void Evaluator::add_local(const std::string& name, const Expr* expr) {
  m_local_exprs[name] = expr;
  m_local_values.erase(name);
}

void Evaluator::set_count_index(std::int64_t index) {
  m_count_index = cty::Value::number(cty::Number(index));
  m_each.reset();
}

void Evaluator::set_each(cty::Value key, cty::Value value) {
  m_each = std::make_pair(std::move(key), std::move(value));
  m_count_index.reset();
}

void Evaluator::clear_iteration() {
  m_count_index.reset();
  m_each.reset();
}

cty::Value Evaluator::evaluate(const Expr& expr) {
  if (m_depth >= kMaxEvaluationDepth) return unknown();
  ++m_depth;
  cty::Value v = evaluate_checked(expr);
  --m_depth;
  return v;
}

cty::Value Evaluator::evaluate_checked(const Expr& expr) {
  switch (expr.kind) {
    case ExprKind::literal: return expr.value;
    case ExprKind::template_text: return template_text(expr);
    case ExprKind::template_wrap: return evaluate(*expr.operands[0]);
    case ExprKind::template_if: return template_if(expr);
    case ExprKind::template_for: return template_for(expr);
    case ExprKind::traversal: return traversal(expr);
    case ExprKind::relative: {
      cty::Value v = evaluate(*expr.operands[0]);
      for (const Step& s : expr.steps) v = apply_step(v, s);
      return v;
    }
    case ExprKind::index: return index(expr);
    case ExprKind::splat: return splat(expr);
    case ExprKind::call: return call(expr);
    case ExprKind::tuple: return tuple(expr);
    case ExprKind::object: return object(expr);
    case ExprKind::unary: return unary_operation(expr.name, evaluate(*expr.operands[0]));
    case ExprKind::binary: return binary_operation(expr.name, evaluate(*expr.operands[0]), evaluate(*expr.operands[1]));
    case ExprKind::conditional: return conditional(expr);
    case ExprKind::for_expr: return for_expr(expr);
  }
  return unknown();
}

// --- references ----------------------------------------------------------------------------

cty::Value Evaluator::traversal(const Expr& expr) {
  std::size_t used = 0;
  cty::Value v = root_value(expr, used);
  for (std::size_t i = used; i < expr.steps.size(); ++i) v = apply_step(v, expr.steps[i]);
  return v;
}

// The value of the traversal's root and of the steps that name it (`var.x` is one name).
cty::Value Evaluator::root_value(const Expr& expr, std::size_t& steps_used) {
  for (auto it = m_symbols.rbegin(); it != m_symbols.rend(); ++it) {
    if (auto found = it->find(expr.name); found != it->end()) return found->second;
  }
  const Step* first = expr.steps.empty() ? nullptr : &expr.steps[0];
  const std::string attr = first && first->kind == Step::Kind::attribute ? first->name : std::string();
  steps_used = first ? 1 : 0;
  if (expr.name == "var") {
    auto found = m_variables.find(attr);
    return found != m_variables.end() ? found->second : unknown();
  }
  if (expr.name == "local") return attr.empty() ? unknown() : local(attr);
  if (expr.name == "count")
    return attr == "index" && m_count_index ? *m_count_index : cty::Value::unknown(cty::Type::number());
  if (expr.name == "each") {
    if (m_each && attr == "key") return m_each->first;
    if (m_each && attr == "value") return m_each->second;
    return unknown();
  }
  if (expr.name == "path" || expr.name == "terraform") return unknown_string();
  if (expr.name != "self" && m_listener) m_listener(expr);
  steps_used = expr.steps.size();
  return unknown();
}

cty::Value Evaluator::local(const std::string& name) {
  if (auto done = m_local_values.find(name); done != m_local_values.end()) return done->second;
  auto found = m_local_exprs.find(name);
  if (found == m_local_exprs.end() || !found->second || m_locals_in_progress.count(name)) return unknown();
  m_locals_in_progress.insert(name);
  // A local is evaluated outside any for expression or iteration of the block that uses it.
  auto symbols = std::exchange(m_symbols, {});
  auto count = std::exchange(m_count_index, std::nullopt);
  auto each = std::exchange(m_each, std::nullopt);
  cty::Value v = evaluate(*found->second);
  m_symbols = std::move(symbols);
  m_count_index = std::move(count);
  m_each = std::move(each);
  m_locals_in_progress.erase(name);
  m_local_values[name] = v;
  return v;
}

// --- templates -----------------------------------------------------------------------------

cty::Value Evaluator::template_text(const Expr& expr) {
  std::string out;
  bool known = true;
  for (const ExprPtr& part : expr.operands) {
    if (!part) continue;
    auto s = convert(evaluate(*part), cty::Type::string());
    if (!s || s->is_null()) return unknown_string();  // Terraform: an error (null or not a string)
    if (!s->is_known()) {
      known = false;
      continue;
    }
    if (known) out += s->as_string();
  }
  if (!known) return unknown_string();
  return cty::Value::string(std::move(out));
}

cty::Value Evaluator::template_if(const Expr& expr) {
  auto cond = convert(evaluate(*expr.operands[0]), cty::Type::boolean());
  if (!cond || cond->is_null() || !cond->is_known()) return unknown_string();
  const ExprPtr& branch = cond->as_bool() ? expr.operands[1] : expr.operands[2];
  if (!branch) return cty::Value::string("");
  auto s = convert(evaluate(*branch), cty::Type::string());
  if (!s || s->is_null()) return unknown_string();
  return *s;
}

cty::Value Evaluator::template_for(const Expr& expr) {
  auto items = iteration_items(evaluate(*expr.operands[0]));
  if (!items) return unknown_string();
  std::string out;
  for (const auto& [k, v] : *items) {
    std::map<std::string, cty::Value> symbols;
    if (!expr.key_var.empty()) symbols[expr.key_var] = k;
    symbols[expr.value_var] = v;
    m_symbols.push_back(std::move(symbols));
    auto s = convert(evaluate(*expr.operands[1]), cty::Type::string());
    m_symbols.pop_back();
    if (!s || s->is_null() || !s->is_known()) return unknown_string();
    out += s->as_string();
  }
  return cty::Value::string(std::move(out));
}

// --- collections ---------------------------------------------------------------------------

cty::Value Evaluator::splat(const Expr& expr) {
  const cty::Value source = evaluate(*expr.operands[0]);
  if (!source.is_known()) return unknown();
  if (source.is_null()) return cty::Value::tuple({});
  std::vector<cty::Value> elements;
  const cty::Kind k = source.type().kind();
  if (k == cty::Kind::List || k == cty::Kind::Set || k == cty::Kind::Tuple) {
    elements = source.elements();
  } else {
    elements.push_back(source);  // a splat of one value is a tuple of it
  }
  for (cty::Value& e : elements) {
    for (const Step& s : expr.steps) e = apply_step(e, s);
  }
  return cty::Value::tuple(std::move(elements));
}

cty::Value Evaluator::index(const Expr& expr) {
  const cty::Value collection = evaluate(*expr.operands[0]);
  const cty::Value key = evaluate(*expr.operands[1]);
  if (!key.is_known() || key.is_null()) return unknown();
  return apply_step(collection, Step{Step::Kind::index, {}, key});
}

cty::Value Evaluator::call(const Expr& expr) {
  std::vector<cty::Value> args;
  for (const ExprPtr& a : expr.operands) args.push_back(a ? evaluate(*a) : unknown());
  if (expr.expand_final && !args.empty()) {
    const cty::Value last = args.back();
    args.pop_back();
    auto items = iteration_items(last);
    const cty::Kind k = last.is_known() && !last.is_null() ? last.type().kind() : cty::Kind::Dynamic;
    if (!items || (k != cty::Kind::List && k != cty::Kind::Tuple && k != cty::Kind::Set)) {
      return function_result_type_unknown(expr.name);
    }
    for (auto& [i, v] : *items) args.push_back(v);
  }
  return call_function(expr.name, args);
}

cty::Value Evaluator::tuple(const Expr& expr) {
  std::vector<cty::Value> elements;
  for (const ExprPtr& e : expr.operands) elements.push_back(e ? evaluate(*e) : unknown());
  return cty::Value::tuple(std::move(elements));
}

cty::Value Evaluator::object(const Expr& expr) {
  std::map<std::string, cty::Value> attributes;
  for (std::size_t i = 0; i + 1 < expr.operands.size(); i += 2) {
    auto key = convert(evaluate(*expr.operands[i]), cty::Type::string());
    if (!key || key->is_null() || !key->is_known()) return unknown();  // the object's shape is not known
    attributes[key->as_string()] = evaluate(*expr.operands[i + 1]);    // the last of a repeated key wins
  }
  std::vector<std::pair<std::string, cty::Value>> list(attributes.begin(), attributes.end());
  return cty::Value::object(std::move(list));
}

cty::Value Evaluator::conditional(const Expr& expr) {
  auto cond = convert(evaluate(*expr.operands[0]), cty::Type::boolean());
  if (cond && cond->is_known() && !cond->is_null()) {
    const cty::Value chosen = evaluate(*expr.operands[cond->as_bool() ? 1 : 2]);
    return chosen;
  }
  // Unknown condition: unknown of the type both results share (Terraform unifies them).
  const cty::Value yes = evaluate(*expr.operands[1]);
  const cty::Value no = evaluate(*expr.operands[2]);
  auto type = unify({yes.type(), no.type()});
  return cty::Value::unknown(type ? *type : cty::Type::dynamic());
}

cty::Value Evaluator::for_expr(const Expr& expr) {
  auto items = iteration_items(evaluate(*expr.operands[0]));
  if (!items) return unknown();
  const bool object_form = expr.operands[1] != nullptr;
  std::vector<std::pair<cty::Value, cty::Value>> results;  // (key, value); key unused for tuples
  for (const auto& [k, v] : *items) {
    std::map<std::string, cty::Value> symbols;
    if (!expr.key_var.empty()) symbols[expr.key_var] = k;
    symbols[expr.value_var] = v;
    m_symbols.push_back(std::move(symbols));
    bool keep = true;
    bool known = true;
    if (expr.operands[3]) {
      auto cond = convert(evaluate(*expr.operands[3]), cty::Type::boolean());
      if (!cond || cond->is_null() || !cond->is_known())
        known = false;
      else
        keep = cond->as_bool();
    }
    if (known && keep) {
      cty::Value key = object_form ? evaluate(*expr.operands[1]) : cty::Value();
      results.emplace_back(std::move(key), evaluate(*expr.operands[2]));
    }
    m_symbols.pop_back();
    if (!known) return unknown();
  }
  if (!object_form) {
    std::vector<cty::Value> elements;
    for (auto& [k, v] : results) elements.push_back(std::move(v));
    return cty::Value::tuple(std::move(elements));
  }
  return for_object(expr, results);
}

cty::Value Evaluator::for_object(const Expr& expr, const std::vector<std::pair<cty::Value, cty::Value>>& items) {
  std::map<std::string, std::vector<cty::Value>> grouped;
  for (const auto& [k, v] : items) {
    auto key = convert(k, cty::Type::string());
    if (!key || key->is_null() || !key->is_known()) return unknown();
    auto& slot = grouped[key->as_string()];
    if (!expr.grouping && !slot.empty()) return unknown();  // Terraform: duplicate key, an error
    slot.push_back(v);
  }
  std::vector<std::pair<std::string, cty::Value>> attributes;
  for (auto& [k, vs] : grouped) {
    attributes.emplace_back(k, expr.grouping ? cty::Value::tuple(std::move(vs)) : std::move(vs.front()));
  }
  return cty::Value::object(std::move(attributes));
}

}  // namespace tfc::hcl
