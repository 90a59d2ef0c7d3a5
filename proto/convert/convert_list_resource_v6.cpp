// tfplugin6 conversions of the list resource RPCs: the shared body in
// convert_list_resource_body.inc, field-for-field through templates shared with tfplugin5.
#include "proto/convert/convert_v6.hpp"

#include "proto/convert/list_resource_convert.hpp"

namespace tfc::wire::v6 {

#include "proto/convert/convert_list_resource_body.inc"

}  // namespace tfc::wire::v6
