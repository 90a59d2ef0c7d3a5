package main

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// dataSourceObjects lists the ids of the stored objects of one kind: real provider-side data
// that exists before anything was created (an empty list).
func dataSourceObjects() *schema.Resource {
	return &schema.Resource{
		Description: "Ids of the stored objects of one kind (volume or bucket).",
		Schema: map[string]*schema.Schema{
			"kind":  {Type: schema.TypeString, Required: true},
			"ids":   {Type: schema.TypeList, Computed: true, Elem: &schema.Schema{Type: schema.TypeString}},
			"total": {Type: schema.TypeInt, Computed: true},
		},
		ReadContext: func(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
			kind := d.Get("kind").(string)
			if kind != "volume" && kind != "bucket" {
				return diag.Errorf("kind %q is not one of volume, bucket", kind)
			}
			ids, err := storeOf(meta).ids(kind)
			if err != nil {
				return diag.FromErr(err)
			}
			d.SetId(kind)
			if err := d.Set("ids", ids); err != nil {
				return diag.FromErr(fmt.Errorf("ids: %w", err))
			}
			return diag.FromErr(d.Set("total", len(ids)))
		},
	}
}
