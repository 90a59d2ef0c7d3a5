#pragma once
// The `providers schema -json` document as compact text, written straight from the model.
// Building the nlohmann document first (schema_json.hpp) and dumping it costs several times
// more on a large provider (terraform-provider-aws: 13.6 MB of text, about 2,100 schemas), and
// `tfconform schema` only needs the text.

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "proto/schema/provider_schema.hpp"

namespace tfc::schema {

/// Appends exactly the bytes of
///   providers_schema_document(address, schema).dump(-1, ' ', false, error_handler_t::replace)
/// to `out`: the same keys in the same (sorted) order, the same escapes, invalid UTF-8 replaced
/// the same way, and where two attributes or block types share a name, the last one, as the
/// document keeps it.
void append_providers_schema_document(std::string& out, const std::string& provider_address,
                                      const ProviderSchema& schema);

/// The same bytes handed to `write` in consecutive pieces of about `piece_bytes` (more when one
/// schema is longer), so that a large document is never held whole: terraform-provider-aws's
/// 13.6 MB text took as many fresh pages, plus a copy each time the string grew.
void write_providers_schema_document(const std::string& provider_address, const ProviderSchema& schema,
                                     const std::function<void(std::string_view)>& write,
                                     std::size_t piece_bytes = std::size_t{1} << 20);

}  // namespace tfc::schema
