#pragma once
// The gRPC calls in flight, so that the first SIGINT or SIGTERM can cancel them all at once
// instead of waiting for each call's deadline.

#include <grpcpp/client_context.h>

namespace tfc::runner {

/// Registers a call's context for as long as it lives. A context registered while the run is
/// already aborting is cancelled at once (the call then ends with CANCELLED).
class LiveCall {
public:
  explicit LiveCall(grpc::ClientContext& context);
  ~LiveCall();
  LiveCall(const LiveCall&) = delete;
  LiveCall& operator=(const LiveCall&) = delete;

private:
  grpc::ClientContext& m_context;
};

/// TryCancel on every registered call (thread-safe; not async-signal-safe).
void cancel_live_calls();

}  // namespace tfc::runner
