#pragma once
// The seam between the suite and whatever answers as the provider: a launched or attached
// plugin process (ProviderHost) or, in the suite's own tests, an in-memory provider. The suite
// plays cases through client(), reads schema(), and calls restart() when a process was lost.

#include <optional>
#include <string>
#include <vector>

#include "proto/protocol/diagnostics.hpp"
#include "proto/protocol/provider_client.hpp"
#include "proto/schema/provider_schema.hpp"
#include "proto/util/expected.hpp"

namespace tfc::conformance {

/// One opened, configured provider, ready for cases.
class ProviderSession {
public:
  virtual ~ProviderSession() = default;

  virtual protocol::ProviderClient& client() = 0;
  virtual const schema::ProviderSchema& schema() const = 0;
  /// The tfplugin major version it speaks (5 or 6).
  virtual int protocol_version() const = 0;
  /// The schema calls' diagnostics (errors stay only when opened without configuring).
  virtual const protocol::Diagnostics& schema_diagnostics() const = 0;
  /// The warnings ValidateProviderConfig and ConfigureProvider returned at the last start.
  virtual const protocol::Diagnostics& configure_warnings() const = 0;
  /// Replaces a lost provider with a fresh, configured one; errors when that is not possible.
  virtual Expected<void> restart() = 0;
  /// The provider's log lines that arrived since the last call (raw text).
  virtual std::vector<std::string> take_new_logs() = 0;
  /// How the provider ended, when it already has (a crash).
  virtual std::optional<std::string> exit_description() = 0;
  /// Ends the provider. Idempotent.
  virtual void close() = 0;
  /// With --upgrade-from this session is the previous release and this is the new release's
  /// session (release_pair.hpp); null otherwise.
  virtual ProviderSession* next_release() { return nullptr; }
  /// The releases' names in findings, with --upgrade-from: their binaries' file names
  /// (terraform-provider-tls_v4.1.0, then terraform-provider-tls_v4.2.0).
  virtual std::string release_label() const { return {}; }
  virtual std::string next_release_label() const { return {}; }
};

}  // namespace tfc::conformance
