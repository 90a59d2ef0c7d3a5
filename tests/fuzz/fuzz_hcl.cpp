// libFuzzer target: the HCL reader and evaluator (hcl/, docs/examples.md), which read whatever
// a provider repository's .tf files and markdown fences hold. Input: the text of a file, read
// as .tf and as markdown; every attribute of every block (two levels deep) is evaluated. The
// reader must never crash, hang or recurse without bound, whatever the bytes.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "hcl/evaluator.hpp"
#include "hcl/markdown.hpp"
#include "hcl/parser.hpp"

namespace {

void evaluate_body(const tfc::hcl::Body& body, tfc::hcl::Evaluator& evaluator, int depth) {
  for (const tfc::hcl::Attribute& a : body.attributes) {
    if (a.expr) evaluator.evaluate(*a.expr);
  }
  if (depth == 0) return;
  for (const tfc::hcl::Block& b : body.blocks) evaluate_body(b.body, evaluator, depth - 1);
}

void read(std::string_view text) {
  using namespace tfc::hcl;
  const File file = parse(text, SourceName{"fuzz.tf", 1});
  Evaluator evaluator;
  for (const Block& b : file.body.blocks) {
    if (b.type != "locals") continue;
    for (const Attribute& a : b.body.attributes) evaluator.add_local(a.name, a.expr.get());
  }
  evaluate_body(file.body, evaluator, 2);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  read(text);
  for (const tfc::hcl::CodeFence& fence : tfc::hcl::terraform_fences(text)) read(fence.text);
  return 0;
}
