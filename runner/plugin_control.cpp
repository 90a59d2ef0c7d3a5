#include "runner/plugin_control.hpp"

#include <google/protobuf/empty.pb.h>

#include "proto/wire/health.grpc.pb.h"
#include "proto/wire/plugin.grpc.pb.h"

namespace tfc::runner {
namespace {

std::string status_text(const grpc::Status& status) {
  return "gRPC status " + std::to_string(static_cast<int>(status.error_code())) + " " + status.error_message();
}

void set_deadline(grpc::ClientContext& context, std::chrono::milliseconds timeout) {
  context.set_deadline(std::chrono::system_clock::now() + timeout);
}

// Splits a StdioData chunk into lines; a chunk need not end at a line boundary.
void push_lines(LogRing& ring, std::string& partial, std::string_view data, LogStream stream) {
  while (!data.empty()) {
    const auto newline = data.find('\n');
    if (newline == std::string_view::npos) {
      partial.append(data);
      return;
    }
    partial.append(data.substr(0, newline));
    if (!partial.empty() && partial.back() == '\r') partial.pop_back();
    if (!partial.empty()) ring.push(stream, partial);
    partial.clear();
    data.remove_prefix(newline + 1);
  }
}

}  // namespace

tfc::Expected<bool> check_health(const std::shared_ptr<grpc::Channel>& channel, std::string_view service,
                                 std::chrono::milliseconds timeout) {
  auto stub = grpc::health::v1::Health::NewStub(channel);
  grpc::ClientContext context;
  set_deadline(context, timeout);
  grpc::health::v1::HealthCheckRequest request;
  request.set_service(std::string(service));
  grpc::health::v1::HealthCheckResponse response;
  const grpc::Status status = stub->Check(&context, request, &response);
  if (!status.ok()) {
    return Error{"grpc.health.v1.Health/Check(" + std::string(service) + "): " + status_text(status)};
  }
  return response.status() == grpc::health::v1::HealthCheckResponse::SERVING;
}

std::string request_controller_shutdown(const std::shared_ptr<grpc::Channel>& channel,
                                        std::chrono::milliseconds timeout) {
  auto stub = plugin::GRPCController::NewStub(channel);
  grpc::ClientContext context;
  set_deadline(context, timeout);
  plugin::Empty request;
  plugin::Empty response;
  return status_text(stub->Shutdown(&context, request, &response));
}

StdioPump::StdioPump(const std::shared_ptr<grpc::Channel>& channel, std::shared_ptr<LogRing> ring)
    : m_ring(std::move(ring)) {
  m_thread = std::thread([this, channel] { run(channel); });
}

StdioPump::~StdioPump() {
  m_context.TryCancel();
  if (m_thread.joinable()) m_thread.join();
}

void StdioPump::run(const std::shared_ptr<grpc::Channel>& channel) {
  auto stub = plugin::GRPCStdio::NewStub(channel);
  google::protobuf::Empty request;
  auto reader = stub->StreamStdio(&m_context, request);
  plugin::StdioData data;
  std::string out_partial;
  std::string err_partial;
  while (reader->Read(&data)) {
    const bool is_err = data.channel() == plugin::StdioData::STDERR;
    push_lines(*m_ring, is_err ? err_partial : out_partial, data.data(),
               is_err ? LogStream::Stderr : LogStream::Stdout);
  }
  reader->Finish();
  for (auto* partial : {&out_partial, &err_partial}) {
    if (!partial->empty()) {
      m_ring->push(partial == &err_partial ? LogStream::Stderr : LogStream::Stdout, *partial);
    }
  }
}

}  // namespace tfc::runner
