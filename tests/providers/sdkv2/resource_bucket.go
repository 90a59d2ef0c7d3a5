package main

import (
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// resourceBucket covers blocks nested in blocks (a set block inside a list block) and an
// Optional+Computed attribute with a default.
func resourceBucket() *schema.Resource {
	r := &schema.Resource{
		Description: "A bucket stored as a JSON file.",
		Schema: map[string]*schema.Schema{
			"name": {Type: schema.TypeString, Required: true, ForceNew: true},
			"acl":  {Type: schema.TypeString, Optional: true, Default: "private"},
			"versioning": {
				Type:     schema.TypeList,
				Optional: true,
				MaxItems: 1,
				Elem: &schema.Resource{Schema: map[string]*schema.Schema{
					"enabled": {Type: schema.TypeBool, Optional: true},
				}},
			},
			"lifecycle_rule": {
				Type:     schema.TypeList,
				Optional: true,
				Elem: &schema.Resource{Schema: map[string]*schema.Schema{
					"prefix":  {Type: schema.TypeString, Optional: true},
					"enabled": {Type: schema.TypeBool, Required: true},
					"transition": {
						Type:     schema.TypeSet,
						Optional: true,
						Elem: &schema.Resource{Schema: map[string]*schema.Schema{
							"days":          {Type: schema.TypeInt, Required: true},
							"storage_class": {Type: schema.TypeString, Required: true},
						}},
					},
				}},
			},
		},
	}
	return storedKind{kind: "bucket"}.attach(r)
}
