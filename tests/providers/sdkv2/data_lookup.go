package main

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/validation"
)

// dataSourceLookup finds stored objects of one kind by name. Unlike tfcsdk_objects its inputs
// are checked by helper/validation (an enumeration, a length with a regular expression, a
// regular expression that must compile), so most generated inputs are refused before Read.
func dataSourceLookup() *schema.Resource {
	return &schema.Resource{
		Description: "Ids of the stored objects of one kind whose name matches.",
		Schema: map[string]*schema.Schema{
			"kind": {
				Type:         schema.TypeString,
				Required:     true,
				Description:  "Kind of object. Valid values are `volume`, `bucket` and `validated`.",
				ValidateFunc: validation.StringInSlice([]string{"volume", "bucket", "validated"}, false),
			},
			"name_prefix": {
				Type:     schema.TypeString,
				Optional: true,
				ValidateFunc: validation.All(
					validation.StringLenBetween(1, 32),
					validation.StringMatch(lowerName, lowerNameMessage),
				),
			},
			"name_regex": {
				Type:         schema.TypeString,
				Optional:     true,
				Description:  "A regular expression the name must match (Go RE2 syntax).",
				ValidateFunc: validation.StringIsValidRegExp,
			},
			"ids":   {Type: schema.TypeList, Computed: true, Elem: &schema.Schema{Type: schema.TypeString}},
			"total": {Type: schema.TypeInt, Computed: true},
		},
		ReadContext: func(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
			kind := d.Get("kind").(string)
			prefix := d.Get("name_prefix").(string)
			pattern, err := regexp.Compile(d.Get("name_regex").(string))
			if err != nil {
				return diag.FromErr(err)
			}
			store := storeOf(meta)
			all, err := store.ids(kind)
			if err != nil {
				return diag.FromErr(err)
			}
			ids := []string{}
			for _, id := range all {
				obj, found, err := store.get(kind, id)
				if err != nil {
					return diag.FromErr(err)
				}
				name, _ := obj.Attributes["name"].(string)
				if found && strings.HasPrefix(name, prefix) && pattern.MatchString(name) {
					ids = append(ids, id)
				}
			}
			d.SetId(kind + "/" + prefix + "/" + pattern.String())
			if err := d.Set("ids", ids); err != nil {
				return diag.FromErr(fmt.Errorf("ids: %w", err))
			}
			return diag.FromErr(d.Set("total", len(ids)))
		},
	}
}
