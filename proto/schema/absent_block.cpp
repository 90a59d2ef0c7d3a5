#include "proto/schema/absent_block.hpp"

#include <string>
#include <utility>
#include <vector>

#include "proto/schema/implied_type.hpp"

namespace tfc::schema {

cty::Value absent_block(const NestedBlock& nb) {
  static const Block kEmpty;
  const cty::Type type = implied_type(nb);
  switch (nb.nesting) {
    case NestingMode::Single: return cty::Value::null(type);
    case NestingMode::Group: return empty_block_value(nb.block ? *nb.block : kEmpty);
    case NestingMode::List:
      return type.is_dynamic() ? cty::Value::tuple(std::vector<cty::Value>{}) : cty::Value::typed_list(type, {});
    case NestingMode::Set: return cty::Value::typed_set(type, {});
    case NestingMode::Map:
      return type.is_dynamic() ? cty::Value::object(std::vector<std::pair<std::string, cty::Value>>{})
                               : cty::Value::typed_map(type, {});
  }
  return cty::Value::null(type);
}

cty::Value empty_block_value(const Block& block) {
  const cty::Type type = implied_type(block);
  std::vector<cty::Value> values;
  values.reserve(type.attributes().size());
  for (const auto& a : type.attributes()) {
    const NestedBlock* nb = block.find_attribute(a.name) ? nullptr : block.find_block_type(a.name);
    values.push_back(nb ? absent_block(*nb) : cty::Value::null(a.type));
  }
  return cty::Value::object(type, std::move(values));
}

}  // namespace tfc::schema
