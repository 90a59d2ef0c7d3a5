#include "oracle/function_rules.hpp"

#include <set>

#include "oracle/compatible.hpp"
#include "oracle/findings.hpp"
#include "oracle/value_walk.hpp"

namespace tfc::oracle {
namespace {

bool is_identifier(std::string_view s) {
  if (s.empty()) return false;
  auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
  if (!letter(s.front())) return false;
  for (char c : s) {
    if (!letter(c) && !(c >= '0' && c <= '9') && c != '-') return false;
  }
  return true;
}

void check_parameter(const nlohmann::json& p, const std::string& where, std::set<std::string>& names, Findings& out) {
  if (!p.is_object()) {
    out.add("function.invalid_signature", cty::Path{}, where + " is not a parameter");
    return;
  }
  const std::string name = p.value("name", std::string());
  if (!is_identifier(name))
    out.add("function.invalid_signature", cty::Path{}, where + " name \"" + name + "\" is not an identifier");
  else if (!names.insert(name).second)
    out.add("function.invalid_signature", cty::Path{}, where + " name \"" + name + "\" is used twice");
  if (!p.contains("type")) out.add("function.invalid_signature", cty::Path{}, where + " \"" + name + "\" has no type");
}

/// `path` without its first step (the synthetic `.result` attribute).
cty::Path below_first(const cty::Path& path) {
  cty::Path out;
  bool first = true;
  for (const cty::PathStep& step : path.steps()) {
    if (first) {
      first = false;
      continue;
    }
    if (const auto* a = std::get_if<cty::AttributeStep>(&step))
      out = out.attribute(a->name);
    else if (const auto* i = std::get_if<cty::IndexStep>(&step))
      out = out.index(i->index);
    else if (const auto* k = std::get_if<cty::KeyStep>(&step))
      out = out.key(k->key);
    else if (const auto* e = std::get_if<cty::SetElementStep>(&step))
      out = out.set_element(e->element);
  }
  return out;
}

}  // namespace

Violations check_function_signature(std::string_view name, const nlohmann::json& function) {
  Findings out;
  if (!is_identifier(name))
    out.add("function.invalid_signature", cty::Path{},
            "function name \"" + std::string(name) + "\" is not an identifier");
  if (!function.is_object()) {
    out.add("function.invalid_signature", cty::Path{}, "the function has no signature");
    return out.take();
  }
  std::set<std::string> names;
  if (auto it = function.find("parameters"); it != function.end() && it->is_array()) {
    for (std::size_t i = 0; i < it->size(); ++i)
      check_parameter((*it)[i], "parameter " + std::to_string(i), names, out);
  }
  if (auto it = function.find("variadic_parameter"); it != function.end() && !it->is_null())
    check_parameter(*it, "the variadic parameter", names, out);
  if (!function.contains("return_type"))
    out.add("function.invalid_signature", cty::Path{}, "the function has no return type");
  return out.take();
}

Violations check_functions_agree(const std::map<std::string, nlohmann::json>& in_schema,
                                 const std::map<std::string, nlohmann::json>& from_get_functions) {
  Findings out;
  for (const auto& [name, signature] : in_schema) {
    auto it = from_get_functions.find(name);
    if (it == from_get_functions.end())
      out.add("function.schema_mismatch", cty::Path{},
              "function " + name + " is in GetProviderSchema but not in GetFunctions");
    else if (it->second != signature)
      out.add("function.schema_mismatch", cty::Path{},
              "function " + name + " has another signature in GetFunctions: " + it->second.dump() + " against " +
                  signature.dump());
  }
  for (const auto& [name, signature] : from_get_functions) {
    if (!in_schema.contains(name))
      out.add("function.schema_mismatch", cty::Path{},
              "function " + name + " is in GetFunctions but not in GetProviderSchema");
  }
  return out.take();
}

Violations check_function_answer(std::size_t argument_count, bool arguments_known, const FunctionAnswer& answer) {
  Findings out;
  if (answer.error) {
    if (answer.error_argument &&
        (*answer.error_argument < 0 || static_cast<std::uint64_t>(*answer.error_argument) >= argument_count)) {
      out.add("function.argument_index_out_of_range", cty::Path{},
              "the function error names argument " + std::to_string(*answer.error_argument) + " of a call with " +
                  std::to_string(argument_count) + " argument" + (argument_count == 1 ? "" : "s"));
    }
    return out.take();
  }
  if (!answer.result_set) {
    out.add("function.no_result", cty::Path{}, "the call returned no result and no function error");
    return out.take();
  }
  if (arguments_known && answer.result) {
    std::vector<cty::Path> unknowns;
    collect_unknown_paths(*answer.result, cty::Path{}, unknowns);
    for (const cty::Path& p : unknowns)
      out.add("function.unknown_for_known_arguments", p,
              "the result holds an unknown value although every argument was known");
  }
  return out.take();
}

Violations check_function_repeat(const cty::Value& first, const cty::Value& second) {
  Findings out;
  if (!raw_equals(first, second))
    out.add("function.inconsistent_result", cty::Path{},
            "the same arguments gave " + first.to_display() + ", then " + second.to_display());
  return out.take();
}

Violations check_unknown_argument_result(const cty::Type& return_type, const cty::Value& with_unknowns,
                                         const cty::Value& known) {
  // The result as the only (computed) attribute of a block, so the plan/apply walk applies.
  schema::Block block;
  schema::Attribute result;
  result.name = "result";
  result.type = return_type;
  result.computed = true;
  block.attributes.push_back(result);
  const auto wrap = [](const cty::Value& v) { return cty::Value::object({{"result", v}}); };
  constexpr RuleId rule = "function.unknown_result_mismatch";
  Findings walked;
  check_compatible(block, wrap(with_unknowns), wrap(known),
                   DriftRules{rule, rule, rule, rule, rule, rule, rule, rule, rule}, walked);
  Findings out;
  for (Violation& v : walked.take())
    out.add(rule, below_first(v.path),
            "with unknown arguments the function returned a value the known arguments contradict: " + v.message);
  return out.take();
}

}  // namespace tfc::oracle
