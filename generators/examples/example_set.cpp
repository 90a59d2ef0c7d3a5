#include "generators/examples/example_set.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <system_error>
#include <utility>

#include "generators/examples/block_config.hpp"
#include "generators/examples/example_files.hpp"
#include "hcl/parser.hpp"
#include "proto/schema/tf_json.hpp"

namespace tfc::gen::examples {

namespace {

namespace fs = std::filesystem;

struct KindOf {
  BlockKind kind;
  const std::map<std::string, schema::Schema>* schemas;
};

// The HCL block type of each kind of block a provider serves (Terraform language
// documentation: resource, data, ephemeral, action, list in .tfquery.hcl files).
std::optional<KindOf> kind_of(const std::string& block_type, const schema::ProviderSchema& schema) {
  if (block_type == "resource") return KindOf{BlockKind::resource, &schema.resource_schemas};
  if (block_type == "data") return KindOf{BlockKind::data_source, &schema.data_source_schemas};
  if (block_type == "ephemeral") return KindOf{BlockKind::ephemeral_resource, &schema.ephemeral_resource_schemas};
  if (block_type == "action") return KindOf{BlockKind::action, &schema.action_schemas};
  if (block_type == "list") return KindOf{BlockKind::list_resource, &schema.list_resource_schemas};
  return std::nullopt;
}

// Actions and list resources hold their configuration in a nested `config` block.
const hcl::Body& configuration_body(const hcl::Block& block, BlockKind kind) {
  static const hcl::Body kEmpty;
  if (kind != BlockKind::action && kind != BlockKind::list_resource) return block.body;
  for (const hcl::Block& b : block.body.blocks) {
    if (b.type == "config") return b.body;
  }
  return kEmpty;
}

std::string render_paths(const std::vector<cty::Path>& paths) {
  std::string out;
  for (const cty::Path& p : paths) out += p.render() + ";";
  return out;
}

std::string identity(const Example& e) {
  std::string wires;
  for (const Wire& w : e.wires) {
    wires += w.path.render() + "<-" + std::string(to_string(w.from.kind)) + ":" + w.from.type + "." + w.from.name +
             "." + w.from.attribute + ";";
  }
  return std::string(to_string(e.kind)) + "|" + e.type + "|" + e.body.dump() + "|" + wires + "|" +
         render_paths(e.unknown);
}

class UnitReader {
public:
  UnitReader(const schema::ProviderSchema& schema, std::string_view provider_name, ExampleSet& out)
      : m_schema(schema), m_provider_name(provider_name), m_out(out) {}

  void read(const SourceUnit& unit) {
    std::vector<std::pair<const SourceText*, hcl::File>> files;
    for (const SourceText& text : unit.texts) {
      hcl::File f = hcl::parse(text.text, hcl::SourceName{text.file, text.first_line});
      for (std::string& w : f.warnings) m_out.warnings.push_back(std::move(w));
      files.emplace_back(&text, std::move(f));
    }
    hcl::Evaluator evaluator;
    for (const auto& [text, file] : files) declare(file.body, evaluator);
    for (const auto& [text, file] : files) {
      for (const hcl::Block& block : file.body.blocks) {
        if (block.type == "check") {  // a check block's scoped data sources
          for (const hcl::Block& inner : block.body.blocks) {
            if (inner.type == "data") example(*text, inner, evaluator);
          }
        } else if (block.type == "provider") {
          provider(*text, block, evaluator);
        } else {
          example(*text, block, evaluator);
        }
      }
    }
  }

private:
  // Variables (their defaults, else unknown) and locals of the module.
  static void declare(const hcl::Body& body, hcl::Evaluator& evaluator) {
    for (const hcl::Block& block : body.blocks) {
      if (block.type == "variable" && block.labels.size() == 1) {
        const hcl::Attribute* d = block.body.find_attribute("default");
        evaluator.set_variable(block.labels[0],
                               d ? evaluator.evaluate(*d->expr) : cty::Value::unknown(cty::Type::dynamic()));
      }
      if (block.type == "locals") {
        for (const hcl::Attribute& a : block.body.attributes) evaluator.add_local(a.name, a.expr.get());
      }
    }
  }

  static int file_line(const SourceText& text, hcl::SourcePos pos) { return pos.line + text.first_line - 1; }

  void warn(const SourceText& text, hcl::SourcePos pos, const std::string& what, const std::string& message) {
    m_out.warnings.push_back(text.file + ":" + std::to_string(file_line(text, pos)) + ": " + what + ": " + message);
  }

  void provider(const SourceText& text, const hcl::Block& block, hcl::Evaluator& evaluator) {
    if (m_out.provider_config || block.labels.size() != 1 || block.labels[0] != m_provider_name) return;
    const std::string what = "provider \"" + block.labels[0] + "\"";
    BlockContext ctx{evaluator, [&](hcl::SourcePos pos, const std::string& m) { warn(text, pos, what, m); }};
    evaluator.set_reference_listener(nullptr);
    const BlockConfig config = read_block(block.body, m_schema.provider.block, ctx, BodyRole::provider);
    m_out.provider_config = schema::config_to_tf_json(config.known, m_schema.provider.block);
  }

