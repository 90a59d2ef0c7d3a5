#include "generators/learning/world_choice.hpp"

#include <vector>

#include "generators/learning/message_text.hpp"
#include "generators/learning/text_scan.hpp"
#include "proto/schema/implied_type.hpp"

namespace tfc::gen::learning {
namespace {

using nlohmann::json;

/// The words of an attribute name ("source_dir" → source, dir).
std::vector<std::string> name_words(std::string_view name) {
  std::vector<std::string> out;
  std::string word;
  for (char c : lowercase(name)) {
    if (c == '_' || c == '-' || c == '.') {
      if (!word.empty()) out.push_back(std::move(word));
      word.clear();
    } else {
      word.push_back(c);
    }
  }
  if (!word.empty()) out.push_back(std::move(word));
  return out;
}

bool any_word(const std::vector<std::string>& words, std::initializer_list<std::string_view> wanted) {
  for (const auto& w : words) {
    for (auto x : wanted) {
      if (w == x) return true;
    }
  }
  return false;
}

enum class Shape { String, StringList, Other };

Shape shape_of(const schema::Attribute& a) {
  if (a.nested_type || !a.type) return Shape::Other;
  const cty::Type& t = *a.type;
  if (t.kind() == cty::Kind::String) return Shape::String;
  if ((t.kind() == cty::Kind::List || t.kind() == cty::Kind::Set) && t.element().kind() == cty::Kind::String)
    return Shape::StringList;
  return Shape::Other;
}

/// Said of something that is written (created, output) rather than read.
bool written(const std::vector<std::string>& words, std::string_view description) {
  if (has(description, "will be read") || has(description, "to read") || has(description, "must exist") ||
      has(description, "existing") || has(description, "source"))
    return false;
  if (any_word(words, {"output", "out", "dest", "destination", "target"})) return true;
  return has(description, "will be created") || has(description, "to create") || has(description, "to write") ||
         has(description, "written") || has(description, "the output");
}

std::optional<WorldNeed> path_need(const std::vector<std::string>& words, std::string_view description) {
  if (words.empty()) return std::nullopt;
  const std::string& last = words.back();
  const bool directory = last == "dir" || last == "directory" || last == "folder" || last == "dirname";
  // A name ending in "file", "path" or "source" is a path only when described as one ("Set this as the
  // filename" inside an archive is a name, not a path).
  const bool file = last == "path" || last == "file" || last == "filepath" ||
                    ((last == "filename" || last == "source") &&
                     (contains_word(description, "path") || contains_word(description, "file")));
  if (!directory && !file) return std::nullopt;
  if (directory) return written(words, description) ? WorldNeed::OutputDirectory : WorldNeed::ExistingDirectory;
  return written(words, description) ? WorldNeed::OutputFile : WorldNeed::ExistingFile;
}

json strings(const std::vector<std::string>& values) {
  json out = json::array();
  for (const auto& v : values) out.push_back(v);
  return out;
}

void walk(const std::vector<schema::Attribute>& attributes, const std::string& prefix, int depth,
          const WorldValues& world, Hints& out);

void walk(const schema::Block& block, const std::string& prefix, int depth, const WorldValues& world, Hints& out) {
  if (depth > 8) return;
  walk(block.attributes, prefix, depth, world, out);
  for (const auto& nb : block.block_types) {
    if (nb.block) walk(*nb.block, prefix + nb.type_name + ".", depth + 1, world, out);
  }
}

void walk(const std::vector<schema::Attribute>& attributes, const std::string& prefix, int depth,
          const WorldValues& world, Hints& out) {
  if (depth > 8) return;
  for (const auto& a : attributes) {
    if (a.computed && !a.optional && !a.required) continue;  // never configured
    if (a.nested_type) {
      walk(a.nested_type->attributes, prefix + a.name + ".", depth + 1, world, out);
      continue;
    }
    if (auto need = world_need_of(a)) {
      if (auto hint = world_hint(*need, a, world)) out.attributes[prefix + a.name] = std::move(*hint);
    }
  }
}

}  // namespace

std::string_view to_string(WorldNeed need) noexcept {
  switch (need) {
    case WorldNeed::ExistingFile: return "an existing file of the run's world";
    case WorldNeed::ExistingDirectory: return "an existing folder of the run's world";
    case WorldNeed::OutputFile: return "a new file path in the run's world";
    case WorldNeed::OutputDirectory: return "a new folder path in the run's world";
    case WorldNeed::Command: return "the run's world command";
    case WorldNeed::Program: return "the run's world program";
    case WorldNeed::Url: return "the run's loopback URL";
  }
  return "";
}

std::optional<WorldNeed> world_need_of(const schema::Attribute& attribute) {
  const Shape shape = shape_of(attribute);
  if (shape == Shape::Other) return std::nullopt;
  const auto words = name_words(attribute.name);
  const std::string description = lowercase(attribute.description);
  if (words.empty()) return std::nullopt;
  const std::string& last = words.back();
  // An executable, by name or by what its description says it runs.
  const bool program = last == "program" || has(description, "the program to run") ||
                       has(description, "program to execute") || has(description, "is the program to run");
  if (program) return WorldNeed::Program;
  const bool command = last == "command" || last == "executable" || last == "cmd" ||
                       (has(description, "executable") && has(description, "path"));
  if (command) return WorldNeed::Command;
  if (shape != Shape::String) return std::nullopt;
  if (last == "url" || last == "uri" || last == "endpoint" || description.rfind("the url", 0) == 0 ||
      description.rfind("url ", 0) == 0)
    return WorldNeed::Url;
  return path_need(words, description);
}

std::optional<AttributeHint> world_hint(WorldNeed need, const schema::Attribute& attribute, const WorldValues& world) {
  const Shape shape = shape_of(attribute);
  std::vector<std::string> values;
  switch (need) {
    case WorldNeed::ExistingFile: values = world.files; break;
    case WorldNeed::ExistingDirectory: values = world.directories; break;
    case WorldNeed::OutputFile: values = world.output_files; break;
    case WorldNeed::OutputDirectory:
      if (!world.output_directory.empty()) values = {world.output_directory};
      break;
    case WorldNeed::Command:
      if (!world.command.empty()) values = {world.command};
      break;
    case WorldNeed::Program:
      if (!world.program.empty()) values = {world.program};
      break;
    case WorldNeed::Url:
      if (!world.url.empty()) values = {world.url};
      break;
  }
  if (values.empty() || shape == Shape::Other) return std::nullopt;
  AttributeHint hint;
  if (shape == Shape::String) {
    for (const auto& v : values) hint.values.emplace_back(v);
    return hint;
  }
  // A list of strings: only an executable, as the list's first and only element (the
  // external data source's `program`, a `command` given as argv).
  if (need != WorldNeed::Command && need != WorldNeed::Program) return std::nullopt;
  hint.values.push_back(strings({values.front()}));
  return hint;
}

Hints world_hints(const schema::Block& block, const WorldValues& world) {
  Hints out;
  walk(block, "", 0, world, out);
  return out;
}

std::optional<WorldLack> world_lack_in(std::string_view message) {
  const std::string t = lowercase(message);
  // An executable first: "executable file not found in $PATH" also says "not found".
  if (has(t, "executable file not found") || has(t, "lookup failed") || has(t, "command not found") ||
      has(t, "exec format error") || has(t, "fork/exec"))
    return WorldLack::Executable;
  if (has(t, "error making request") || has(t, "connection refused") || has(t, "no such host") ||
      has(t, "unsupported protocol scheme") || has(t, "dial tcp") || has(t, "no route to host"))
    return WorldLack::Url;
  if (has(t, "no such file or directory") || has(t, "does not exist") || has(t, "file not found") ||
      has(t, "not a directory") || has(t, "is a directory"))
    return WorldLack::Path;
  return std::nullopt;
}

std::optional<WorldNeed> world_need_for_lack(WorldLack lack, const schema::Attribute& attribute) {
  const Shape shape = shape_of(attribute);
  if (shape == Shape::Other) return std::nullopt;
  const auto own = world_need_of(attribute);
  switch (lack) {
    case WorldLack::Executable:
      if (own == WorldNeed::Program || own == WorldNeed::Command) return own;
      return shape == Shape::StringList ? WorldNeed::Program : WorldNeed::Command;
    case WorldLack::Url:
      if (shape != Shape::String) return std::nullopt;
      return WorldNeed::Url;
    case WorldLack::Path:
      if (shape != Shape::String) return std::nullopt;
      // It must exist: an output path the provider wanted to read is an existing one after all.
      if (own == WorldNeed::ExistingDirectory || own == WorldNeed::OutputDirectory) return WorldNeed::ExistingDirectory;
      if (own == WorldNeed::Command || own == WorldNeed::Program) return own;
      return WorldNeed::ExistingFile;
  }
  return std::nullopt;
}

}  // namespace tfc::gen::learning
