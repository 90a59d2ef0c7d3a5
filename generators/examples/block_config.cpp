#include "generators/examples/block_config.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "hcl/convert.hpp"
#include "proto/schema/absent_block.hpp"
#include "proto/schema/implied_type.hpp"

namespace tfc::gen::examples {

namespace {

// Terraform's meta-arguments of resource-like blocks (Terraform language documentation,
// "Meta-Arguments"): they steer Core, they are not the provider's configuration.
const std::set<std::string> kMetaAttributes = {"count", "for_each", "depends_on", "provider"};
const std::set<std::string> kMetaBlocks = {"lifecycle", "provisioner", "connection"};
const std::set<std::string> kProviderMetaAttributes = {"alias", "version"};
const std::set<std::string> kNone;

const std::set<std::string>& skipped_attributes(BodyRole role) {
  return role == BodyRole::resource ? kMetaAttributes : role == BodyRole::provider ? kProviderMetaAttributes : kNone;
}

const hcl::Expr& unwrapped(const hcl::Expr& e) {
  const hcl::Expr* p = &e;
  while (p->kind == hcl::ExprKind::template_wrap && p->operands[0]) p = p->operands[0].get();
  return *p;
}

std::optional<std::string> literal_string(const hcl::Expr& e) {
  if (e.kind != hcl::ExprKind::literal || !e.value.is_known() || e.value.is_null()) return std::nullopt;
  auto s = hcl::convert(e.value, cty::Type::string());
  if (!s) return std::nullopt;
  return s->as_string();
}

void collect_unknown(const cty::Value& v, const cty::Path& path, std::vector<cty::Path>& out) {
  if (!v.is_known()) {
    out.push_back(path);
    return;
  }
  if (v.is_null()) return;
  switch (v.type().kind()) {
    case cty::Kind::List:
    case cty::Kind::Tuple:
      for (std::size_t i = 0; i < v.elements().size(); ++i) {
        collect_unknown(v.elements()[i], path.index(static_cast<std::int64_t>(i)), out);
      }
      return;
    case cty::Kind::Set:
      for (const cty::Value& e : v.elements()) {
        if (!e.is_wholly_known()) out.push_back(path.set_element(e));
      }
      return;
    case cty::Kind::Map:
      for (const auto& [k, e] : v.map_entries()) collect_unknown(e, path.key(k), out);
      return;
    case cty::Kind::Object:
      for (std::size_t i = 0; i < v.attribute_values().size(); ++i) {
        collect_unknown(v.attribute_values()[i], path.attribute(v.type().attributes()[i].name), out);
      }
      return;
    default: return;
  }
}

// A nested block as written, or one element of a dynamic block (its content, its labels and
// the iterator bound while reading it).
struct Written {
  const hcl::Block* block = nullptr;
  std::vector<std::string> labels;
  std::optional<std::map<std::string, cty::Value>> symbols;
};

class Reader {
public:
  Reader(BlockContext& ctx, BlockConfig& out) : m_ctx(ctx), m_out(out) {}

