// tfplugin5 conversions of the resource RPCs: the shared body in
// convert_resource_body.inc, field-for-field through templates shared with tfplugin6.
#include "proto/convert/convert_v5.hpp"

#include "proto/convert/resource_convert.hpp"

namespace tfc::wire::v5 {

#include "proto/convert/convert_resource_body.inc"

}  // namespace tfc::wire::v5
