#pragma once
// The `providers schema -json` document as compact text, written straight from the model.
// Building the nlohmann document first (schema_json.hpp) and dumping it costs several times
// more on a large provider (terraform-provider-aws: 13.6 MB of text, about 2,100 schemas), and
// `tfconform schema` only needs the text.

#include <string>

#include "proto/schema/provider_schema.hpp"

namespace tfc::schema {

/// Appends exactly the bytes of
///   providers_schema_document(address, schema).dump(-1, ' ', false, error_handler_t::replace)
/// to `out`: the same keys in the same (sorted) order, the same escapes, invalid UTF-8 replaced
/// the same way, and where two attributes or block types share a name, the last one, as the
/// document keeps it.
void append_providers_schema_document(std::string& out, const std::string& provider_address,
                                      const ProviderSchema& schema);

}  // namespace tfc::schema
