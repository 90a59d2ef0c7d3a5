// tfplugin5 conversions of the function RPCs: field-for-field, through the
// templates in function_call_convert.hpp shared with tfplugin6.
#include "proto/convert/convert_v5.hpp"

#include "proto/convert/function_call_convert.hpp"

namespace tfc::wire::v5 {

pb::GetFunctions::Request to_proto(const protocol::GetFunctionsRequest& in) {
  pb::GetFunctions::Request out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::GetFunctionsRequest> from_proto(const pb::GetFunctions::Request& in) {
  protocol::GetFunctionsRequest out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::GetFunctions::Response to_proto(const protocol::GetFunctionsResponse& in) {
  pb::GetFunctions::Response out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::GetFunctionsResponse> from_proto(const pb::GetFunctions::Response& in) {
  protocol::GetFunctionsResponse out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::CallFunction::Request to_proto(const protocol::CallFunctionRequest& in) {
  pb::CallFunction::Request out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::CallFunctionRequest> from_proto(const pb::CallFunction::Request& in) {
  protocol::CallFunctionRequest out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::CallFunction::Response to_proto(const protocol::CallFunctionResponse& in) {
  pb::CallFunction::Response out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::CallFunctionResponse> from_proto(const pb::CallFunction::Response& in) {
  protocol::CallFunctionResponse out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

}  // namespace tfc::wire::v5
