#pragma once
// Evaluating HCL expressions to cty values the way Terraform plans a configuration: what is
// known is computed (literals, operators, the pure functions of functions.hpp, `var.NAME` from
// variable defaults, `local.NAME`, `count.index`, `each.key` / `each.value`, for expressions,
// templates); everything else (a reference to a resource or data source, an unknown function,
// a function of unknowns, an error) is an unknown value, never an exception.

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "hcl/ast.hpp"
#include "proto/cty/value.hpp"

namespace tfc::hcl {

/// A root traversal the evaluator could not resolve itself (`tls_private_key.k.id`,
/// `data.http.x.body`, `module.m.out`): the node, with its root name and static steps.
using ReferenceListener = std::function<void(const Expr& traversal)>;

class Evaluator {
public:
  Evaluator() = default;

  /// `var.NAME`; a variable without a value evaluates to an unknown of its type (dynamic).
  void set_variable(const std::string& name, cty::Value value);
  /// `local.NAME`, evaluated on first use; the expression must outlive the evaluator. A local
  /// that refers to itself through other locals is unknown.
  void add_local(const std::string& name, const Expr* expr);
  /// `count.index` (and no `each`), or `each.key` / `each.value` (and no `count`).
  void set_count_index(std::int64_t index);
  void set_each(cty::Value key, cty::Value value);
  void clear_iteration();
  /// Names bound while evaluating nested content (a dynamic block's iterator), innermost last.
  void push_symbols(std::map<std::string, cty::Value> symbols) { m_symbols.push_back(std::move(symbols)); }
  void pop_symbols() { m_symbols.pop_back(); }
  /// True when `name` is bound by push_symbols (or a for expression being evaluated).
  bool is_bound(const std::string& name) const;
  /// Called for every unresolved root traversal met while evaluating.
  void set_reference_listener(ReferenceListener listener) { m_listener = std::move(listener); }

  cty::Value evaluate(const Expr& expr);

private:
  cty::Value evaluate_checked(const Expr& expr);
  cty::Value traversal(const Expr& expr);
  cty::Value root_value(const Expr& expr, std::size_t& steps_used);
  cty::Value local(const std::string& name);
  cty::Value template_text(const Expr& expr);
  cty::Value template_if(const Expr& expr);
  cty::Value template_for(const Expr& expr);
  cty::Value splat(const Expr& expr);
  cty::Value index(const Expr& expr);
  cty::Value call(const Expr& expr);
  cty::Value tuple(const Expr& expr);
  cty::Value object(const Expr& expr);
  cty::Value conditional(const Expr& expr);
  cty::Value for_expr(const Expr& expr);
  cty::Value for_object(const Expr& expr, const std::vector<std::pair<cty::Value, cty::Value>>& items);

  std::map<std::string, cty::Value> m_variables;
  std::map<std::string, const Expr*> m_local_exprs;
  std::map<std::string, cty::Value> m_local_values;
  std::set<std::string> m_locals_in_progress;
  std::optional<cty::Value> m_count_index;
  std::optional<std::pair<cty::Value, cty::Value>> m_each;
  std::vector<std::map<std::string, cty::Value>> m_symbols;  // for-expression variables, innermost last
  ReferenceListener m_listener;
  int m_depth = 0;
};

/// One step applied to a value: an attribute or key of an object or map, an index of a list or
/// tuple; an unknown value or a missing step gives an unknown (dynamic) value.
cty::Value apply_step(const cty::Value& value, const Step& step);

/// The items a for expression or directive iterates: (key, value) pairs of a list, tuple or set
/// (key: index, or the element for a set), map or object (key: the name). nullopt when `value`
/// cannot be iterated (or is unknown).
std::optional<std::vector<std::pair<cty::Value, cty::Value>>> iteration_items(const cty::Value& value);

}  // namespace tfc::hcl
