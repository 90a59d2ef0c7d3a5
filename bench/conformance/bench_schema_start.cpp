// Where the time of `tfconform schema` and of the start of `run` goes, against the provider's
// own time. Per provider (terraform-provider-aws 5.100.0 is required; time and tfcfixture from
// `make providers`), medians over several launches of:
//
//   provider floor    what any client waits for: launch to handshake line, the raw
//                     GetProviderSchema and GetResourceIdentitySchemas calls (generated stub,
//                     reply parsed by libprotobuf, nothing converted), and Shutdown to exit;
//   harness pieces    protobuf → schema model and the compact `providers schema -json` text,
//                     measured on the reply of the floor's own call (and, for comparison, the
//                     nlohmann document dumped with indentation, what --pretty prints);
//   tfconform schema  the real command as a child process (output to /dev/null), whole wall;
//   run start         the process factory's open(), as `run` opens each provider process (launch,
//                     schema, identity schemas, ValidateProviderConfig, ConfigureProvider);
//   terraform         `terraform providers schema -json` through a dev_overrides CLI
//                     configuration, for reference.
//
// Goal (issue #16): `tfconform schema` within 10 % of the provider floor. terraform on PATH and
// the AWS binary are required: without them the bench fails, naming what is missing.
//
// Usage: bench_schema_start [REPEATS]   (default 3 for AWS, three times that for the others)
// Env:   TFC_AWS_PROVIDER  the AWS binary (default the /opt/tf-plugins path below)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "bench_support.hpp"
#include "conformance/session/provider_factory.hpp"
#include "proto/convert/convert_v5.hpp"
#include "proto/convert/convert_v6.hpp"
#include "proto/schema/schema_json.hpp"
#include "proto/schema/schema_json_text.hpp"
#include "proto/wire/tfplugin5.grpc.pb.h"
#include "proto/wire/tfplugin6.grpc.pb.h"
#include "runner/plugin_session.hpp"

namespace {

using namespace tfc;
using bench::Clock;
using bench::median;
using bench::ms_since;
namespace fs = std::filesystem;

constexpr const char* kAwsDefault =
    "/opt/tf-plugins/registry.terraform.io/hashicorp/aws/5.100.0/linux_amd64/terraform-provider-aws_v5.100.0_x5";
constexpr double kGoal = 1.10;

[[noreturn]] void missing(const std::string& what) {
  std::fprintf(stderr, "bench_schema_start: FAILED: %s\n", what.c_str());
  std::exit(2);
}

/// The wall time of a child that must exit 0, in ms; -1 when it did not.
double timed_child(const std::vector<std::string>& argv, const std::vector<std::string>& env = {}) {
  const auto r = bench::run_child(argv, {}, env);
  return r.exit_code == 0 ? r.ms : -1;
}

struct Subject {
  std::string label;
  fs::path binary;
  std::string tf_source;  // e.g. hashicorp/aws: the CLI reference runs for this one
  nlohmann::json provider_config = nlohmann::json::object();
  std::vector<runner::EnvVar> env;
  int repeats = 3;
};

/// One launch: the floor's pieces and the harness's own work on the same reply.
struct Sample {
  double launch = 0, rpc_schema = 0, rpc_identity = 0, close = 0;
  double convert = 0, text = 0, dom = 0;
  std::size_t reply_bytes = 0, types = 0, text_bytes = 0, dom_bytes = 0;
  double floor() const { return launch + rpc_schema + rpc_identity + close; }
};

// The per-version stub calls.
struct V5 {
  using Service = ::tfplugin5::Provider;
  static grpc::Status schema(Service::Stub& s, grpc::ClientContext* c, ::tfplugin5::GetProviderSchema::Response* r) {
    return s.GetSchema(c, {}, r);
  }
  static auto convert(const ::tfplugin5::GetProviderSchema::Response& r) { return wire::v5::from_proto(r); }
  using SchemaReply = ::tfplugin5::GetProviderSchema::Response;
  using IdentityReply = ::tfplugin5::GetResourceIdentitySchemas::Response;
};
struct V6 {
  using Service = ::tfplugin6::Provider;
  static grpc::Status schema(Service::Stub& s, grpc::ClientContext* c, ::tfplugin6::GetProviderSchema::Response* r) {
    return s.GetProviderSchema(c, {}, r);
  }
  static auto convert(const ::tfplugin6::GetProviderSchema::Response& r) { return wire::v6::from_proto(r); }
  using SchemaReply = ::tfplugin6::GetProviderSchema::Response;
  using IdentityReply = ::tfplugin6::GetResourceIdentitySchemas::Response;
};

template <class V>
Expected<void> raw_calls(runner::PluginSession& session, Sample& s) {
  auto stub = V::Service::NewStub(session.channel());
  typename V::SchemaReply reply;
  {
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::minutes(5));
    const auto start = Clock::now();
    const auto status = V::schema(*stub, &context, &reply);
    s.rpc_schema = ms_since(start);
    if (!status.ok()) return Error{"GetProviderSchema: " + status.error_message()};
  }
  {
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::minutes(5));
    typename V::IdentityReply identities;
    const auto start = Clock::now();
    (void)stub->GetResourceIdentitySchemas(&context, {}, &identities);  // UNIMPLEMENTED is an answer too
    s.rpc_identity = ms_since(start);
  }
  s.reply_bytes = reply.ByteSizeLong();
  auto start = Clock::now();
  auto converted = V::convert(reply);
  s.convert = ms_since(start);
  if (!converted) return Error{"converting the schema: " + converted.error().message};
  s.types = converted->schema.resource_schemas.size() + converted->schema.data_source_schemas.size();
  start = Clock::now();
  std::string text;
  schema::append_providers_schema_document(text, "registry.terraform.io/bench/x", converted->schema);
  s.text = ms_since(start);
  // The form `tfconform schema` printed before: an nlohmann document dumped with indentation
  // (still what --pretty prints).
  start = Clock::now();
  const std::string indented = schema::providers_schema_document("registry.terraform.io/bench/x", converted->schema)
                                   .dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
  s.dom = ms_since(start);
  s.dom_bytes = indented.size();
  s.text_bytes = text.size();
  return {};
}

