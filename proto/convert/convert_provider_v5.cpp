// tfplugin5 conversions of the provider RPCs: field-for-field, through the
// templates in provider_convert.hpp shared with tfplugin6.
#include "proto/convert/convert_v5.hpp"

#include "proto/convert/provider_convert.hpp"

namespace tfc::wire::v5 {

pb::GetProviderSchema::Request to_proto(const protocol::GetProviderSchemaRequest& in) {
  pb::GetProviderSchema::Request out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::GetProviderSchemaRequest> from_proto(const pb::GetProviderSchema::Request& in) {
  protocol::GetProviderSchemaRequest out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::GetProviderSchema::Response to_proto(const protocol::GetProviderSchemaResponse& in) {
  pb::GetProviderSchema::Response out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::GetProviderSchemaResponse> from_proto(const pb::GetProviderSchema::Response& in) {
  protocol::GetProviderSchemaResponse out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::GetResourceIdentitySchemas::Request to_proto(const protocol::GetResourceIdentitySchemasRequest& in) {
  pb::GetResourceIdentitySchemas::Request out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::GetResourceIdentitySchemasRequest> from_proto(const pb::GetResourceIdentitySchemas::Request& in) {
  protocol::GetResourceIdentitySchemasRequest out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::GetResourceIdentitySchemas::Response to_proto(const protocol::GetResourceIdentitySchemasResponse& in) {
  pb::GetResourceIdentitySchemas::Response out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::GetResourceIdentitySchemasResponse> from_proto(const pb::GetResourceIdentitySchemas::Response& in) {
  protocol::GetResourceIdentitySchemasResponse out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::ProviderMetadata::Request to_proto(const protocol::GetMetadataRequest& in) {
  pb::ProviderMetadata::Request out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::GetMetadataRequest> from_proto(const pb::ProviderMetadata::Request& in) {
  protocol::GetMetadataRequest out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::ProviderMetadata::Response to_proto(const protocol::GetMetadataResponse& in) {
  pb::ProviderMetadata::Response out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::GetMetadataResponse> from_proto(const pb::ProviderMetadata::Response& in) {
  protocol::GetMetadataResponse out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::PrepareProviderConfig::Request to_proto(const protocol::ValidateProviderConfigRequest& in) {
  pb::PrepareProviderConfig::Request out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::ValidateProviderConfigRequest> from_proto(const pb::PrepareProviderConfig::Request& in) {
  protocol::ValidateProviderConfigRequest out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::PrepareProviderConfig::Response to_proto(const protocol::ValidateProviderConfigResponse& in) {
  pb::PrepareProviderConfig::Response out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::ValidateProviderConfigResponse> from_proto(const pb::PrepareProviderConfig::Response& in) {
  protocol::ValidateProviderConfigResponse out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::Configure::Request to_proto(const protocol::ConfigureProviderRequest& in) {
  pb::Configure::Request out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::ConfigureProviderRequest> from_proto(const pb::Configure::Request& in) {
  protocol::ConfigureProviderRequest out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::Configure::Response to_proto(const protocol::ConfigureProviderResponse& in) {
  pb::Configure::Response out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::ConfigureProviderResponse> from_proto(const pb::Configure::Response& in) {
  protocol::ConfigureProviderResponse out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::Stop::Request to_proto(const protocol::StopProviderRequest& in) {
  pb::Stop::Request out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::StopProviderRequest> from_proto(const pb::Stop::Request& in) {
  protocol::StopProviderRequest out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::Stop::Response to_proto(const protocol::StopProviderResponse& in) {
  pb::Stop::Response out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::StopProviderResponse> from_proto(const pb::Stop::Response& in) {
  protocol::StopProviderResponse out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

}  // namespace tfc::wire::v5
