#pragma once
// The author's examples of a provider (docs/examples.md): every `resource`, `data`,
// `ephemeral`, `action` and `list` block of one of the provider's types found in the .tf files
// and the markdown fences of a repository, each read into a configuration of its type's schema
// as Terraform would plan it (unknown where a value refers to another block or cannot be
// computed), with the references that wire it to other blocks.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "proto/cty/path.hpp"
#include "proto/cty/value.hpp"
#include "proto/schema/provider_schema.hpp"
#include "proto/util/expected.hpp"

namespace tfc::gen::examples {

enum class BlockKind { resource, data_source, ephemeral_resource, action, list_resource };

/// "resource", "data source", "ephemeral resource", "action", "list resource".
std::string_view to_string(BlockKind kind) noexcept;

/// What a value of an example refers to: `tls_private_key.k.private_key_pem` is
/// {resource, "tls_private_key", "k", "private_key_pem"}.
struct Reference {
  BlockKind kind = BlockKind::resource;
  std::string type;
  std::string name;
  std::string attribute;  // the first attribute step after the name (indexes skipped); "" for the whole object
  friend bool operator==(const Reference&, const Reference&) = default;
};

/// A position of this example's configuration whose value is exactly a reference.
struct Wire {
  cty::Path path;
  Reference from;
};

struct Example {
  BlockKind kind = BlockKind::resource;
  std::string type;
  std::string name;
  std::string file;  // relative to the directory read
  int line = 0;      // the block's line in that file
  /// The block's body in .tf.json resource-body form, holding only the attributes whose values
  /// are wholly known (schema::config_from_tf_json reads it for the type's block).
  nlohmann::json body;
  /// The configuration conformed to the type's block: null where unset, unknown where not
  /// computable or a reference.
  cty::Value config;
  std::vector<Wire> wires;            // references at configuration paths, in the order written
  std::vector<cty::Path> unknown;     // unknown paths that are not references, in the order written
  std::vector<Reference> references;  // every block this one refers to anywhere (inside functions,
                                      // depends_on, ...), once each (attribute ""), in the order met
};

struct ExampleSet {
  /// Every block of one of the provider's types, in file order, files in sorted path order;
  /// identical examples (same kind, type, body, wires and unknowns) kept once.
  std::vector<Example> examples;
  /// The known parts of the first `provider "<name>"` block, in .tf.json form.
  std::optional<nlohmann::json> provider_config;
  /// "file:line: message" (or file:line:col from the reader): malformed files, attributes that
  /// do not fit the schema, files skipped.
  std::vector<std::string> warnings;

  std::vector<const Example*> of(BlockKind kind, std::string_view type) const;
  /// The example of that kind, type and name (the first found).
  const Example* find(BlockKind kind, std::string_view type, std::string_view name) const;
};

/// Reads every .tf and .tfquery.hcl file and every markdown file's terraform/hcl/tf fences under
/// `dir` (a provider repository's root or any folder; .git, vendor, node_modules and hidden
/// folders skipped; files over kMaxFileBytes skipped; at most kMaxFiles files). Variables and
/// locals are shared by the .tf files of one folder, and by the fences of one markdown file.
/// `provider_name` is the provider's local name ("tls"). An error only when `dir` is not a
/// readable directory; everything else is a warning.
Expected<ExampleSet> load_examples(const std::filesystem::path& dir, const schema::ProviderSchema& schema,
                                   std::string_view provider_name);

inline constexpr std::uintmax_t kMaxFileBytes = 1024 * 1024;
inline constexpr std::size_t kMaxFiles = 5000;

}  // namespace tfc::gen::examples
