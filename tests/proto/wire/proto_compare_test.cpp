// The comparison of protocol files (proto_compare.hpp) on small files written here, and a
// property over the real wire files: whatever single field of tfplugin5/6 is given another
// number, type or label, the comparison names that field.
#include "tests/proto/wire/proto_compare.hpp"

#include <array>
#include <memory>
#include <string>
#include <vector>

#include <google/protobuf/compiler/parser.h>
#include <google/protobuf/descriptor.pb.h>
#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "proto/wire/tfplugin5.pb.h"
#include "proto/wire/tfplugin6.pb.h"

namespace tfc::wire_check {
namespace {

using google::protobuf::DescriptorPool;
using google::protobuf::DescriptorProto;
using google::protobuf::FieldDescriptorProto;
using google::protobuf::FileDescriptor;
using google::protobuf::FileDescriptorProto;

/// One .proto text built into a pool of its own (both sides use the same names).
class Built {
public:
  explicit Built(const std::string& text) {
    google::protobuf::io::ArrayInputStream in(text.data(), static_cast<int>(text.size()));
    google::protobuf::io::Tokenizer tokenizer(&in, nullptr);
    google::protobuf::compiler::Parser parser;
    FileDescriptorProto proto;
    if (!parser.Parse(&tokenizer, &proto)) return;
    proto.set_name("test.proto");
    m_file = m_pool.BuildFile(proto);
  }
  /// `proto` with the files `like` imports (the well-known types).
  Built(const FileDescriptorProto& proto, const FileDescriptor& like) {
    for (int i = 0; i < like.dependency_count(); ++i) {
      FileDescriptorProto dependency;
      like.dependency(i)->CopyTo(&dependency);
      m_pool.BuildFile(dependency);
    }
    m_file = m_pool.BuildFile(proto);
  }
  const FileDescriptor& operator*() const { return *m_file; }
  bool ok() const { return m_file != nullptr; }

private:
  DescriptorPool m_pool;
  const FileDescriptor* m_file = nullptr;
};

constexpr const char* kUpstream = R"(
syntax = "proto3";
package p;
service S {
  rpc Get(Get.Request) returns (Get.Response);
  rpc Watch(Get.Request) returns (stream Get.Response);
}
message Get {
  message Request {}
  message Response {
    repeated string names = 1;
    int64 size = 2;
    optional bytes blob = 3;
    oneof pick {
      string a = 4;
      Kind b = 5;
    }
    reserved 6;
    Get.Request echo = 7;
  }
  enum Kind {
    NONE = 0;
    SOME = 1;
  }
}
)";

std::vector<std::string> differences_from_upstream(const std::string& ours_text,
                                                   std::span<const Deliberate> deliberate = {}) {
  const Built ours(ours_text);
  const Built upstream(kUpstream);
  EXPECT_TRUE(ours.ok() && upstream.ok()) << "a test file does not parse";
  if (!ours.ok() || !upstream.ok()) return {"unparsable"};
  return differences(*ours, *upstream, deliberate);
}

/// kUpstream with one piece of text replaced (the piece must be there).
std::string upstream_with(const std::string& from, const std::string& to) {
  std::string text = kUpstream;
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

TEST(ProtoCompare, AFileEqualToItselfHasNoDifference) { EXPECT_TRUE(differences_from_upstream(kUpstream).empty()); }

TEST(ProtoCompare, CommentsOptionsAndReservedRangesAreNotDifferences) {
  const auto ours = upstream_with("    reserved 6;\n", "    // comment\n") + "option go_package = \"x\";\n";
  EXPECT_TRUE(differences_from_upstream(ours).empty());
}

TEST(ProtoCompare, AFieldNumberIsCompared) {
  EXPECT_EQ(differences_from_upstream(upstream_with("int64 size = 2;", "int64 size = 8;")),
            std::vector<std::string>{"p.Get.Response.size: number is 2 in the public file, 8 in ours"});
}

TEST(ProtoCompare, AFieldTypeIsCompared) {
  EXPECT_EQ(differences_from_upstream(upstream_with("int64 size = 2;", "sint64 size = 2;")),
            std::vector<std::string>{"p.Get.Response.size: type is int64 in the public file, sint64 in ours"});
}

TEST(ProtoCompare, AFieldLabelIsCompared) {
  EXPECT_EQ(differences_from_upstream(upstream_with("repeated string names = 1;", "string names = 1;")),
            std::vector<std::string>{"p.Get.Response.names: label is repeated in the public file, singular in ours"});
  EXPECT_EQ(differences_from_upstream(upstream_with("optional bytes blob = 3;", "bytes blob = 3;")),
            std::vector<std::string>{"p.Get.Response.blob: label is optional in the public file, singular in ours"});
}

TEST(ProtoCompare, OneofMembershipIsCompared) {
  const auto ours = upstream_with("      Kind b = 5;\n    }\n", "    }\n    Kind b = 5;\n");
  EXPECT_EQ(differences_from_upstream(ours),
            std::vector<std::string>{
                "p.Get.Response.b: oneof membership is oneof pick in the public file, no oneof in ours"});
}

TEST(ProtoCompare, TheReferencedTypeIsCompared) {
  EXPECT_EQ(differences_from_upstream(upstream_with("Get.Request echo = 7;", "Get.Response echo = 7;")),
            std::vector<std::string>{
                "p.Get.Response.echo: message type is p.Get.Request in the public file, p.Get.Response in ours"});
}

TEST(ProtoCompare, EnumValuesAreCompared) {
  EXPECT_EQ(differences_from_upstream(upstream_with("SOME = 1;", "SOME = 2;")),
            std::vector<std::string>{"p.Get.Kind.SOME: number is 1 in the public file, 2 in ours"});
  const auto missing = differences_from_upstream(upstream_with("    SOME = 1;\n", ""));
  ASSERT_EQ(missing.size(), 1u);
  EXPECT_EQ(missing[0].rfind("p.Get.Kind.SOME: enum value of the public file missing from ours", 0), 0u) << missing[0];
  EXPECT_EQ(differences_from_upstream(upstream_with("SOME = 1;", "SOME = 1;\n    MORE = 2;")),
            std::vector<std::string>{"p.Get.Kind.MORE: in ours only, not in the public file"});
}

TEST(ProtoCompare, MissingAndInventedFieldsAreDifferences) {
  const auto missing = differences_from_upstream(upstream_with("    int64 size = 2;\n", ""));
  ASSERT_EQ(missing.size(), 1u);
  EXPECT_EQ(missing[0].rfind("p.Get.Response.size: field of the public file missing from ours", 0), 0u) << missing[0];
  EXPECT_EQ(differences_from_upstream(upstream_with("int64 size = 2;", "int64 size = 2;\n    int64 extra = 9;")),
            std::vector<std::string>{"p.Get.Response.extra: in ours only, not in the public file"});
}

TEST(ProtoCompare, StreamingAndMethodTypesAreCompared) {
  EXPECT_EQ(differences_from_upstream(upstream_with("returns (stream Get.Response)", "returns (Get.Response)")),
            std::vector<std::string>{"p.S.Watch: response is a stream in the public file, one message in ours"});
  EXPECT_EQ(differences_from_upstream(upstream_with("rpc Get(Get.Request)", "rpc Get(Get.Response)")),
            std::vector<std::string>{"p.S.Get: request is p.Get.Request in the public file, p.Get.Response in ours"});
}

TEST(ProtoCompare, AListedRenameRenamesWhatIsNestedAndReferencesToIt) {
  std::string ours = kUpstream;
  for (std::string::size_type at = 0; (at = ours.find("Get.", at)) != std::string::npos; at += 5) {
    ours.replace(at, 4, "Read.");
  }
  ours.replace(ours.find("message Get {"), 13, "message Read {");
  EXPECT_FALSE(differences_from_upstream(ours).empty());
  const std::array<Deliberate, 1> renamed{{{"p.Get", "p.Read", "a C++ member of that name"}}};
  EXPECT_TRUE(differences_from_upstream(ours, renamed).empty());
}

TEST(ProtoCompare, AListedOmissionIsNotADifferenceButAStaleListingIs) {
  const auto ours = upstream_with("    int64 size = 2;\n", "");
  const std::array<Deliberate, 1> omitted{{{"p.Get.Response.size", "", "not needed"}}};
  EXPECT_TRUE(differences_from_upstream(ours, omitted).empty());
  EXPECT_EQ(differences_from_upstream(kUpstream, omitted),
            std::vector<std::string>{"p.Get.Response.size: listed as left out of ours, but ours has it"});
  const std::array<Deliberate, 1> renamed{{{"p.Get.Response.bulk", "p.Get.Response.size", "stale"}}};
  EXPECT_EQ(differences_from_upstream(kUpstream, renamed),
            std::vector<std::string>{
                "p.Get.Response.bulk: listed as a deliberate difference, but the files do not differ there"});
}

TEST(ProtoCompare, AFieldListedAsOursOnlyIsNotADifferenceButStillChecksTheRest) {
  const auto ours = upstream_with("int64 size = 2;", "int64 size = 2;\n    bool newer = 8;");
  const std::array<Deliberate, 1> newer{{{"", "p.Get.Response.newer", "a newer public file has it"}}};
  EXPECT_TRUE(differences_from_upstream(ours, newer).empty());
  const auto also_renumbered = upstream_with("int64 size = 2;", "int64 size = 9;\n    bool newer = 8;");
  EXPECT_EQ(differences_from_upstream(also_renumbered, newer),
            std::vector<std::string>{"p.Get.Response.size: number is 2 in the public file, 9 in ours"});
  EXPECT_EQ(differences_from_upstream(kUpstream, newer),
            std::vector<std::string>{
                "p.Get.Response.newer: listed as a deliberate difference, but the files do not differ there"});
}

// --- The real wire files, one field changed ---

/// Every field of a message tree, as paths of indices into the FileDescriptorProto.
struct FieldAt {
  std::vector<int> messages;  // message_type(m0).nested_type(m1)...
  int field = 0;
};

void collect(const DescriptorProto& message, std::vector<int>& path, std::vector<FieldAt>& out) {
  for (int i = 0; i < message.field_size(); ++i) out.push_back({path, i});
  for (int i = 0; i < message.nested_type_size(); ++i) {
    path.push_back(i);
    collect(message.nested_type(i), path, out);
    path.pop_back();
  }
}

std::vector<FieldAt> every_field(const FileDescriptorProto& file) {
  std::vector<FieldAt> out;
  std::vector<int> path;
  for (int i = 0; i < file.message_type_size(); ++i) {
    path = {i};
    collect(file.message_type(i), path, out);
  }
  return out;
}

FieldDescriptorProto& field_at(FileDescriptorProto& file, const FieldAt& at) {
  DescriptorProto* message = file.mutable_message_type(at.messages[0]);
  for (std::size_t i = 1; i < at.messages.size(); ++i) message = message->mutable_nested_type(at.messages[i]);
  return *message->mutable_field(at.field);
}

/// A number no field of the message uses.
int unused_number(const DescriptorProto& message) {
  int n = 1;
  for (int i = 0; i < message.field_size(); ++i) n = std::max(n, message.field(i).number() + 1);
  return n;
}

void changed_field_is_named(const FileDescriptor& wire) {
  FileDescriptorProto original;
  wire.CopyTo(&original);
  const auto fields = every_field(original);
  const auto& at = *rc::gen::elementOf(fields);
  FileDescriptorProto changed = original;
  FieldDescriptorProto& field = field_at(changed, at);
  const DescriptorProto* parent = &changed.message_type(at.messages[0]);
  std::string name = original.package() + "." + parent->name();
  for (std::size_t i = 1; i < at.messages.size(); ++i) {
    parent = &parent->nested_type(at.messages[i]);
    name += "." + parent->name();
  }
  name += "." + field.name();
  const int change = *rc::gen::inRange(0, 3);
  if (change == 0) {
    field.set_number(unused_number(*parent));
  } else if (change == 1) {
    // Same size on the wire for every scalar, a different meaning: the slip a test must see.
    field.set_type(field.type() == FieldDescriptorProto::TYPE_FIXED64 ? FieldDescriptorProto::TYPE_SFIXED64
                                                                      : FieldDescriptorProto::TYPE_FIXED64);
    field.clear_type_name();
    field.clear_oneof_index();
    field.clear_proto3_optional();
  } else {
    field.set_label(field.label() == FieldDescriptorProto::LABEL_REPEATED ? FieldDescriptorProto::LABEL_OPTIONAL
                                                                          : FieldDescriptorProto::LABEL_REPEATED);
    field.clear_oneof_index();
    field.clear_proto3_optional();
  }
  // Oneofs emptied by the change (a proto3 optional's synthetic one) would not build.
  const Built ours(changed, wire);
  RC_PRE(ours.ok());
  const Built upstream(original, wire);
  RC_ASSERT(upstream.ok());
  const auto found = differences(*ours, *upstream, {});
  RC_ASSERT(!found.empty());
  bool named = false;
  for (const auto& line : found) named = named || line.rfind(name + ":", 0) == 0;
  RC_ASSERT(named);
}

RC_GTEST_PROP(ProtoCompare, AnyChangedFieldOfTfplugin5IsNamed, ()) {
  changed_field_is_named(*tfplugin5::Schema::descriptor()->file());
}

RC_GTEST_PROP(ProtoCompare, AnyChangedFieldOfTfplugin6IsNamed, ()) {
  changed_field_is_named(*tfplugin6::Schema::descriptor()->file());
}

}  // namespace
}  // namespace tfc::wire_check
