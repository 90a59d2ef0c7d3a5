// The compact `providers schema -json` text straight from the model (schema_json_text.hpp).
// Keys are written in the order nlohmann's std::map keeps them (sorted), so that the text is
// byte for byte what dumping the document of schema_json.cpp gives; schema_json_text_test
// checks that on arbitrary schemas.
#include "proto/schema/schema_json_text.hpp"

#include <algorithm>
#include <charconv>
#include <functional>
#include <string_view>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <nlohmann/json.hpp>

#include "proto/cty/type_json.hpp"

namespace tfc::schema {
namespace {

using namespace std::string_view_literals;

/// Printable ASCII other than the quote and the backslash: such a string is its own JSON body.
/// Nearly every string of a schema is (terraform-provider-aws: a million strings, 9 MB), so the
/// bytes are looked at 16 at a time where the processor allows it.
bool plain(std::string_view s) {
  std::size_t i = 0;
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  const __m128i first_printable = _mm_set1_epi8(0x20);
  const __m128i last_printable = _mm_set1_epi8(0x7e);
  for (; i + 16 <= s.size(); i += 16) {
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.data() + i));
    // Signed comparisons: bytes from 0x80 up are negative, so below 0x20 as control bytes are.
    const __m128i not_plain =
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(bytes, quote), _mm_cmpeq_epi8(bytes, backslash)),
                     _mm_or_si128(_mm_cmplt_epi8(bytes, first_printable), _mm_cmpgt_epi8(bytes, last_printable)));
    if (_mm_movemask_epi8(not_plain) != 0) return false;
  }
#endif
  return std::all_of(s.begin() + static_cast<std::ptrdiff_t>(i), s.end(),
                     [](char c) { return c >= 0x20 && c < 0x7f && c != '"' && c != '\\'; });
}

