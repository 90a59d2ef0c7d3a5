#include "proto/schema/schema_checks.hpp"

#include <set>
#include <utility>

#include "proto/schema/implied_type.hpp"

namespace tfc::schema {

namespace {

constexpr const char* kInvalidName = "schema.invalid_name";
constexpr const char* kNameConflict = "schema.name_conflict";
constexpr const char* kAttributeFlags = "schema.attribute_flags";
constexpr const char* kBlockItems = "schema.block_items";
constexpr const char* kSetDynamic = "schema.set_dynamic";
constexpr const char* kNegativeVersion = "schema.negative_version";
constexpr const char* kIdentityAttributeType = "schema.identity_attribute_type";

bool valid_name(const std::string& name) {
  if (name.empty()) return false;
  for (char c : name) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
  }
  return true;
}

// True when `type` has a set somewhere whose element type contains dynamic.
bool set_holds_dynamic(const cty::Type& type) {
  if (!type.has_dynamic()) return false;
  switch (type.kind()) {
    case cty::Kind::Set: return true;
    case cty::Kind::List:
    case cty::Kind::Map: return set_holds_dynamic(type.element());
    case cty::Kind::Tuple:
      for (const cty::Type& t : type.tuple_elements()) {
        if (set_holds_dynamic(t)) return true;
      }
      return false;
    case cty::Kind::Object:
      for (const auto& a : type.attributes()) {
        if (set_holds_dynamic(a.type)) return true;
      }
      return false;
    default: return false;
  }
}

// Where a body sits: inside a set (dynamic already judged there; write-only forbidden) and/or
// inside a computed block (everything must be computed).
struct Context {
  bool in_set = false;
  bool in_computed = false;
};

class Checker {
public:
  Checker(std::vector<SchemaProblem>& out, std::string where, bool managed)
      : m_out(out), m_where(std::move(where)), m_managed(managed) {}

  void add(const char* rule, const std::string& path, std::string message) {
    m_out.push_back(SchemaProblem{rule, path.empty() ? m_where : m_where + ": " + path, std::move(message)});
  }

  void check_body(const Block& block, const std::string& path, Context ctx) {
    check_names(block, path);
    if (!block.deprecated && !block.deprecation_message.empty()) {
      add(kAttributeFlags, path, "block has a deprecation message but is not deprecated; expected no message");
    }
    for (const Attribute& a : block.attributes) check_attribute(a, path + "." + a.name, ctx, true);
    for (const NestedBlock& nb : block.block_types) check_block_type(nb, path + "." + nb.type_name, ctx);
  }

private:
  std::set<std::string> check_attribute_names(const std::vector<Attribute>& attributes, const std::string& path) {
    std::set<std::string> names;
    for (const Attribute& a : attributes) {
      if (!valid_name(a.name)) {
        add(kInvalidName, path + "." + a.name,
            "attribute name \"" + a.name + "\" is not valid; expected only lowercase letters, digits and underscores");
      }
      if (!names.insert(a.name).second) {
        add(kNameConflict, path + "." + a.name,
            "attribute name \"" + a.name + "\" is used twice; expected unique names");
      }
    }
    return names;
  }

  void check_names(const Block& block, const std::string& path) {
    const std::set<std::string> attribute_names = check_attribute_names(block.attributes, path);
    std::set<std::string> block_names;
    for (const NestedBlock& nb : block.block_types) {
      const std::string& name = nb.type_name;
      if (!valid_name(name)) {
        add(kInvalidName, path + "." + name,
            "block type name \"" + name + "\" is not valid; expected only lowercase letters, digits and underscores");
      }
      if (!block_names.insert(name).second) {
        add(kNameConflict, path + "." + name, "block type name \"" + name + "\" is used twice; expected unique names");
      } else if (attribute_names.count(name) != 0) {
        add(kNameConflict, path + "." + name,
            "\"" + name + "\" is both an attribute and a block type; expected a name to be one or the other");
      }
    }
  }

