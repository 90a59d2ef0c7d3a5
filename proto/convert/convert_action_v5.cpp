// tfplugin5 conversions of the action RPCs: the shared body in convert_action_body.inc,
// field-for-field through templates shared with tfplugin6.
#include "proto/convert/convert_v5.hpp"

#include "proto/convert/action_convert.hpp"

namespace tfc::wire::v5 {

#include "proto/convert/convert_action_body.inc"

}  // namespace tfc::wire::v5
