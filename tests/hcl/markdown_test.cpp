// Fenced terraform/hcl/tf blocks of markdown files, with the file line each starts at.
#include <gtest/gtest.h>

#include "hcl/markdown.hpp"
#include "hcl/parser.hpp"

namespace tfc::hcl {
namespace {

TEST(HclMarkdown, ExtractsTerraformFencesWithTheirLines) {
  const std::string md =
      "# Title\n"                  // 1
      "\n"                         // 2
      "```terraform\n"             // 3
      "resource \"a\" \"b\" {}\n"  // 4
      "```\n"                      // 5
      "```shell\n"                 // 6
      "terraform import a.b x\n"   // 7
      "```\n"                      // 8
      "~~~~ HCL\n"                 // 9
      "x = 1\n"                    // 10
      "~~~\n"                      // 11 (too short: not a close)
      "~~~~\n"                     // 12
      "  ```tf\n"                  // 13
      "  y = 2\n"                  // 14
      "  ```\n";                   // 15
  const auto fences = terraform_fences(md);
  ASSERT_EQ(fences.size(), 3u);
  EXPECT_EQ(fences[0].first_line, 4);
  EXPECT_EQ(fences[0].text, "resource \"a\" \"b\" {}\n");
  EXPECT_EQ(fences[1].first_line, 10);
  EXPECT_EQ(fences[1].text, "x = 1\n~~~\n");
  EXPECT_EQ(fences[2].first_line, 14);
}

TEST(HclMarkdown, WarningsNameTheMarkdownLine) {
  const std::string md = "intro\n\n```hcl\nok = 1\nbad = \n```\n";
  const auto fences = terraform_fences(md);
  ASSERT_EQ(fences.size(), 1u);
  const File f = parse(fences[0].text, SourceName{"docs/r.md", fences[0].first_line});
  ASSERT_FALSE(f.warnings.empty());
  EXPECT_EQ(f.warnings[0].rfind("docs/r.md:5:", 0), 0u) << f.warnings[0];
}

}  // namespace
}  // namespace tfc::hcl
