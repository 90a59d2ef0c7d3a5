// Function call generators (see function_case.hpp): rapidcheck combinators only, so every
// failing call shrinks (fewer variadic arguments, nulls, simpler values, fewer unknowns).
#include "conformance/cases/function_case.hpp"

#include <set>

#include "conformance/core/hcl_text.hpp"
#include "conformance/core/value_io.hpp"
#include "generators/config_combinators.hpp"
#include "generators/config_gen.hpp"
#include "generators/learning/name_dictionary.hpp"
#include "generators/learning/rule_hints.hpp"
#include "generators/unknown_injection.hpp"
#include "proto/schema/implied_type.hpp"

namespace tfc::conformance {
namespace {

bool attribute_name(const std::string& name) {
  if (name.empty()) return false;
  for (char c : name) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
  }
  return true;
}

/// The attribute names parameters_block gives the fixed parameters, then the variadic one.
std::vector<std::string> attribute_names(const oracle::FunctionSignature& signature) {
  std::vector<std::string> out;
  std::set<std::string> used;
  auto pick = [&](const std::string& name, std::size_t i) {
    std::string chosen = attribute_name(name) && !used.contains(name) ? name : "arg" + std::to_string(i);
    while (used.contains(chosen)) chosen += "_";
    used.insert(chosen);
    out.push_back(chosen);
  };
  for (std::size_t i = 0; i < signature.parameters.size(); ++i) pick(signature.parameters[i].name, i);
  if (signature.variadic) pick(signature.variadic->name, signature.parameters.size());
  return out;
}

/// The configuration of parameters_block as the call's arguments, in order.
std::vector<cty::Value> arguments_from(const oracle::FunctionSignature& signature,
                                       const std::vector<std::string>& names, const cty::Value& config) {
  std::vector<cty::Value> out;
  for (std::size_t i = 0; i < signature.parameters.size(); ++i) {
    const cty::Value* v = config.attribute(names[i]);
    out.push_back(v != nullptr ? *v : cty::Value::null(signature.parameters[i].type));
  }
  if (signature.variadic) {
    const cty::Value* list = config.attribute(names.back());
    if (list != nullptr && list->is_known() && !list->is_null()) {
      for (const cty::Value& e : list->elements()) out.push_back(e);
    }
  }
  return out;
}

/// The given hints, plus, for a parameter they say nothing about whose name says what it holds
/// (`duration`, `timestamp`, `cidr_block`, `policy_json`), values of that format: a function
/// suite learns nothing from refusals, and random text is refused by every parser function.
gen::Hints with_named_formats(const schema::Block& block, const gen::Hints& given) {
  gen::Hints out = given;
  for (const auto& a : block.attributes) {
    if (given.find(a.name) != nullptr) continue;
    const auto format = gen::learning::format_for_name(a.name, schema::implied_type(a));
    if (!format) continue;
    gen::learning::ValueRule rule;
    rule.format = format;
    gen::learning::Member m;
    m.attribute = &a;
    if (auto c = gen::learning::hint_for_rule(rule, m, a.name)) out.attributes[a.name] = std::move(c->hint);
  }
  return out;
}

std::string key_of(std::size_t i) { return "a" + std::to_string(i); }

/// `arguments` with unknowns injected into the ones whose parameter allows them: the allowed
/// ones travel through the injector as one object, keyed by position.
rc::Gen<std::vector<cty::Value>> inject(const std::shared_ptr<const oracle::FunctionSignature>& sig,
                                        const std::vector<cty::Value>& arguments, const gen::UnknownOptions& options) {
  std::vector<std::pair<std::string, cty::Value>> allowed;
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    const auto* p = sig->parameter_for(i);
    if (p != nullptr && p->allow_unknown) allowed.push_back({key_of(i), arguments[i]});
  }
  if (allowed.empty()) return rc::gen::just(std::vector<cty::Value>{});
  return rc::gen::map(gen::with_unknowns(cty::Value::object(allowed), options),
                      [arguments](const gen::InjectedConfig& injected) {
                        if (injected.injected.empty()) return std::vector<cty::Value>{};
                        std::vector<cty::Value> out = arguments;
                        for (std::size_t i = 0; i < out.size(); ++i) {
                          if (const cty::Value* v = injected.value.attribute(key_of(i))) out[i] = *v;
                        }
                        return out;
                      });
}

std::string call_text(const std::string& name, const std::vector<cty::Value>& arguments) {
  std::string out = name + "(";
  for (std::size_t i = 0; i < arguments.size(); ++i) out += (i ? ", " : "") + hcl_value_text(arguments[i]);
  return out + ")";
}

}  // namespace

schema::Block parameters_block(const oracle::FunctionSignature& signature) {
  const auto names = attribute_names(signature);
  schema::Block block;
  for (std::size_t i = 0; i < signature.parameters.size(); ++i) {
    schema::Attribute a;
    a.name = names[i];
    a.type = signature.parameters[i].type;
    a.required = !signature.parameters[i].allow_null;
    a.optional = signature.parameters[i].allow_null;
    block.attributes.push_back(std::move(a));
  }
  if (signature.variadic) {
    schema::Attribute a;
    a.name = names.back();
    a.type = cty::Type::list(signature.variadic->type);
    a.optional = true;
    block.attributes.push_back(std::move(a));
  }
  block.sort();
  return block;
}

rc::Gen<FunctionCase> function_case_of(const std::shared_ptr<const oracle::FunctionSignature>& signature,
                                       const gen::Hints& hints, const CaseGenOptions& options) {
  auto block = std::make_shared<const schema::Block>(parameters_block(*signature));
  auto names = attribute_names(*signature);
  // The generator keeps the block it reads (config_of holds a reference) alive with it.
  auto arguments = rc::gen::map(
      gen::config_of(*block, with_named_formats(*block, hints)),
      [signature, names, block](const cty::Value& config) { return arguments_from(*signature, names, config); });
  const gen::UnknownOptions unknowns = options.unknowns;
  return rc::gen::mapcat(arguments, [signature, unknowns](const std::vector<cty::Value>& args) {
    return rc::gen::map(inject(signature, args, unknowns), [args](std::vector<cty::Value> with_unknowns) {
      return FunctionCase{args, std::move(with_unknowns)};
    });
  });
}

std::string describe_case(const std::string& name, const schema::Block&, const FunctionCase& c) {
  std::string out = "# call\n" + call_text(name, c.arguments) + "\n";
  if (!c.with_unknowns.empty()) out += "# and with some arguments unknown\n" + call_text(name, c.with_unknowns) + "\n";
  return out;
}

std::size_t case_size(const FunctionCase& c) {
  std::size_t n = 0;
  for (const auto& a : c.arguments) n += count_set_attributes(cty::Value::object({{"a", a}}));
  return n;
}

Expected<CaseGenerator<FunctionCase>> function_generator(const GeneratorSource& source) {
  auto it = source.provider.functions.find(source.type);
  if (it == source.provider.functions.end()) return Error{"the provider has no function " + source.type};
  auto signature = oracle::function_signature_from_json(it->second);
  if (!signature)
    return Error{"function " + source.type + " has a signature tfconform cannot read: " + signature.error().message};
  auto shared = std::make_shared<const oracle::FunctionSignature>(std::move(*signature));
  return CaseGenerator<FunctionCase>(
      [shared](const gen::Hints& h, const CaseGenOptions& o) { return function_case_of(shared, h, o); });
}

}  // namespace tfc::conformance
