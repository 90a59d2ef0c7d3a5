#include "oracle/function_signature.hpp"

#include "proto/cty/type_json.hpp"

namespace tfc::oracle {
namespace {

Expected<FunctionParameter> parameter_from(const nlohmann::json& p, const std::string& where) {
  if (!p.is_object()) return Error{where + ": not an object"};
  FunctionParameter out;
  if (auto it = p.find("name"); it != p.end() && it->is_string()) out.name = it->get<std::string>();
  auto type = p.find("type");
  if (type == p.end()) return Error{where + ": no type"};
  auto parsed = cty::type_from_json(*type);
  if (!parsed) return Error{where + ": type: " + parsed.error().message};
  out.type = *parsed;
  if (auto it = p.find("is_nullable"); it != p.end() && it->is_boolean()) out.allow_null = it->get<bool>();
  if (auto it = p.find("allow_unknown_values"); it != p.end() && it->is_boolean()) out.allow_unknown = it->get<bool>();
  return out;
}

}  // namespace

const FunctionParameter* FunctionSignature::parameter_for(std::size_t index) const noexcept {
  if (index < parameters.size()) return &parameters[index];
  return variadic ? &*variadic : nullptr;
}

Expected<FunctionSignature> function_signature_from_json(const nlohmann::json& function) {
  if (!function.is_object()) return Error{"the function is not an object"};
  FunctionSignature out;
  if (auto it = function.find("parameters"); it != function.end() && it->is_array()) {
    for (std::size_t i = 0; i < it->size(); ++i) {
      TFC_TRY(p, parameter_from((*it)[i], "parameters[" + std::to_string(i) + "]"));
      out.parameters.push_back(std::move(p));
    }
  }
  if (auto it = function.find("variadic_parameter"); it != function.end() && !it->is_null()) {
    TFC_TRY(p, parameter_from(*it, "variadic_parameter"));
    out.variadic = std::move(p);
  }
  auto ret = function.find("return_type");
  if (ret == function.end()) return Error{"no return type"};
  auto parsed = cty::type_from_json(*ret);
  if (!parsed) return Error{"return_type: " + parsed.error().message};
  out.return_type = *parsed;
  return out;
}

}  // namespace tfc::oracle
