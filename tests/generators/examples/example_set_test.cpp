// The loader over a small repository in the tfplugindocs layout, written by the test: examples
// per kind, values computed or unknown, wires, de-duplication, the provider block, warnings.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "generators/examples/example_set.hpp"
#include "proto/schema/implied_type.hpp"
#include "proto/schema/tf_json.hpp"

namespace tfc::gen::examples {
namespace {

namespace fs = std::filesystem;

class ScratchRepo {
public:
  ScratchRepo() {
    std::string pattern = (fs::temp_directory_path() / "tfc-examples-XXXXXX").string();
    if (char* made = mkdtemp(pattern.data())) m_root = made;
  }
  ~ScratchRepo() {
    std::error_code ec;
    if (!m_root.empty()) fs::remove_all(m_root, ec);
  }
  ScratchRepo(const ScratchRepo&) = delete;
  ScratchRepo& operator=(const ScratchRepo&) = delete;
  const fs::path& root() const { return m_root; }
  void write(const std::string& relative, const std::string& text) const {
    const fs::path p = m_root / relative;
    fs::create_directories(p.parent_path());
    std::ofstream(p) << text;
  }

private:
  fs::path m_root;
};

schema::Attribute attr(std::string name, cty::Type type, bool required, bool computed = false) {
  schema::Attribute a;
  a.name = std::move(name);
  a.type = std::move(type);
  a.required = required;
  a.optional = !required && !computed;
  a.computed = computed;
  return a;
}

schema::NestedBlock nested(std::string name, schema::NestingMode mode, std::vector<schema::Attribute> attrs,
                           int max = 0) {
  auto b = std::make_shared<schema::Block>();
  b->attributes = std::move(attrs);
  b->sort();
  schema::NestedBlock nb;
  nb.type_name = std::move(name);
  nb.nesting = mode;
  nb.block = b;
  nb.max_items = max;
  return nb;
}

schema::Schema schema_of(std::vector<schema::Attribute> attrs, std::vector<schema::NestedBlock> blocks = {}) {
  schema::Schema s;
  s.block.attributes = std::move(attrs);
  s.block.block_types = std::move(blocks);
  s.block.sort();
  return s;
}

// A provider shaped like the TLS provider: keys whose output other resources take.
schema::ProviderSchema tls_like() {
  const cty::Type str = cty::Type::string();
  schema::ProviderSchema p;
  p.provider = schema_of({}, {nested("proxy", schema::NestingMode::List, {attr("url", str, false)}, 1)});
  p.resource_schemas["tls_private_key"] =
      schema_of({attr("algorithm", str, true), attr("rsa_bits", cty::Type::number(), false),
                 attr("private_key_pem", str, false, true), attr("id", str, false, true)});
  p.resource_schemas["tls_self_signed_cert"] =
      schema_of({attr("private_key_pem", str, true), attr("validity_period_hours", cty::Type::number(), true),
                 attr("allowed_uses", cty::Type::list(str), true), attr("dns_names", cty::Type::list(str), false),
                 attr("labels", cty::Type::map(str), false), attr("id", str, false, true)},
                {nested("subject", schema::NestingMode::List, {attr("common_name", str, false)}, 1),
                 nested("extension", schema::NestingMode::Set, {attr("name", str, true)})});
  p.data_source_schemas["tls_public_key"] =
      schema_of({attr("private_key_pem", str, false), attr("id", str, false, true)});
  p.ephemeral_resource_schemas["tls_private_key"] = schema_of({attr("algorithm", str, true)});
  p.action_schemas["tls_notify"] = schema_of({attr("command", str, true)});
  return p;
}

void write_repo(const ScratchRepo& repo) {
  repo.write("examples/provider/provider.tf", R"(provider "tls" {
  proxy {
    url = "https://proxy.example"
  }
}
)");
  repo.write("examples/resources/tls_private_key/resource.tf", R"(resource "tls_private_key" "k" {
  algorithm = "RSA"
  rsa_bits  = "4096"
}
)");
  repo.write("examples/resources/tls_self_signed_cert/variables.tf", R"(variable "hours" {
  default = 12
}
locals {
  uses = ["key_encipherment", "server_auth"]
}
)");
  repo.write("examples/resources/tls_self_signed_cert/resource.tf", R"(resource "tls_self_signed_cert" "c" {
  count                 = 2
  private_key_pem       = tls_private_key.k.private_key_pem
  validity_period_hours = var.hours * 2
  allowed_uses          = local.uses
  dns_names             = ["n${count.index}.example.com", data.tls_public_key.p.id]
  labels                = { team = "x", key = jsonencode({ pem = tls_private_key.k.id }) }
  not_in_schema         = true
  subject {
    common_name = "example.com"
  }
  dynamic "extension" {
    for_each = toset(["a", "b"])
    content {
      name = "ext-${extension.value}"
    }
  }
  dynamic "extension" {
    for_each = data.tls_public_key.p.id
    content {
      name = extension.value
    }
  }
  lifecycle {
    create_before_destroy = true
  }
  depends_on = [tls_private_key.other]
}
)");
  repo.write("examples/ephemeral-resources/tls_private_key/ephemeral-resource.tf",
             "ephemeral \"tls_private_key\" \"e\" {\n  algorithm = upper(\"ed25519\")\n}\n");
  repo.write("examples/actions/tls_notify/action.tf",
             "resource \"terraform_data\" \"t\" {}\naction \"tls_notify\" \"n\" {\n  config {\n    command = "
             "\"echo\"\n  }\n}\n");
  repo.write("examples/data-sources/tls_public_key/data-source.tf",
             "data \"tls_public_key\" \"p\" {\n  private_key_pem = tls_private_key.k.private_key_pem\n}\n");
  repo.write("docs/resources/private_key.md", R"(# tls_private_key

Some text.

```terraform
resource "tls_private_key" "k" {
  algorithm = "RSA"
  rsa_bits  = 4096
}
```

```hcl
resource "tls_private_key" "broken" {
  algorithm = "RSA"
  rsa_bits  = 
}
```

```shell
terraform import tls_private_key.k x
```
)");
  repo.write(".git/config.tf", "resource \"tls_private_key\" \"hidden\" {\n  algorithm = \"RSA\"\n}\n");
  repo.write("vendor/x/y.tf", "resource \"tls_private_key\" \"vendored\" {\n  algorithm = \"RSA\"\n}\n");
}

