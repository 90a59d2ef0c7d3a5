// ProviderClient over gRPC against in-process tfplugin6/tfplugin5 servers that misbehave on
// purpose: every failure class and the v5 RPC names, without Go.
#include "runner/grpc_provider.hpp"

#include <grpcpp/create_channel.h>
#include <grpcpp/security/server_credentials.h>
#include <grpcpp/server.h>
#include <grpcpp/server_builder.h>
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <mutex>

#include "proto/wire/tfplugin5.grpc.pb.h"
#include "proto/wire/tfplugin6.grpc.pb.h"

namespace tfc::runner {
namespace {

using namespace std::chrono_literals;
using protocol::FailureKind;

class FakeV6 final : public tfplugin6::Provider::Service {
public:
  grpc::Status GetProviderSchema(grpc::ServerContext*, const tfplugin6::GetProviderSchema::Request*,
                                 tfplugin6::GetProviderSchema::Response* response) override {
    auto* attribute = (*response->mutable_resource_schemas())["bad"].mutable_block()->add_attributes();
    attribute->set_name("a");
    attribute->set_type("this is not type JSON");
    attribute->set_optional(true);
    return grpc::Status::OK;
  }
  grpc::Status StopProvider(grpc::ServerContext*, const tfplugin6::StopProvider::Request*,
                            tfplugin6::StopProvider::Response* response) override {
    response->set_error("busy");
    return grpc::Status::OK;
  }
  grpc::Status ValidateResourceConfig(grpc::ServerContext*, const tfplugin6::ValidateResourceConfig::Request* request,
                                      tfplugin6::ValidateResourceConfig::Response* response) override {
    {
      const std::lock_guard lock(m_mutex);
      m_seen_type = request->type_name();
      m_seen_config = request->config().msgpack();
    }
    auto* diagnostic = response->add_diagnostics();
    diagnostic->set_severity(tfplugin6::Diagnostic::ERROR);
    diagnostic->set_summary("bad port");
    diagnostic->mutable_attribute()->add_steps()->set_attribute_name("port");
    return grpc::Status::OK;
  }
  grpc::Status ListResource(grpc::ServerContext*, const tfplugin6::ListResource::Request* request,
                            grpc::ServerWriter<tfplugin6::ListResource::Event>* writer) override {
    tfplugin6::ListResource::Event event;
    event.set_display_name("first");
    writer->Write(event);
    if (request->type_name() == "fail") return {grpc::StatusCode::INVALID_ARGUMENT, "nope"};
    event.set_display_name("second");
    writer->Write(event);
    return grpc::Status::OK;
  }
  grpc::Status InvokeAction(grpc::ServerContext*, const tfplugin6::InvokeAction::Request* request,
                            grpc::ServerWriter<tfplugin6::InvokeAction::Event>* writer) override {
    tfplugin6::InvokeAction::Event event;
    event.mutable_progress()->set_message("working");
    writer->Write(event);
    if (request->action_type() == "endless") {
      for (;;) {
        if (!writer->Write(event)) return grpc::Status::OK;
      }
    }
    tfplugin6::InvokeAction::Event done;
    done.mutable_completed()->add_diagnostics()->set_summary("done");
    writer->Write(done);
    return grpc::Status::OK;
  }
  grpc::Status ReadResource(grpc::ServerContext*, const tfplugin6::ReadResource::Request*,
                            tfplugin6::ReadResource::Response*) override {
    std::this_thread::sleep_for(2s);
    return grpc::Status::OK;
  }

