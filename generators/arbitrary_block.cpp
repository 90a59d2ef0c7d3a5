#include "generators/arbitrary_block.hpp"

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "generators/arbitrary_type.hpp"
#include "generators/config_combinators.hpp"

namespace tfc::gen {

namespace {

using schema::Attribute;
using schema::Block;
using schema::NestedBlock;
using schema::NestedType;
using schema::NestingMode;

// Where a member sits: inside SET nesting, dynamic types and write-only attributes are not
// allowed (docs/protocol.md §4.3-§4.4).
struct Context {
  BlockOptions options;
  int depth = 0;
  bool in_set = false;
};

struct Member {
  bool is_block = false;
  Attribute attribute;
  NestedBlock block_type;
};

rc::Gen<Block> block_at(Context ctx);
rc::Gen<std::vector<Attribute>> nested_attributes(Context ctx);

// required, optional, computed, optional+computed (the allowed combinations, docs/protocol.md §4.3).
rc::Gen<Attribute> flags(const Attribute& a, bool allow_write_only) {
  return rc::gen::apply(
      [a](int combo, bool sensitive, bool write_only) {
        Attribute out = a;
        out.required = combo == 0;
        out.optional = combo == 1 || combo == 3;
        out.computed = combo >= 2;
        out.sensitive = sensitive;
        out.write_only = write_only && !out.computed;
        return out;
      },
      rc::gen::inRange(0, 4), chance(15), allow_write_only ? chance(10) : rc::gen::just(false));
}

rc::Gen<Attribute> attribute(const std::string& name, Context ctx) {
  TypeOptions types;
  types.max_depth = 2;
  types.allow_dynamic = ctx.options.dynamic && !ctx.in_set;
  auto typed = rc::gen::map(tfc::gen::type(types), [name](cty::Type t) {
    Attribute a;
    a.name = name;
    a.type = std::move(t);
    return a;
  });
  rc::Gen<Attribute> shaped = typed;
  if (ctx.options.nested_types && ctx.depth > 0) {
    auto nested =
        rc::gen::mapcat(rc::gen::element(NestingMode::Single, NestingMode::List, NestingMode::Set, NestingMode::Map),
                        [name, ctx](NestingMode mode) {
                          Context inner = ctx;
                          inner.depth = ctx.depth - 1;
                          inner.in_set = ctx.in_set || mode == NestingMode::Set;
                          return rc::gen::map(nested_attributes(inner), [name, mode](std::vector<Attribute> attrs) {
                            Attribute a;
                            a.name = name;
                            a.nested_type = std::make_shared<const NestedType>(NestedType{mode, std::move(attrs)});
                            return a;
                          });
                        });
    shaped = rc::gen::weightedOneOf<Attribute>({{4, typed}, {1, rc::gen::scale(0.5, nested)}});
  }
  const bool write_only = ctx.options.write_only && !ctx.in_set;
  return rc::gen::mapcat(shaped, [write_only](Attribute a) { return flags(std::move(a), write_only); });
}

// min_items / max_items allowed for the nesting mode (docs/protocol.md §4.4).
rc::Gen<std::pair<std::int64_t, std::int64_t>> counts(NestingMode mode) {
  using Counts = std::pair<std::int64_t, std::int64_t>;
  switch (mode) {
    case NestingMode::Single: return rc::gen::map(rc::gen::inRange(0, 2), [](int n) { return Counts{n, n}; });
    case NestingMode::List:
    case NestingMode::Set:
      return rc::gen::apply(
          [](std::int64_t min, bool bounded, std::int64_t extra) {
            return Counts{min, bounded ? std::max<std::int64_t>(min, 1) + extra : 0};
          },
          rc::gen::inRange<std::int64_t>(0, 3), chance(50), rc::gen::inRange<std::int64_t>(0, 3));
    default: return rc::gen::just(Counts{0, 0});
  }
}

rc::Gen<NestedBlock> block_type(const std::string& name, Context ctx) {
  auto mode =
      rc::gen::element(NestingMode::Single, NestingMode::List, NestingMode::Set, NestingMode::Map, NestingMode::Group);
  return rc::gen::mapcat(mode, [name, ctx](NestingMode m) {
    Context inner = ctx;
    inner.depth = ctx.depth - 1;
    inner.in_set = ctx.in_set || m == NestingMode::Set;
    return rc::gen::apply(
        [name, m](std::pair<std::int64_t, std::int64_t> c, Block body) {
          NestedBlock nb;
          nb.type_name = name;
          nb.nesting = m;
          nb.min_items = c.first;
          nb.max_items = c.second;
          nb.block = std::make_shared<const Block>(std::move(body));
          return nb;
        },
        counts(m), rc::gen::lazy([inner] { return rc::gen::scale(0.5, block_at(inner)); }));
  });
}

rc::Gen<Member> member(const std::string& name, Context ctx) {
  auto as_attribute = rc::gen::map(attribute(name, ctx), [](Attribute a) {
    Member m;
    m.attribute = std::move(a);
    return m;
  });
  if (ctx.depth <= 0) return as_attribute;
  auto as_block = rc::gen::map(block_type(name, ctx), [](NestedBlock b) {
    Member m;
    m.is_block = true;
    m.block_type = std::move(b);
    return m;
  });
  return rc::gen::weightedOneOf<Member>({{3, as_attribute}, {1, as_block}});
}

rc::Gen<std::vector<std::string>> member_names() {
  return rc::gen::resize(6, rc::gen::unique<std::vector<std::string>>(name()));
}

rc::Gen<Block> block_at(Context ctx) {
  return rc::gen::mapcat(member_names(), [ctx](const std::vector<std::string>& names) {
    std::vector<rc::Gen<Member>> members;
    for (const std::string& n : names) members.push_back(member(n, ctx));
    return rc::gen::map(sequence(std::move(members)), [](std::vector<Member> ms) {
      Block b;
      for (Member& m : ms) {
        if (m.is_block)
          b.block_types.push_back(std::move(m.block_type));
        else
          b.attributes.push_back(std::move(m.attribute));
      }
      b.sort();
      return b;
    });
  });
}

rc::Gen<std::vector<Attribute>> nested_attributes(Context ctx) {
  return rc::gen::mapcat(member_names(), [ctx](const std::vector<std::string>& names) {
    std::vector<rc::Gen<Attribute>> attrs;
    for (const std::string& n : names) attrs.push_back(attribute(n, ctx));
    return rc::gen::map(sequence(std::move(attrs)), [](std::vector<Attribute> as) {
      std::sort(as.begin(), as.end(), [](const Attribute& a, const Attribute& b) { return a.name < b.name; });
      return as;
    });
  });
}

}  // namespace

rc::Gen<Block> block(BlockOptions options) {
  return rc::gen::withSize([options](int size) {
    // Depth grows with the size (as gen::type does), capped by the options.
    Context ctx{options, std::min(options.max_depth, size / 25), false};
    return block_at(ctx);
  });
}

}  // namespace tfc::gen