  // The configuration of `block` from `body` (and its known-only twin) at `path`.
  std::pair<cty::Value, cty::Value> block(const hcl::Body& body, const schema::Block& block, const cty::Path& path,
                                          BodyRole role) {
    std::map<std::string, std::pair<cty::Value, cty::Value>> values;
    for (const hcl::Attribute& a : body.attributes) {
      if (skipped_attributes(role).count(a.name)) continue;
      const schema::Attribute* attr = block.find_attribute(a.name);
      if (!attr) {
        m_ctx.warn(a.pos, block.find_block_type(a.name) ? "\"" + a.name + "\" is a block, not an attribute (dropped)"
                                                        : "unsupported attribute \"" + a.name + "\" (dropped)");
        continue;
      }
      if (attr->computed && !attr->optional && !attr->required) {
        m_ctx.warn(a.pos, "attribute \"" + a.name + "\" is computed only and cannot be set (dropped)");
        continue;
      }
      if (auto v = attribute(a, *attr, path.attribute(a.name))) values[a.name] = std::move(*v);
    }
    std::map<std::string, std::vector<Written>> written;  // by block type, in file order
    for (const hcl::Block& b : body.blocks) {
      if (role == BodyRole::resource && kMetaBlocks.count(b.type)) continue;
      if (b.type == "dynamic") {
        dynamic_block(b, block, written);
        continue;
      }
      if (!block.find_block_type(b.type)) {
        m_ctx.warn(b.pos, block.find_attribute(b.type) ? "\"" + b.type + "\" is an attribute, not a block (dropped)"
                                                       : "unsupported block type \"" + b.type + "\" (dropped)");
        continue;
      }
      written[b.type].push_back(Written{&b, b.labels, std::nullopt});
    }
    for (const schema::NestedBlock& nb : block.block_types) {
      if (values.count(nb.type_name)) continue;  // an attribute of the same name won (invalid schema)
      auto found = written.find(nb.type_name);
      values[nb.type_name] =
          nested(nb, found == written.end() ? std::vector<Written>{} : found->second, path.attribute(nb.type_name));
    }
    return object_of(block, values);
  }

private:
  static std::pair<cty::Value, cty::Value> object_of(const schema::Block& block,
                                                     std::map<std::string, std::pair<cty::Value, cty::Value>>& values) {
    const cty::Type type = schema::implied_type(block);
    const cty::Value empty = schema::empty_block_value(block);
    std::vector<cty::Value> config;
    std::vector<cty::Value> known;
    for (std::size_t i = 0; i < type.attributes().size(); ++i) {
      const std::string& name = type.attributes()[i].name;
      auto found = values.find(name);
      config.push_back(found == values.end() ? empty.attribute_values()[i] : found->second.first);
      known.push_back(found == values.end() ? empty.attribute_values()[i] : found->second.second);
    }
    return {cty::Value::object(type, std::move(config)), cty::Value::object(type, std::move(known))};
  }

  std::optional<std::pair<cty::Value, cty::Value>> attribute(const hcl::Attribute& a, const schema::Attribute& attr,
                                                             const cty::Path& path) {
    const cty::Type type = schema::implied_type(attr);
    auto converted = hcl::convert(m_ctx.evaluator.evaluate(*a.expr), type);
    if (!converted) {
      m_ctx.warn(a.pos, "attribute \"" + a.name + "\": " + converted.error().message + " (dropped)");
      return std::nullopt;
    }
    std::vector<Wire> wires;
    wires_of(*a.expr, type, path, wires);
    std::vector<cty::Path> unknown;
    collect_unknown(*converted, path, unknown);
    for (const cty::Path& p : unknown) {
      const bool wired = std::any_of(wires.begin(), wires.end(), [&](const Wire& w) { return w.path == p; });
      if (!wired) m_out.unknown.push_back(p);
    }
    for (Wire& w : wires) {
      // A wire counts only where the value really is unknown (a reference inside a known
      // branch of a conditional, say, is not one).
      if (std::any_of(unknown.begin(), unknown.end(), [&](const cty::Path& p) { return p == w.path; })) {
        m_out.wires.push_back(std::move(w));
      }
    }
    const cty::Value known = converted->is_wholly_known() ? *converted : cty::Value::null(type);
    return std::make_pair(*converted, known);
  }

  // Positions of `e` that are exactly a reference, following tuple and object constructors.
  void wires_of(const hcl::Expr& expr, const cty::Type& type, const cty::Path& path, std::vector<Wire>& out) {
    const hcl::Expr& e = unwrapped(expr);
    if (e.kind == hcl::ExprKind::traversal && !m_ctx.evaluator.is_bound(e.name)) {
      if (auto r = reference_of(e)) out.push_back(Wire{path, std::move(*r)});
      return;
    }
    const cty::Kind k = type.kind();
    if (e.kind == hcl::ExprKind::tuple && (k == cty::Kind::List || k == cty::Kind::Tuple)) {
      for (std::size_t i = 0; i < e.operands.size(); ++i) {
        const cty::Type element = k == cty::Kind::List               ? type.element()
                                  : i < type.tuple_elements().size() ? type.tuple_elements()[i]
                                                                     : cty::Type::dynamic();
        if (e.operands[i]) wires_of(*e.operands[i], element, path.index(static_cast<std::int64_t>(i)), out);
      }
      return;
    }
    if (e.kind == hcl::ExprKind::object && (k == cty::Kind::Map || k == cty::Kind::Object)) {
      for (std::size_t i = 0; i + 1 < e.operands.size(); i += 2) {
        auto key = literal_string(*e.operands[i]);
        if (!key || !e.operands[i + 1]) continue;
        if (k == cty::Kind::Map) {
          wires_of(*e.operands[i + 1], type.element(), path.key(*key), out);
        } else if (const cty::Type* t = type.attribute_type(*key)) {
          wires_of(*e.operands[i + 1], *t, path.attribute(*key), out);
        }
      }
    }
  }