  void example(const SourceText& text, const hcl::Block& block, hcl::Evaluator& evaluator) {
    auto kind = kind_of(block.type, m_schema);
    if (!kind || block.labels.size() != 2) return;
    const std::string& type = block.labels[0];
    auto found = kind->schemas->find(type);
    const std::string what = type + "." + block.labels[1];
    if (found == kind->schemas->end()) {
      const std::string prefix = std::string(m_provider_name) + "_";
      if (type == m_provider_name || type.rfind(prefix, 0) == 0) {
        warn(text, block.pos, what, "the provider has no " + std::string(to_string(kind->kind)) + " of this type");
      }
      return;
    }
    Example e;
    e.kind = kind->kind;
    e.type = type;
    e.name = block.labels[1];
    e.file = text.file;
    e.line = file_line(text, block.pos);
    evaluator.set_reference_listener([&](const hcl::Expr& traversal) {
      auto r = reference_of(traversal);
      if (!r) return;
      r->attribute.clear();  // the block, whatever attribute of it was used
      if (std::find(e.references.begin(), e.references.end(), *r) == e.references.end()) e.references.push_back(*r);
    });
    iterate_once(block, evaluator);
    const schema::Block& schema_block = found->second.block;
    BlockContext ctx{evaluator, [&](hcl::SourcePos pos, const std::string& m) { warn(text, pos, what, m); }};
    BlockConfig config = read_block(configuration_body(block, e.kind), schema_block, ctx, BodyRole::resource);
    if (const hcl::Attribute* depends = block.body.find_attribute("depends_on")) evaluator.evaluate(*depends->expr);
    evaluator.clear_iteration();
    evaluator.set_reference_listener(nullptr);
    e.config = std::move(config.config);
    e.wires = std::move(config.wires);
    e.unknown = std::move(config.unknown);
    e.body = schema::config_to_tf_json(config.known, schema_block);
    if (auto check = schema::config_from_tf_json(e.body, schema_block, ""); !check) {
      warn(text, block.pos, what, "the known part of the example does not fit the schema: " + check.error().message);
    }
    m_out.examples.push_back(std::move(e));
  }

  // `count` and `for_each` examples are read once: count.index = 0, each = the first element.
  static void iterate_once(const hcl::Block& block, hcl::Evaluator& evaluator) {
    evaluator.clear_iteration();
    if (block.body.find_attribute("count")) evaluator.set_count_index(0);
    if (const hcl::Attribute* for_each = block.body.find_attribute("for_each")) {
      auto items = hcl::iteration_items(evaluator.evaluate(*for_each->expr));
      if (items && !items->empty()) {
        evaluator.set_each(
            items->front().first.type().kind() == cty::Kind::String ? items->front().first : items->front().second,
            items->front().second);
      } else {
        evaluator.set_each(cty::Value::unknown(cty::Type::string()), cty::Value::unknown(cty::Type::dynamic()));
      }
    }
  }

  const schema::ProviderSchema& m_schema;
  std::string_view m_provider_name;
  ExampleSet& m_out;
};

}  // namespace

std::string_view to_string(BlockKind kind) noexcept {
  switch (kind) {
    case BlockKind::resource: return "resource";
    case BlockKind::data_source: return "data source";
    case BlockKind::ephemeral_resource: return "ephemeral resource";
    case BlockKind::action: return "action";
    case BlockKind::list_resource: return "list resource";
  }
  return "resource";
}

std::vector<const Example*> ExampleSet::of(BlockKind kind, std::string_view type) const {
  std::vector<const Example*> out;
  for (const Example& e : examples) {
    if (e.kind == kind && e.type == type) out.push_back(&e);
  }
  return out;
}

const Example* ExampleSet::find(BlockKind kind, std::string_view type, std::string_view name) const {
  for (const Example& e : examples) {
    if (e.kind == kind && e.type == type && e.name == name) return &e;
  }
  return nullptr;
}

Expected<ExampleSet> load_examples(const fs::path& dir, const schema::ProviderSchema& schema,
                                   std::string_view provider_name) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return Error{"examples: " + dir.string() + " is not a directory"};
  ExampleSet set;
  const std::vector<SourceUnit> units = example_sources(dir, set.warnings);
  UnitReader reader(schema, provider_name, set);
  for (const SourceUnit& unit : units) reader.read(unit);
  // File order within files, files in sorted path order (a folder's files were read together).
  std::stable_sort(set.examples.begin(), set.examples.end(), [](const Example& a, const Example& b) {
    return std::tie(a.file, a.line) < std::tie(b.file, b.line);
  });
  std::set<std::string> seen;
  std::vector<Example> unique;
  for (Example& e : set.examples) {
    if (seen.insert(identity(e)).second) unique.push_back(std::move(e));
  }
  set.examples = std::move(unique);
  return set;
}

}  // namespace tfc::gen::examples
