// The RPC table (proto/protocol/rpc_table.inc) against the wire: every row names a method of
// both Provider services with the row's streaming shape, and the only methods left out are
// the ones tfconform does not speak (tfplugin6's state stores).
#include <set>
#include <string>

#include <google/protobuf/descriptor.h>
#include <gtest/gtest.h>

#include "proto/protocol/rpc_catalogue.hpp"
#include "proto/protocol/rpc_names.hpp"
#include "proto/wire/tfplugin5.pb.h"
#include "proto/wire/tfplugin6.pb.h"

namespace tfc::protocol {
namespace {

using google::protobuf::MethodDescriptor;
using google::protobuf::ServiceDescriptor;

const ServiceDescriptor* provider_service(const google::protobuf::FileDescriptor* file) {
  return file->FindServiceByName("Provider");
}

/// Each row's method in `service` exists with the row's shape; returns the names the rows cover.
std::set<std::string> check_rows(const ServiceDescriptor* service, std::string_view RpcInfo::*name) {
  std::set<std::string> covered;
  for (const RpcInfo& rpc : kRpcs) {
    const std::string wire_name(rpc.*name);
    const MethodDescriptor* method = service->FindMethodByName(wire_name);
    EXPECT_NE(method, nullptr) << service->full_name() << " has no " << wire_name;
    if (method == nullptr) continue;
    EXPECT_FALSE(method->client_streaming()) << wire_name;
    EXPECT_EQ(method->server_streaming(), rpc.shape == RpcShape::server_stream) << wire_name;
    EXPECT_TRUE(covered.insert(wire_name).second) << wire_name << " is in two rows";
  }
  return covered;
}

std::set<std::string> uncovered(const ServiceDescriptor* service, const std::set<std::string>& covered) {
  std::set<std::string> out;
  for (int i = 0; i < service->method_count(); ++i) {
    if (!covered.contains(service->method(i)->name())) out.insert(service->method(i)->name());
  }
  return out;
}

TEST(RpcTable, MethodNamesAreUnique) {
  std::set<std::string_view> methods;
  for (const RpcInfo& rpc : kRpcs) EXPECT_TRUE(methods.insert(rpc.method).second) << rpc.method;
}

// The constants code names RPCs by (rpc_names.hpp) are the rows' tfplugin6 names, in order.
TEST(RpcTable, NameConstantsAreTheRowsTfplugin6Names) {
  ASSERT_EQ(kRpcNames.size(), kRpcs.size());
  for (std::size_t i = 0; i < kRpcs.size(); ++i) EXPECT_EQ(kRpcNames[i], kRpcs[i].v6_name);
  EXPECT_EQ(rpc_name(Rpc::PlanResourceChange), "PlanResourceChange");
  EXPECT_EQ(rpc_name(Rpc::ValidateResourceConfig), "ValidateResourceConfig");  // tfplugin5: ValidateResourceTypeConfig
  EXPECT_EQ(rpc_name(Rpc::InvokeAction), "InvokeAction");
}

TEST(RpcTable, FamiliesAreTheKnownOnes) {
  const std::set<std::string_view> families{"provider",  "identity", "resource", "data_source",
                                            "ephemeral", "function", "list",     "action"};
  for (const RpcInfo& rpc : kRpcs) EXPECT_TRUE(families.contains(rpc.family)) << rpc.method << ": " << rpc.family;
}

TEST(RpcTable, EveryTfplugin6ProviderRpcButTheStateStoresIsARow) {
  const ServiceDescriptor* six = provider_service(tfplugin6::Schema::descriptor()->file());
  ASSERT_NE(six, nullptr);
  const std::set<std::string> state_stores{"ValidateStateStoreConfig",
                                           "ConfigureStateStore",
                                           "ReadStateBytes",
                                           "WriteStateBytes",
                                           "LockState",
                                           "UnlockState",
                                           "GetStates",
                                           "DeleteState"};
  EXPECT_EQ(uncovered(six, check_rows(six, &RpcInfo::v6_name)), state_stores);
}

TEST(RpcTable, EveryTfplugin5ProviderRpcIsARow) {
  const ServiceDescriptor* five = provider_service(tfplugin5::Schema::descriptor()->file());
  ASSERT_NE(five, nullptr);
  EXPECT_EQ(uncovered(five, check_rows(five, &RpcInfo::v5_name)), std::set<std::string>{});
}

}  // namespace
}  // namespace tfc::protocol