  // `dynamic "NAME" { for_each = ..., iterator = IT, labels = [...], content { ... } }`: one
  // block per element when for_each is known, read with the iterator bound; left out when not.
  void dynamic_block(const hcl::Block& b, const schema::Block& block,
                     std::map<std::string, std::vector<Written>>& written) {
    if (b.labels.size() != 1 || !block.find_block_type(b.labels[0])) {
      m_ctx.warn(b.pos, "dynamic block for an unsupported block type (dropped)");
      return;
    }
    const std::string& name = b.labels[0];
    const hcl::Attribute* for_each = b.body.find_attribute("for_each");
    const hcl::Block* content = nullptr;
    for (const hcl::Block& c : b.body.blocks) {
      if (c.type == "content") content = &c;
    }
    if (!for_each || !content) {
      m_ctx.warn(b.pos, "dynamic \"" + name + "\" needs for_each and a content block (dropped)");
      return;
    }
    std::string iterator = name;
    if (const hcl::Attribute* it = b.body.find_attribute("iterator")) {
      const hcl::Expr& e = unwrapped(*it->expr);
      if (e.kind == hcl::ExprKind::traversal && e.steps.empty()) iterator = e.name;
    }
    auto items = hcl::iteration_items(m_ctx.evaluator.evaluate(*for_each->expr));
    if (!items) return;
    for (const auto& [k, v] : *items) {
      std::map<std::string, cty::Value> symbols{{iterator, cty::Value::object({{"key", k}, {"value", v}})}};
      Written w{content, {}, symbols};
      if (const hcl::Attribute* labels = b.body.find_attribute("labels")) {
        m_ctx.evaluator.push_symbols(symbols);
        auto l = hcl::convert(m_ctx.evaluator.evaluate(*labels->expr), cty::Type::list(cty::Type::string()));
        m_ctx.evaluator.pop_symbols();
        if (l && l->is_wholly_known() && !l->is_null()) {
          for (const cty::Value& s : l->elements()) w.labels.push_back(s.as_string());
        }
      }
      written[name].push_back(std::move(w));
    }
  }

  // One written block's configuration, with a dynamic block's iterator bound while it is read.
  std::pair<cty::Value, cty::Value> written_block(const Written& w, const schema::Block& body_schema,
                                                  const cty::Path& path) {
    if (w.symbols) m_ctx.evaluator.push_symbols(*w.symbols);
    auto result = block(w.block->body, body_schema, path, BodyRole::nested);
    if (w.symbols) m_ctx.evaluator.pop_symbols();
    return result;
  }

  std::pair<cty::Value, cty::Value> nested(const schema::NestedBlock& nb, std::vector<Written> blocks,
                                           const cty::Path& path) {
    static const schema::Block kEmpty;
    const schema::Block& body_schema = nb.block ? *nb.block : kEmpty;
    const bool labelled = nb.nesting == schema::NestingMode::Map;
    for (auto it = blocks.begin(); it != blocks.end();) {
      if (it->labels.size() != (labelled ? 1u : 0u)) {
        m_ctx.warn(it->block->pos,
                   "block \"" + nb.type_name + "\" needs " + (labelled ? "one label" : "no labels") + " (dropped)");
        it = blocks.erase(it);
      } else {
        ++it;
      }
    }
    const bool single = nb.nesting == schema::NestingMode::Single || nb.nesting == schema::NestingMode::Group;
    const std::size_t max = single ? 1 : static_cast<std::size_t>(nb.max_items > 0 ? nb.max_items : 0);
    if (max > 0 && blocks.size() > max) {
      m_ctx.warn(blocks[max].block->pos,
                 "more \"" + nb.type_name + "\" blocks than the schema allows (the rest dropped)");
      blocks.resize(max);
    }
    if (blocks.empty()) {
      const cty::Value absent = schema::absent_block(nb);
      return {absent, absent};
    }
    if (single) return written_block(blocks[0], body_schema, path);
    const cty::Type element = schema::implied_type(body_schema);
    const bool dynamic_shape = schema::implied_type(nb).is_dynamic();  // a tuple or object, not a list or map
    std::vector<cty::Value> config;
    std::vector<cty::Value> known;
    std::vector<std::pair<std::string, cty::Value>> config_entries;
    std::vector<std::pair<std::string, cty::Value>> known_entries;
    for (std::size_t i = 0; i < blocks.size(); ++i) {
      cty::Path at = path;
      if (nb.nesting == schema::NestingMode::List) at = path.index(static_cast<std::int64_t>(i));
      if (nb.nesting == schema::NestingMode::Map) at = path.key(blocks[i].labels[0]);
      const std::size_t wires_before = m_out.wires.size();
      const std::size_t unknown_before = m_out.unknown.size();
      auto [c, k] = written_block(blocks[i], body_schema, at);
      if (nb.nesting == schema::NestingMode::Set) rebase_set_paths(path, c, wires_before, unknown_before);
      if (labelled) {
        config_entries.emplace_back(blocks[i].labels[0], std::move(c));
        known_entries.emplace_back(blocks[i].labels[0], std::move(k));
      } else {
        config.push_back(std::move(c));
        known.push_back(std::move(k));
      }
    }
    switch (nb.nesting) {
      case schema::NestingMode::Set:
        return {cty::Value::set(element, std::move(config)), cty::Value::set(element, std::move(known))};
      case schema::NestingMode::Map:
        if (dynamic_shape)
          return {cty::Value::object(std::move(config_entries)), cty::Value::object(std::move(known_entries))};
        return {cty::Value::map(element, std::move(config_entries)),
                cty::Value::map(element, std::move(known_entries))};
      default:
        if (dynamic_shape) return {cty::Value::tuple(std::move(config)), cty::Value::tuple(std::move(known))};
        return {cty::Value::list(element, std::move(config)), cty::Value::list(element, std::move(known))};
    }
  }

