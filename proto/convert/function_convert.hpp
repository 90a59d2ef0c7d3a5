#pragma once
// Templates shared by the tfplugin5 and tfplugin6 conversions of `Function` signatures to and
// from the `providers schema -json` function form (Terraform's jsonfunction: summary,
// description, deprecation_message, return_type, parameters[{name, description, is_nullable,
// type}], variadic_parameter). Two keys are added only when set, so nothing on the wire is lost:
// "description_kind": "markdown" and a parameter's "allow_unknown_values": true.
// Internal to proto/convert.

#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "proto/util/expected.hpp"

namespace tfc::wire::detail {

/// Parses `type` bytes (cty type JSON) into a JSON value; invalid JSON is an error.
inline Expected<nlohmann::json> type_json_from_bytes(const std::string& bytes, const std::string& where) {
  auto parsed = nlohmann::json::parse(bytes, nullptr, false);
  if (parsed.is_discarded()) return Error{where + ": type is not valid JSON"};
  return parsed;
}

inline std::string json_string(const nlohmann::json& object, const char* key) {
  auto it = object.find(key);
  return it != object.end() && it->is_string() ? it->get<std::string>() : std::string{};
}

inline bool json_flag(const nlohmann::json& object, const char* key) {
  auto it = object.find(key);
  return it != object.end() && it->is_boolean() && it->get<bool>();
}

template <class PbParameter>
Expected<nlohmann::json> parameter_to_json(const PbParameter& in, const std::string& where) {
  nlohmann::json out = nlohmann::json::object();
  out["name"] = in.name();
  if (!in.description().empty()) out["description"] = in.description();
  if (static_cast<int>(in.description_kind()) == 1) out["description_kind"] = "markdown";
  if (in.allow_null_value()) out["is_nullable"] = true;
  if (in.allow_unknown_values()) out["allow_unknown_values"] = true;
  if (!in.type().empty()) {
    TFC_TRY(type, type_json_from_bytes(in.type(), where));
    out["type"] = std::move(type);
  }
  return out;
}

template <class PbParameter>
void parameter_from_json(const nlohmann::json& in, PbParameter* out) {
  if (!in.is_object()) return;
  out->set_name(json_string(in, "name"));
  out->set_description(json_string(in, "description"));
  using Kind = std::remove_cvref_t<decltype(out->description_kind())>;
  out->set_description_kind(static_cast<Kind>(json_string(in, "description_kind") == "markdown" ? 1 : 0));
  out->set_allow_null_value(json_flag(in, "is_nullable"));
  out->set_allow_unknown_values(json_flag(in, "allow_unknown_values"));
  if (auto it = in.find("type"); it != in.end()) out->set_type(it->dump());
}

/// The JSON form of a Function; errors name the parameter whose type bytes are not JSON.
template <class PbFunction>
Expected<nlohmann::json> function_to_json(const PbFunction& in) {
  nlohmann::json out = nlohmann::json::object();
  if (!in.summary().empty()) out["summary"] = in.summary();
  if (!in.description().empty()) out["description"] = in.description();
  if (static_cast<int>(in.description_kind()) == 1) out["description_kind"] = "markdown";
  if (!in.deprecation_message().empty()) out["deprecation_message"] = in.deprecation_message();
  if (in.has_return_() && !in.return_().type().empty()) {
    TFC_TRY(type, type_json_from_bytes(in.return_().type(), "return"));
    out["return_type"] = std::move(type);
  }
  if (in.parameters_size() > 0) {
    nlohmann::json parameters = nlohmann::json::array();
    for (int i = 0; i < in.parameters_size(); ++i) {
      TFC_TRY(parameter, parameter_to_json(in.parameters(i), "parameters[" + std::to_string(i) + "]"));
      parameters.push_back(std::move(parameter));
    }
    out["parameters"] = std::move(parameters);
  }
  if (in.has_variadic_parameter()) {
    TFC_TRY(variadic, parameter_to_json(in.variadic_parameter(), "variadic_parameter"));
    out["variadic_parameter"] = std::move(variadic);
  }
  return out;
}

/// A Function from its JSON form; keys that are missing or of the wrong kind read as unset.
template <class PbFunction>
void function_from_json(const nlohmann::json& in, PbFunction* out) {
  if (!in.is_object()) return;
  out->set_summary(json_string(in, "summary"));
  out->set_description(json_string(in, "description"));
  using Kind = std::remove_cvref_t<decltype(out->description_kind())>;
  out->set_description_kind(static_cast<Kind>(json_string(in, "description_kind") == "markdown" ? 1 : 0));
  out->set_deprecation_message(json_string(in, "deprecation_message"));
  if (auto it = in.find("return_type"); it != in.end()) out->mutable_return_()->set_type(it->dump());
  if (auto it = in.find("parameters"); it != in.end() && it->is_array()) {
    for (const nlohmann::json& p : *it) parameter_from_json(p, out->add_parameters());
  }
  if (auto it = in.find("variadic_parameter"); it != in.end() && it->is_object()) {
    parameter_from_json(*it, out->mutable_variadic_parameter());
  }
}

}  // namespace tfc::wire::detail
