// tfplugin6 conversions of the pieces: Schema, ResourceIdentitySchema, AttributePath and
// Diagnostic, through the templates in schema_convert.hpp / common_convert.hpp shared with tfplugin5.
#include "proto/convert/convert_v6.hpp"

#include "proto/convert/common_convert.hpp"
#include "proto/convert/schema_convert.hpp"

namespace tfc::wire::v6 {

pb::Schema to_proto(const schema::Schema& in) {
  pb::Schema out;
  detail::schema_to(in, &out);
  return out;
}

Expected<schema::Schema> from_proto(const pb::Schema& in) { return detail::schema_from(in); }

pb::ResourceIdentitySchema to_proto(const schema::IdentitySchema& in) {
  pb::ResourceIdentitySchema out;
  detail::identity_schema_to(in, &out);
  return out;
}

Expected<schema::IdentitySchema> from_proto(const pb::ResourceIdentitySchema& in) {
  return detail::identity_schema_from(in);
}

pb::AttributePath to_proto(const cty::Path& in) {
  pb::AttributePath out;
  detail::attribute_path_to(in, &out);
  return out;
}

Expected<cty::Path> from_proto(const pb::AttributePath& in) { return detail::attribute_path_from(in); }

pb::Diagnostic to_proto(const protocol::Diagnostic& in) {
  pb::Diagnostic out;
  detail::diagnostic_to(in, &out);
  return out;
}

Expected<protocol::Diagnostic> from_proto(const pb::Diagnostic& in) { return detail::diagnostic_from(in); }

}  // namespace tfc::wire::v6
