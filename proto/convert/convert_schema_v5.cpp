// tfplugin5 conversions of the pieces (Schema, ResourceIdentitySchema, AttributePath, Diagnostic): the shared body in
// convert_schema_body.inc, field-for-field through templates shared with tfplugin6.
#include "proto/convert/convert_v5.hpp"

#include "proto/convert/common_convert.hpp"
#include "proto/convert/schema_convert.hpp"

namespace tfc::wire::v5 {

#include "proto/convert/convert_schema_body.inc"

}  // namespace tfc::wire::v5
