#pragma once
// RapidCheck generators for schema blocks (test-only; may move to generators/ later). Names come
// from small pools so blocks stay readable and JSON maps can hold them (unique per map).

#include <algorithm>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include <rapidcheck.h>

#include "proto/cty/type.hpp"
#include "proto/schema/block.hpp"
#include "proto/schema/schema_json.hpp"

namespace tfc::schema {
/// Counterexamples print as their `providers schema -json` form.
inline void showValue(const Block& block, std::ostream& os) { os << block_to_json(block).dump(1); }
}  // namespace tfc::schema

namespace tfc::schema::testgen {

inline rc::Gen<std::string> name() {
  return rc::gen::element<std::string>("id", "name", "tags", "rule", "port", "a", "b_2", "x", "setting", "zone");
}

inline rc::Gen<std::string> text() {
  return rc::gen::element<std::string>("", "", "plain words", "two\nlines", "quote \" and \\ backslash",
                                       "unicode \u00b5s \u2713", "<b>markdown</b> `code`");
}

/// Arbitrary cty types up to `depth` levels of nesting, dynamic included.
inline rc::Gen<cty::Type> type(int depth) {
  return rc::gen::exec([depth] {
    const int pick = *rc::gen::inRange(0, depth > 0 ? 9 : 4);
    switch (pick) {
      case 0: return cty::Type::string();
      case 1: return cty::Type::number();
      case 2: return cty::Type::boolean();
      case 3: return cty::Type::dynamic();
      case 4: return cty::Type::list(*type(depth - 1));
      case 5: return cty::Type::set(*type(depth - 1));
      case 6: return cty::Type::map(*type(depth - 1));
      case 7:
        return cty::Type::tuple(*rc::gen::container<std::vector<cty::Type>>(
            static_cast<std::size_t>(*rc::gen::inRange(0, 3)), type(depth - 1)));
      default: {
        std::vector<std::pair<std::string, cty::Type>> attrs;
        const int n = *rc::gen::inRange(0, 4);
        for (int i = 0; i < n; ++i) {
          std::string attr_name = *name();
          bool taken = std::any_of(attrs.begin(), attrs.end(), [&](const auto& p) { return p.first == attr_name; });
          if (!taken) attrs.emplace_back(std::move(attr_name), *type(depth - 1));
        }
        std::vector<std::string> optional;
        if (!attrs.empty() && *rc::gen::arbitrary<bool>()) optional.push_back(attrs.front().first);
        return cty::Type::object(std::move(attrs), std::move(optional));
      }
    }
  });
}

inline rc::Gen<Attribute> attribute(int depth);

/// Attributes with unique names, sorted by name.
inline std::vector<Attribute> unique_sorted(std::vector<Attribute> attrs) {
  std::stable_sort(attrs.begin(), attrs.end(), [](const Attribute& a, const Attribute& b) { return a.name < b.name; });
  attrs.erase(
      std::unique(attrs.begin(), attrs.end(), [](const Attribute& a, const Attribute& b) { return a.name == b.name; }),
      attrs.end());
  return attrs;
}

inline rc::Gen<std::shared_ptr<const NestedType>> nested_type(int depth) {
  return rc::gen::exec([depth] {
    auto nested = std::make_shared<NestedType>();
    nested->nesting = *rc::gen::element(NestingMode::Single, NestingMode::List, NestingMode::Set, NestingMode::Map);
    nested->attributes = unique_sorted(*rc::gen::container<std::vector<Attribute>>(
        static_cast<std::size_t>(*rc::gen::inRange(0, 3)), attribute(depth - 1)));
    return std::shared_ptr<const NestedType>(std::move(nested));
  });
}

/// Arbitrary attributes: flags are independent (invalid combinations included, for round trips).
inline rc::Gen<Attribute> attribute(int depth) {
  return rc::gen::exec([depth] {
    Attribute a;
    a.name = *name();
    if (depth > 0 && *rc::gen::inRange(0, 4) == 0) {
      a.nested_type = *nested_type(depth);
    } else {
      a.type = *type(2);
    }
    a.description = *text();
    a.description_kind = *rc::gen::element(DescriptionKind::Plain, DescriptionKind::Markdown);
    a.required = *rc::gen::arbitrary<bool>();
    a.optional = *rc::gen::arbitrary<bool>();
    a.computed = *rc::gen::arbitrary<bool>();
    a.sensitive = *rc::gen::arbitrary<bool>();
    a.deprecated = *rc::gen::arbitrary<bool>();
    a.write_only = *rc::gen::arbitrary<bool>();
    if (a.deprecated) a.deprecation_message = *text();
    return a;
  });
}

/// Arbitrary blocks up to `depth` levels of nested block types; names unique and sorted.
inline rc::Gen<Block> block(int depth) {
  return rc::gen::exec([depth] {
    Block b;
    b.attributes = unique_sorted(
        *rc::gen::container<std::vector<Attribute>>(static_cast<std::size_t>(*rc::gen::inRange(0, 5)), attribute(2)));
    const int n_blocks = depth > 0 ? *rc::gen::inRange(0, 3) : 0;
    for (int i = 0; i < n_blocks; ++i) {
      NestedBlock nb;
      nb.type_name = *name();
      if (std::any_of(b.block_types.begin(), b.block_types.end(),
                      [&](const NestedBlock& o) { return o.type_name == nb.type_name; })) {
        continue;
      }
      nb.nesting = *rc::gen::element(NestingMode::Single, NestingMode::List, NestingMode::Set, NestingMode::Map,
                                     NestingMode::Group);
      nb.min_items = *rc::gen::inRange<std::int64_t>(-1, 4);
      nb.max_items = *rc::gen::inRange<std::int64_t>(-1, 4);
      nb.block = std::make_shared<const Block>(*block(depth - 1));
      b.block_types.push_back(std::move(nb));
    }
    b.description = *text();
    b.description_kind = *rc::gen::element(DescriptionKind::Plain, DescriptionKind::Markdown);
    b.deprecated = *rc::gen::arbitrary<bool>();
    if (b.deprecated) b.deprecation_message = *text();
    b.computed = *rc::gen::arbitrary<bool>();
    b.sort();
    return b;
  });
}

}  // namespace tfc::schema::testgen