  void check_flags(const Attribute& a, const std::string& path, Context ctx, bool in_block) {
    if (a.type && a.nested_type) {
      add(kAttributeFlags, path, "attribute has both type and nested_type; expected exactly one");
    } else if (!a.type && !a.nested_type) {
      add(kAttributeFlags, path, "attribute has neither type nor nested_type; expected exactly one");
    }
    if (!a.required && !a.optional && !a.computed) {
      add(kAttributeFlags, path,
          "attribute is none of required, optional, computed; expected required, optional, computed or "
          "optional+computed");
    } else if (a.required && a.optional) {
      add(kAttributeFlags, path, "attribute is both required and optional; expected one of them");
    } else if (a.required && a.computed) {
      add(kAttributeFlags, path, "attribute is both required and computed; expected optional+computed or one of them");
    }
    if (a.write_only) {
      if (a.computed || !(a.required || a.optional)) {
        add(kAttributeFlags, path,
            "write-only attribute is computed or neither required nor optional; "
            "expected required or optional, not computed");
      }
      if (!m_managed) {
        add(kAttributeFlags, path,
            "write-only attribute outside a managed resource schema; "
            "expected write-only only in managed resources");
      }
      if (ctx.in_set) add(kSetDynamic, path, "write-only attribute inside a set; expected no write-only inside sets");
    }
    if (!a.deprecated && !a.deprecation_message.empty()) {
      add(kAttributeFlags, path, "attribute has a deprecation message but is not deprecated; expected no message");
    }
    if (in_block && ctx.in_computed && !a.computed) {
      add(kAttributeFlags, path, "attribute inside a computed block is not computed; expected computed");
    }
  }

  void check_attribute(const Attribute& a, const std::string& path, Context ctx, bool in_block) {
    check_flags(a, path, ctx, in_block);
    if (a.type && !ctx.in_set && set_holds_dynamic(*a.type)) {
      add(kSetDynamic, path, "attribute type has a set containing dynamic; expected no dynamic inside sets");
      ctx.in_set = true;
    }
    if (!a.nested_type) return;
    const NestedType& nested = *a.nested_type;
    if (nested.nesting == NestingMode::Group) {
      add(kAttributeFlags, path, "nested attribute type has nesting mode group; expected single, list, set or map");
    }
    if (nested.nesting == NestingMode::Set && !ctx.in_set) {
      if (implied_type(a).has_dynamic()) {
        add(kSetDynamic, path, "set nested attribute contains dynamic; expected no dynamic inside sets");
      }
      ctx.in_set = true;
    }
    // Names inside a nested type follow the block rules; computed-block rules stop here.
    check_attribute_names(nested.attributes, path);
    Context inner_ctx{ctx.in_set, false};
    for (const Attribute& inner : nested.attributes) check_attribute(inner, path + "." + inner.name, inner_ctx, false);
  }

  void check_items(const NestedBlock& nb, const std::string& path) {
    const std::string seen = std::string(to_string(nb.nesting)) + " block has min_items " +
                             std::to_string(nb.min_items) + " and max_items " + std::to_string(nb.max_items);
    switch (nb.nesting) {
      case NestingMode::Single:
        if (nb.min_items != nb.max_items || nb.min_items < 0 || nb.min_items > 1) {
          add(kBlockItems, path, seen + "; expected min_items = max_items, each 0 or 1");
        }
        return;
      case NestingMode::Group:
      case NestingMode::Map:
        if (nb.min_items != 0 || nb.max_items != 0) add(kBlockItems, path, seen + "; expected both 0");
        return;
      case NestingMode::List:
      case NestingMode::Set:
        if (nb.min_items < 0 || nb.max_items < 0) {
          add(kBlockItems, path, seen + "; expected both 0 or more");
        } else if (nb.max_items != 0 && nb.min_items > nb.max_items) {
          add(kBlockItems, path, seen + "; expected min_items <= max_items (max_items 0 = unbounded)");
        }
        return;
    }
  }

