// Which attributes get the run's world, from the schema alone (names and descriptions as
// providers write them) and from refusal texts; and the learner starting from them and steering
// to them when a refusal says something was missing.
#include "generators/learning/world_choice.hpp"

#include <gtest/gtest.h>

#include "generators/learning/refusal_learner.hpp"
#include "proto/schema/schema_json.hpp"
#include "proto/schema/tf_json.hpp"

namespace tfc::gen::learning {
namespace {

using nlohmann::json;

WorldValues world() {
  WorldValues w;
  w.files = {"/w/input/hello.txt", "/w/input/blob.bin"};
  w.directories = {"/w/input/tree"};
  w.output_files = {"/w/output/out.txt", "/w/output/out-2.txt"};
  w.output_directory = "/w/output/dir";
  w.command = "/w/bin/command.sh";
  w.program = "/w/bin/program.sh";
  w.url = "http://127.0.0.1:4321/";
  return w;
}

schema::Block block_of(const char* text) { return *schema::block_from_json(json::parse(text)); }

// Names and descriptions in the shapes providers write them, none of them a type name.
const char* kWorldSchema = R"({
  "attributes": {
    "filename": {"type": "string", "optional": true, "description": "Path to the file that will be read."},
    "output_path": {"type": "string", "optional": true, "description": "The output of the archive file."},
    "target_file": {"type": "string", "optional": true, "description": "The path to the file that will be created."},
    "source_dir": {"type": "string", "optional": true, "description": "Package entire contents of this directory."},
    "working_dir": {"type": "string", "optional": true, "description": "Working directory of the program."},
    "source": {"type": "string", "optional": true, "description": "Path to file to use as source."},
    "content_filename": {"type": "string", "optional": true, "description": "Set this as the filename in the archive."},
    "file_permission": {"type": "string", "optional": true, "description": "Permissions of the file."},
    "command": {"type": "string", "required": true, "description": "Executable name or absolute path to executable."},
    "program": {"type": ["list", "string"], "required": true, "description": "A list of strings, whose first element is the program to run."},
    "arguments": {"type": ["list", "string"], "optional": true, "description": "Arguments to be passed to the given command."},
    "url": {"type": "string", "required": true, "description": "The URL for the request."},
    "callback": {"type": "string", "optional": true, "description": "The URL to call back."},
    "size": {"type": "number", "optional": true, "description": "The size of the file."},
    "id": {"type": "string", "computed": true, "description": "Path of the file."}
  },
  "block_types": {
    "copy": {"nesting_mode": "list", "block": {"attributes": {
      "from_path": {"type": "string", "optional": true, "description": "The file to read."}
    }}}
  }})";

TEST(WorldChoice, NamesAndDescriptionsSayWhatAttributesWant) {
  const auto b = block_of(kWorldSchema);
  auto need = [&](const char* name) { return world_need_of(*b.find_attribute(name)); };
  EXPECT_EQ(need("filename"), WorldNeed::ExistingFile);
  EXPECT_EQ(need("output_path"), WorldNeed::OutputFile);
  EXPECT_EQ(need("target_file"), WorldNeed::OutputFile);
  EXPECT_EQ(need("source_dir"), WorldNeed::ExistingDirectory);
  EXPECT_EQ(need("working_dir"), WorldNeed::ExistingDirectory);
  EXPECT_EQ(need("source"), WorldNeed::ExistingFile);
  EXPECT_EQ(need("command"), WorldNeed::Command);
  EXPECT_EQ(need("program"), WorldNeed::Program);
  EXPECT_EQ(need("url"), WorldNeed::Url);
  EXPECT_EQ(need("callback"), WorldNeed::Url);
  // A name in an archive, a permission, arguments, a number: not the world's business.
  EXPECT_EQ(need("content_filename"), std::nullopt);
  EXPECT_EQ(need("file_permission"), std::nullopt);
  EXPECT_EQ(need("arguments"), std::nullopt);
  EXPECT_EQ(need("size"), std::nullopt);
}

TEST(WorldChoice, HintsHoldTheWorldsValuesForEveryRecognisedPath) {
  const Hints h = world_hints(block_of(kWorldSchema), world());
  auto values = [&](const char* path) {
    const AttributeHint* a = h.find(path);
    return a == nullptr ? std::vector<json>{} : a->values;
  };
  EXPECT_EQ(values("filename"), (std::vector<json>{"/w/input/hello.txt", "/w/input/blob.bin"}));
  EXPECT_EQ(values("output_path"), (std::vector<json>{"/w/output/out.txt", "/w/output/out-2.txt"}));
  EXPECT_EQ(values("source_dir"), (std::vector<json>{"/w/input/tree"}));
  EXPECT_EQ(values("command"), (std::vector<json>{"/w/bin/command.sh"}));
  EXPECT_EQ(values("program"), (std::vector<json>{json::array({"/w/bin/program.sh"})}));
  EXPECT_EQ(values("url"), (std::vector<json>{"http://127.0.0.1:4321/"}));
  EXPECT_EQ(values("copy.from_path"), (std::vector<json>{"/w/input/hello.txt", "/w/input/blob.bin"}));
  // Computed-only attributes are never configured; unrecognised ones get nothing.
  EXPECT_EQ(h.find("id"), nullptr);
  EXPECT_EQ(h.find("arguments"), nullptr);
  EXPECT_EQ(h.find("content_filename"), nullptr);
  // Every hint fits the schema (check_hints converts each value to the attribute's type).
  EXPECT_TRUE(check_hints(h, block_of(kWorldSchema)));
  // An empty world offers nothing.
  EXPECT_TRUE(world_hints(block_of(kWorldSchema), WorldValues{}).empty());
}

