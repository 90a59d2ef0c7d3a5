// Opening plugin processes for a run: launched from a binary or attached to a running one.
#include "conformance/session/provider_factory.hpp"

#include <limits>

namespace tfc::conformance {
namespace {

class ProcessFactory final : public ProviderFactory {
public:
  explicit ProcessFactory(ProviderTarget target) : m_target(std::move(target)) {}

  Expected<std::unique_ptr<ProviderSession>> open(RpcClock& clock, StartFailure* failed) const override {
    TFC_TRY(host, ProviderHost::start(m_target, clock, failed));
    return std::unique_ptr<ProviderSession>(std::move(host));
  }
  // An attached provider is one process that tfconform did not start and cannot multiply.
  std::size_t most_sessions() const override { return m_target.attach ? 1 : std::numeric_limits<std::size_t>::max(); }
  std::string provider_name() const override {
    return m_target.attach ? m_target.attach->provider : provider_name_from_binary(m_target.executable.string());
  }

private:
  ProviderTarget m_target;
};

}  // namespace

std::shared_ptr<const ProviderFactory> process_factory(ProviderTarget target) {
  return std::make_shared<ProcessFactory>(std::move(target));
}

std::string provider_name_from_binary(const std::string& path) {
  std::string name = std::filesystem::path(path).filename().string();
  const std::string prefix = "terraform-provider-";
  if (name.rfind(prefix, 0) == 0) name = name.substr(prefix.size());
  if (auto cut = name.find('_'); cut != std::string::npos) name = name.substr(0, cut);
  return name;
}

}  // namespace tfc::conformance
