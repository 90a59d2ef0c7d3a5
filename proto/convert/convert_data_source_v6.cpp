// tfplugin6 conversions of the data source RPCs: field-for-field, through the
// templates in data_source_convert.hpp shared with tfplugin5.
#include "proto/convert/convert_v6.hpp"

#include "proto/convert/data_source_convert.hpp"

namespace tfc::wire::v6 {

pb::ValidateDataResourceConfig::Request to_proto(const protocol::ValidateDataResourceConfigRequest& in) {
  pb::ValidateDataResourceConfig::Request out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::ValidateDataResourceConfigRequest> from_proto(const pb::ValidateDataResourceConfig::Request& in) {
  protocol::ValidateDataResourceConfigRequest out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::ValidateDataResourceConfig::Response to_proto(const protocol::ValidateDataResourceConfigResponse& in) {
  pb::ValidateDataResourceConfig::Response out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::ValidateDataResourceConfigResponse> from_proto(const pb::ValidateDataResourceConfig::Response& in) {
  protocol::ValidateDataResourceConfigResponse out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::ReadDataSource::Request to_proto(const protocol::ReadDataSourceRequest& in) {
  pb::ReadDataSource::Request out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::ReadDataSourceRequest> from_proto(const pb::ReadDataSource::Request& in) {
  protocol::ReadDataSourceRequest out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::ReadDataSource::Response to_proto(const protocol::ReadDataSourceResponse& in) {
  pb::ReadDataSource::Response out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::ReadDataSourceResponse> from_proto(const pb::ReadDataSource::Response& in) {
  protocol::ReadDataSourceResponse out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

}  // namespace tfc::wire::v6