  // The paths read inside a set block were made relative to the set itself; a set element is
  // named by its value, known only now.
  void rebase_set_paths(const cty::Path& set_path, const cty::Value& element, std::size_t wires_from,
                        std::size_t unknown_from) {
    auto rebase = [&](cty::Path& p) {
      cty::Path out = set_path.set_element(element);
      for (std::size_t i = set_path.size(); i < p.size(); ++i) {
        const cty::PathStep& s = p.steps()[i];
        if (auto* a = std::get_if<cty::AttributeStep>(&s))
          out = out.attribute(a->name);
        else if (auto* x = std::get_if<cty::IndexStep>(&s))
          out = out.index(x->index);
        else if (auto* k = std::get_if<cty::KeyStep>(&s))
          out = out.key(k->key);
        else if (auto* e = std::get_if<cty::SetElementStep>(&s))
          out = out.set_element(e->element);
      }
      p = std::move(out);
    };
    for (std::size_t i = wires_from; i < m_out.wires.size(); ++i) rebase(m_out.wires[i].path);
    for (std::size_t i = unknown_from; i < m_out.unknown.size(); ++i) rebase(m_out.unknown[i]);
  }

  BlockContext& m_ctx;
  BlockConfig& m_out;
};

}  // namespace

std::optional<Reference> reference_of(const hcl::Expr& traversal) {
  if (traversal.kind != hcl::ExprKind::traversal) return std::nullopt;
  static const std::set<std::string> kNotBlocks = {"var",  "local",     "module", "count",  "each",
                                                   "path", "terraform", "self",   "action", "list"};
  if (kNotBlocks.count(traversal.name)) return std::nullopt;
  Reference r;
  std::size_t next = 0;
  if (traversal.name == "data" || traversal.name == "ephemeral") {
    r.kind = traversal.name == "data" ? BlockKind::data_source : BlockKind::ephemeral_resource;
    if (traversal.steps.empty() || traversal.steps[0].kind != hcl::Step::Kind::attribute) return std::nullopt;
    r.type = traversal.steps[0].name;
    next = 1;
  } else {
    r.type = traversal.name;
  }
  if (next >= traversal.steps.size() || traversal.steps[next].kind != hcl::Step::Kind::attribute) return std::nullopt;
  r.name = traversal.steps[next].name;
  for (std::size_t i = next + 1; i < traversal.steps.size(); ++i) {
    if (traversal.steps[i].kind == hcl::Step::Kind::attribute) {
      r.attribute = traversal.steps[i].name;
      break;
    }
  }
  return r;
}

BlockConfig read_block(const hcl::Body& body, const schema::Block& block, BlockContext& ctx, BodyRole role) {
  BlockConfig out;
  Reader reader(ctx, out);
  auto [config, known] = reader.block(body, block, cty::Path(), role);
  out.config = std::move(config);
  out.known = std::move(known);
  return out;
}

}  // namespace tfc::gen::examples
