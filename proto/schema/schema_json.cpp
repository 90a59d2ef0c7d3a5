#include "proto/schema/schema_json.hpp"

#include <algorithm>
#include <memory>
#include <utility>

#include "proto/cty/type_json.hpp"
#include "proto/schema/schema_json_fields.hpp"

namespace tfc::schema {

using detail::join_path;
using detail::json_error;

namespace {

// Nesting deeper than this is refused: real schemas stay far below, and recursion must not
// exhaust the stack on hostile input.
constexpr int kMaxDepth = 64;

Expected<Block> read_block(const nlohmann::json& doc, const std::string& path, int depth);

Expected<void> read_description(const nlohmann::json& doc, const std::string& path, std::string& description,
                                DescriptionKind& kind) {
  TFC_SCHEMA_TRY_VOID(detail::read_string(doc, "description", path, description));
  std::string kind_text;
  TFC_SCHEMA_TRY_VOID(detail::read_string(doc, "description_kind", path, kind_text));
  if (kind_text.empty() || kind_text == "plain") {
    kind = DescriptionKind::Plain;
  } else if (kind_text == "markdown") {
    kind = DescriptionKind::Markdown;
  } else {
    return json_error(join_path(path, "description_kind"),
                      "description kind \"" + kind_text + "\" is neither \"plain\" nor \"markdown\"");
  }
  return {};
}

Expected<NestingMode> read_nesting(const nlohmann::json& doc, const std::string& path) {
  const nlohmann::json* v = detail::field(doc, "nesting_mode");
  const std::string where = join_path(path, "nesting_mode");
  if (!v) return json_error(where, "missing nesting_mode");
  if (!v->is_string()) return json_error(where, std::string("expected a string, found ") + v->type_name());
  auto mode = nesting_mode_from_string(v->get_ref<const std::string&>());
  if (!mode) {
    return json_error(where,
                      "nesting mode \"" + v->get<std::string>() + "\" is not one of single, list, set, map, group");
  }
  return *mode;
}

Expected<std::vector<Attribute>> read_attributes(const nlohmann::json& doc, const std::string& path, int depth);

Expected<Attribute> read_attribute(const std::string& name, const nlohmann::json& doc, const std::string& path,
                                   int depth) {
  if (!doc.is_object()) return json_error(path, std::string("expected an attribute object, found ") + doc.type_name());
  Attribute a;
  a.name = name;
  if (const nlohmann::json* type = detail::field(doc, "type")) {
    auto parsed = cty::type_from_json(*type);
    if (!parsed) return json_error(join_path(path, "type"), parsed.error().message);
    a.type = std::move(parsed).value();
  }
  TFC_TRY(nested_doc, detail::read_object(doc, "nested_type", path));
  if (nested_doc) {
    const std::string nested_path = join_path(path, "nested_type");
    auto nested = std::make_shared<NestedType>();
    TFC_TRY(nesting, read_nesting(*nested_doc, nested_path));
    nested->nesting = nesting;
    TFC_TRY(attributes, read_attributes(*nested_doc, nested_path, depth + 1));
    nested->attributes = std::move(attributes);
    a.nested_type = std::move(nested);
  }
  TFC_SCHEMA_TRY_VOID(read_description(doc, path, a.description, a.description_kind));
  TFC_SCHEMA_TRY_VOID(detail::read_bool(doc, "required", path, a.required));
  TFC_SCHEMA_TRY_VOID(detail::read_bool(doc, "optional", path, a.optional));
  TFC_SCHEMA_TRY_VOID(detail::read_bool(doc, "computed", path, a.computed));
  TFC_SCHEMA_TRY_VOID(detail::read_bool(doc, "sensitive", path, a.sensitive));
  TFC_SCHEMA_TRY_VOID(detail::read_bool(doc, "deprecated", path, a.deprecated));
  TFC_SCHEMA_TRY_VOID(detail::read_bool(doc, "write_only", path, a.write_only));
  TFC_SCHEMA_TRY_VOID(detail::read_string(doc, "deprecation_message", path, a.deprecation_message));
  return a;
}

// nlohmann's objects iterate in key order, so the results come out sorted by name.
Expected<std::vector<Attribute>> read_attributes(const nlohmann::json& doc, const std::string& path, int depth) {
  if (depth > kMaxDepth) return json_error(path, "nested deeper than " + std::to_string(kMaxDepth) + " levels");
  std::vector<Attribute> out;
  TFC_TRY(attributes, detail::read_object(doc, "attributes", path));
  if (!attributes) return out;
  const std::string base = join_path(path, "attributes");
  out.reserve(attributes->size());
  for (const auto& [name, sub] : attributes->items()) {
    TFC_TRY(a, read_attribute(name, sub, join_path(base, name), depth));
    out.push_back(std::move(a));
  }
  return out;
}

Expected<NestedBlock> read_block_type(const std::string& name, const nlohmann::json& doc, const std::string& path,
                                      int depth) {
  if (!doc.is_object()) return json_error(path, std::string("expected a block type object, found ") + doc.type_name());
  NestedBlock nb;
  nb.type_name = name;
  TFC_TRY(nesting, read_nesting(doc, path));
  nb.nesting = nesting;
  TFC_SCHEMA_TRY_VOID(detail::read_int(doc, "min_items", path, nb.min_items));
  TFC_SCHEMA_TRY_VOID(detail::read_int(doc, "max_items", path, nb.max_items));
  TFC_TRY(body_doc, detail::read_object(doc, "block", path));
  if (body_doc) {
    TFC_TRY(body, read_block(*body_doc, join_path(path, "block"), depth + 1));
    nb.block = std::make_shared<const Block>(std::move(body));
  } else {
    nb.block = std::make_shared<const Block>();
  }
  return nb;
}

Expected<Block> read_block(const nlohmann::json& doc, const std::string& path, int depth) {
  if (depth > kMaxDepth) return json_error(path, "nested deeper than " + std::to_string(kMaxDepth) + " levels");
  if (!doc.is_object()) return json_error(path, std::string("expected a block object, found ") + doc.type_name());
  Block block;
  TFC_TRY(attributes, read_attributes(doc, path, depth));
  block.attributes = std::move(attributes);
  TFC_TRY(block_types, detail::read_object(doc, "block_types", path));
  if (block_types) {
    const std::string base = join_path(path, "block_types");
    block.block_types.reserve(block_types->size());
    for (const auto& [name, sub] : block_types->items()) {
      TFC_TRY(nb, read_block_type(name, sub, join_path(base, name), depth));
      block.block_types.push_back(std::move(nb));
    }
  }
  TFC_SCHEMA_TRY_VOID(read_description(doc, path, block.description, block.description_kind));
  TFC_SCHEMA_TRY_VOID(detail::read_bool(doc, "deprecated", path, block.deprecated));
  TFC_SCHEMA_TRY_VOID(detail::read_bool(doc, "computed", path, block.computed));
  TFC_SCHEMA_TRY_VOID(detail::read_string(doc, "deprecation_message", path, block.deprecation_message));
  return block;
}

const char* kind_text(DescriptionKind kind) { return kind == DescriptionKind::Markdown ? "markdown" : "plain"; }

nlohmann::json attributes_to_json(const std::vector<Attribute>& attributes);

nlohmann::json attribute_to_json(const Attribute& a) {
  nlohmann::json out = nlohmann::json::object();
  if (a.type) out["type"] = cty::type_to_json_value(*a.type);
  if (a.nested_type) {
    nlohmann::json nested = nlohmann::json::object();
    if (!a.nested_type->attributes.empty()) nested["attributes"] = attributes_to_json(a.nested_type->attributes);
    nested["nesting_mode"] = to_string(a.nested_type->nesting);
    out["nested_type"] = std::move(nested);
  }
  if (!a.description.empty()) out["description"] = a.description;
  out["description_kind"] = kind_text(a.description_kind);
  if (a.deprecated) out["deprecated"] = true;
  if (!a.deprecation_message.empty()) out["deprecation_message"] = a.deprecation_message;
  if (a.required) out["required"] = true;
  if (a.optional) out["optional"] = true;
  if (a.computed) out["computed"] = true;
  if (a.sensitive) out["sensitive"] = true;
  if (a.write_only) out["write_only"] = true;
  return out;
}

nlohmann::json attributes_to_json(const std::vector<Attribute>& attributes) {
  nlohmann::json out = nlohmann::json::object();
  for (const Attribute& a : attributes) out[a.name] = attribute_to_json(a);
  return out;
}

}  // namespace

Expected<Block> block_from_json(const nlohmann::json& doc) { return read_block(doc, "", 0); }

Expected<Block> block_from_json_at(const nlohmann::json& doc, const std::string& path) {
  return read_block(doc, path, 0);
}

nlohmann::json block_to_json(const Block& block) {
  nlohmann::json out = nlohmann::json::object();
  if (!block.attributes.empty()) out["attributes"] = attributes_to_json(block.attributes);
  if (!block.block_types.empty()) {
    nlohmann::json types = nlohmann::json::object();
    for (const NestedBlock& nb : block.block_types) {
      nlohmann::json t = nlohmann::json::object();
      t["nesting_mode"] = to_string(nb.nesting);
      static const Block kEmpty;
      t["block"] = block_to_json(nb.block ? *nb.block : kEmpty);
      if (nb.min_items != 0) t["min_items"] = nb.min_items;
      if (nb.max_items != 0) t["max_items"] = nb.max_items;
      types[nb.type_name] = std::move(t);
    }
    out["block_types"] = std::move(types);
  }
  if (!block.description.empty()) out["description"] = block.description;
  out["description_kind"] = kind_text(block.description_kind);
  if (block.deprecated) out["deprecated"] = true;
  if (!block.deprecation_message.empty()) out["deprecation_message"] = block.deprecation_message;
  if (block.computed) out["computed"] = true;
  return out;
}

Expected<Schema> schema_from_json(const nlohmann::json& doc) { return schema_from_json_at(doc, ""); }

Expected<Schema> schema_from_json_at(const nlohmann::json& doc, const std::string& path) {
  if (!doc.is_object()) return json_error(path, std::string("expected a schema object, found ") + doc.type_name());
  Schema schema;
  TFC_SCHEMA_TRY_VOID(detail::read_int(doc, "version", path, schema.version));
  TFC_TRY(body_doc, detail::read_object(doc, "block", path));
  if (body_doc) {
    TFC_TRY(body, read_block(*body_doc, join_path(path, "block"), 0));
    schema.block = std::move(body);
  }
  return schema;
}

nlohmann::json schema_to_json(const Schema& schema) {
  nlohmann::json out = nlohmann::json::object();
  out["version"] = schema.version;
  out["block"] = block_to_json(schema.block);
  return out;
}

}  // namespace tfc::schema