bool has_warning(const ExampleSet& set, const std::string& prefix, const std::string& part) {
  for (const std::string& w : set.warnings) {
    if (w.rfind(prefix, 0) == 0 && w.find(part) != std::string::npos) return true;
  }
  return false;
}

class ExampleSetTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(repo.root().empty());
    write_repo(repo);
    auto loaded = load_examples(repo.root(), schema, "tls");
    ASSERT_TRUE(loaded.has_value()) << loaded.error().message;
    set = std::move(*loaded);
  }
  ScratchRepo repo;
  schema::ProviderSchema schema = tls_like();
  ExampleSet set;
};

TEST_F(ExampleSetTest, FindsEveryKindInSortedFileOrderWithoutDuplicates) {
  std::vector<std::string> seen;
  for (const Example& e : set.examples)
    seen.push_back(std::string(to_string(e.kind)) + " " + e.type + "." + e.name + " " + e.file);
  EXPECT_EQ(
      seen,
      (std::vector<std::string>{
          "resource tls_private_key.k docs/resources/private_key.md",
          "resource tls_private_key.broken docs/resources/private_key.md",
          "action tls_notify.n examples/actions/tls_notify/action.tf",
          "data source tls_public_key.p examples/data-sources/tls_public_key/data-source.tf",
          "ephemeral resource tls_private_key.e examples/ephemeral-resources/tls_private_key/ephemeral-resource.tf",
          "resource tls_self_signed_cert.c examples/resources/tls_self_signed_cert/resource.tf",
      }));
  // The example of examples/resources/tls_private_key equals the documentation's once "4096"
  // is converted to a number: kept once.
  EXPECT_EQ(set.of(BlockKind::resource, "tls_private_key").size(), 2u);
  const Example* k = set.find(BlockKind::resource, "tls_private_key", "k");
  ASSERT_TRUE(k);
  EXPECT_EQ(k->line, 6);
  EXPECT_EQ(k->body, nlohmann::json::parse(R"({"algorithm":"RSA","rsa_bits":4096})"));
  EXPECT_EQ(set.find(BlockKind::action, "tls_notify", "n")->body, nlohmann::json::parse(R"({"command":"echo"})"));
  EXPECT_EQ(set.find(BlockKind::ephemeral_resource, "tls_private_key", "e")->body,
            nlohmann::json::parse(R"({"algorithm":"ED25519"})"));
  EXPECT_FALSE(set.find(BlockKind::resource, "tls_private_key", "hidden"));
  EXPECT_FALSE(set.find(BlockKind::resource, "tls_private_key", "vendored"));
}

