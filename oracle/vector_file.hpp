#pragma once
// Reading oracle vector files (docs/oracle-vectors.md): one document or a JSON array
// of documents, each naming a check, a schema and the objects of one lifecycle step.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "proto/schema/block.hpp"
#include "proto/util/expected.hpp"

namespace tfc::oracle {

enum class CheckKind : std::uint8_t { Plan, PlanFinal, Apply, Proposed };

/// "plan", "plan-final", "apply", "proposed".
std::string_view to_string(CheckKind kind) noexcept;

/// One document of a vector file, validated for shape but with its values still in JSON form
/// (they are decoded against the schema's type when the vector runs).
struct Vector {
  std::string file;
  std::size_t index = 0;  // position in the file (0 for a single document)
  std::string name;
  CheckKind check = CheckKind::Plan;
  schema::Block block;
  nlohmann::json values;    // the `values` object
  nlohmann::json document;  // the whole document (extension keys live here)

  /// "FILE: vector N (\"name\")": the prefix of every error about this vector.
  std::string where() const;
};

/// The object names a check needs in `values` (e.g. prior, config, planned for plan).
std::vector<std::string_view> required_values(CheckKind kind);

/// Parses vector documents from `text`; `file` names the source in errors. Fails on invalid
/// JSON, a document that is not an object, an unknown `check`, a bad `schema` or missing
/// `values` entries, naming the file, the vector (index and name) and the JSON path.
Expected<std::vector<Vector>> parse_vectors(std::string_view text, const std::string& file);

/// Reads and parses the file at `path`.
Expected<std::vector<Vector>> read_vector_file(const std::string& path);

}  // namespace tfc::oracle
