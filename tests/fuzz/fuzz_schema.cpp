// libFuzzer target: the schema decoders. The first byte chooses the reader, the rest is its
// input:
//   0 block_from_json, 1 schema_from_json, 2 provider_schema_from_json,
//   3 providers_schema_document_from_json (JSON text parsed by nlohmann first);
//   4 a tfplugin6 GetProviderSchema.Response, 5 a tfplugin5 GetProviderSchema.Response
//     (protobuf bytes, converted to the model by proto/convert).
// Whatever is read goes through the schema sanity checks and implied_type, and must survive
// a round trip through its own form (JSON back to JSON, protobuf back to protobuf).

#include <cstddef>
#include <cstdint>
#include <string>

#include <google/protobuf/stubs/logging.h>
#include <nlohmann/json.hpp>

#include "proto/convert/convert_v5.hpp"
#include "proto/convert/convert_v6.hpp"
#include "proto/schema/implied_type.hpp"
#include "proto/schema/schema_checks.hpp"
#include "proto/schema/schema_json.hpp"
#include "tests/fuzz/fuzz_types.hpp"

namespace {

using namespace tfc;

void exercise(const schema::Block& block, bool managed) {
  (void)schema::check_block(block, "fuzz", managed);
  const cty::Type type = schema::implied_type(block);
  schema::ImpliedTypeCache cache;
  if (cache.of(block) != type) fuzz::finding("ImpliedTypeCache", "differs from implied_type");
  for (const schema::Attribute& a : block.attributes) (void)schema::implied_type(a);
  for (const schema::NestedBlock& nb : block.block_types) (void)schema::implied_type(nb);
}

void exercise(const schema::ProviderSchema& s) {
  (void)schema::check_provider_schema(s);
  exercise(s.provider.block, false);
  if (s.provider_meta) exercise(s.provider_meta->block, false);
  for (const auto& [name, r] : s.resource_schemas) exercise(r.block, true);
  for (const auto* map :
       {&s.data_source_schemas, &s.ephemeral_resource_schemas, &s.list_resource_schemas, &s.action_schemas}) {
    for (const auto& [name, r] : *map) exercise(r.block, false);
  }
}

void fuzz_json(int reader, const std::uint8_t* data, std::size_t size) {
  const nlohmann::json doc = nlohmann::json::parse(data, data + size, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return;
  switch (reader) {
    case 0: {
      auto block = schema::block_from_json(doc);
      if (!block) return;
      exercise(*block, true);
      auto again = schema::block_from_json(schema::block_to_json(*block));
      if (!again) fuzz::finding("block_from_json(block_to_json)", again.error().message);
      if (!(*again == *block)) fuzz::finding("block JSON round trip", "changed the block");
      return;
    }
    case 1: {
      auto s = schema::schema_from_json(doc);
      if (!s) return;
      exercise(s->block, true);
      auto again = schema::schema_from_json(schema::schema_to_json(*s));
      if (!again) fuzz::finding("schema_from_json(schema_to_json)", again.error().message);
      if (!(*again == *s)) fuzz::finding("schema JSON round trip", "changed the schema");
      return;
    }
    case 2: {
      auto s = schema::provider_schema_from_json(doc);
      if (!s) return;
      exercise(*s);
      auto again = schema::provider_schema_from_json(schema::provider_schema_to_json(*s));
      if (!again) fuzz::finding("provider_schema_from_json(provider_schema_to_json)", again.error().message);
      if (!(*again == *s)) fuzz::finding("provider schema JSON round trip", "changed the schema");
      return;
    }
    default: {
      auto providers = schema::providers_schema_document_from_json(doc);
      if (!providers) return;
      for (const auto& [address, s] : *providers) {
        exercise(s);
        auto again = schema::providers_schema_document_from_json(schema::providers_schema_document(address, s));
        if (!again) fuzz::finding("providers_schema_document round trip", again.error().message);
        if (again->size() != 1 || !(again->begin()->second == s)) {
          fuzz::finding("providers_schema_document round trip", "changed the schema");
        }
      }
      return;
    }
  }
}

template <class Response, class FromProto, class ToProto>
void fuzz_proto(const std::uint8_t* data, std::size_t size, FromProto from_proto, ToProto to_proto) {
  Response message;
  if (!message.ParseFromArray(data, static_cast<int>(size))) return;
  auto converted = from_proto(message);
  if (!converted) return;
  exercise(converted->schema);
  auto again = from_proto(to_proto(*converted));
  if (!again) fuzz::finding("from_proto(to_proto(GetProviderSchema.Response))", again.error().message);
  if (!(again->schema == converted->schema))
    fuzz::finding("GetProviderSchema protobuf round trip", "changed the schema");
}

}  // namespace

// protobuf logs every refused message (invalid UTF-8 in a string field...) to stderr: quiet.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  google::protobuf::SetLogHandler([](google::protobuf::LogLevel, const char*, int, const std::string&) {});
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const int reader = data[0] % 6;
  ++data;
  --size;
  if (reader < 4) {
    fuzz_json(reader, data, size);
  } else if (reader == 4) {
    using Response = ::tfplugin6::GetProviderSchema::Response;
    fuzz_proto<Response>(
        data, size, [](const Response& m) { return wire::v6::from_proto(m); },
        [](const protocol::GetProviderSchemaResponse& r) { return wire::v6::to_proto(r); });
  } else {
    using Response = ::tfplugin5::GetProviderSchema::Response;
    fuzz_proto<Response>(
        data, size, [](const Response& m) { return wire::v5::from_proto(m); },
        [](const protocol::GetProviderSchemaResponse& r) { return wire::v5::to_proto(r); });
  }
  return 0;
}