Expected<Sample> floor_sample(const Subject& subject) {
  Sample s;
  runner::LaunchOptions options;
  options.executable = subject.binary;
  options.environment = subject.env;
  auto start = Clock::now();
  auto session = runner::PluginSession::launch(options);
  s.launch = ms_since(start);
  if (!session) return session.error();
  auto raw = (*session)->protocol_version() == 5 ? raw_calls<V5>(**session, s) : raw_calls<V6>(**session, s);
  start = Clock::now();
  (*session)->close();
  s.close = ms_since(start);
  if (!raw) return raw.error();
  return s;
}

/// Opening a configured provider through the process factory, and closing it: the wall, and the part of it inside RPCs.
struct HostSample {
  double start = 0, in_rpcs = 0, close = 0;
  std::int64_t calls = 0;
};

Expected<HostSample> host_sample(const Subject& subject) {
  conformance::ProviderTarget target;
  target.executable = subject.binary;
  target.environment = subject.env;
  target.start.provider_config = subject.provider_config;
  target.rpc_timeout = std::chrono::minutes(5);
  conformance::RpcClock clock;
  HostSample h;
  auto start = Clock::now();
  auto host = conformance::process_factory(target)->open(clock);
  h.start = ms_since(start);
  if (!host) return host.error();
  h.in_rpcs = std::chrono::duration<double, std::milli>(clock.total()).count();
  h.calls = clock.calls.load();
  start = Clock::now();
  (*host)->close();
  h.close = ms_since(start);
  return h;
}

/// A dev_overrides CLI configuration and a root module whose provider block is `config`.
fs::path terraform_dir(const Subject& subject) {
  const fs::path dir = bench::make_temp_dir("tfc-bench-schema");
  if (dir.empty()) missing("cannot make a temporary directory");
  std::ofstream(dir / "cli.tfrc") << "provider_installation {\n  dev_overrides {\n    \"" << subject.tf_source
                                  << "\" = \"" << subject.binary.parent_path().string() << "\"\n  }\n  direct {}\n}\n";
  const auto name = subject.tf_source.substr(subject.tf_source.find('/') + 1);
  nlohmann::json main = {{"terraform", {{"required_providers", {{name, {{"source", subject.tf_source}}}}}}},
                         {"provider", {{name, subject.provider_config}}}};
  std::ofstream(dir / "main.tf.json") << main.dump(2);
  return dir;
}

int repeats_from(int argc, char** argv) {
  const long n = argc > 1 ? std::strtol(argv[1], nullptr, 10) : 3;
  return n > 0 ? static_cast<int>(n) : 3;
}

}  // namespace

