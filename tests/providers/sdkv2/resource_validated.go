package main

import (
	"context"
	"fmt"
	"net/url"
	"regexp"
	"strconv"

	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/structure"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/validation"
)

// lowerName is the name rule shared with the lookup data source's name_prefix.
var lowerName = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)

const lowerNameMessage = "must start with a lowercase letter and contain only lowercase letters, digits and hyphens"

// resourceValidated refuses configurations the way real SDKv2 providers do: helper/validation
// functions (alone and combined with validation.All), the schema's ConflictsWith,
// ExactlyOneOf, AtLeastOneOf and RequiredWith, MaxItems, a file mode checked like a file
// permission, and a CustomizeDiff that refuses a required attribute's format at plan time.
// The JSON document keeps the user's form; a change of form alone is suppressed
// (DiffSuppressFunc), so the stored text stays the one first applied. Some attributes state
// their constraint in the description, others only in the refusal.
func resourceValidated() *schema.Resource {
	r := &schema.Resource{
		Description:   "An object whose attributes are checked like a real provider's.",
		CustomizeDiff: checkEndpointAtPlan,
		Schema: map[string]*schema.Schema{
			"name": {
				Type:        schema.TypeString,
				Required:    true,
				ForceNew:    true,
				Description: "Name of the object, 3 to 63 characters. Changing this forces a new resource to be created.",
				ValidateFunc: validation.All(
					validation.StringLenBetween(3, 63),
					validation.StringMatch(lowerName, lowerNameMessage),
				),
			},
			// Checked by CustomizeDiff only: validation accepts any string.
			"endpoint": {Type: schema.TypeString, Required: true},
			"tier": {
				Type:         schema.TypeString,
				Optional:     true,
				Default:      "standard",
				Description:  "Service tier. Valid values are `basic`, `standard` and `premium`. Defaults to `standard`.",
				ValidateFunc: validation.StringInSlice([]string{"basic", "standard", "premium"}, false),
			},
			"file_permission": {
				Type:         schema.TypeString,
				Optional:     true,
				Default:      "0644",
				Description:  "Permissions to set on the file, in octal numeric notation such as `0644`.",
				ValidateFunc: validateFilePermission,
			},
			"replicas": {
				Type:         schema.TypeInt,
				Optional:     true,
				Default:      1,
				Description:  "Number of replicas. Must be between 1 and 10.",
				ValidateFunc: validation.IntBetween(1, 10),
			},
			"port":       {Type: schema.TypeInt, Optional: true, ValidateFunc: validation.IsPortNumber},
			"cidr_block": {Type: schema.TypeString, Optional: true, ValidateFunc: validation.IsCIDR},
			"ip_address": {
				Type:         schema.TypeString,
				Optional:     true,
				Description:  "IPv4 or IPv6 address of the primary interface.",
				ValidateFunc: validation.IsIPAddress,
			},
			"gateway": {Type: schema.TypeString, Optional: true, ValidateFunc: validation.IsIPv4Address},
			"policy": {
				Type:             schema.TypeString,
				Optional:         true,
				Description:      "A JSON policy document.",
				ValidateFunc:     validation.StringIsJSON,
				DiffSuppressFunc: structure.SuppressJsonDiff,
			},
			"not_after": {
				Type:         schema.TypeString,
				Optional:     true,
				Description:  "Expiry time in RFC 3339 format, such as `2030-01-02T15:04:05Z`.",
				ValidateFunc: validation.IsRFC3339Time,
			},
			"owner_id":         {Type: schema.TypeString, Optional: true, ValidateFunc: validation.IsUUID},
			"user_data_base64": {Type: schema.TypeString, Optional: true, ValidateFunc: validation.StringIsBase64},
			"label": {
				Type:         schema.TypeString,
				Optional:     true,
				ValidateFunc: validation.StringMatch(regexp.MustCompile(`^[A-Z]{2}-[0-9]{3}$`), ""),
			},
			"admin_password": {
				Type:          schema.TypeString,
				Optional:      true,
				Sensitive:     true,
				Description:   "Password of the administrator. Conflicts with `ssh_public_key`.",
				ConflictsWith: []string{"ssh_public_key"},
				ValidateFunc:  validation.StringLenBetween(8, 64),
			},
			"ssh_public_key": {Type: schema.TypeString, Optional: true, ConflictsWith: []string{"admin_password"}},
			"source_arn": {
				Type:         schema.TypeString,
				Optional:     true,
				Description:  "The ARN of the source object. Exactly one of `source_arn` and `source_url` must be set.",
				ExactlyOneOf: []string{"source_arn", "source_url"},
				ValidateFunc: validation.StringMatch(
					regexp.MustCompile(`^arn:[a-z0-9-]+:[a-z0-9-]+:[a-z0-9-]*:([0-9]{12})?:.+$`), "must be an ARN"),
			},
			"source_url": {
				Type:         schema.TypeString,
				Optional:     true,
				ExactlyOneOf: []string{"source_arn", "source_url"},
				ValidateFunc: validation.IsURLWithHTTPorHTTPS,
			},
			"notification_email": {
				Type:         schema.TypeString,
				Optional:     true,
				Description:  "Address notified of changes. At least one of `notification_email` and `notification_topic_arn` must be set.",
				AtLeastOneOf: []string{"notification_email", "notification_topic_arn"},
				ValidateFunc: validation.StringMatch(regexp.MustCompile(`^[^@\s]+@[^@\s]+\.[a-z]{2,}$`), "must be an email address"),
			},
			"notification_topic_arn": {
				Type:         schema.TypeString,
				Optional:     true,
				AtLeastOneOf: []string{"notification_email", "notification_topic_arn"},
			},
			"backup_window": {
				Type:         schema.TypeString,
				Optional:     true,
				RequiredWith: []string{"backup_retention_days"},
				ValidateFunc: validation.StringMatch(
					regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]-([01][0-9]|2[0-3]):[0-5][0-9]$`),
					"must be a time range in the form hh:mm-hh:mm"),
			},
			"backup_retention_days": {Type: schema.TypeInt, Optional: true, ValidateFunc: validation.IntBetween(1, 35)},
			"tags": {
				Type:        schema.TypeList,
				Optional:    true,
				MaxItems:    5,
				Description: "At most 5 tags of 1 to 32 characters each.",
				Elem:        &schema.Schema{Type: schema.TypeString, ValidateFunc: validation.StringLenBetween(1, 32)},
			},
			"maintenance": {
				Type:     schema.TypeList,
				Optional: true,
				MaxItems: 1,
				Elem: &schema.Resource{Schema: map[string]*schema.Schema{
					"day":  {Type: schema.TypeString, Required: true, ValidateFunc: validation.IsDayOfTheWeek(false)},
					"hour": {Type: schema.TypeInt, Optional: true, ValidateFunc: validation.IntBetween(0, 23)},
				}},
			},
			"rule": {
				Type:        schema.TypeList,
				Optional:    true,
				MaxItems:    3,
				Description: "Firewall rules, at most 3.",
				Elem: &schema.Resource{Schema: map[string]*schema.Schema{
					"port": {
						Type:         schema.TypeInt,
						Required:     true,
						Description:  "Must be between 1 and 65535.",
						ValidateFunc: validation.IntBetween(1, 65535),
					},
					"protocol": {
						Type:         schema.TypeString,
						Required:     true,
						Description:  "Valid values are `tcp`, `udp` and `icmp`.",
						ValidateFunc: validation.StringInSlice([]string{"tcp", "udp", "icmp"}, false),
					},
					"cidr_blocks": {
						Type:     schema.TypeList,
						Optional: true,
						Elem:     &schema.Schema{Type: schema.TypeString, ValidateFunc: validation.IsCIDR},
					},
				}},
			},
		},
	}
	return storedKind{kind: "validated"}.attach(r)
}

// validateFilePermission accepts a Unix file permission in octal notation: 3 or 4 digits,
// at most 0777.
func validateFilePermission(i any, k string) (warnings []string, errs []error) {
	v, ok := i.(string)
	if !ok {
		return nil, []error{fmt.Errorf("expected type of %s to be string", k)}
	}
	if len(v) < 3 || len(v) > 4 {
		errs = append(errs, fmt.Errorf("bad file permission %q for %s: must be 3 or 4 octal digits", v, k))
	}
	if mode, err := strconv.ParseUint(v, 8, 32); err != nil || mode > 0o777 {
		errs = append(errs, fmt.Errorf("bad file permission %q for %s: must be an octal number from 000 to 0777", v, k))
	}
	return nil, errs
}

// checkEndpointAtPlan refuses an endpoint that is not an https URL. CustomizeDiff can only
// return an error, so this refusal carries no attribute path. An unknown endpoint is checked
// once it is known.
func checkEndpointAtPlan(_ context.Context, d *schema.ResourceDiff, _ any) error {
	if !d.NewValueKnown("endpoint") {
		return nil
	}
	s := d.Get("endpoint").(string)
	if u, err := url.Parse(s); err != nil || u.Scheme != "https" || u.Host == "" {
		return fmt.Errorf("endpoint %q must be an https:// URL with a host name, such as https://api.example.com", s)
	}
	return nil
}
