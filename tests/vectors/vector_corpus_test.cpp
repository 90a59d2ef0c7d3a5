// Runs every vector file under tests/vectors/ through the real `tfconform oracle` CLI and
// compares each output line with the vector's `expect` (valid flag, proposed values) and the
// corpus's own extension keys: `expect_rules` (the set of rule ids found), `expect_paths` (the
// set of paths found), `expect_severities` (rule id -> severity) and `expect_not_in_messages`
// (strings that must not appear in any message, for redaction).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct RunResult {
  int status = -1;
  std::string out;
  std::string err;
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string quoted(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

RunResult run_cli(const std::vector<std::string>& args) {
  static int counter = 0;
  const fs::path dir = fs::temp_directory_path();
  const fs::path out = dir / ("tfc_vec_out_" + std::to_string(::getpid()) + "_" + std::to_string(counter));
  const fs::path err = dir / ("tfc_vec_err_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
  std::string cmd = quoted(TFC_CLI);
  for (const auto& a : args) cmd += " " + quoted(a);
  cmd += " >" + quoted(out.string()) + " 2>" + quoted(err.string());
  RunResult r;
  const int raw = std::system(cmd.c_str());
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  fs::remove(out);
  fs::remove(err);
  return r;
}

std::vector<std::string> vector_files() {
  std::vector<std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(TFC_VECTOR_DIR))
    if (e.is_regular_file() && e.path().extension() == ".json")
      files.push_back(fs::relative(e.path(), TFC_VECTOR_DIR).string());
  std::sort(files.begin(), files.end());
  return files;
}

// false/null/absent all mean "wholly known"; objects and arrays of nothing unknown collapse too.
json normalize_mirror(const json& m) {
  if (m.is_boolean()) return m.get<bool>() ? json(true) : json();
  if (m.is_object()) {
    json out = json::object();
    for (auto it = m.begin(); it != m.end(); ++it) {
      json n = normalize_mirror(it.value());
      if (!n.is_null()) out[it.key()] = n;
    }
    return out.empty() ? json() : out;
  }
  if (m.is_array()) {
    json out = json::array();
    bool any = false;
    for (const auto& e : m) {
      out.push_back(normalize_mirror(e));
      any = any || !out.back().is_null();
    }
    return any ? out : json();
  }
  return json();
}

std::set<std::string> strings_of(const json& array) {
  std::set<std::string> out;
  for (const auto& e : array) out.insert(e.get<std::string>());
  return out;
}

void check_one(const json& doc, const json& line, const std::string& label) {
  SCOPED_TRACE(label);
  ASSERT_EQ(line.value("name", std::string()), doc.value("name", std::string()));
  ASSERT_TRUE(doc.contains("expect")) << "every corpus vector states what it expects";
  const json& expect = doc["expect"];
  if (doc["check"] == "proposed") {
    ASSERT_TRUE(expect.contains("proposed"));
    EXPECT_EQ(line["proposed"], expect["proposed"]) << "proposed value";
    EXPECT_EQ(normalize_mirror(line["proposed_unknown"]), normalize_mirror(expect.value("proposed_unknown", json())))
        << "proposed_unknown mirror " << line["proposed_unknown"].dump();
    return;
  }
  ASSERT_TRUE(line.contains("violations")) << line.dump();
  const json& violations = line["violations"];
  bool valid = true;
  std::set<std::string> rules, paths;
  for (const auto& v : violations) {
    if (v["severity"] == "error") valid = false;
    rules.insert(v["rule"].get<std::string>());
    paths.insert(v["path"].get<std::string>());
    EXPECT_FALSE(v["message"].get<std::string>().empty());
    EXPECT_NE(v["message"].get<std::string>().back(), '.') << "messages have no final period";
  }
  ASSERT_TRUE(expect.contains("valid"));
  EXPECT_EQ(valid, expect["valid"].get<bool>()) << violations.dump(1);
  if (doc.contains("expect_rules")) {
    EXPECT_EQ(rules, strings_of(doc["expect_rules"])) << violations.dump(1);
  }
  if (!expect["valid"].get<bool>() && !doc.contains("expect_rules")) {
    ADD_FAILURE() << "an invalid vector names its rules";
  }
  if (doc.contains("expect_paths")) {
    EXPECT_EQ(paths, strings_of(doc["expect_paths"])) << violations.dump(1);
  }
  if (doc.contains("expect_severities")) {
    for (auto it = doc["expect_severities"].begin(); it != doc["expect_severities"].end(); ++it) {
      for (const auto& v : violations) {
        if (v["rule"] == it.key()) {
          EXPECT_EQ(v["severity"], it.value()) << v.dump();
        }
      }
    }
  }
  if (doc.contains("expect_not_in_messages")) {
    for (const auto& s : doc["expect_not_in_messages"]) {
      for (const auto& v : violations) {
        EXPECT_EQ(v["message"].get<std::string>().find(s.get<std::string>()), std::string::npos) << v.dump();
      }
    }
  }
}

class VectorFile : public ::testing::TestWithParam<std::string> {};

TEST_P(VectorFile, MatchesExpectations) {
  const fs::path file = fs::path(TFC_VECTOR_DIR) / GetParam();
  const json docs_raw = json::parse(slurp(file));
  const json docs = docs_raw.is_array() ? docs_raw : json::array({docs_raw});
  const RunResult r = run_cli({"oracle", file.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  std::vector<json> lines;
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);) lines.push_back(json::parse(line));
  ASSERT_EQ(lines.size(), docs.size());
  for (std::size_t i = 0; i < docs.size(); ++i)
    check_one(docs[i], lines[i], GetParam() + " #" + std::to_string(i) + " " + docs[i].value("name", ""));
}

std::string test_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string s = info.param;
  for (char& c : s)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return s;
}

