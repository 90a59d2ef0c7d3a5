package main

import (
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// Type names served by this provider.
const (
	thingTypeName  = "tfcfault_thing"
	lookupTypeName = "tfcfault_lookup"
	// thingVersion is the schema version of tfcfault_thing; versions 0 and 1 have one shape.
	thingVersion = 1
)

var (
	ruleType     = tftypes.Object{AttributeTypes: map[string]tftypes.Type{"port": tftypes.Number, "protocol": tftypes.String}}
	settingsType = tftypes.Object{AttributeTypes: map[string]tftypes.Type{"mode": tftypes.String}}

	// thingType is the implied type of tfcfault_thing's schema.
	thingType = tftypes.Object{AttributeTypes: map[string]tftypes.Type{
		"id":        tftypes.String,
		"name":      tftypes.String,
		"size":      tftypes.Number,
		"enabled":   tftypes.Bool,
		"tags":      tftypes.Map{ElementType: tftypes.String},
		"items":     tftypes.List{ElementType: tftypes.String},
		"members":   tftypes.Set{ElementType: tftypes.String},
		"document":  tftypes.String,
		"generated": tftypes.String,
		"secret":    tftypes.String,
		"rule":      tftypes.List{ElementType: ruleType},
		"settings":  settingsType,
	}}

	// lookupType is the implied type of the tfcfault_lookup data source.
	lookupType = tftypes.Object{AttributeTypes: map[string]tftypes.Type{
		"name":  tftypes.String,
		"found": tftypes.Bool,
		"ids":   tftypes.List{ElementType: tftypes.String},
	}}

	// providerType is the implied type of the provider configuration.
	providerType = tftypes.Object{AttributeTypes: map[string]tftypes.Type{"state_dir": tftypes.String}}
)

// The attributes of tfcfault_thing a configuration may set (everything but id and generated).
var thingConfigurable = []string{"name", "size", "enabled", "tags", "items", "members", "document", "secret"}

func providerSchema() *tfprotov6.Schema {
	return &tfprotov6.Schema{Block: &tfprotov6.SchemaBlock{
		Description: "tfcfault: a deliberately faulty provider for tfconform's own tests (TFCFAULT_MODE chooses the fault).",
		Attributes: []*tfprotov6.SchemaAttribute{
			{Name: "state_dir", Type: tftypes.String, Optional: true,
				Description: "Directory of the stored objects (default $TFCFAULT_STATE_DIR, else ./tfcfault-objects)."},
		},
	}}
}

func thingSchema() *tfprotov6.Schema {
	return &tfprotov6.Schema{
		Version: thingVersion,
		Block: &tfprotov6.SchemaBlock{
			Version:     thingVersion,
			Description: "A local object stored as a JSON file.",
			Attributes: []*tfprotov6.SchemaAttribute{
				{Name: "id", Type: tftypes.String, Computed: true, Description: "16 random hex digits, chosen at create."},
				{Name: "name", Type: tftypes.String, Required: true, Description: "Changing it replaces the object."},
				{Name: "size", Type: tftypes.Number, Optional: true},
				{Name: "enabled", Type: tftypes.Bool, Optional: true, Computed: true, Description: "false when never set."},
				{Name: "tags", Type: tftypes.Map{ElementType: tftypes.String}, Optional: true},
				{Name: "items", Type: tftypes.List{ElementType: tftypes.String}, Optional: true},
				{Name: "members", Type: tftypes.Set{ElementType: tftypes.String}, Optional: true},
				{Name: "document", Type: tftypes.String, Optional: true, Description: "Free text, usually JSON; stored exactly as written."},
				{Name: "generated", Type: tftypes.String, Computed: true, Description: `"gen-" followed by the id.`},
				{Name: "secret", Type: tftypes.String, Optional: true, Sensitive: true},
			},
			BlockTypes: []*tfprotov6.SchemaNestedBlock{
				{
					TypeName: "rule",
					Nesting:  tfprotov6.SchemaNestedBlockNestingModeList,
					Block: &tfprotov6.SchemaBlock{Attributes: []*tfprotov6.SchemaAttribute{
						{Name: "port", Type: tftypes.Number, Required: true},
						{Name: "protocol", Type: tftypes.String, Optional: true},
					}},
				},
				{
					TypeName: "settings",
					Nesting:  tfprotov6.SchemaNestedBlockNestingModeSingle,
					Block: &tfprotov6.SchemaBlock{Attributes: []*tfprotov6.SchemaAttribute{
						{Name: "mode", Type: tftypes.String, Optional: true},
					}},
				},
			},
		},
	}
}

func lookupSchema() *tfprotov6.Schema {
	return &tfprotov6.Schema{Block: &tfprotov6.SchemaBlock{
		Description: "The ids of the stored tfcfault_thing objects with a given name.",
		Attributes: []*tfprotov6.SchemaAttribute{
			{Name: "name", Type: tftypes.String, Required: true},
			{Name: "found", Type: tftypes.Bool, Computed: true},
			{Name: "ids", Type: tftypes.List{ElementType: tftypes.String}, Computed: true, Description: "sorted"},
		},
	}}
}
