package main

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/action/schema"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

var _ provider.ProviderWithActions = (*fixtureProvider)(nil)

func (p *fixtureProvider) Actions(context.Context) []func() action.Action {
	return []func() action.Action{newNotifyAction}
}

// notifyAction is an honest action without side effects: Invoke sends `repeat` progress
// messages (1 when null, at most 5) and completes.
type notifyAction struct{}

func newNotifyAction() action.Action { return notifyAction{} }

func (notifyAction) Metadata(_ context.Context, req action.MetadataRequest, resp *action.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_notify"
}

func (notifyAction) Schema(_ context.Context, _ action.SchemaRequest, resp *action.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Sends progress messages.",
		Attributes: map[string]schema.Attribute{
			"message": schema.StringAttribute{Required: true},
			"repeat":  schema.Int64Attribute{Optional: true, Description: "How many progress messages (1 when null, at most 5)."},
		},
	}
}

type notifyModel struct {
	Message types.String `tfsdk:"message"`
	Repeat  types.Int64  `tfsdk:"repeat"`
}

func (notifyAction) Invoke(ctx context.Context, req action.InvokeRequest, resp *action.InvokeResponse) {
	var m notifyModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	n := int64(1)
	if !m.Repeat.IsNull() {
		n = min(max(m.Repeat.ValueInt64(), 0), 5)
	}
	for i := int64(0); i < n; i++ {
		resp.SendProgress(action.InvokeProgressEvent{Message: fmt.Sprintf("%s (%d of %d)", m.Message.ValueString(), i+1, n)})
	}
}