int main(int argc, char** argv) {
  const int repeats = repeats_from(argc, argv);
  const fs::path build = bench::build_dir();
  const fs::path tfconform = build / "conformance" / "tfconform";
  const std::string terraform = bench::find_on_path("terraform");
  const char* aws_env = std::getenv("TFC_AWS_PROVIDER");
  const fs::path aws = aws_env != nullptr ? aws_env : kAwsDefault;
  if (!fs::exists(tfconform)) missing(tfconform.string() + " is not built (ninja tfconform)");
  if (terraform.empty()) missing("terraform is not on PATH (the reference figure needs Terraform 1.11.4)");
  if (!fs::exists(aws)) missing("the terraform-provider-aws 5.100.0 binary is missing: " + aws.string());

  std::vector<Subject> subjects;
  subjects.push_back({"aws 5.100.0", aws, "hashicorp/aws", bench::aws_provider_config(), {}, repeats});
  for (const char* name : {"time", "tfcfixture"}) {
    const fs::path exe = build / "providers" / (std::string("terraform-provider-") + name);
    if (!fs::exists(exe)) missing(exe.string() + " is not built (make providers)");
    Subject s{name, exe, "", nlohmann::json::object(), {}, repeats * 3};
    if (std::string(name) == "tfcfixture")
      s.env.push_back({"TFCFIXTURE_STATE_DIR", bench::make_temp_dir("tfc-bench-schema-state")});
    subjects.push_back(std::move(s));
  }

  std::printf(
      "bench_schema_start: medians in ms; floor = launch to handshake + raw GetProviderSchema + raw "
      "GetResourceIdentitySchemas + Shutdown to exit (what any client waits for)\n");
  int status = 0;
  for (const auto& subject : subjects) {
    std::vector<Sample> samples;
    std::vector<double> command, tf, host_start, host_rpcs, host_close;
    std::int64_t host_calls = 0;
    for (int i = 0; i < subject.repeats; ++i) {
      auto s = floor_sample(subject);
      if (!s) {
        std::printf("%s: %s\n", subject.label.c_str(), s.error().message.c_str());
        status = 1;
        break;
      }
      samples.push_back(*s);
      std::vector<std::string> args = {tfconform.string(), "schema", "--provider", subject.binary.string()};
      for (const auto& e : subject.env) args.insert(args.end(), {"--env", e.name + "=" + e.value});
      command.push_back(timed_child(args));
      auto h = host_sample(subject);
      if (h) {
        host_start.push_back(h->start);
        host_rpcs.push_back(h->in_rpcs);
        host_close.push_back(h->close);
        host_calls = h->calls;
      } else {
        std::printf("%s: run start: %s\n", subject.label.c_str(), h.error().message.c_str());
      }
      if (!subject.tf_source.empty()) {
        const fs::path dir = terraform_dir(subject);
        const auto r = bench::run_child({terraform, "providers", "schema", "-json"}, dir,
                                        {"TF_CLI_CONFIG_FILE=" + (dir / "cli.tfrc").string(), "CHECKPOINT_DISABLE=1"});
        tf.push_back(r.exit_code == 0 ? r.ms : -1);
        fs::remove_all(dir);
      }
    }
    if (samples.empty()) continue;
    auto pick = [&](double Sample::*field) {
      std::vector<double> v;
      for (const auto& s : samples) v.push_back(s.*field);
      return median(v);
    };
    std::vector<double> floors;
    for (const auto& s : samples) floors.push_back(s.floor());
    const double floor = median(floors);
    const double cmd = median(command);
    const auto& first = samples.front();
    std::printf(
        "\n%s (%s): %zu resource types + data sources, GetProviderSchema reply %.1f MiB, "
        "schema -json text %.1f MiB  [%zu launches]\n",
        subject.label.c_str(), subject.binary.c_str(), first.types, first.reply_bytes / 1048576.0,
        first.text_bytes / 1048576.0, samples.size());
    std::printf("  provider floor %9.1f  = launch %.1f + GetProviderSchema %.1f + identity schemas %.1f + close %.1f\n",
                floor, pick(&Sample::launch), pick(&Sample::rpc_schema), pick(&Sample::rpc_identity),
                pick(&Sample::close));
    std::printf(
        "  harness pieces %9.1f  = protobuf→model %.1f + compact text %.1f  (--pretty: document and "
        "indented dump %.1f, %.1f MiB)\n",
        pick(&Sample::convert) + pick(&Sample::text), pick(&Sample::convert), pick(&Sample::text), pick(&Sample::dom),
        first.dom_bytes / 1048576.0);
    const bool command_ok = std::all_of(command.begin(), command.end(), [](double v) { return v >= 0; });
    if (!command_ok) {
      std::printf("  tfconform schema FAILED (non-zero exit)\n");
      status = 1;
    } else {
      const double ratio = floor > 0 ? cmd / floor : 0;
      std::printf("  tfconform schema %7.1f  = %.2f × the floor (harness beyond the floor %.1f ms, %.0f %%)  %s\n", cmd,
                  ratio, cmd - floor, (ratio - 1) * 100,
                  ratio <= kGoal ? "(goal ≤ 1.10×: met)" : "(goal ≤ 1.10×: MISSED)");
    }
    if (!host_start.empty())
      std::printf("  run start      %9.1f  (%lld RPCs, %.1f ms inside them), close %.1f\n", median(host_start),
                  static_cast<long long>(host_calls), median(host_rpcs), median(host_close));
    if (!tf.empty()) {
      const bool tf_ok = std::all_of(tf.begin(), tf.end(), [](double v) { return v >= 0; });
      if (tf_ok)
        std::printf("  terraform providers schema -json %.1f (Terraform's own figure, same binary)\n", median(tf));
      else {
        std::printf("  terraform providers schema -json FAILED (non-zero exit)\n");
        status = 1;
      }
    }
  }
  for (const auto& subject : subjects)
    for (const auto& e : subject.env)
      if (e.name == "TFCFIXTURE_STATE_DIR") fs::remove_all(e.value);
  return status;
}
