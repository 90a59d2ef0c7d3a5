package main

import (
	"context"
	"fmt"
	"net/url"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/resourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64default"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// validatedResource refuses configurations the way real framework providers do: validators of
// terraform-plugin-framework-validators (enumerations, lengths, ranges, regular expressions,
// conflicts, exactly-one-of), the provider's own format validators (JSON, CIDR, IP address,
// octal file mode), and a required attribute whose format only ModifyPlan checks. Values that
// pass are stored exactly as configured, like every resource of this provider: a JSON
// document keeps the user's spacing and key order, so there is no diff to suppress.
// Some attributes describe their constraint in the description, others only in the refusal.
type validatedResource struct {
	storedResource
}

var (
	_ resource.ResourceWithConfigure        = (*validatedResource)(nil)
	_ resource.ResourceWithImportState      = (*validatedResource)(nil)
	_ resource.ResourceWithModifyPlan       = (*validatedResource)(nil)
	_ resource.ResourceWithConfigValidators = (*validatedResource)(nil)
)

func newValidatedResource() resource.Resource {
	return &validatedResource{storedResource{
		kind:     "validated",
		computed: map[string]func() tftypes.Value{"id": newID},
	}}
}

func (r *validatedResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_validated"
}

// lowerName is the name rule shared with the lookup data source's name_prefix.
var lowerName = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)

const lowerNameMessage = "must start with a lowercase letter and contain only lowercase letters, digits and hyphens"