  std::string seen_type() {
    const std::lock_guard lock(m_mutex);
    return m_seen_type;
  }
  std::string seen_config() {
    const std::lock_guard lock(m_mutex);
    return m_seen_config;
  }

private:
  std::mutex m_mutex;
  std::string m_seen_type;
  std::string m_seen_config;
};

class FakeV5 final : public tfplugin5::Provider::Service {
public:
  grpc::Status GetSchema(grpc::ServerContext*, const tfplugin5::GetProviderSchema::Request*,
                         tfplugin5::GetProviderSchema::Response* response) override {
    auto* attribute = (*response->mutable_resource_schemas())["thing"].mutable_block()->add_attributes();
    attribute->set_name("name");
    attribute->set_type("\"string\"");
    attribute->set_required(true);
    return grpc::Status::OK;
  }
  grpc::Status Stop(grpc::ServerContext*, const tfplugin5::Stop::Request*, tfplugin5::Stop::Response*) override {
    return grpc::Status::OK;
  }
  grpc::Status PlanAction(grpc::ServerContext*, const tfplugin5::PlanAction::Request* request,
                          tfplugin5::PlanAction::Response* response) override {
    if (request->client_capabilities().deferral_allowed())
      response->mutable_deferred()->set_reason(tfplugin5::Deferred::PROVIDER_CONFIG_UNKNOWN);
    return grpc::Status::OK;
  }
};

// Both fakes on one Unix socket (the client only uses the service of its version).
class FakeServer {
public:
  FakeServer() {
    char pattern[] = "/tmp/tfc-fake-XXXXXX";
    m_dir = ::mkdtemp(pattern);
    grpc::ServerBuilder builder;
    builder.AddListeningPort("unix:" + m_dir + "/sock", grpc::InsecureServerCredentials());
    builder.RegisterService(&m_v6);
    builder.RegisterService(&m_v5);
    m_server = builder.BuildAndStart();
    m_channel = grpc::CreateChannel("unix:" + m_dir + "/sock", grpc::InsecureChannelCredentials());
  }
  ~FakeServer() {
    m_server->Shutdown(std::chrono::system_clock::now());
    std::filesystem::remove_all(m_dir);
  }
  std::shared_ptr<grpc::Channel> channel() const { return m_channel; }
  FakeV6& v6() { return m_v6; }

private:
  std::string m_dir;
  FakeV6 m_v6;
  FakeV5 m_v5;
  std::unique_ptr<grpc::Server> m_server;
  std::shared_ptr<grpc::Channel> m_channel;
};

CallOptions quick() {
  CallOptions options;
  options.timeout = 10s;
  return options;
}

TEST(GrpcProviderTest, FactoryPicksTheVersion) {
  FakeServer server;
  EXPECT_EQ(make_grpc_provider(6, server.channel())->protocol_version(), 6);
  EXPECT_EQ(make_grpc_provider(5, server.channel())->protocol_version(), 5);
  EXPECT_EQ(make_grpc_provider(4, server.channel()), nullptr);
}

TEST(GrpcProviderTest, V6UnimplementedRpcIsNotImplemented) {
  FakeServer server;
  const auto client = make_grpc_provider_v6(server.channel(), quick());
  const auto metadata = client->get_metadata({});
  ASSERT_FALSE(metadata.ok());
  EXPECT_EQ(metadata.failure().kind, FailureKind::NotImplemented);
  EXPECT_EQ(metadata.failure().grpc_code, 12);
  EXPECT_NE(metadata.failure().message.find("GetMetadata"), std::string::npos);
}

TEST(GrpcProviderTest, V6ReplyThatDoesNotConvertIsMalformed) {
  FakeServer server;
  const auto client = make_grpc_provider_v6(server.channel(), quick());
  const auto schema = client->get_provider_schema({});
  ASSERT_FALSE(schema.ok());
  EXPECT_EQ(schema.failure().kind, FailureKind::Malformed) << schema.failure().message;
  EXPECT_NE(schema.failure().message.find("GetProviderSchema"), std::string::npos);
}

TEST(GrpcProviderTest, V6RequestAndResponseConvert) {
  FakeServer server;
  const auto client = make_grpc_provider_v6(server.channel(), quick());
  protocol::ValidateResourceConfigRequest request;
  request.type_name = "tfc_thing";
  request.config.msgpack = std::string("\x81\xa4port\x01", 7);
  const auto validated = client->validate_resource_config(request);
  ASSERT_TRUE(validated.ok()) << validated.failure().message;
  EXPECT_EQ(server.v6().seen_type(), "tfc_thing");
  EXPECT_EQ(server.v6().seen_config(), request.config.msgpack);
  ASSERT_EQ(validated->diagnostics.size(), 1u);
  EXPECT_EQ(validated->diagnostics[0].severity, protocol::Severity::Error);
  EXPECT_EQ(validated->diagnostics[0].summary, "bad port");
  EXPECT_TRUE(validated->diagnostics[0].attribute.has_value());

  const auto stopped = client->stop_provider({});
  ASSERT_TRUE(stopped.ok());
  EXPECT_EQ(stopped->error, "busy");
}

TEST(GrpcProviderTest, V6ListResourceCollectsTheStream) {
  FakeServer server;
  const auto client = make_grpc_provider_v6(server.channel(), quick());
  protocol::ListResourceRequest request;
  request.type_name = "things";
  const auto listed = client->list_resource(request);
  ASSERT_TRUE(listed.ok()) << listed.failure().message;
  ASSERT_EQ(listed->events.size(), 2u);
  EXPECT_EQ(listed->events[0].display_name, "first");
  EXPECT_EQ(listed->events[1].display_name, "second");

  request.type_name = "fail";
  const auto failed = client->list_resource(request);
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(failed.failure().kind, FailureKind::Status);
  EXPECT_EQ(failed.failure().grpc_code, 3);
  EXPECT_NE(failed.failure().message.find("nope"), std::string::npos);
}

TEST(GrpcProviderTest, V6InvokeActionCollectsEveryEventInOrder) {
  FakeServer server;
  const auto client = make_grpc_provider_v6(server.channel(), quick());
  protocol::InvokeActionRequest request;
  request.action_type = "notify";
  const auto invoked = client->invoke_action(request);
  ASSERT_TRUE(invoked.ok()) << invoked.failure().message;
  ASSERT_EQ(invoked->events.size(), 2u);
  EXPECT_EQ(invoked->events[0].kind, protocol::InvokeEventKind::Progress);
  EXPECT_EQ(invoked->events[0].message, "working");
  EXPECT_EQ(invoked->events[1].kind, protocol::InvokeEventKind::Completed);
  ASSERT_EQ(invoked->events[1].diagnostics.size(), 1u);
  EXPECT_EQ(invoked->events[1].diagnostics[0].summary, "done");
}

TEST(GrpcProviderTest, AnEndlessStreamIsCutOffAsTooLarge) {
  FakeServer server;
  CallOptions options;
  options.timeout = 60s;
  const auto client = make_grpc_provider_v6(server.channel(), options);
  protocol::InvokeActionRequest request;
  request.action_type = "endless";
  const auto invoked = client->invoke_action(request);
  ASSERT_FALSE(invoked.ok());
  EXPECT_EQ(invoked.failure().kind, FailureKind::TooLarge);
  EXPECT_NE(invoked.failure().message.find("InvokeAction streamed more than"), std::string::npos);
}

TEST(GrpcProviderTest, V5PlanActionCarriesCapabilitiesAndDeferral) {
  FakeServer server;
  const auto client = make_grpc_provider_v5(server.channel(), quick());
  protocol::PlanActionRequest request;
  request.action_type = "notify";
  request.client_capabilities.deferral_allowed = true;
  const auto planned = client->plan_action(request);
  ASSERT_TRUE(planned.ok()) << planned.failure().message;
  ASSERT_TRUE(planned->deferred.has_value());
  EXPECT_EQ(planned->deferred->reason, protocol::DeferredReason::ProviderConfigUnknown);
  const auto validated = client->validate_action_config({});
  ASSERT_FALSE(validated.ok());
  EXPECT_NE(validated.failure().message.find("ValidateActionConfig"), std::string::npos);
}

TEST(GrpcProviderTest, V6DeadlineIsTimeoutAndCrashProbeReclassifies) {
  FakeServer server;
  CallOptions options;
  options.timeout = 200ms;
  const auto slow = make_grpc_provider_v6(server.channel(), options);
  const auto read = slow->read_resource({});
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.failure().kind, FailureKind::Timeout);

