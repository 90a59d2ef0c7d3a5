#include "runner/live_calls.hpp"

#include <mutex>
#include <set>

#include "runner/run_stop.hpp"

namespace tfc::runner {
namespace {

std::mutex& calls_mutex() {
  static std::mutex m;
  return m;
}
std::set<grpc::ClientContext*>& calls() {
  static std::set<grpc::ClientContext*> s;
  return s;
}

}  // namespace

LiveCall::LiveCall(grpc::ClientContext& context) : m_context(context) {
  const std::lock_guard lock(calls_mutex());
  calls().insert(&m_context);
  // Checked under the lock: cancel_live_calls either sees this context or ran before, and then
  // the stop is already visible here.
  if (aborting()) m_context.TryCancel();
}

LiveCall::~LiveCall() {
  const std::lock_guard lock(calls_mutex());
  calls().erase(&m_context);
}

void cancel_live_calls() {
  const std::lock_guard lock(calls_mutex());
  for (auto* context : calls()) context->TryCancel();
}

}  // namespace tfc::runner
