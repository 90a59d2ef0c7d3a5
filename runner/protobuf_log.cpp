#include "runner/protobuf_log.hpp"

#include <google/protobuf/stubs/logging.h>

#include <cstddef>
#include <mutex>
#include <string>

namespace tfc::runner {
namespace {

constexpr std::size_t kMaxCaptured = 1024;

struct Capture {
  std::string text;
  std::size_t dropped = 0;
};

thread_local Capture t_capture;

void capture_line(google::protobuf::LogLevel, const char*, int, const std::string& message) {
  Capture& c = t_capture;
  if (c.text.find(message) != std::string::npos) return;  // the same field, once per element
  if (c.text.size() + message.size() > kMaxCaptured) {
    ++c.dropped;
    return;
  }
  if (!c.text.empty()) c.text += "; ";
  c.text += message;
}

}  // namespace

void begin_protobuf_capture() {
  static std::once_flag installed;
  std::call_once(installed, [] { google::protobuf::SetLogHandler(&capture_line); });
  t_capture = Capture{};
}

std::string protobuf_capture() {
  const Capture& c = t_capture;
  if (c.dropped == 0) return c.text;
  return c.text + " (" + std::to_string(c.dropped) + " more)";
}

}  // namespace tfc::runner
