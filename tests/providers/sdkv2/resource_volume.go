package main

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// resourceVolume covers primitives, a map, a set of strings, a sensitive attribute, ForceNew,
// defaults, a computed attribute, list and set blocks, a MaxItems=1 block, and schema version 1
// with a state upgrader from version 0 (where size was a string).
func resourceVolume() *schema.Resource {
	r := &schema.Resource{
		Description: "A volume stored as a JSON file.",
		Schema:      volumeSchema(1),
		StateUpgraders: []schema.StateUpgrader{{
			Version: 0,
			Type:    (&schema.Resource{Schema: volumeSchema(0)}).CoreConfigSchema().ImpliedType(),
			Upgrade: upgradeVolumeFromV0,
		}},
	}
	return storedKind{kind: "volume", version: 1, onCreate: func(d *schema.ResourceData) {
		_ = d.Set("created_at", time.Now().UTC().Format(time.RFC3339))
	}}.attach(r)
}

func volumeSchema(version int) map[string]*schema.Schema {
	size := &schema.Schema{Type: schema.TypeInt, Optional: true, Default: 10}
	if version == 0 {
		size = &schema.Schema{Type: schema.TypeString, Optional: true, Default: "10"}
	}
	return map[string]*schema.Schema{
		"name":       {Type: schema.TypeString, Required: true, ForceNew: true},
		"size":       size,
		"encrypted":  {Type: schema.TypeBool, Optional: true, Computed: true},
		"secret":     {Type: schema.TypeString, Optional: true, Sensitive: true},
		"created_at": {Type: schema.TypeString, Computed: true},
		"tags":       {Type: schema.TypeMap, Optional: true, Elem: &schema.Schema{Type: schema.TypeString}},
		"zones":      {Type: schema.TypeSet, Optional: true, Elem: &schema.Schema{Type: schema.TypeString}},
		"attachment": {
			Type:     schema.TypeList,
			Optional: true,
			Elem: &schema.Resource{Schema: map[string]*schema.Schema{
				"instance": {Type: schema.TypeString, Required: true},
				"device":   {Type: schema.TypeString, Optional: true},
			}},
		},
		"rule": {
			Type:     schema.TypeSet,
			Optional: true,
			Elem: &schema.Resource{Schema: map[string]*schema.Schema{
				"port": {Type: schema.TypeInt, Required: true},
				"cidr": {Type: schema.TypeString, Optional: true},
			}},
		},
		"snapshot_policy": {
			Type:     schema.TypeList,
			Optional: true,
			MaxItems: 1,
			Elem: &schema.Resource{Schema: map[string]*schema.Schema{
				"schedule": {Type: schema.TypeString, Required: true},
				"retain":   {Type: schema.TypeInt, Optional: true, Default: 7},
			}},
		},
	}
}

// upgradeVolumeFromV0 turns the version-0 size string into a number.
func upgradeVolumeFromV0(_ context.Context, raw map[string]any, _ any) (map[string]any, error) {
	if s, ok := raw["size"].(string); ok {
		n, err := strconv.Atoi(s)
		if err != nil {
			return nil, fmt.Errorf("size %q is not a whole number", s)
		}
		raw["size"] = n
	}
	return raw, nil
}
