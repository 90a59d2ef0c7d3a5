package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/netip"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework-validators/helpers/validatordiag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// Format validators that terraform-plugin-framework-validators does not have and that real
// framework providers therefore write themselves. Their diagnostics come in two styles on
// purpose, as in real providers: the framework-validators helper ("Invalid Attribute Value",
// "Attribute <path> <what>, got: <value>") and a provider's own summary and detail.

// formatValidator checks a known, non-null string; check returns what is wrong, or "".
type formatValidator struct {
	description string
	check       func(string) string
	// ownSummary, when set, is the diagnostic summary instead of the framework-validators one.
	ownSummary string
}

var _ validator.String = formatValidator{}

func (v formatValidator) Description(context.Context) string         { return v.description }
func (v formatValidator) MarkdownDescription(context.Context) string { return v.description }

func (v formatValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	value := req.ConfigValue.ValueString()
	problem := v.check(value)
	if problem == "" {
		return
	}
	if v.ownSummary != "" {
		resp.Diagnostics.AddAttributeError(req.Path, v.ownSummary, problem)
		return
	}
	resp.Diagnostics.Append(validatordiag.InvalidAttributeValueDiagnostic(req.Path, v.description, value))
}

// jsonText accepts any JSON text (object, array or scalar).
func jsonText() validator.String {
	return formatValidator{
		description: "value must be a valid JSON document",
		check: func(s string) string {
			if !json.Valid([]byte(s)) {
				return "not JSON"
			}
			return ""
		},
	}
}

// cidrBlock accepts an IPv4 or IPv6 prefix such as 10.0.0.0/16.
func cidrBlock() validator.String {
	return formatValidator{
		description: "value must be an IPv4 or IPv6 CIDR block, such as 10.0.0.0/16",
		ownSummary:  "Invalid CIDR block",
		check: func(s string) string {
			if _, err := netip.ParsePrefix(s); err != nil {
				return fmt.Sprintf("%q is not a CIDR block in address/prefix-length form, such as 10.0.0.0/16 or 2001:db8::/32: %v", s, err)
			}
			return ""
		},
	}
}

// ipAddress accepts an IPv4 or IPv6 address without a zone.
func ipAddress() validator.String {
	return formatValidator{
		description: "value must be a valid IPv4 or IPv6 address",
		check: func(s string) string {
			if a, err := netip.ParseAddr(s); err != nil || a.Zone() != "" {
				return "not an address"
			}
			return ""
		},
	}
}

// octalFileMode accepts 3 or 4 octal digits no greater than 0777, the form of a Unix file
// permission such as 0644.
func octalFileMode() validator.String {
	return formatValidator{
		description: "value must be a file mode of 3 or 4 octal digits, such as 0644",
		ownSummary:  "Invalid file mode",
		check: func(s string) string {
			if len(s) < 3 || len(s) > 4 {
				return fmt.Sprintf("file mode %q must be 3 or 4 octal digits, such as 0644 or 755", s)
			}
			mode, err := strconv.ParseUint(s, 8, 32)
			if err != nil || mode > 0o777 {
				return fmt.Sprintf("file mode %q must be written in octal digits 0-7 and be at most 0777", s)
			}
			return ""
		},
	}
}