TEST_F(ExampleSetTest, ComputesKnownValuesAndWiresReferences) {
  const Example* c = set.find(BlockKind::resource, "tls_self_signed_cert", "c");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->body, nlohmann::json::parse(R"({
    "validity_period_hours": 24,
    "allowed_uses": ["key_encipherment", "server_auth"],
    "subject": [{"common_name": "example.com"}],
    "extension": [{"name": "ext-a"}, {"name": "ext-b"}]
  })"));
  const schema::Block& block = schema.resource_schemas.at("tls_self_signed_cert").block;
  EXPECT_TRUE(schema::config_from_tf_json(c->body, block, "").has_value());
  EXPECT_TRUE(c->config.conforms_to(schema::implied_type(block)));
  ASSERT_EQ(c->wires.size(), 2u);  // in the order written
  EXPECT_EQ(c->wires[0].path.render(), ".private_key_pem");
  EXPECT_TRUE(c->wires[0].from == (Reference{BlockKind::resource, "tls_private_key", "k", "private_key_pem"}));
  EXPECT_EQ(c->wires[1].path.render(), ".dns_names[1]");
  EXPECT_TRUE(c->wires[1].from == (Reference{BlockKind::data_source, "tls_public_key", "p", "id"}));
  ASSERT_EQ(c->unknown.size(), 1u);
  EXPECT_EQ(c->unknown[0].render(), ".labels[\"key\"]");  // derived from a reference, not one
  const cty::Value* dns = c->config.attribute("dns_names");
  ASSERT_TRUE(dns && dns->is_known());
  EXPECT_EQ(dns->elements()[0].as_string(), "n0.example.com");  // count.index = 0
  EXPECT_FALSE(dns->elements()[1].is_known());
  EXPECT_EQ(c->config.attribute("extension")->length(), 2u);  // the unknown dynamic block left out
  std::vector<std::string> refs;
  for (const Reference& r : c->references) refs.push_back(r.type + "." + r.name);
  EXPECT_EQ(refs, (std::vector<std::string>{"tls_private_key.k", "tls_public_key.p", "tls_private_key.other"}));
}

TEST_F(ExampleSetTest, ProviderBlockAndWarnings) {
  ASSERT_TRUE(set.provider_config.has_value());
  EXPECT_EQ(*set.provider_config, nlohmann::json::parse(R"({"proxy":[{"url":"https://proxy.example"}]})"));
  EXPECT_TRUE(has_warning(set, "examples/resources/tls_self_signed_cert/resource.tf:8: tls_self_signed_cert.c:",
                          "unsupported attribute \"not_in_schema\""))
      << ::testing::PrintToString(set.warnings);
  EXPECT_TRUE(has_warning(set, "docs/resources/private_key.md:15:", "expected an expression"))
      << ::testing::PrintToString(set.warnings);
  const Example* broken = set.find(BlockKind::resource, "tls_private_key", "broken");
  ASSERT_TRUE(broken);  // kept, without the attribute that did not read
  EXPECT_EQ(broken->body, nlohmann::json::parse(R"({"algorithm":"RSA"})"));
}

TEST(ExampleSet, MissingDirectoryIsTheOnlyError) {
  auto missing = load_examples("/nonexistent/tfc-examples", tls_like(), "tls");
  ASSERT_FALSE(missing.has_value());
  EXPECT_NE(missing.error().message.find("/nonexistent/tfc-examples"), std::string::npos);
  ScratchRepo empty;
  auto none = load_examples(empty.root(), tls_like(), "tls");
  ASSERT_TRUE(none.has_value());
  EXPECT_TRUE(none->examples.empty());
  EXPECT_FALSE(none->provider_config.has_value());
}

TEST(ExampleSet, ConversionFailuresAndComputedAttributesAreDroppedWithAWarning) {
  ScratchRepo repo;
  repo.write("main.tf", R"(resource "tls_private_key" "x" {
  algorithm       = "RSA"
  rsa_bits        = "many"
  private_key_pem = "set by the provider"
}
resource "tls_private_key" "y" {
  for_each  = { first = "ECDSA", second = "RSA" }
  algorithm = each.value
  rsa_bits  = length(each.key)
}
resource "tls_nonexistent" "z" {}
)");
  auto set = load_examples(repo.root(), tls_like(), "tls");
  ASSERT_TRUE(set.has_value());
  const Example* x = set->find(BlockKind::resource, "tls_private_key", "x");
  ASSERT_TRUE(x);
  EXPECT_EQ(x->body, nlohmann::json::parse(R"({"algorithm":"RSA"})"));
  EXPECT_TRUE(has_warning(*set, "main.tf:3: tls_private_key.x:", "rsa_bits"));
  EXPECT_TRUE(has_warning(*set, "main.tf:4: tls_private_key.x:", "computed only"));
  EXPECT_TRUE(has_warning(*set, "main.tf:11: tls_nonexistent.z:", "no resource of this type"));
  const Example* y = set->find(BlockKind::resource, "tls_private_key", "y");
  ASSERT_TRUE(y);
  EXPECT_EQ(y->body, nlohmann::json::parse(R"({"algorithm":"ECDSA","rsa_bits":5})"));  // each = the first element
}

}  // namespace
}  // namespace tfc::gen::examples