TEST(WorldChoice, RefusalTextsSayWhatWasMissing) {
  EXPECT_EQ(world_lack_in("open /x/y: no such file or directory"), WorldLack::Path);
  EXPECT_EQ(world_lack_in("Error: the file \"abc\" does not exist"), WorldLack::Path);
  EXPECT_EQ(world_lack_in("Command Lookup Failed: exec: \"zq\": executable file not found in $PATH"),
            WorldLack::Executable);
  EXPECT_EQ(world_lack_in("External Program Lookup Failed"), WorldLack::Executable);
  EXPECT_EQ(world_lack_in("Error making request: Get \"abc\": unsupported protocol scheme \"\""), WorldLack::Url);
  EXPECT_EQ(world_lack_in("dial tcp 127.0.0.1:9: connect: connection refused"), WorldLack::Url);
  EXPECT_EQ(world_lack_in("expected length to be in the range (1 - 5)"), std::nullopt);
  const auto b = block_of(kWorldSchema);
  EXPECT_EQ(world_need_for_lack(WorldLack::Executable, *b.find_attribute("program")), WorldNeed::Program);
  EXPECT_EQ(world_need_for_lack(WorldLack::Path, *b.find_attribute("output_path")), WorldNeed::ExistingFile);
  EXPECT_EQ(world_need_for_lack(WorldLack::Path, *b.find_attribute("source_dir")), WorldNeed::ExistingDirectory);
  EXPECT_EQ(world_need_for_lack(WorldLack::Url, *b.find_attribute("size")), std::nullopt);
}

const char* kPlainSchema = R"({
  "attributes": {
    "input": {"type": "string", "required": true},
    "runner": {"type": ["list", "string"], "required": true},
    "filename": {"type": "string", "optional": true, "description": "Path to the file that will be read."}
  }})";

protocol::Diagnostic world_error(std::string summary, std::string detail,
                                 std::optional<cty::Path> path = std::nullopt) {
  protocol::Diagnostic d;
  d.severity = protocol::Severity::Error;
  d.summary = std::move(summary);
  d.detail = std::move(detail);
  d.attribute = std::move(path);
  return d;
}

TEST(WorldLearning, TheLearnerStartsFromTheWorldAndUserHintsWin) {
  const auto b = block_of(kPlainSchema);
  RefusalLearner with(b, {}, true, world());
  ASSERT_TRUE(with.hints().find("filename") != nullptr && !with.hints().find("filename")->values.empty());
  EXPECT_EQ(with.hints().find("filename")->values.front(), "/w/input/hello.txt");
  // Without a world: today's behaviour, nothing about files.
  RefusalLearner without(b, {}, true);
  const AttributeHint* plain = without.hints().find("filename");
  EXPECT_TRUE(plain == nullptr || plain->values.empty());
  // A user's hint on the path wins.
  Hints user;
  user.attributes["filename"].values = {"mine.txt"};
  RefusalLearner owned(b, user, true, world());
  EXPECT_EQ(owned.hints().find("filename")->values, (std::vector<json>{"mine.txt"}));
}

TEST(WorldLearning, ARefusalSayingSomethingWasMissingSteersToTheWorld) {
  const auto b = block_of(kPlainSchema);
  RefusalLearner l(b, {}, true, world());
  l.begin_case();
  const auto refused = *schema::config_from_tf_json(json{{"input", "abc"}, {"runner", {"zq"}}}, b, "");
  // Named by its path: a file that was not there.
  l.refused(refused,
            {world_error("Error reading file", "open abc: no such file or directory", cty::Path().attribute("input")),
             world_error("External Program Lookup Failed", "exec: \"zq\": executable file not found in $PATH",
                         cty::Path().attribute("runner"))});
  const AttributeHint* input = l.hints().find("input");
  ASSERT_TRUE(input != nullptr && !input->values.empty());
  EXPECT_EQ(input->values.front(), "/w/input/hello.txt");
  const AttributeHint* runner = l.hints().find("runner");
  ASSERT_TRUE(runner != nullptr && !runner->values.empty());
  EXPECT_EQ(runner->values.front(), json::array({"/w/bin/program.sh"}));
  bool said = false;
  for (const auto& f : l.facts()) said = said || (f.attribute == "input" && f.source == "world");
  EXPECT_TRUE(said);
  // The world's value refused too: the usual learning takes over (no loop back to it).
  l.begin_case();
  const auto again = *schema::config_from_tf_json(json{{"input", "/w/input/hello.txt"}, {"runner", {"zq"}}}, b, "");
  l.refused(again, {world_error("Error reading file", "open /w/input/hello.txt: no such file or directory",
                                cty::Path().attribute("input"))});
  const AttributeHint* after = l.hints().find("input");
  EXPECT_TRUE(after == nullptr || after->values.empty() || after->values.front() != "/w/input/hello.txt");
}

TEST(WorldLearning, ARequestErrorWithoutAPathSteersTheAttributeItsTextNames) {
  const auto b = block_of(R"({"attributes": {
    "server_address": {"type": "string", "required": true},
    "method": {"type": "string", "optional": true}}})");
  RefusalLearner l(b, {}, true, world());
  auto values = [&](const char* path) {
    const AttributeHint* h = l.hints().find(path);
    return h == nullptr ? std::vector<json>{} : h->values;
  };
  EXPECT_TRUE(values("server_address").empty());  // nothing in its name says URL
  l.begin_case();
  l.refused(*schema::config_from_tf_json(json{{"server_address", "abc"}, {"method", "GET"}}, b, ""),
            {world_error("Error making request", "to server_address (Get \"abc\": unsupported protocol scheme \"\")")});
  EXPECT_EQ(values("server_address"), (std::vector<json>{"http://127.0.0.1:4321/"}));
  EXPECT_TRUE(values("method").empty());
}

}  // namespace
}  // namespace tfc::gen::learning
