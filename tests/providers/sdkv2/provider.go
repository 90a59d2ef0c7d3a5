package main

import (
	"context"
	"os"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// defaultStateDir is where objects live unless the provider configuration or the environment
// says otherwise: relative to the provider process's working directory.
const defaultStateDir = "tfcsdk-objects"

// stateDirEnv overrides the default (not an explicit state_dir).
const stateDirEnv = "TFCSDK_STATE_DIR"

func newProvider() *schema.Provider {
	return &schema.Provider{
		Schema: map[string]*schema.Schema{
			"state_dir": {
				Type:        schema.TypeString,
				Optional:    true,
				Description: "Folder holding the managed objects; default ./" + defaultStateDir + " (or $" + stateDirEnv + ").",
			},
		},
		ResourcesMap: map[string]*schema.Resource{
			"tfcsdk_volume":    resourceVolume(),
			"tfcsdk_bucket":    resourceBucket(),
			"tfcsdk_validated": resourceValidated(),
		},
		DataSourcesMap: map[string]*schema.Resource{
			"tfcsdk_objects": dataSourceObjects(),
			"tfcsdk_lookup":  dataSourceLookup(),
		},
		ConfigureContextFunc: func(_ context.Context, d *schema.ResourceData) (any, diag.Diagnostics) {
			dir := defaultDir()
			if v, ok := d.GetOk("state_dir"); ok {
				dir = v.(string)
			}
			return &objectStore{dir: dir}, nil
		},
	}
}

func defaultDir() string {
	if dir := os.Getenv(stateDirEnv); dir != "" {
		return dir
	}
	return defaultStateDir
}

// storeOf returns the store the provider was configured with, or the default one.
func storeOf(meta any) *objectStore {
	if s, ok := meta.(*objectStore); ok && s != nil {
		return s
	}
	return &objectStore{dir: defaultDir()}
}