  void check_block_type(const NestedBlock& nb, const std::string& path, Context ctx) {
    static const Block kEmpty;
    const Block& body = nb.block ? *nb.block : kEmpty;
    check_items(nb, path);
    if (body.computed) {
      if (nb.nesting == NestingMode::Group) {
        add(kBlockItems, path, "computed block has nesting mode group; expected single, list, set or map");
      }
      if (nb.min_items > 0) {
        add(kBlockItems, path, "computed block has min_items " + std::to_string(nb.min_items) + "; expected 0");
      }
    } else if (ctx.in_computed) {
      add(kBlockItems, path, "block inside a computed block is not computed; expected computed");
    }
    if (nb.nesting == NestingMode::Set && !ctx.in_set) {
      if (implied_type(body).has_dynamic()) {
        add(kSetDynamic, path, "set block contains dynamic; expected no dynamic inside set blocks");
      }
      ctx.in_set = true;
    }
    ctx.in_computed = ctx.in_computed || body.computed;
    check_body(body, path, ctx);
  }

  std::vector<SchemaProblem>& m_out;
  std::string m_where;
  bool m_managed;
};

void check_schema(const Schema& schema, const std::string& where, bool managed, std::vector<SchemaProblem>& out) {
  if (schema.version < 0) {
    out.push_back(
        SchemaProblem{kNegativeVersion, where,
                      "schema version " + std::to_string(schema.version) + " is negative; expected 0 or more"});
  }
  Checker(out, where, managed).check_body(schema.block, "", Context{});
}

void check_identity(const IdentitySchema& schema, const std::string& where, std::vector<SchemaProblem>& out) {
  if (schema.version < 0) {
    out.push_back(SchemaProblem{
        kNegativeVersion, where,
        "identity schema version " + std::to_string(schema.version) + " is negative; expected 0 or more"});
  }
  std::set<std::string> names;
  for (const IdentityAttribute& a : schema.attributes) {
    const std::string at = where + ": ." + a.name;
    if (!valid_name(a.name)) {
      out.push_back(SchemaProblem{kInvalidName, at,
                                  "identity attribute name \"" + a.name +
                                      "\" is not valid; expected only lowercase letters, digits and underscores"});
    }
    if (!names.insert(a.name).second) {
      out.push_back(SchemaProblem{kNameConflict, at,
                                  "identity attribute name \"" + a.name + "\" is used twice; expected unique names"});
    }
    if (set_holds_dynamic(a.type)) {
      out.push_back(SchemaProblem{kSetDynamic, at,
                                  "identity attribute type has a set containing dynamic; "
                                  "expected no dynamic inside sets"});
    }
    const cty::Kind kind = a.type.kind();
    if (kind == cty::Kind::Map || kind == cty::Kind::Set || kind == cty::Kind::Object) {
      out.push_back(SchemaProblem{kIdentityAttributeType, at,
                                  "identity attribute type is " + a.type.friendly_name() +
                                      "; expected no map, set or object (Terraform refuses them)"});
    }
  }
}

}  // namespace

std::vector<SchemaProblem> check_block(const Block& block, const std::string& where, bool managed_resource) {
  std::vector<SchemaProblem> out;
  Checker(out, where, managed_resource).check_body(block, "", Context{});
  return out;
}

std::vector<SchemaProblem> check_provider_schema(const ProviderSchema& schema) {
  std::vector<SchemaProblem> out;
  check_schema(schema.provider, "provider", false, out);
  if (schema.provider_meta) check_schema(*schema.provider_meta, "provider_meta", false, out);
  for (const auto& [name, s] : schema.resource_schemas) check_schema(s, "resource " + name, true, out);
  for (const auto& [name, s] : schema.data_source_schemas) check_schema(s, "data source " + name, false, out);
  for (const auto& [name, s] : schema.ephemeral_resource_schemas)
    check_schema(s, "ephemeral resource " + name, false, out);
  for (const auto& [name, s] : schema.list_resource_schemas) check_schema(s, "list resource " + name, false, out);
  for (const auto& [name, s] : schema.action_schemas) check_schema(s, "action " + name, false, out);
  for (const auto& [name, s] : schema.identity_schemas) check_identity(s, "identity " + name, out);
  // Terraform lists a type through the managed resource of the same name and its identity.
  for (const auto& [name, s] : schema.list_resource_schemas) {
    if (!schema.resource_schemas.contains(name) || !schema.identity_schemas.contains(name)) {
      out.push_back(SchemaProblem{
          "list.no_identity_schema", "list resource " + name,
          "no managed resource " + name + " with an identity schema; expected one (Terraform needs it to list)"});
    }
  }
  return out;
}

}  // namespace tfc::schema
