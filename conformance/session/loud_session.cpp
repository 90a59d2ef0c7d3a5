// A worker's provider session with logging on (see loud_session.hpp).
#include "conformance/session/loud_session.hpp"

namespace tfc::conformance {

LoudSession::~LoudSession() {
  if (m_session) m_session->close();
}

ProviderSession* LoudSession::get() {
  if (m_session || m_error || !m_factory) return m_session.get();
  auto opened = m_factory->open(m_clock);
  if (!opened) {
    m_error = "starting the provider with its logging on: " + opened.error().message;
    return nullptr;
  }
  m_session = std::move(*opened);
  return m_session.get();
}

}  // namespace tfc::conformance