void append_string(std::string& out, std::string_view s) {
  if (plain(s)) {
    out.push_back('"');
    out.append(s);
    out.push_back('"');
    return;
  }
  // Escapes and invalid UTF-8: nlohmann's own serializer, so the bytes are the same.
  out += nlohmann::json(std::string(s)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void append_key(std::string& out, std::string_view key) {
  append_string(out, key);
  out.push_back(':');
}

void append_int(std::string& out, std::int64_t n) {
  char buf[24];
  const auto end = std::to_chars(buf, buf + sizeof buf, n).ptr;
  out.append(buf, end);
}

/// True when every object attribute name inside `t` is plain (then the type text needs no
/// escapes and can be written directly).
bool plain_names(const cty::Type& t) {
  switch (t.kind()) {
    case cty::Kind::List:
    case cty::Kind::Set:
    case cty::Kind::Map: return plain_names(t.element());
    case cty::Kind::Tuple: return std::all_of(t.tuple_elements().begin(), t.tuple_elements().end(), plain_names);
    case cty::Kind::Object:
      return std::all_of(t.attributes().begin(), t.attributes().end(),
                         [](const cty::Type::Attribute& a) { return plain(a.name) && plain_names(a.type); });
    default: return true;
  }
}

void append_type(std::string& out, const cty::Type& t) {
  // type_to_json writes names the way Go quotes them; the document holds them parsed back and
  // re-escaped by nlohmann. Only names needing escapes can tell the two apart.
  if (plain_names(t))
    cty::append_type_json(out, t);
  else
    out += cty::type_to_json_value(t).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string_view quoted_kind_text(DescriptionKind kind) {
  return kind == DescriptionKind::Markdown ? "\"markdown\""sv : "\"plain\""sv;
}

/// `items` by `name_of`, sorted, keeping only the last of equal names (a JSON object's key
/// assignment order). Already sorted unique input (the usual case) is returned as is.
template <class T, class Name>
std::vector<const T*> by_name(const std::vector<T>& items, Name name_of) {
  std::vector<const T*> out;
  out.reserve(items.size());
  for (const T& item : items) out.push_back(&item);
  const bool sorted_unique = std::adjacent_find(out.begin(), out.end(), [&](const T* a, const T* b) {
                               return !(name_of(*a) < name_of(*b));
                             }) == out.end();
  if (sorted_unique) return out;
  std::stable_sort(out.begin(), out.end(), [&](const T* a, const T* b) { return name_of(*a) < name_of(*b); });
  std::vector<const T*> last;
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (i + 1 < out.size() && name_of(*out[i + 1]) == name_of(*out[i])) continue;
    last.push_back(out[i]);
  }
  return last;
}

void append_block(std::string& out, const Block& block);

void append_attributes(std::string& out, const std::vector<Attribute>& attributes);

void append_attribute(std::string& out, const Attribute& a) {
  out.push_back('{');
  if (a.computed) out += "\"computed\":true,"sv;
  if (a.deprecated) out += "\"deprecated\":true,"sv;
  if (!a.deprecation_message.empty()) {
    append_key(out, "deprecation_message");
    append_string(out, a.deprecation_message);
    out.push_back(',');
  }
  if (!a.description.empty()) {
    append_key(out, "description");
    append_string(out, a.description);
    out.push_back(',');
  }
  out += "\"description_kind\":"sv;
  out += quoted_kind_text(a.description_kind);
  if (a.nested_type) {
    out += ",\"nested_type\":{"sv;
    if (!a.nested_type->attributes.empty()) {
      out += "\"attributes\":"sv;
      append_attributes(out, a.nested_type->attributes);
      out.push_back(',');
    }
    out += "\"nesting_mode\":"sv;
    append_string(out, to_string(a.nested_type->nesting));
    out.push_back('}');
  }
  if (a.optional) out += ",\"optional\":true"sv;
  if (a.required) out += ",\"required\":true"sv;
  if (a.sensitive) out += ",\"sensitive\":true"sv;
  if (a.type) {
    out += ",\"type\":"sv;
    append_type(out, *a.type);
  }
  if (a.write_only) out += ",\"write_only\":true"sv;
  out.push_back('}');
}

void append_attributes(std::string& out, const std::vector<Attribute>& attributes) {
  out.push_back('{');
  bool first = true;
  for (const Attribute* a : by_name(attributes, [](const Attribute& x) -> const std::string& { return x.name; })) {
    if (!first) out.push_back(',');
    first = false;
    append_key(out, a->name);
    append_attribute(out, *a);
  }
  out.push_back('}');
}

void append_block_types(std::string& out, const std::vector<NestedBlock>& types) {
  static const Block kEmpty;
  out.push_back('{');
  bool first = true;
  for (const NestedBlock* nb : by_name(types, [](const NestedBlock& x) -> const std::string& { return x.type_name; })) {
    if (!first) out.push_back(',');
    first = false;
    append_key(out, nb->type_name);
    out += "{\"block\":"sv;
    append_block(out, nb->block ? *nb->block : kEmpty);
    if (nb->max_items != 0) {
      out += ",\"max_items\":"sv;
      append_int(out, nb->max_items);
    }
    if (nb->min_items != 0) {
      out += ",\"min_items\":"sv;
      append_int(out, nb->min_items);
    }
    out += ",\"nesting_mode\":"sv;
    append_string(out, to_string(nb->nesting));
    out.push_back('}');
  }
  out.push_back('}');
}

void append_block(std::string& out, const Block& block) {
  out.push_back('{');
  if (!block.attributes.empty()) {
    out += "\"attributes\":"sv;
    append_attributes(out, block.attributes);
    out.push_back(',');
  }
  if (!block.block_types.empty()) {
    out += "\"block_types\":"sv;
    append_block_types(out, block.block_types);
    out.push_back(',');
  }
  if (block.computed) out += "\"computed\":true,"sv;
  if (block.deprecated) out += "\"deprecated\":true,"sv;
  if (!block.deprecation_message.empty()) {
    append_key(out, "deprecation_message");
    append_string(out, block.deprecation_message);
    out.push_back(',');
  }
  if (!block.description.empty()) {
    append_key(out, "description");
    append_string(out, block.description);
    out.push_back(',');
  }
  out += "\"description_kind\":"sv;
  out += quoted_kind_text(block.description_kind);
  out.push_back('}');
}

void append_schema(std::string& out, const Schema& schema, bool version_optional) {
  out += "{\"block\":"sv;
  append_block(out, schema.block);
  if (!version_optional || schema.version != 0) {
    out += ",\"version\":"sv;
    append_int(out, schema.version);
  }
  out.push_back('}');
}

/// Where a document written in pieces goes: `write` takes what `out` holds once that is at least
/// `piece_bytes`, between two schemas (a closing brace always follows, so `out` is never left
/// empty at the end). No `write`: the whole document stays in `out`.
struct Pieces {
  const std::function<void(std::string_view)>* write = nullptr;
  std::size_t piece_bytes = 0;

  void hand_over(std::string& out) const {
    if (write == nullptr || out.size() < piece_bytes) return;
    (*write)(out);
    out.clear();
  }
};

void append_schema_map(std::string& out, const char* key, const std::map<std::string, Schema>& schemas,
                       bool version_optional, const Pieces& pieces) {
  append_key(out, key);
  out.push_back('{');
  bool first = true;
  for (const auto& [name, s] : schemas) {
    if (!first) out.push_back(',');
    first = false;
    append_key(out, name);
    append_schema(out, s, version_optional);
    pieces.hand_over(out);
  }
  out += "},"sv;
}

void append_identity_schema(std::string& out, const IdentitySchema& schema) {
  out.push_back('{');
  if (!schema.attributes.empty()) {
    out += "\"attributes\":{"sv;
    bool first = true;
    for (const IdentityAttribute* a :
         by_name(schema.attributes, [](const IdentityAttribute& x) -> const std::string& { return x.name; })) {
      if (!first) out.push_back(',');
      first = false;
      append_key(out, a->name);
      out.push_back('{');
      if (!a->description.empty()) {
        append_key(out, "description");
        append_string(out, a->description);
        out.push_back(',');
      }
      if (a->optional_for_import) out += "\"optional_for_import\":true,"sv;
      if (a->required_for_import) out += "\"required_for_import\":true,"sv;
      out += "\"type\":"sv;
      append_type(out, a->type);
      out.push_back('}');
    }
    out += "},"sv;
  }
  out += "\"version\":"sv;
  append_int(out, schema.version);
  out.push_back('}');
}

void append_provider_entry(std::string& out, const ProviderSchema& schema, const Pieces& pieces) {
  out.push_back('{');
  // Keys in sorted order, each followed by a comma; "provider" is always there, and the last
  // comma is dropped at the end.
  if (!schema.action_schemas.empty()) append_schema_map(out, "action_schemas", schema.action_schemas, true, pieces);
  if (!schema.data_source_schemas.empty())
    append_schema_map(out, "data_source_schemas", schema.data_source_schemas, false, pieces);
  if (!schema.ephemeral_resource_schemas.empty())
    append_schema_map(out, "ephemeral_resource_schemas", schema.ephemeral_resource_schemas, false, pieces);
  if (!schema.functions.empty()) {
    out += "\"functions\":{"sv;
    bool first = true;
    for (const auto& [name, f] : schema.functions) {
      if (!first) out.push_back(',');
      first = false;
      append_key(out, name);
      out += f.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    }
    out += "},"sv;
  }
  if (!schema.list_resource_schemas.empty())
    append_schema_map(out, "list_resource_schemas", schema.list_resource_schemas, false, pieces);
  out += "\"provider\":"sv;
  append_schema(out, schema.provider, false);
  out.push_back(',');
  if (schema.provider_meta) {
    out += "\"provider_meta\":"sv;
    append_schema(out, *schema.provider_meta, false);
    out.push_back(',');
  }
  if (!schema.identity_schemas.empty()) {
    out += "\"resource_identity_schemas\":{"sv;
    bool first = true;
    for (const auto& [name, s] : schema.identity_schemas) {
      if (!first) out.push_back(',');
      first = false;
      append_key(out, name);
      append_identity_schema(out, s);
    }
    out += "},"sv;
  }
  if (!schema.resource_schemas.empty())
    append_schema_map(out, "resource_schemas", schema.resource_schemas, false, pieces);
  out.back() = '}';
}

void append_document(std::string& out, const std::string& provider_address, const ProviderSchema& schema,
                     const Pieces& pieces) {
  out += "{\"format_version\":\"1.0\",\"provider_schemas\":{"sv;
  append_key(out, provider_address);
  append_provider_entry(out, schema, pieces);
  out += "}}"sv;
}

}  // namespace

void append_providers_schema_document(std::string& out, const std::string& provider_address,
                                      const ProviderSchema& schema) {
  append_document(out, provider_address, schema, Pieces{});
}

void write_providers_schema_document(const std::string& provider_address, const ProviderSchema& schema,
                                     const std::function<void(std::string_view)>& write, std::size_t piece_bytes) {
  std::string piece;
  piece.reserve(piece_bytes);
  append_document(piece, provider_address, schema, Pieces{&write, piece_bytes});
  write(piece);
}

}  // namespace tfc::schema
