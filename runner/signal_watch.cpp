#include "runner/signal_watch.hpp"

#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <cstring>
#include <string>
#include <thread>

#include "runner/live_calls.hpp"
#include "runner/live_processes.hpp"
#include "runner/run_stop.hpp"

namespace tfc::runner {
namespace {

void say(const std::string& text) {
  // Straight to the descriptor: the main thread may hold std::cerr's buffer.
  const std::string line = "tfconform: " + text + "\n";
  [[maybe_unused]] const auto n = ::write(STDERR_FILENO, line.data(), line.size());
}

StopReason reason_of(int sig) { return sig == SIGINT ? StopReason::Interrupt : StopReason::Terminate; }

[[noreturn]] void watch(sigset_t set) {
  bool first = true;
  while (true) {
    int sig = 0;
    if (::sigwait(&set, &sig) != 0) continue;
    const StopReason reason = reason_of(sig);
    if (first) {
      first = false;
      request_stop(reason);
      say(describe(reason) + ": stopping the providers and writing the reports (a second signal quits at once)");
      cancel_live_calls();
      kill_live_groups();
      continue;
    }
    kill_live_groups();
    remove_scratch_dirs();
    say(describe(reason) + " again: quitting at once");
    ::_exit(stop_exit_code(stop_reason()));
  }
}

}  // namespace

void watch_stop_signals() {
  static const bool started = [] {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    ::pthread_sigmask(SIG_BLOCK, &set, nullptr);
    std::thread(watch, set).detach();
    return true;
  }();
  (void)started;
}

}  // namespace tfc::runner
