// tfplugin6 conversions of the data source RPCs: the shared body in
// convert_data_source_body.inc, field-for-field through templates shared with tfplugin5.
#include "proto/convert/convert_v6.hpp"

#include "proto/convert/data_source_convert.hpp"

namespace tfc::wire::v6 {

#include "proto/convert/convert_data_source_body.inc"

}  // namespace tfc::wire::v6
