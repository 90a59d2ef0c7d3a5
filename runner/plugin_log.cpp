#include "runner/plugin_log.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <utility>

namespace tfc::runner {
namespace {

LogLevel level_from_name(std::string_view name) {
  static constexpr std::array<std::pair<std::string_view, LogLevel>, 7> kNames = {{
      {"trace", LogLevel::Trace},
      {"debug", LogLevel::Debug},
      {"info", LogLevel::Info},
      {"warn", LogLevel::Warn},
      {"warning", LogLevel::Warn},
      {"error", LogLevel::Error},
      {"fatal", LogLevel::Panic},
  }};
  std::string lower;
  for (const char c : name) lower += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  for (const auto& [text, level] : kNames) {
    if (lower == text) return level;
  }
  return LogLevel::None;
}

bool parse_hclog_json(std::string_view line, LogLine& out) {
  if (line.empty() || line.front() != '{') return false;
  const auto json = nlohmann::json::parse(line.begin(), line.end(), nullptr, false);
  if (json.is_discarded() || !json.is_object()) return false;
  const auto level = json.find("@level");
  if (level == json.end() || !level->is_string()) return false;
  out.level = level_from_name(level->get_ref<const std::string&>());
  const auto message = json.find("@message");
  out.message = message != json.end() && message->is_string() ? message->get<std::string>() : std::string(line);
  return true;
}

// `[LEVEL] text`, possibly after one leading word such as an RFC 3339 timestamp.
bool parse_tagged(std::string_view line, LogLine& out) {
  for (int attempt = 0; attempt < 2; ++attempt) {
    if (!line.empty() && line.front() == '[') {
      const auto close = line.find(']');
      if (close != std::string_view::npos && close <= 8) {
        const LogLevel level = level_from_name(line.substr(1, close - 1));
        if (level != LogLevel::None) {
          out.level = level;
          std::string_view rest = line.substr(close + 1);
          if (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
          out.message = std::string(rest);
          return true;
        }
      }
    }
    const auto space = line.find(' ');
    if (space == std::string_view::npos) return false;
    line.remove_prefix(space + 1);
  }
  return false;
}

}  // namespace

std::string_view to_string(LogLevel level) {
  switch (level) {
    case LogLevel::Trace: return "trace";
    case LogLevel::Debug: return "debug";
    case LogLevel::Info: return "info";
    case LogLevel::Warn: return "warn";
    case LogLevel::Error: return "error";
    case LogLevel::Panic: return "panic";
    case LogLevel::None: break;
  }
  return "none";
}

LogLine parse_log_line(std::string_view line, LogStream stream) {
  LogLine out;
  out.stream = stream;
  out.raw = std::string(line);
  if (parse_hclog_json(line, out) || parse_tagged(line, out)) return out;
  if (line.starts_with("panic: ") || line.starts_with("fatal error: ")) {
    out.level = LogLevel::Panic;
  }
  out.message = out.raw;
  return out;
}

void LogRing::push(LogStream stream, std::string raw) {
  const std::lock_guard lock(m_mutex);
  const std::size_t size = raw.size();
  while (!m_lines.empty() && (m_lines.size() == m_capacity || m_bytes + size > m_max_bytes)) {
    m_bytes -= m_lines.front().raw.size();
    m_lines.pop_front();
    ++m_dropped;
  }
  m_bytes += size;
  m_lines.push_back(Kept{stream, std::move(raw)});
}

std::vector<LogLine> LogRing::snapshot() const {
  const std::lock_guard lock(m_mutex);
  std::vector<LogLine> out;
  out.reserve(m_lines.size());
  for (const Kept& k : m_lines) out.push_back(parse_log_line(k.raw, k.stream));
  return out;
}

std::pair<std::deque<LogRing::Kept>::const_iterator, std::deque<LogRing::Kept>::const_iterator> LogRing::fresh(
    std::size_t& cursor) const {
  const std::size_t total = m_dropped + m_lines.size();
  const std::size_t count = std::min(total - std::min(cursor, total), m_lines.size());
  cursor = total;
  return {m_lines.end() - static_cast<std::ptrdiff_t>(count), m_lines.end()};
}

std::vector<LogLine> LogRing::since(std::size_t& cursor) const {
  const std::lock_guard lock(m_mutex);
  const auto [begin, end] = fresh(cursor);
  std::vector<LogLine> out;
  for (auto it = begin; it != end; ++it) out.push_back(parse_log_line(it->raw, it->stream));
  return out;
}

std::vector<std::string> LogRing::raw_since(std::size_t& cursor) const {
  const std::lock_guard lock(m_mutex);
  const auto [begin, end] = fresh(cursor);
  std::vector<std::string> out;
  for (auto it = begin; it != end; ++it) out.push_back(it->raw);
  return out;
}

std::size_t LogRing::dropped() const {
  const std::lock_guard lock(m_mutex);
  return m_dropped;
}

}  // namespace tfc::runner
