#include "oracle/vector_file.hpp"

#include <fstream>
#include <sstream>

#include "proto/schema/schema_json.hpp"

namespace tfc::oracle {
namespace {

using nlohmann::json;

Expected<CheckKind> check_kind(const json& doc) {
  auto it = doc.find("check");
  if (it == doc.end()) return Error{"check: missing (want \"plan\", \"plan-final\", \"apply\" or \"proposed\")"};
  if (!it->is_string()) return Error{"check: not a string"};
  const std::string s = it->get<std::string>();
  if (s == "plan") return CheckKind::Plan;
  if (s == "plan-final") return CheckKind::PlanFinal;
  if (s == "apply") return CheckKind::Apply;
  if (s == "proposed") return CheckKind::Proposed;
  return Error{"check: unknown check \"" + s + "\" (want \"plan\", \"plan-final\", \"apply\" or \"proposed\")"};
}

Expected<Vector> parse_document(const json& doc, const std::string& file, std::size_t index) {
  Vector v;
  v.file = file;
  v.index = index;
  if (!doc.is_object()) return Error{v.where() + ": the document is not a JSON object"};
  if (auto it = doc.find("name"); it != doc.end()) {
    if (!it->is_string()) return Error{v.where() + ": name: not a string"};
    v.name = it->get<std::string>();
  }
  auto kind = check_kind(doc);
  if (!kind) return with_context(v.where(), kind.error());
  v.check = *kind;
  auto schema_it = doc.find("schema");
  if (schema_it == doc.end()) return Error{v.where() + ": schema: missing"};
  auto block = schema::block_from_json(*schema_it);
  if (!block) return with_context(v.where() + ": schema", block.error());
  v.block = std::move(*block);
  auto values_it = doc.find("values");
  if (values_it == doc.end() || !values_it->is_object()) return Error{v.where() + ": values: missing or not an object"};
  for (std::string_view needed : required_values(v.check)) {
    if (!values_it->contains(std::string(needed)))
      return Error{v.where() + ": values." + std::string(needed) + ": missing (a " + std::string(to_string(v.check)) +
                   " vector needs it; write null for a null object)"};
  }
  v.values = *values_it;
  v.document = doc;
  return v;
}

}  // namespace

std::string_view to_string(CheckKind kind) noexcept {
  switch (kind) {
    case CheckKind::Plan: return "plan";
    case CheckKind::PlanFinal: return "plan-final";
    case CheckKind::Apply: return "apply";
    case CheckKind::Proposed: return "proposed";
  }
  return "plan";
}

std::string Vector::where() const {
  std::string s = file + ": vector " + std::to_string(index);
  if (!name.empty()) s += " (\"" + name + "\")";
  return s;
}

std::vector<std::string_view> required_values(CheckKind kind) {
  switch (kind) {
    case CheckKind::Plan: return {"prior", "config", "planned"};
    case CheckKind::PlanFinal: return {"initial_planned", "planned"};
    case CheckKind::Apply: return {"planned", "new"};
    case CheckKind::Proposed: return {"prior", "config"};
  }
  return {};
}

Expected<std::vector<Vector>> parse_vectors(std::string_view text, const std::string& file) {
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::parse_error& e) {
    return Error{file + ": not valid JSON: " + e.what()};
  }
  std::vector<Vector> out;
  if (doc.is_array()) {
    for (std::size_t i = 0; i < doc.size(); ++i) {
      auto v = parse_document(doc[i], file, i);
      if (!v) return v.error();
      out.push_back(std::move(*v));
    }
  } else {
    auto v = parse_document(doc, file, 0);
    if (!v) return v.error();
    out.push_back(std::move(*v));
  }
  return out;
}

Expected<std::vector<Vector>> read_vector_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{path + ": cannot open the file"};
  std::ostringstream text;
  text << in.rdbuf();
  return parse_vectors(text.str(), path);
}

}  // namespace tfc::oracle
