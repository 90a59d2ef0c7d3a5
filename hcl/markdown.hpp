#pragma once
// Fenced code blocks of a markdown file (CommonMark "Fenced code blocks": ``` or ~~~, at least
// three, closed by a fence of the same character at least as long) whose info string names
// Terraform's language: `terraform`, `hcl` or `tf`.

#include <string>
#include <string_view>
#include <vector>

namespace tfc::hcl {

struct CodeFence {
  std::string text;    // the block's lines, without the fences
  int first_line = 0;  // the file line of the block's first line (1-based)
};

std::vector<CodeFence> terraform_fences(std::string_view markdown);

}  // namespace tfc::hcl