func (r *validatedResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "An object whose attributes are checked like a real provider's.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"name": schema.StringAttribute{
				Required:            true,
				MarkdownDescription: "Name of the object, 3 to 63 characters. Changing it forces a new object to be created.",
				PlanModifiers:       []planmodifier.String{stringplanmodifier.RequiresReplace()},
				Validators: []validator.String{
					stringvalidator.LengthBetween(3, 63),
					stringvalidator.RegexMatches(lowerName, lowerNameMessage),
				},
			},
			// Checked in ModifyPlan only: validation accepts any string.
			"endpoint": schema.StringAttribute{Required: true},
			"tier": schema.StringAttribute{
				Optional:            true,
				Computed:            true,
				Default:             stringdefault.StaticString("standard"),
				MarkdownDescription: "Service tier. Valid values are `basic`, `standard` and `premium`. Defaults to `standard`.",
				Validators:          []validator.String{stringvalidator.OneOf("basic", "standard", "premium")},
			},
			"file_mode": schema.StringAttribute{
				Optional:    true,
				Computed:    true,
				Default:     stringdefault.StaticString("0644"),
				Description: "Permissions of the file, as an octal string. Defaults to 0644.",
				Validators:  []validator.String{octalFileMode()},
			},
			"replicas": schema.Int64Attribute{
				Optional:    true,
				Computed:    true,
				Default:     int64default.StaticInt64(1),
				Description: "Number of replicas. Must be between 1 and 10.",
				Validators:  []validator.Int64{int64validator.Between(1, 10)},
			},
			"port": schema.Int64Attribute{
				Optional:   true,
				Validators: []validator.Int64{int64validator.Between(1, 65535)},
			},
			"policy": schema.StringAttribute{
				Optional:    true,
				Description: "A JSON policy document.",
				Validators:  []validator.String{jsonText()},
			},
			"cidr_block": schema.StringAttribute{
				Optional:   true,
				Validators: []validator.String{cidrBlock()},
			},
			"ip_address": schema.StringAttribute{
				Optional:    true,
				Description: "IPv4 or IPv6 address of the primary interface.",
				Validators:  []validator.String{ipAddress()},
			},
			"source_arn": schema.StringAttribute{
				Optional:            true,
				MarkdownDescription: "The ARN of the source object. Exactly one of `source_arn` and `source_url` must be set.",
				Validators: []validator.String{stringvalidator.RegexMatches(
					regexp.MustCompile(`^arn:[a-z0-9-]+:[a-z0-9-]+:[a-z0-9-]*:([0-9]{12})?:.+$`),
					"must be an ARN, such as arn:aws:s3:::my-bucket")},
			},
			"source_url": schema.StringAttribute{
				Optional: true,
				Validators: []validator.String{
					stringvalidator.RegexMatches(regexp.MustCompile(`^https?://[^\s/]+`), ""),
				},
			},
			"admin_password": schema.StringAttribute{
				Optional:            true,
				Sensitive:           true,
				MarkdownDescription: "Password of the administrator, 8 to 64 characters. Conflicts with `ssh_public_key`.",
				Validators: []validator.String{
					stringvalidator.LengthBetween(8, 64),
					stringvalidator.ConflictsWith(path.MatchRoot("ssh_public_key")),
				},
			},
			"ssh_public_key": schema.StringAttribute{
				Optional: true,
				Validators: []validator.String{stringvalidator.RegexMatches(
					regexp.MustCompile(`^ssh-(rsa|ed25519) [A-Za-z0-9+/=]+`),
					"must be an OpenSSH public key starting with ssh-rsa or ssh-ed25519")},
			},
			"backup_window": schema.StringAttribute{
				Optional:            true,
				MarkdownDescription: "Daily backup window in UTC, as `hh:mm-hh:mm`. Requires `backup_retention_days`.",
				Validators: []validator.String{
					stringvalidator.RegexMatches(
						regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]-([01][0-9]|2[0-3]):[0-5][0-9]$`),
						"must be a time range in the form hh:mm-hh:mm"),
					stringvalidator.AlsoRequires(path.MatchRoot("backup_retention_days")),
				},
			},
			"backup_retention_days": schema.Int64Attribute{
				Optional:   true,
				Validators: []validator.Int64{int64validator.Between(1, 35)},
			},
			"tags": schema.ListAttribute{
				Optional:    true,
				ElementType: types.StringType,
				Description: "At most 5 tags of 1 to 32 characters each.",
				Validators: []validator.List{
					listvalidator.SizeAtMost(5),
					listvalidator.ValueStringsAre(stringvalidator.LengthBetween(1, 32)),
				},
			},
			"maintenance": schema.SingleNestedAttribute{
				Optional: true,
				Attributes: map[string]schema.Attribute{
					"day": schema.StringAttribute{
						Required:   true,
						Validators: []validator.String{stringvalidator.OneOf("mon", "tue", "wed", "thu", "fri", "sat", "sun")},
					},
					"hour": schema.Int64Attribute{
						Optional:    true,
						Description: "Hour of the day (UTC), from 0 to 23.",
						Validators:  []validator.Int64{int64validator.Between(0, 23)},
					},
				},
			},
		},
		Blocks: map[string]schema.Block{
			"rule": schema.ListNestedBlock{
				Description: "Firewall rules, at most 3.",
				Validators:  []validator.List{listvalidator.SizeAtMost(3)},
				NestedObject: schema.NestedBlockObject{
					Attributes: map[string]schema.Attribute{
						"port": schema.Int64Attribute{
							Required:    true,
							Description: "Must be between 1 and 65535.",
							Validators:  []validator.Int64{int64validator.Between(1, 65535)},
						},
						"protocol": schema.StringAttribute{
							Required:            true,
							MarkdownDescription: "Valid values are `tcp`, `udp` and `icmp`.",
							Validators:          []validator.String{stringvalidator.OneOf("tcp", "udp", "icmp")},
						},
						"cidr_blocks": schema.ListAttribute{
							Optional:    true,
							ElementType: types.StringType,
							Validators:  []validator.List{listvalidator.ValueStringsAre(cidrBlock())},
						},
					},
				},
			},
		},
	}
}

func (r *validatedResource) ConfigValidators(context.Context) []resource.ConfigValidator {
	return []resource.ConfigValidator{
		resourcevalidator.ExactlyOneOf(path.MatchRoot("source_arn"), path.MatchRoot("source_url")),
	}
}

// ModifyPlan checks endpoint's format at plan time, as providers do for values whose check
// needs more than the configuration (here it needs nothing more; the point is where the
// refusal comes from). An unknown endpoint is checked when it becomes known.
func (r *validatedResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return // destroy
	}
	var endpoint types.String
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("endpoint"), &endpoint)...)
	if resp.Diagnostics.HasError() || endpoint.IsNull() || endpoint.IsUnknown() {
		return
	}
	if problem := httpsEndpointProblem(endpoint.ValueString()); problem != "" {
		resp.Diagnostics.AddAttributeError(path.Root("endpoint"), "Invalid endpoint", problem)
	}
}

// httpsEndpointProblem says what keeps s from being an https URL with a host, or "".
func httpsEndpointProblem(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return fmt.Sprintf("endpoint %q is not a URL: %v", s, err)
	}
	if u.Scheme != "https" || u.Host == "" {
		return fmt.Sprintf("endpoint %q must be an https:// URL with a host name, such as https://api.example.com", s)
	}
	return ""
}