INSTANTIATE_TEST_SUITE_P(Corpus, VectorFile, ::testing::ValuesIn(vector_files()), test_name);

// --- Bad input: exit 2 with a message naming the file, the vector and the path -------------

fs::path write_temp(const std::string& name, const std::string& text) {
  const fs::path p = fs::temp_directory_path() / ("tfc_bad_" + std::to_string(::getpid()) + "_" + name);
  std::ofstream(p) << text;
  return p;
}

const char* kSchema =
    R"({"attributes": {"id": {"type": "string", "computed": true}, "n": {"type": "number", "optional": true}}})";

TEST(OracleCli, InvalidJsonExits2NamingTheFile) {
  const fs::path p = write_temp("broken.json", "[{\"name\": ");
  const RunResult r = run_cli({"oracle", p.string()});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find(p.string()), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("not valid JSON"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty());
  fs::remove(p);
}

TEST(OracleCli, MissingObjectExits2NamingVectorAndField) {
  const std::string doc = std::string(R"([{"name": "fine", "check": "apply", "schema": )") + kSchema +
                          R"(, "values": {"planned": null, "new": null}},
      {"name": "lacks planned", "check": "plan", "schema": )" +
                          kSchema + R"(, "values": {"prior": null, "config": null}}])";
  const fs::path p = write_temp("missing.json", doc);
  const RunResult r = run_cli({"oracle", p.string()});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find(p.string()), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("vector 1"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("lacks planned"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("values.planned"), std::string::npos) << r.err;
  fs::remove(p);
}

TEST(OracleCli, UnknownCheckAndBadSchemaExit2) {
  const fs::path p1 = write_temp(
      "check.json", std::string(R"({"name": "x", "check": "bogus", "schema": )") + kSchema + R"(, "values": {}})");
  RunResult r = run_cli({"oracle", p1.string()});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("bogus"), std::string::npos) << r.err;
  const fs::path p2 = write_temp(
      "schema.json",
      R"({"name": "x", "check": "apply", "schema": {"attributes": {"a": {"type": ["nope"]}}}, "values": {"planned": null, "new": null}})");
  r = run_cli({"oracle", p2.string()});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("schema"), std::string::npos) << r.err;
  fs::remove(p1);
  fs::remove(p2);
}

TEST(OracleCli, NonConformingInputExits2NamingThePath) {
  const std::string doc =
      std::string(R"({"name": "bad prior", "check": "plan", "schema": )") + kSchema +
      R"(, "values": {"prior": {"id": "a", "n": "not a number"}, "config": {"id": null, "n": 1}, "planned": {"id": "a", "n": 1}}})";
  const fs::path p = write_temp("prior.json", doc);
  const RunResult r = run_cli({"oracle", p.string()});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("bad prior"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("values.prior"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(".n"), std::string::npos) << r.err;
  fs::remove(p);
}

TEST(OracleCli, NonConformingProviderObjectIsAFindingNotAnError) {
  const std::string doc = std::string(R"({"name": "bad new", "check": "apply", "schema": )") + kSchema +
                          R"(, "values": {"planned": {"id": "a", "n": 1}, "new": {"id": "a", "n": 1, "extra": true}}})";
  const fs::path p = write_temp("new.json", doc);
  const RunResult r = run_cli({"oracle", p.string()});
  EXPECT_EQ(r.status, 0) << r.err;
  const json line = json::parse(r.out);
  ASSERT_EQ(line["violations"].size(), 1u);
  EXPECT_EQ(line["violations"][0]["rule"], "value.type_mismatch");
  EXPECT_EQ(line["violations"][0]["path"], ".extra");
  fs::remove(p);
}

TEST(OracleCli, MissingFileExits2) {
  const RunResult r = run_cli({"oracle", "/nonexistent/tfc/vectors.json"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("/nonexistent/tfc/vectors.json"), std::string::npos) << r.err;
}

TEST(RulesCli, JsonListsEveryRuleWithItsFields) {
  const RunResult r = run_cli({"rules", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const json rules = json::parse(r.out);
  std::set<std::string> ids;
  for (const auto& rule : rules) {
    ids.insert(rule["id"].get<std::string>());
    EXPECT_FALSE(rule["summary"].get<std::string>().empty());
    EXPECT_FALSE(rule["seed"].get<std::string>().empty());
    EXPECT_TRUE(rule["severity"] == "error" || rule["severity"] == "warning");
  }
  for (const char* id :
       {"plan.config_value_changed", "apply.unknown_in_new_state", "plan_final.action_changed", "rpc.crashed",
        "schema.set_dynamic", "import.incomplete", "validate.rejects_unknown", "value.undecodable"})
    EXPECT_EQ(ids.count(id), 1u) << id;
  const RunResult table = run_cli({"rules"});
  EXPECT_EQ(table.status, 0);
  EXPECT_NE(table.out.find("plan.block_count_changed"), std::string::npos);
}

}  // namespace
