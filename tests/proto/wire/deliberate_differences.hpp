#pragma once
// Where proto/wire/tfplugin{5,6}.proto differ from terraform-plugin-go's files on purpose, each
// with its reason. None of them changes the wire: message and field names are not sent
// (docs/protocol.md §7), and every field of ours that terraform-plugin-go lacks is one
// Terraform's own protocol file defines. A field number, type or label can never be listed.

#include <array>

#include "tests/proto/wire/proto_compare.hpp"

namespace tfc::wire_check {

// The protobuf C++ code generator gives every message a GetMetadata() member, so a message of
// that name does not compile.
constexpr std::string_view kGetMetadataClash = "GetMetadata clashes with protobuf C++'s GetMetadata() member";

// Ours follows Terraform's tfplugin6.proto 6.11 (Terraform 1.16), which names the ephemeral,
// state-store and action messages and fields otherwise than terraform-plugin-go's copy of 6.11.
constexpr std::string_view kTerraformsName = "Terraform's own tfplugin file names it so (same number and type)";

// Terraform 1.16's tfplugin6 6.11 added them; terraform-plugin-go has not (yet): once it does,
// the listing goes stale and this test asks for its removal.
constexpr std::string_view kTerraform116 = "Terraform 1.16 (tfplugin6 6.11) field not in terraform-plugin-go";

inline constexpr std::array<Deliberate, 3> kTfplugin5Deliberate{{
    {"tfplugin5.GetMetadata", "tfplugin5.ProviderMetadata", kGetMetadataClash},
    {"tfplugin5.GetMetadata.EphemeralResourceMetadata", "tfplugin5.ProviderMetadata.EphemeralMetadata",
     kTerraformsName},
    {"tfplugin5.ValidateActionConfig.Request.action_type", "tfplugin5.ValidateActionConfig.Request.type_name",
     kTerraformsName},
}};

inline constexpr std::array<Deliberate, 11> kTfplugin6Deliberate{{
    {"tfplugin6.GetMetadata", "tfplugin6.ProviderMetadata", kGetMetadataClash},
    {"tfplugin6.GetMetadata.EphemeralResourceMetadata", "tfplugin6.ProviderMetadata.EphemeralMetadata",
     kTerraformsName},
    {"tfplugin6.ValidateActionConfig.Request.action_type", "tfplugin6.ValidateActionConfig.Request.type_name",
     kTerraformsName},
    {"tfplugin6.ValidateStateStoreConfig", "tfplugin6.ValidateStateStore", kTerraformsName},
    {"tfplugin6.ReadStateBytes.ResponseChunk", "tfplugin6.ReadStateBytes.Response", kTerraformsName},
    {"tfplugin6.StateByteRange", "tfplugin6.StateRange", kTerraformsName},
    {"tfplugin6.GetStates.Response.state_ids", "tfplugin6.GetStates.Response.state_id", kTerraformsName},
    {"", "tfplugin6.Schema.Block.computed", kTerraform116},
    {"", "tfplugin6.ClientCapabilities.store_planned_private", kTerraform116},
    {"", "tfplugin6.ClientCapabilities.computed_blocks_allowed", kTerraform116},
    {"", "tfplugin6.PlanResourceChange.Request.planned_private", kTerraform116},
}};

}  // namespace tfc::wire_check
