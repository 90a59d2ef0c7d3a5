// Checks of the hand-written .proto files in proto/wire against the public protocol files they
// follow (Terraform's tfplugin6.proto 6.11 and tfplugin5.proto 5.10; go-plugin's services,
// docs/protocol.md §2.4, §7): service and method names,
// streaming shapes, and the number of numbered entries (fields + enum values).
#include <set>
#include <string>

#include <google/protobuf/descriptor.h>
#include <google/protobuf/descriptor.pb.h>
#include <gtest/gtest.h>

#include "proto/wire/health.pb.h"
#include "proto/wire/plugin.pb.h"
#include "proto/wire/tfplugin5.pb.h"
#include "proto/wire/tfplugin6.pb.h"

namespace tfc::wire {
namespace {

using google::protobuf::Descriptor;
using google::protobuf::EnumDescriptor;
using google::protobuf::FileDescriptor;
using google::protobuf::ServiceDescriptor;

int count_enum(const EnumDescriptor* e) { return e->value_count(); }

int count_message(const Descriptor* m) {
  int n = m->field_count();
  for (int i = 0; i < m->enum_type_count(); ++i) n += count_enum(m->enum_type(i));
  for (int i = 0; i < m->nested_type_count(); ++i) {
    if (!m->nested_type(i)->options().map_entry()) n += count_message(m->nested_type(i));
  }
  return n;
}

/// Fields and enum values of every message and enum in the file (map entry types excluded).
int numbered_entries(const FileDescriptor* file) {
  int n = 0;
  for (int i = 0; i < file->message_type_count(); ++i) n += count_message(file->message_type(i));
  for (int i = 0; i < file->enum_type_count(); ++i) n += count_enum(file->enum_type(i));
  return n;
}

std::set<std::string> methods(const ServiceDescriptor* service) {
  std::set<std::string> out;
  for (int i = 0; i < service->method_count(); ++i) out.insert(service->method(i)->name());
  return out;
}

TEST(WireProtos, NumberedEntryCountsMatchThePublicProtocolFiles) {
  EXPECT_EQ(numbered_entries(tfplugin6::Schema::descriptor()->file()), 316);  // tfplugin6.proto 6.11
  EXPECT_EQ(numbered_entries(tfplugin5::Schema::descriptor()->file()), 268);  // tfplugin5.proto 5.10
}

TEST(WireProtos, ProviderServicesHaveEveryRpc) {
  const ServiceDescriptor* six = tfplugin6::Schema::descriptor()->file()->FindServiceByName("Provider");
  ASSERT_NE(six, nullptr);
  EXPECT_EQ(six->full_name(), "tfplugin6.Provider");
  EXPECT_EQ(six->method_count(), 36);
  const std::set<std::string> six_methods = methods(six);
  for (const char* name : {"GetProviderSchema", "ValidateProviderConfig", "ValidateResourceConfig",
                           "ValidateDataResourceConfig", "ConfigureProvider", "StopProvider", "GetMetadata",
                           "PlanResourceChange", "ApplyResourceChange", "ListResource", "WriteStateBytes"}) {
    EXPECT_TRUE(six_methods.count(name)) << name;
  }

  const ServiceDescriptor* five = tfplugin5::Schema::descriptor()->file()->FindServiceByName("Provider");
  ASSERT_NE(five, nullptr);
  EXPECT_EQ(five->full_name(), "tfplugin5.Provider");
  EXPECT_EQ(five->method_count(), 28);
  const std::set<std::string> five_methods = methods(five);
  for (const char* name : {"GetSchema", "PrepareProviderConfig", "ValidateResourceTypeConfig",
                           "ValidateDataSourceConfig", "Configure", "Stop"}) {
    EXPECT_TRUE(five_methods.count(name)) << name;
  }
  const ServiceDescriptor* provisioner = tfplugin5::Schema::descriptor()->file()->FindServiceByName("Provisioner");
  ASSERT_NE(provisioner, nullptr);
  EXPECT_EQ(provisioner->method_count(), 4);
}

TEST(WireProtos, StreamingShapes) {
  const ServiceDescriptor* six = tfplugin6::Schema::descriptor()->file()->FindServiceByName("Provider");
  ASSERT_NE(six, nullptr);
  for (int i = 0; i < six->method_count(); ++i) {
    const auto* m = six->method(i);
    const bool server = m->name() == "ListResource" || m->name() == "ReadStateBytes" || m->name() == "InvokeAction";
    EXPECT_EQ(m->server_streaming(), server) << m->name();
    EXPECT_EQ(m->client_streaming(), m->name() == "WriteStateBytes") << m->name();
  }
}

TEST(WireProtos, GoPluginAndHealthServices) {
  const FileDescriptor* plugin = plugin::StdioData::descriptor()->file();
  ASSERT_NE(plugin->FindServiceByName("GRPCController"), nullptr);
  EXPECT_EQ(plugin->FindServiceByName("GRPCController")->method(0)->full_name(), "plugin.GRPCController.Shutdown");
  const auto* stdio = plugin->FindServiceByName("GRPCStdio");
  ASSERT_NE(stdio, nullptr);
  EXPECT_EQ(stdio->method(0)->input_type()->full_name(), "google.protobuf.Empty");
  EXPECT_TRUE(stdio->method(0)->server_streaming());
  const auto* broker = plugin->FindServiceByName("GRPCBroker");
  ASSERT_NE(broker, nullptr);
  EXPECT_TRUE(broker->method(0)->client_streaming());
  EXPECT_TRUE(broker->method(0)->server_streaming());
  EXPECT_EQ(plugin::ConnInfo::descriptor()->FindFieldByName("knock")->number(), 4);

  const auto* health = grpc::health::v1::HealthCheckRequest::descriptor()->file()->FindServiceByName("Health");
  ASSERT_NE(health, nullptr);
  EXPECT_EQ(health->full_name(), "grpc.health.v1.Health");
  EXPECT_EQ(grpc::health::v1::HealthCheckResponse::SERVICE_UNKNOWN, 3);
}

TEST(WireProtos, VersionSpecificFieldNumbers) {
  EXPECT_EQ(tfplugin6::Schema::Attribute::descriptor()->FindFieldByName("write_only")->number(), 11);
  EXPECT_EQ(tfplugin5::Schema::Attribute::descriptor()->FindFieldByName("write_only")->number(), 10);
  EXPECT_EQ(tfplugin6::Schema::Attribute::descriptor()->FindFieldByName("nested_type")->number(), 10);
  EXPECT_EQ(tfplugin5::Schema::Attribute::descriptor()->FindFieldByName("nested_type"), nullptr);
  EXPECT_EQ(tfplugin6::ProviderMetadata::Response::descriptor()->FindFieldByName("actions")->number(), 9);
  // Not 8 in tfplugin5 either: 8 is reserved there (tfplugin6's state_stores).
  EXPECT_EQ(tfplugin5::ProviderMetadata::Response::descriptor()->FindFieldByName("actions")->number(), 9);
  EXPECT_TRUE(tfplugin5::ProviderMetadata::Response::descriptor()->IsReservedNumber(8));
  EXPECT_TRUE(tfplugin5::GetProviderSchema::Response::descriptor()->IsReservedNumber(10));
  EXPECT_EQ(tfplugin6::PlanResourceChange::Request::descriptor()->FindFieldByName("planned_private")->number(), 9);
  EXPECT_TRUE(tfplugin6::OpenEphemeralResource::Response::descriptor()->FindFieldByName("private")->has_presence());
}

}  // namespace
}  // namespace tfc::wire