  options.crash_probe = [] { return std::optional<ProcessEnd>(ProcessEnd{"exited with status 2"}); };
  const auto crashed = make_grpc_provider_v6(server.channel(), options);
  const auto again = crashed->read_resource({});
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.failure().kind, FailureKind::Crashed);
  EXPECT_NE(again.failure().message.find("exited with status 2"), std::string::npos);
}

// UNIMPLEMENTED is the provider's answer: no waiting for an exit that a live process will not make.
TEST(GrpcProviderTest, UnimplementedIsNotProbedForACrash) {
  FakeServer server;
  CallOptions options = quick();
  bool probed = false;
  options.crash_probe = [&probed] {
    probed = true;
    return std::optional<ProcessEnd>(ProcessEnd{"exited with status 2"});
  };
  const auto client = make_grpc_provider_v5(server.channel(), options);
  const auto prepare = client->validate_provider_config({});
  ASSERT_FALSE(prepare.ok());
  EXPECT_EQ(prepare.failure().kind, FailureKind::NotImplemented);
  EXPECT_FALSE(probed);
}

TEST(GrpcProviderTest, V5UsesTheV5Names) {
  FakeServer server;
  const auto client = make_grpc_provider_v5(server.channel(), quick());
  const auto schema = client->get_provider_schema({});
  ASSERT_TRUE(schema.ok()) << schema.failure().message;
  EXPECT_TRUE(schema->schema.resource_schemas.count("thing"));
  EXPECT_TRUE(client->stop_provider({}).ok());
  const auto prepare = client->validate_provider_config({});
  ASSERT_FALSE(prepare.ok());
  EXPECT_EQ(prepare.failure().kind, FailureKind::NotImplemented);
  EXPECT_NE(prepare.failure().message.find("PrepareProviderConfig"), std::string::npos);
}

TEST(GrpcProviderTest, NothingListeningIsTransport) {
  const auto channel = grpc::CreateChannel("unix:/nonexistent/tfc.sock", grpc::InsecureChannelCredentials());
  const auto client = make_grpc_provider_v6(channel, quick());
  const auto schema = client->get_provider_schema({});
  ASSERT_FALSE(schema.ok());
  EXPECT_EQ(schema.failure().kind, FailureKind::Transport) << schema.failure().message;
}

}  // namespace
}  // namespace tfc::runner
