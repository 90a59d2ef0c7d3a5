#pragma once
// Templates shared by the tfplugin5 and tfplugin6 schema conversions: Schema, Schema.Block,
// Schema.Attribute (type JSON bytes ↔ cty::Type; v6 nested_type ↔ Schema.Object),
// Schema.NestedBlock, ResourceIdentitySchema, ServerCapabilities and Function (kept in its
// `providers schema -json` form). See docs/protocol.md §4.2-§4.5. Internal to proto/convert.

#include <algorithm>
#include <memory>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "proto/convert/common_convert.hpp"
#include "proto/cty/type_json.hpp"
#include "proto/schema/block.hpp"
#include "proto/schema/implied_type.hpp"
#include "proto/schema/provider_schema.hpp"
#include "proto/util/expected.hpp"

namespace tfc::wire::detail {

/// The protobuf description_kind value: MARKDOWN = 1, PLAIN = 0.
inline int description_kind_number(schema::DescriptionKind kind) {
  return kind == schema::DescriptionKind::Markdown ? 1 : 0;
}
// Any value but MARKDOWN reads as plain: the kind only affects documentation rendering, so an
// out-of-range value is not worth rejecting a whole schema over.
inline schema::DescriptionKind description_kind_from_number(int number) {
  return number == 1 ? schema::DescriptionKind::Markdown : schema::DescriptionKind::Plain;
}

/// NestingMode numbers shared by NestedBlock and Object: SINGLE=1 LIST=2 SET=3 MAP=4 GROUP=5.
inline int nesting_number(schema::NestingMode mode) {
  switch (mode) {
    case schema::NestingMode::Single: return 1;
    case schema::NestingMode::List: return 2;
    case schema::NestingMode::Set: return 3;
    case schema::NestingMode::Map: return 4;
    case schema::NestingMode::Group: return 5;
  }
  return 0;
}

/// The model nesting of a wire number; `max` is 5 for blocks and 4 for nested attribute types.
inline Expected<schema::NestingMode> nesting_from_number(int number, int max) {
  if (number < 1 || number > max) {
    return Error{"nesting: invalid nesting mode " + std::to_string(number)};
  }
  static constexpr schema::NestingMode kModes[] = {schema::NestingMode::Single, schema::NestingMode::List,
                                                   schema::NestingMode::Set, schema::NestingMode::Map,
                                                   schema::NestingMode::Group};
  return kModes[number - 1];
}

/// The cty type of `type` bytes; empty bytes mean "no type" (a nested_type attribute).
inline Expected<std::optional<cty::Type>> optional_type_from_bytes(const std::string& bytes) {
  if (bytes.empty()) return std::optional<cty::Type>{};
  auto parsed = cty::type_from_json(bytes);
  if (!parsed) return with_context("type", parsed.error());
  return std::optional<cty::Type>{std::move(parsed).value()};
}

template <class PbBlock>
void block_to(const schema::Block& in, PbBlock* out);
template <class PbBlock>
Expected<void> block_from(const PbBlock& in, schema::Block& out);

template <class PbAttribute>
void attribute_to(const schema::Attribute& in, PbAttribute* out) {
  out->set_name(in.name);
  if (in.type) out->set_type(cty::type_to_json(*in.type));
  if (in.nested_type) {
    if constexpr (requires { out->mutable_nested_type(); }) {
      auto* object = out->mutable_nested_type();
      using ObjectNesting = std::remove_cvref_t<decltype(object->nesting())>;
      object->set_nesting(static_cast<ObjectNesting>(nesting_number(in.nested_type->nesting)));
      for (const schema::Attribute& a : in.nested_type->attributes) attribute_to(a, object->add_attributes());
    } else if (!in.type) {
      // tfplugin5 has no nested attribute types: send the implied type, which is what a v5
      // provider would have to declare for the same values.
      out->set_type(cty::type_to_json(schema::implied_type(in)));
    }
  }
  out->set_description(in.description);
  using Kind = std::remove_cvref_t<decltype(out->description_kind())>;
  out->set_description_kind(static_cast<Kind>(description_kind_number(in.description_kind)));
  out->set_required(in.required);
  out->set_optional(in.optional);
  out->set_computed(in.computed);
  out->set_sensitive(in.sensitive);
  out->set_deprecated(in.deprecated);
  out->set_write_only(in.write_only);
  out->set_deprecation_message(in.deprecation_message);
}

// The *_from functions fill a default-constructed entry in its place: a large schema
// (terraform-provider-aws has 87,103 attributes) paid more for moving each finished entry into
// its vector than for filling it.

template <class PbAttribute>
Expected<void> attribute_from(const PbAttribute& in, schema::Attribute& out) {
  out.name = in.name();
  auto type = optional_type_from_bytes(in.type());
  if (!type) return nest(in.name(), type.error());
  out.type = std::move(type).value();
  if constexpr (requires { in.has_nested_type(); }) {
    if (in.has_nested_type()) {
      auto nested = std::make_shared<schema::NestedType>();
      auto nesting = nesting_from_number(static_cast<int>(in.nested_type().nesting()), 4);
      if (!nesting) return nest(in.name() + ".nested_type", nesting.error());
      nested->nesting = *nesting;
      nested->attributes.resize(static_cast<std::size_t>(in.nested_type().attributes_size()));
      for (int i = 0; i < in.nested_type().attributes_size(); ++i) {
        auto converted =
            attribute_from(in.nested_type().attributes(i), nested->attributes[static_cast<std::size_t>(i)]);
        if (!converted) return nest(in.name() + ".nested_type.attributes", converted.error());
      }
      // As Block::sort: names usually come in order, and stable_sort would move every entry.
      const auto by_name = [](const schema::Attribute& a, const schema::Attribute& b) { return a.name < b.name; };
      if (!std::is_sorted(nested->attributes.begin(), nested->attributes.end(), by_name))
        std::stable_sort(nested->attributes.begin(), nested->attributes.end(), by_name);
      out.nested_type = std::move(nested);
    }
  }
  out.description = in.description();
  out.description_kind = description_kind_from_number(static_cast<int>(in.description_kind()));
  out.required = in.required();
  out.optional = in.optional();
  out.computed = in.computed();
  out.sensitive = in.sensitive();
  out.deprecated = in.deprecated();
  out.write_only = in.write_only();
  out.deprecation_message = in.deprecation_message();
  return {};
}

template <class PbNestedBlock>
void nested_block_to(const schema::NestedBlock& in, PbNestedBlock* out) {
  out->set_type_name(in.type_name);
  if (in.block) block_to(*in.block, out->mutable_block());
  using Nesting = std::remove_cvref_t<decltype(out->nesting())>;
  out->set_nesting(static_cast<Nesting>(nesting_number(in.nesting)));
  out->set_min_items(in.min_items);
  out->set_max_items(in.max_items);
}

template <class PbNestedBlock>
Expected<void> nested_block_from(const PbNestedBlock& in, schema::NestedBlock& out) {
  out.type_name = in.type_name();
  auto nesting = nesting_from_number(static_cast<int>(in.nesting()), 5);
  if (!nesting) return nest(in.type_name(), nesting.error());
  out.nesting = *nesting;
  auto block = std::make_shared<schema::Block>();
  auto filled = block_from(in.block(), *block);
  if (!filled) return nest(in.type_name() + ".block", filled.error());
  out.block = std::move(block);
  out.min_items = in.min_items();
  out.max_items = in.max_items();
  return {};
}

template <class PbBlock>
void block_to(const schema::Block& in, PbBlock* out) {
  for (const schema::Attribute& a : in.attributes) attribute_to(a, out->add_attributes());
  for (const schema::NestedBlock& b : in.block_types) nested_block_to(b, out->add_block_types());
  out->set_description(in.description);
  using Kind = std::remove_cvref_t<decltype(out->description_kind())>;
  out->set_description_kind(static_cast<Kind>(description_kind_number(in.description_kind)));
  out->set_deprecated(in.deprecated);
  out->set_deprecation_message(in.deprecation_message);
  if constexpr (requires { out->set_computed(true); }) out->set_computed(in.computed);
}

/// Errors name the path inside the block ("attributes.port.type: ...").
template <class PbBlock>
Expected<void> block_from(const PbBlock& in, schema::Block& out) {
  out.attributes.resize(static_cast<std::size_t>(in.attributes_size()));
  out.block_types.resize(static_cast<std::size_t>(in.block_types_size()));
  for (int i = 0; i < in.attributes_size(); ++i) {
    auto converted = attribute_from(in.attributes(i), out.attributes[static_cast<std::size_t>(i)]);
    if (!converted) return nest("attributes", converted.error());
  }
  for (int i = 0; i < in.block_types_size(); ++i) {
    auto converted = nested_block_from(in.block_types(i), out.block_types[static_cast<std::size_t>(i)]);
    if (!converted) return nest("block_types", converted.error());
  }
  out.description = in.description();
  out.description_kind = description_kind_from_number(static_cast<int>(in.description_kind()));
  out.deprecated = in.deprecated();
  out.deprecation_message = in.deprecation_message();
  if constexpr (requires { in.computed(); }) out.computed = in.computed();
  out.sort();
  return {};
}

template <class PbSchema>
void schema_to(const schema::Schema& in, PbSchema* out) {
  out->set_version(in.version);
  block_to(in.block, out->mutable_block());
}

template <class PbSchema>
Expected<void> schema_from(const PbSchema& in, schema::Schema& out) {
  out.version = in.version();
  auto filled = block_from(in.block(), out.block);
  if (!filled) return nest("block", filled.error());
  return {};
}

template <class PbSchema>
Expected<schema::Schema> schema_from(const PbSchema& in) {
  schema::Schema out;
  auto filled = schema_from(in, out);
  if (!filled) return filled.error();
  return out;
}

template <class PbCapabilities>
void server_capabilities_to(const schema::ServerCapabilities& in, PbCapabilities* out) {
  out->set_plan_destroy(in.plan_destroy);
  out->set_get_provider_schema_optional(in.get_provider_schema_optional);
  out->set_move_resource_state(in.move_resource_state);
  out->set_generate_resource_config(in.generate_resource_config);
}

template <class PbCapabilities>
schema::ServerCapabilities server_capabilities_from(const PbCapabilities& in) {
  return schema::ServerCapabilities{in.plan_destroy(), in.get_provider_schema_optional(), in.move_resource_state(),
                                    in.generate_resource_config()};
}

template <class PbIdentitySchema>
void identity_schema_to(const schema::IdentitySchema& in, PbIdentitySchema* out) {
  out->set_version(in.version);
  for (const schema::IdentityAttribute& a : in.attributes) {
    auto* attribute = out->add_identity_attributes();
    attribute->set_name(a.name);
    attribute->set_type(cty::type_to_json(a.type));
    attribute->set_required_for_import(a.required_for_import);
    attribute->set_optional_for_import(a.optional_for_import);
    attribute->set_description(a.description);
  }
}

/// Identity attribute types are required: empty or invalid type JSON is an error.
template <class PbIdentitySchema>
Expected<schema::IdentitySchema> identity_schema_from(const PbIdentitySchema& in) {
  schema::IdentitySchema out;
  out.version = in.version();
  for (const auto& a : in.identity_attributes()) {
    auto type = cty::type_from_json(a.type());
    if (!type) return with_context("identity_attributes." + a.name() + ".type", type.error());
    out.attributes.push_back(schema::IdentityAttribute{a.name(), std::move(type).value(), a.required_for_import(),
                                                       a.optional_for_import(), a.description()});
  }
  return out;
}

}  // namespace tfc::wire::detail
