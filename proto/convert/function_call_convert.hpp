#pragma once
// Templates shared by the tfplugin5 and tfplugin6 conversions of GetFunctions and CallFunction.
// Internal to proto/convert.

#include "proto/convert/common_convert.hpp"
#include "proto/convert/function_convert.hpp"
#include "proto/protocol/function.hpp"

namespace tfc::wire::detail {

template <class Pb>
void to_wire(const protocol::GetFunctionsRequest&, Pb*) {}
template <class Pb>
Expected<void> from_wire(const Pb&, protocol::GetFunctionsRequest&) {
  return {};
}

template <class Pb>
void to_wire(const protocol::GetFunctionsResponse& in, Pb* out) {
  for (const auto& [name, function] : in.functions) function_from_json(function, &(*out->mutable_functions())[name]);
  diagnostics_to(in.diagnostics, out->mutable_diagnostics());
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::GetFunctionsResponse& out) {
  for (const auto& [name, function] : in.functions()) {
    auto converted = function_to_json(function);
    if (!converted) return nest("functions." + name, converted.error());
    out.functions.insert_or_assign(name, std::move(converted).value());
  }
  TFC_TRY(diagnostics, diagnostics_from(in.diagnostics()));
  out.diagnostics = std::move(diagnostics);
  return {};
}

template <class Pb>
void to_wire(const protocol::CallFunctionRequest& in, Pb* out) {
  out->set_name(in.name);
  // Every argument is sent, even an empty one: positions matter.
  for (const protocol::DynamicValue& a : in.arguments) dynamic_value_to(a, out->add_arguments());
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::CallFunctionRequest& out) {
  out.name = in.name();
  for (const auto& a : in.arguments()) out.arguments.push_back(dynamic_value_from(a));
  return {};
}
template <class Pb>
void to_wire(const protocol::CallFunctionResponse& in, Pb* out) {
  put_dynamic(in.result, [&] { return out->mutable_result(); });
  if (in.error) {
    auto* error = out->mutable_error();
    error->set_text(in.error->text);
    if (in.error->function_argument) error->set_function_argument(*in.error->function_argument);
  }
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::CallFunctionResponse& out) {
  out.result = dynamic_value_from(in.result());
  if (in.has_error()) {
    protocol::FunctionError error{in.error().text(), std::nullopt};
    if (in.error().has_function_argument()) error.function_argument = in.error().function_argument();
    out.error = std::move(error);
  }
  return {};
}

}  // namespace tfc::wire::detail
