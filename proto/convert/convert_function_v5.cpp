// tfplugin5 conversions of the function RPCs: the shared body in
// convert_function_body.inc, field-for-field through templates shared with tfplugin6.
#include "proto/convert/convert_v5.hpp"

#include "proto/convert/function_call_convert.hpp"

namespace tfc::wire::v5 {

#include "proto/convert/convert_function_body.inc"

}  // namespace tfc::wire::v5
