// proto/wire/tfplugin{5,6}.proto, as compiled into tfconform, against the tfplugin5.proto and
// tfplugin6.proto that terraform-plugin-go ships at the version the fixture providers build
// with: the protocol files every framework and SDKv2 provider of that release speaks. Run by
// with_plugin_go.sh, which fetches the module and names its directory; without it the test
// fails, it never skips. A field number typed wrong in a wire file (tfplugin5's
// GetMetadata.Response.actions was 8, not 9, and no protocol-5 provider's actions were seen)
// fails here.
#include <cstdlib>
#include <filesystem>
#include <string>

#include <google/protobuf/compiler/importer.h>
#include <gtest/gtest.h>

#include "proto/wire/tfplugin5.pb.h"
#include "proto/wire/tfplugin6.pb.h"
#include "tests/proto/wire/deliberate_differences.hpp"
#include "tests/proto/wire/proto_compare.hpp"

namespace tfc::wire_check {
namespace {

using google::protobuf::FileDescriptor;
using google::protobuf::compiler::DiskSourceTree;
using google::protobuf::compiler::Importer;
using google::protobuf::compiler::MultiFileErrorCollector;

class CollectedErrors : public MultiFileErrorCollector {
public:
  void AddError(const std::string& file, int line, int column, const std::string& message) override {
    text += file + ":" + std::to_string(line + 1) + ":" + std::to_string(column + 1) + ": " + message + "\n";
  }
  std::string text;
};

/// The public file parsed by protobuf's own parser, with the well-known types it imports from
/// the protobuf installation tfconform builds with.
class UpstreamFile {
public:
  explicit UpstreamFile(const std::filesystem::path& proto) : m_importer(&m_tree, &m_errors) {
    m_tree.MapPath("", proto.parent_path().string());
    m_tree.MapPath("", TFC_PROTOBUF_INCLUDE_DIR);
    m_file = m_importer.Import(proto.filename().string());
  }
  const FileDescriptor* file() const { return m_file; }
  const std::string& errors() const { return m_errors.text; }

private:
  DiskSourceTree m_tree;
  CollectedErrors m_errors;
  Importer m_importer;
  const FileDescriptor* m_file = nullptr;
};

/// `relative` inside the module directory with_plugin_go.sh names; empty with a failure when
/// the test was started without it.
std::filesystem::path in_plugin_go(const std::string& relative) {
  const char* dir = std::getenv("TFC_PLUGIN_GO_DIR");
  if (dir == nullptr || *dir == '\0') {
    ADD_FAILURE() << "TFC_PLUGIN_GO_DIR is not set: run this test through ctest, whose "
                     "tests/proto/wire/with_plugin_go.sh fetches terraform-plugin-go";
    return {};
  }
  return std::filesystem::path(dir) / relative;
}

std::string version() {
  const char* v = std::getenv("TFC_PLUGIN_GO_VERSION");
  return v == nullptr ? "?" : v;
}

std::string lines(const std::vector<std::string>& differences) {
  std::string out;
  for (const auto& d : differences) out += "  " + d + "\n";
  return out;
}

void expect_same_wire(const FileDescriptor& ours, const std::string& relative, std::span<const Deliberate> deliberate) {
  const auto proto = in_plugin_go(relative);
  if (proto.empty()) return;
  ASSERT_TRUE(std::filesystem::is_regular_file(proto))
      << proto << " does not exist: terraform-plugin-go " << version() << " moved its protocol file";
  const UpstreamFile upstream(proto);
  ASSERT_NE(upstream.file(), nullptr) << "protobuf cannot read " << proto << ":\n" << upstream.errors();
  const auto found = differences(ours, *upstream.file(), deliberate);
  EXPECT_TRUE(found.empty()) << "proto/wire/" << ours.name() << " differs from " << relative
                             << " of terraform-plugin-go " << version() << " in " << found.size() << " place(s):\n"
                             << lines(found);
}

TEST(WireUpstream, Tfplugin5IsTheOneTerraformPluginGoShips) {
  expect_same_wire(*tfplugin5::Schema::descriptor()->file(), "tfprotov5/internal/tfplugin5/tfplugin5.proto",
                   kTfplugin5Deliberate);
}

TEST(WireUpstream, Tfplugin6IsTheOneTerraformPluginGoShips) {
  expect_same_wire(*tfplugin6::Schema::descriptor()->file(), "tfprotov6/internal/tfplugin6/tfplugin6.proto",
                   kTfplugin6Deliberate);
}

}  // namespace
}  // namespace tfc::wire_check
