// The message parsers against the documented message shapes of terraform-plugin-sdk/v2
// (helper/validation, helper/schema's cross-attribute checks), terraform-plugin-framework-
// validators, and common phrasings of custom validators. The vectors are written here from
// those formats (fmt.Sprintf patterns); values and names are our own.
#include <gtest/gtest.h>

#include "generators/learning/description_rules.hpp"
#include "generators/learning/format_values.hpp"
#include "generators/learning/message_parser.hpp"
#include "generators/regex.hpp"

namespace tfc::gen::learning {
namespace {

using Kind = AttributeGroup::Kind;

MessageFacts read(const std::string& summary, const std::string& detail = "") {
  return read_diagnostic(summary, detail);
}

// ---- terraform-plugin-sdk/v2 helper/validation (the error text is the diagnostic summary) ----

TEST(SdkValidation, StringInSliceBothListForms) {
  auto f = read("expected protocol to be one of [tcp udp icmp], got xyz");
  EXPECT_EQ(f.subjects.front(), "protocol");
  EXPECT_EQ(f.rule.one_of, (std::vector<std::string>{"tcp", "udp", "icmp"}));
  f = read(R"(expected status to be one of ["Enabled" "Suspended"], got  b)");
  EXPECT_EQ(f.rule.one_of, (std::vector<std::string>{"Enabled", "Suspended"}));
  f = read(R"(expected rule.0.mode to be one of ["a b" "c\"d"], got x)");
  EXPECT_EQ(f.subjects.front(), "rule.0.mode");
  EXPECT_EQ(f.rule.one_of, (std::vector<std::string>{"a b", "c\"d"}));
}

TEST(SdkValidation, NotInSliceIsNotAnEnumeration) {
  EXPECT_TRUE(read("expected name to not be one of [admin root], got admin").rule.one_of.empty());
  EXPECT_FALSE(read(R"(expected value of name to not match regular expression "^x", got x)").rule.pattern.has_value());
  // But a value that "is not one of" a list is refused for not being in it.
  EXPECT_EQ(read(R"(unknown kind: "" is not one of server, network, record)").rule.one_of,
            (std::vector<std::string>{"server", "network", "record"}));
}

TEST(SdkValidation, IntInSliceAndRanges) {
  auto f = read("expected size to be one of [8 16 32], got 5");
  EXPECT_EQ(f.rule.one_of, (std::vector<std::string>{"8", "16", "32"}));
  f = read("expected port to be in the range (1 - 65535), got 70000");
  EXPECT_EQ(f.subjects.front(), "port");
  EXPECT_EQ(*f.rule.min, 1);
  EXPECT_EQ(*f.rule.max, 65535);
  EXPECT_TRUE(f.rule.integer);
  f = read("expected ratio to be in the range (0.500000 - 2.500000), got 3.000000");
  EXPECT_DOUBLE_EQ(*f.rule.min, 0.5);
  EXPECT_DOUBLE_EQ(*f.rule.max, 2.5);
  EXPECT_FALSE(f.rule.integer);
  f = read("expected count to be at least (3), got 1");
  EXPECT_EQ(*f.rule.min, 3);
  EXPECT_FALSE(f.rule.max.has_value());
  f = read("expected count to be at most (10), got 11");
  EXPECT_EQ(*f.rule.max, 10);
  f = read("expected window to be divisible by 60, got: 7");
  EXPECT_EQ(*f.rule.multiple_of, 60);
}

TEST(SdkValidation, StringLengthIsALengthNotARange) {
  const auto f = read("expected length of bucket_prefix to be in the range (0 - 37), got zz");
  EXPECT_EQ(f.subjects.front(), "bucket_prefix");
  EXPECT_EQ(*f.rule.min_length, 0u);
  EXPECT_EQ(*f.rule.max_length, 37u);
  EXPECT_FALSE(f.rule.min.has_value());
}

TEST(SdkValidation, StringMatchPatternIsGoQuoted) {
  auto f = read(R"(expected value of name to match regular expression "^[a-z0-9\\-]+$", got A)");
  EXPECT_EQ(f.subjects.front(), "name");
  ASSERT_TRUE(f.rule.pattern.has_value());
  EXPECT_EQ(*f.rule.pattern, R"(^[a-z0-9\-]+$)");
  EXPECT_TRUE(Regex::parse(*f.rule.pattern).has_value());
  // With a message: "invalid value for K (message)".
  f = read("invalid value for name (must contain only lowercase alphanumeric characters and hyphens)");
  EXPECT_EQ(f.subjects.front(), "name");
  ASSERT_TRUE(f.rule.pattern.has_value());
  const auto re = Regex::parse(*f.rule.pattern);
  ASSERT_TRUE(re.has_value());
  EXPECT_TRUE(re->matches("abc123"));
  EXPECT_FALSE(re->matches("ABC"));
}

TEST(SdkValidation, Formats) {
  EXPECT_EQ(
      read(R"("policy" contains an invalid JSON: invalid character '<' looking for beginning of value)").rule.format,
      Format::Json);
  EXPECT_EQ(read(R"("policy" contains an invalid JSON: invalid character '<')").subjects.front(), "policy");
  EXPECT_EQ(read(R"(expected "cidr" to be a valid CIDR Value, got 10.0.0: invalid CIDR address: 10.0.0)").rule.format,
            Format::Cidr);
  EXPECT_EQ(read("expected address to contain a valid IPv4 address, got: x").rule.format, Format::Ipv4Address);
  EXPECT_EQ(read("expected address to contain a valid IPv6 address, got: x").rule.format, Format::Ipv6Address);
  EXPECT_EQ(read("expected address to contain a valid IP, got: x").rule.format, Format::IpAddress);
  EXPECT_EQ(read(R"(expected "mac" to be a valid MAC address, got x: bad)").rule.format, Format::MacAddress);
  EXPECT_EQ(read(R"(expected "data" to be a base64 string, got %%)").rule.format, Format::Base64);
  EXPECT_EQ(read(R"(expected "id" to be a valid UUID, got x)").rule.format, Format::Uuid);
  EXPECT_EQ(read(R"(expected "when" to be a valid RFC3339 date, got "x": parsing time)").rule.format, Format::Rfc3339);
  EXPECT_EQ(read(R"(expected "endpoint" to be a valid url, got x: parse error)").rule.format, Format::Url);
  const auto port = read(R"(expected "port" to be a valid port number, got: 0)");
  EXPECT_EQ(port.rule.format, Format::Port);
  EXPECT_EQ(*port.rule.min, 1);
  EXPECT_EQ(*port.rule.max, 65535);
  EXPECT_EQ(*read(R"(expected "port" to be a valid port number or 0, got: -1)").rule.min, 0);
}

TEST(SdkValidation, NetworkValuesGiveTheExpectedNetwork) {
  auto f = read("expected cidr to contain a valid network Value, expected 10.0.0.0/16, got 10.0.0.1/16");
  EXPECT_EQ(f.rule.one_of, (std::vector<std::string>{"10.0.0.0/16"}));
  f = read(R"(expected "cidr" to contain a network Value with between 16 and 28 significant bits, got: 8)");
  ASSERT_EQ(f.rule.one_of.size(), 1u);
  EXPECT_EQ(f.rule.one_of.front(), "10.0.0.0/24");
}

TEST(SdkValidation, EmptyStrings) {
  EXPECT_TRUE(read(R"(expected "name" to not be an empty string, got )").rule.not_empty);
  EXPECT_TRUE(read("name must not be empty, got ").rule.not_empty);
}

// ---- terraform-plugin-sdk/v2 helper/schema cross-attribute checks ----

TEST(SdkSchema, ConflictsWith) {
  const auto f = read("Conflicting configuration arguments", R"("content": conflicts with content_base64)");
  ASSERT_TRUE(f.group.has_value());
  EXPECT_EQ(f.group->kind, Kind::AtMostOne);
  EXPECT_EQ(f.group->paths, (std::vector<std::string>{"content", "content_base64"}));
}

TEST(SdkSchema, ExactlyOneOfBothMessages) {
  auto f = read("Invalid combination of arguments", R"("a": one of `a,b` must be specified)");
  ASSERT_TRUE(f.group.has_value());
  EXPECT_EQ(f.group->kind, Kind::ExactlyOne);
  f = read("Invalid combination of arguments",
           R"("a": only one of `a,b,c` can be specified, but `a,c` were specified.)");
  ASSERT_TRUE(f.group.has_value());
  EXPECT_EQ(f.group->kind, Kind::ExactlyOne);
  EXPECT_EQ(f.group->paths, (std::vector<std::string>{"a", "b", "c"}));
}

TEST(SdkSchema, AtLeastOneOfAndRequiredWith) {
  auto f = read("Missing required argument", R"("rule.0.a": one of `rule.0.a,rule.0.b` must be specified)");
  ASSERT_TRUE(f.group.has_value());
  EXPECT_EQ(f.group->kind, Kind::AtLeastOne);
  EXPECT_EQ(f.group->paths, (std::vector<std::string>{"rule.0.a", "rule.0.b"}));
  f = read("Missing required argument",
           R"("ipv6_cidr_block": all of `ipv6_cidr_block,ipv6_ipam_pool_id` must be specified)");
  ASSERT_TRUE(f.group.has_value());
  EXPECT_EQ(f.group->kind, Kind::AllOrNone);
}

TEST(SdkSchema, MissingRequiredArgument) {
  const auto f =
      read("Missing required argument", R"(The argument "engine" is required, but no definition was found.)");
  EXPECT_FALSE(f.group.has_value());
  EXPECT_TRUE(f.rule.required);
  EXPECT_EQ(f.subjects.front(), "engine");
}

// ---- terraform-plugin-framework-validators ----

TEST(FrameworkValidators, OneOfAndBetween) {
  auto f =
      read("Invalid Attribute Value Match", R"(Attribute mode value must be one of: ["fast" "slow"], got: "medium")");
  EXPECT_EQ(f.subjects.front(), "mode");
  EXPECT_EQ(f.rule.one_of, (std::vector<std::string>{"fast", "slow"}));
  f = read("Invalid Attribute Value", "Attribute to_port value must be between -1 and 65535, got: -241");
  EXPECT_EQ(f.subjects.front(), "to_port");
  EXPECT_EQ(*f.rule.min, -1);
  EXPECT_EQ(*f.rule.max, 65535);
  f = read("Invalid Attribute Value", "Attribute rule[0].weight value must be at least 1, got: 0");
  EXPECT_EQ(f.subjects.front(), "rule[0].weight");
  EXPECT_EQ(*f.rule.min, 1);
  f = read("Invalid Attribute Value", "Attribute weight value must be at most 100, got: 200");
  EXPECT_EQ(*f.rule.max, 100);
}

TEST(FrameworkValidators, Lengths) {
  auto f = read("Invalid Attribute Value Length", "Attribute name string length must be between 3 and 40, got: 1");
  EXPECT_EQ(*f.rule.min_length, 3u);
  EXPECT_EQ(*f.rule.max_length, 40u);
  EXPECT_FALSE(f.rule.min.has_value());
  f = read("Invalid Attribute Value Length", "Attribute name string length must be at most 10, got: 12");
  EXPECT_EQ(*f.rule.max_length, 10u);
  f = read("Invalid Attribute Value Length", "Attribute name UTF-8 character count must be at least 2, got: 1");
  EXPECT_EQ(*f.rule.min_length, 2u);
}

TEST(FrameworkValidators, RegexMatchesIsSingleQuoted) {
  const auto f =
      read("Invalid Attribute Value Match", "Attribute name value must match regular expression '^[a-z']+$', got: X");
  ASSERT_TRUE(f.rule.pattern.has_value());
  EXPECT_EQ(*f.rule.pattern, "^[a-z']+$");
}

TEST(FrameworkValidators, SchemaValidators) {
  auto f = read("Invalid Attribute Combination", R"(Attribute "b" cannot be specified when "a" is specified)");
  ASSERT_TRUE(f.group.has_value());
  EXPECT_EQ(f.group->kind, Kind::AtMostOne);
  EXPECT_EQ(f.group->paths, (std::vector<std::string>{"a", "b"}));
  f = read("Invalid Attribute Combination", R"(Attribute "b" must be specified when "a" is specified)");
  EXPECT_EQ(f.group->kind, Kind::AllOrNone);
  f = read("Invalid Attribute Combination", "At least one attribute out of [a,b] must be specified");
  EXPECT_EQ(f.group->kind, Kind::AtLeastOne);
  f = read("Invalid Attribute Combination", "No attribute specified when one (and only one) of [a,<.b] is required");
  EXPECT_EQ(f.group->kind, Kind::ExactlyOne);
  EXPECT_EQ(f.group->paths, (std::vector<std::string>{"<.b", "a"}));
  f = read("Invalid Attribute Combination", "2 attributes specified when one (and only one) of [a,b] is required");
  EXPECT_EQ(f.group->kind, Kind::ExactlyOne);
}

// The framework's path.Expressions print "[a,b]"; a relative expression is merged into the
// validated attribute's own path ("a.<.b"), and the validated attribute counts without being
// listed (terraform-plugin-framework-validators internal/schemavalidator exactly_one_of.go,
// at_least_one_of.go).
TEST(FrameworkValidators, ExactlyOneOfAsProvidersSendIt) {
  // terraform-provider-tls, data source and ephemeral resource tls_public_key.
  auto f = read("Invalid Attribute Combination",
                "2 attributes specified when one (and only one) of [private_key_pem,private_key_openssh] is required");
  ASSERT_TRUE(f.group.has_value());
  EXPECT_EQ(f.group->kind, Kind::ExactlyOne);
  EXPECT_EQ(f.group->paths, (std::vector<std::string>{"private_key_openssh", "private_key_pem"}));
  EXPECT_TRUE(f.group_includes_subject);
  f = read("Invalid Attribute Combination",
           "No attribute specified when one (and only one) of [private_key_pem,private_key_openssh] is required");
  ASSERT_TRUE(f.group.has_value());
  EXPECT_EQ(f.group->kind, Kind::ExactlyOne);
  // Relative expressions: one name is a group with the diagnostic's own attribute.
  f = read("Invalid Attribute Combination", "No attribute specified when one (and only one) of [a.<.b] is required");
  ASSERT_TRUE(f.group.has_value());
  EXPECT_EQ(f.group->paths, (std::vector<std::string>{"a.<.b"}));
  EXPECT_TRUE(f.group_includes_subject);
  f = read("Invalid Attribute Combination", "At least one attribute out of [<.a>,<.b>] must be specified");
  ASSERT_TRUE(f.group.has_value());
  EXPECT_EQ(f.group->kind, Kind::AtLeastOne);
  EXPECT_EQ(f.group->paths, (std::vector<std::string>{"<.a>", "<.b>"}));
  // The conflicts name both attributes and need no subject.
  f = read("Invalid Attribute Combination",
           R"(Attribute "private_key_openssh" cannot be specified when "private_key_pem" is specified)");
  ASSERT_TRUE(f.group.has_value());
  EXPECT_EQ(f.group->kind, Kind::AtMostOne);
  EXPECT_FALSE(f.group_includes_subject);
}

// terraform-plugin-framework types/basetypes int64_type.go and int32_type.go: a number that is
// not whole, printed with %s of a *big.Float, as the type's validation or as the configuration
// read error that wraps ValueFromTerraform's.
TEST(FrameworkTypes, NotAnIntegerMeansWholeNumbers) {
  for (const auto& [summary, detail] : std::vector<std::pair<std::string, std::string>>{
           {"Int64 Type Validation Error", "Value %!s(*big.Float=60.9) is not an integer."},
           {"Int32 Type Validation Error", "Value %!s(*big.Float=-3.25) is not an integer."},
           {"Configuration Read Error",
            "An unexpected error was encountered trying to convert an attribute value from the configuration. This "
            "is always an error in the provider. Please report the following to the provider developer:\n\nError: "
            "Value %!s(*big.Float=60.9) is not an integer."}}) {
    const auto f = read(summary, detail);
    EXPECT_TRUE(f.rule.integer) << detail;
    EXPECT_FALSE(f.rule.min.has_value()) << detail;
    EXPECT_FALSE(f.rule.max.has_value()) << detail;
    EXPECT_FALSE(f.rule.format.has_value()) << detail;
    EXPECT_FALSE(f.rule.pattern.has_value()) << detail;
    EXPECT_FALSE(f.group.has_value()) << detail;
  }
  EXPECT_TRUE(
      read("Int64 Type Validation Error", "Value %!s(*big.Float=1e+30) cannot be represented as a 64-bit integer.")
          .rule.integer);
}

TEST(FrameworkValidators, ConfigValidators) {
  const std::pair<const char*, Kind> cases[] = {
      {"These attributes cannot be configured together: [cidr_ipv4,cidr_ipv6]", Kind::AtMostOne},
      {"At least one of these attributes must be configured: [cidr_ipv4,cidr_ipv6]", Kind::AtLeastOne},
      {"Exactly one of these attributes must be configured: [cidr_ipv4,cidr_ipv6]", Kind::ExactlyOne},
      {"These attributes must be configured together: [cidr_ipv4,cidr_ipv6]", Kind::AllOrNone},
  };
  for (const auto& [detail, kind] : cases) {
    const auto f = read("Invalid Attribute Combination", detail);
    ASSERT_TRUE(f.group.has_value()) << detail;
    EXPECT_EQ(f.group->kind, kind) << detail;
    EXPECT_EQ(f.group->paths, (std::vector<std::string>{"cidr_ipv4", "cidr_ipv6"}));
  }
}

TEST(FrameworkValidators, MissingRequiredAttribute) {
  const auto f =
      read("Missing Configuration for Required Attribute",
           "Must set a configuration value for the region attribute as the provider has marked it as required.");
  EXPECT_TRUE(f.rule.required);
}

// terraform-provider-dns validators.go (SDKv2: the error is the summary) and
// internal/validators/dnsvalidator (the framework's "Invalid Attribute Type" detail).
TEST(CustomMessages, FullyQualifiedDnsNamesEndWithADot) {
  for (const auto& [summary, detail] : std::vector<std::pair<std::string, std::string>>{
           {R"(DNS zone name "zone" must be fully qualified: "example")", ""},
           {"Invalid Attribute Type", "Attribute zone DNS zone name must be fully qualified, got: example"}}) {
    const auto f = read(summary, detail);
    EXPECT_EQ(f.subjects.front(), "zone") << summary;
    ASSERT_TRUE(f.rule.pattern.has_value()) << summary;
    auto re = Regex::parse(*f.rule.pattern);
    ASSERT_TRUE(re.has_value());
    EXPECT_TRUE(re->matches("tfc.example.com."));
    EXPECT_FALSE(re->matches("example"));
  }
  for (const auto& [summary, detail] : std::vector<std::pair<std::string, std::string>>{
           {R"(DNS record name "name" must not be fully qualified: "www.")", ""},
           {"Invalid Attribute Type", "Attribute name DNS record name must not be fully qualified: , got: www."}}) {
    const auto f = read(summary, detail);
    ASSERT_TRUE(f.rule.pattern.has_value()) << summary;
    auto re = Regex::parse(*f.rule.pattern);
    ASSERT_TRUE(re.has_value());
    EXPECT_TRUE(re->matches("www"));
    EXPECT_FALSE(re->matches("www."));
  }
  // A description that only mentions such names states no rule.
  EXPECT_FALSE(rule_from_description("The fully qualified domain name of the host.").pattern.has_value());
}

// ---- custom validators in plain English ----

TEST(CustomMessages, EnumValuesAndFormats) {
  auto f = read(
      "Invalid String Enum Value",
      "The provided value does not match any valid values.\n\nPath: type\nGiven Value: x\nValid Values: [Directory ]");
  EXPECT_EQ(f.rule.one_of, (std::vector<std::string>{"Directory"}));
  f = read(R"("bucket_account_id" doesn't look like AWS Account ID (exactly 12 digits): "x")");
  ASSERT_FALSE(f.subjects.empty());
  EXPECT_EQ(f.subjects.front(), "bucket_account_id");
  ASSERT_TRUE(f.rule.pattern.has_value());
  EXPECT_EQ(*f.rule.pattern, "[0-9]{12}");
  f = read(R"("region_name" doesn't look like AWS Region: "x")");
  EXPECT_EQ(f.rule.format, Format::Region);
  f = read(R"("role_arn" (x) is an invalid ARN: arn: invalid prefix)");
  EXPECT_EQ(f.subjects.front(), "role_arn");
  EXPECT_EQ(f.rule.format, Format::Arn);
  f = read("bad mode for file - must be three octal digits: 9999");
  EXPECT_EQ(f.rule.format, Format::FileMode);
  f = read("bad mode for file - string length should be 3 or 4 digits: 7");
  EXPECT_EQ(f.rule.format, Format::FileMode);
  f = read("open nothing.txt: no such file or directory");
  EXPECT_EQ(f.rule.format, Format::ExistingFile);
}

TEST(CustomMessages, DurationExamplesAreCandidates) {
  const auto f = read(
      "Invalid Attribute Value Time Duration",
      R"("x" must be a string containing a sequence of decimal numbers, each with optional fraction and a unit suffix, such as "300ms", "-1.5h" or "2h45m".)");
  EXPECT_EQ(f.rule.one_of, (std::vector<std::string>{"300ms", "-1.5h", "2h45m"}));
  EXPECT_EQ(f.rule.format, Format::Duration);
}

TEST(CustomMessages, CharacterRulesBecomePatterns) {
  const auto p =
      charset_pattern("must be between 3 and 63 characters and contain only lowercase letters, numbers and hyphens");
  ASSERT_TRUE(p.has_value());
  const auto re = Regex::parse(*p);
  ASSERT_TRUE(re.has_value());
  EXPECT_TRUE(re->matches("abc"));
  EXPECT_FALSE(re->matches("ab"));
  EXPECT_TRUE(re->matches(std::string(63, 'a')));
  EXPECT_FALSE(re->matches(std::string(64, 'a')));
  EXPECT_FALSE(charset_pattern("the name of the bucket").has_value());
}

TEST(CustomMessages, TemplatesBecomePatterns) {
  for (const char* text : {"invalid value for backup_window (must be a time range in the form hh:mm-hh:mm)",
                           "Attribute backup_window must be a time range in the form hh:mm-hh:mm, got: x"}) {
    const auto f = read(text);
    ASSERT_TRUE(f.rule.pattern.has_value()) << text;
    const auto re = Regex::parse(*f.rule.pattern);
    ASSERT_TRUE(re.has_value()) << *f.rule.pattern;
    EXPECT_TRUE(re->matches("01:00-02:30")) << *f.rule.pattern;
    EXPECT_FALSE(re->matches("25:00-02:30")) << *f.rule.pattern;
    EXPECT_FALSE(re->matches("01:00-02:30)")) << *f.rule.pattern;
  }
  const auto bucket =
      read("Invalid Attribute Value Match",
           "Attribute bucket must be in the format [bucket_name]--[azid]--x-s3. Use the other resource, got: b");
  ASSERT_TRUE(bucket.rule.pattern.has_value());
  const auto re = Regex::parse(*bucket.rule.pattern);
  ASSERT_TRUE(re.has_value());
  EXPECT_TRUE(re->matches("abc--use1az4--x-s3"));
  EXPECT_FALSE(read("It is in the form of a sentence.").rule.pattern.has_value());
}

TEST(CustomMessages, PlainConflictPhrasing) {
  const auto f = read("`ipv6_cidr_block` cannot be specified with `ipv6_ipam_pool_id`");
  ASSERT_TRUE(f.group.has_value());
  EXPECT_EQ(f.group->paths, (std::vector<std::string>{"ipv6_cidr_block", "ipv6_ipam_pool_id"}));
}

TEST(CustomMessages, UnknownShapesSayNothing) {
  EXPECT_FALSE(read("something went wrong", "try again later").understood());
}

// ---- descriptions ----

TEST(Descriptions, EnumerationsRangesAndDefaults) {
  EXPECT_EQ(rule_from_description("The tier. Valid values are `Standard`, `Premium` and `Free`.").one_of,
            (std::vector<std::string>{"Standard", "Premium", "Free"}));
  EXPECT_EQ(rule_from_description("Must be one of: \"a\", \"b\".").one_of, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(rule_from_description("Valid values: fast | slow").one_of, (std::vector<std::string>{"fast", "slow"}));
  const auto range = rule_from_description("Seconds between checks, between 5 and 300.");
  EXPECT_EQ(*range.min, 5);
  EXPECT_EQ(*range.max, 300);
  EXPECT_EQ(rule_from_description("How records are kept. Defaults to `append`.").one_of,
            (std::vector<std::string>{"append"}));
  EXPECT_EQ(rule_from_description("The ARN of the role to assume.").format, Format::Arn);
  EXPECT_TRUE(rule_from_description("The ID of one of the subnets.").one_of.empty());
}

TEST(FormatValues, CandidatesFollowTheName) {
  EXPECT_EQ(format_candidates(Format::Arn, "role_arn").front(), "arn:aws:iam::123456789012:role/tfconform-role");
  EXPECT_EQ(format_candidates(Format::Arn, "topic_arn").front(), "arn:aws:sns:us-east-1:123456789012:tfconform-topic");
  const auto trust = format_candidates(Format::Json, "assume_role_policy").front().get<std::string>();
  EXPECT_NE(trust.find("sts:AssumeRole"), std::string::npos);
  EXPECT_TRUE(nlohmann::json::parse(trust).is_object());
  EXPECT_EQ(format_candidates(Format::FileMode, "file_permission").front(), "0644");
  EXPECT_TRUE(format_candidates(Format::Port, "port").front().is_number());
}

}  // namespace
}  // namespace tfc::gen::learning

namespace tfc::gen::learning {
namespace {

// terraform-provider-archive's archive_file.type says its values before the verb.
TEST(Descriptions, QuotedValuesBeforeIsSupportedAreAnEnumeration) {
  EXPECT_EQ(read_value_rule("The type of archive to generate. NOTE: `zip` and `tar.gz` is supported.").one_of,
            (std::vector<std::string>{"zip", "tar.gz"}));
  EXPECT_EQ(read_value_rule("\"a\", \"b\" or \"c\" are supported").one_of, (std::vector<std::string>{"a", "b", "c"}));
  // Words, not quoted values, say nothing.
  EXPECT_TRUE(read_value_rule("Only local files are supported.").one_of.empty());
}

}  // namespace
}  // namespace tfc::gen::learning
