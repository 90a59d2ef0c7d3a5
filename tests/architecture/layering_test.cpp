// Which folder may include which (docs/architecture.md, "The dependency rule"), checked on every
// repository include line of the libraries: a new knot fails here, naming the file and line.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

#include "tests/architecture/include_layers.hpp"

namespace tfc::architecture {
namespace {

namespace fs = std::filesystem;

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

LayerTable docs_table() {
  std::vector<std::string> errors;
  auto table = parse_layer_table(read(fs::path(TFC_SOURCE_ROOT) / "docs" / "architecture.md"), errors);
  for (const auto& e : errors) ADD_FAILURE() << "docs/architecture.md: " << e;
  return table;
}

/// A fresh directory of the test's own (a fixed name could be somebody else's), removed after.
class OwnTree {
public:
  OwnTree() {
    std::string pattern = (fs::temp_directory_path() / "tfc-layering-XXXXXX").string();
    if (::mkdtemp(pattern.data()) != nullptr) m_root = pattern;
  }
  ~OwnTree() {
    std::error_code ec;
    if (!m_root.empty()) fs::remove_all(m_root, ec);
  }
  const fs::path& root() const { return m_root; }

private:
  fs::path m_root;
};

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p) << text;
}

TEST(Layering, EveryIncludeOfTheLibrariesFollowsTheTable) {
  const auto table = docs_table();
  std::size_t checked = 0;
  const auto knots = find_knots(table, TFC_SOURCE_ROOT, checked);
  for (const auto& k : knots) ADD_FAILURE() << k;
  EXPECT_GT(checked, 300u) << "the walk read too few sources to be the whole tree";
}

TEST(Layering, TheTableHasNoCycle) {
  for (const auto& c : find_cycles(docs_table())) ADD_FAILURE() << "cycle: " << c;
}

TEST(Layering, TheTableHoldsEveryRoomOfTheSuite) {
  const auto table = docs_table();
  for (const auto& entry : fs::directory_iterator(fs::path(TFC_SOURCE_ROOT) / "conformance")) {
    if (!entry.is_directory()) continue;
    const std::string room = "conformance/" + entry.path().filename().string();
    EXPECT_TRUE(table.may_include.contains(room)) << room << " has no row in docs/architecture.md";
  }
}

// The checker itself, on a tree made for the purpose: a lower room including a higher one.
TEST(Layering, AKnotIsFoundWithItsFileAndLine) {
  const OwnTree tree;
  ASSERT_FALSE(tree.root().empty());
  const auto& root = tree.root();
  write(root / "lib/low/a.hpp", "#pragma once\n#include <vector>\n#include \"lib/high/b.hpp\"\n");
  write(root / "lib/high/b.hpp", "#pragma once\n#include \"lib/low/a.hpp\"\n#include \"lib/high/c.hpp\"\n");
  std::vector<std::string> errors;
  const auto table = parse_layer_table(
      "<!-- layering:begin -->\n| folder | may include |\n|---|---|\n| `lib/low/` | - |\n| `lib/high/` | `lib/low/` "
      "|\n<!-- layering:end -->\n",
      errors);
  ASSERT_TRUE(errors.empty());
  std::size_t checked = 0;
  const auto knots = find_knots(table, root, checked);
  EXPECT_EQ(checked, 2u);
  ASSERT_EQ(knots.size(), 1u);
  EXPECT_EQ(knots[0], "lib/low/a.hpp:3: includes \"lib/high/b.hpp\" (lib/low/ may not include lib/high/)");
}

TEST(Layering, AFileOutsideEveryRowIsReported) {
  const OwnTree tree;
  ASSERT_FALSE(tree.root().empty());
  const auto& root = tree.root();
  write(root / "lib/low/a.hpp", "#pragma once\n");
  write(root / "lib/new/x.cpp", "#include \"lib/low/a.hpp\"\n");
  std::vector<std::string> errors;
  const auto table = parse_layer_table(
      "<!-- layering:begin -->\n| folder | may include |\n|---|---|\n| `lib/low/` | - |\n<!-- layering:end -->\n",
      errors);
  std::size_t checked = 0;
  const auto knots = find_knots(table, root, checked);
  ASSERT_EQ(knots.size(), 1u);
  EXPECT_NE(knots[0].find("lib/new/x.cpp: in no folder"), std::string::npos) << knots[0];
}

TEST(Layering, WildcardsAndCyclesInTheTable) {
  std::vector<std::string> errors;
  const auto table = parse_layer_table(
      "<!-- layering:begin -->\n| folder | may include |\n|---|---|\n| `p/a/` | - |\n| `p/b/` | `p/a/` |\n| `q/` | "
      "`p/*` |\n| `r/` | `s/` |\n| `s/` | `r/` |\n<!-- layering:end -->\n",
      errors);
  ASSERT_TRUE(errors.empty());
  EXPECT_TRUE(may_include(table, "q", "p/b"));
  EXPECT_FALSE(may_include(table, "p/a", "p/b"));
  EXPECT_EQ(folder_of(table, "p/b/x/y.hpp"), "p/b");
  const auto cycles = find_cycles(table);
  ASSERT_EQ(cycles.size(), 1u);
  EXPECT_EQ(cycles[0], "r -> s -> r");
}

}  // namespace
}  // namespace tfc::architecture
