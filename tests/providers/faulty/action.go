package main

import (
	"context"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"google.golang.org/grpc/encoding/proto"
	"google.golang.org/grpc/mem"
	protobuf "google.golang.org/protobuf/proto"
)

// The action tfcfault_notify: message (required) in; Invoke streams one progress event
// ("notifying <message>") and one completed event. The action_* modes break it.
const notifyTypeName = "tfcfault_notify"

var notifyType = tftypes.Object{AttributeTypes: map[string]tftypes.Type{"message": tftypes.String}}

func notifySchema() *tfprotov6.ActionSchema {
	return &tfprotov6.ActionSchema{Schema: &tfprotov6.Schema{Block: &tfprotov6.SchemaBlock{
		Description: "Sends a notification (nothing else happens).",
		Attributes:  []*tfprotov6.SchemaAttribute{{Name: "message", Type: tftypes.String, Required: true}},
	}}}
}

var _ tfprotov6.ProviderServerWithActions = (*provider)(nil)

func unknownAction(name string) []*tfprotov6.Diagnostic {
	return []*tfprotov6.Diagnostic{errorDiag("Unknown action", "terraform-provider-tfcfault has no action named "+name)}
}

func (p *provider) ValidateActionConfig(_ context.Context, req *tfprotov6.ValidateActionConfigRequest) (*tfprotov6.ValidateActionConfigResponse, error) {
	resp := &tfprotov6.ValidateActionConfigResponse{}
	if req.ActionType != notifyTypeName {
		resp.Diagnostics = unknownAction(req.ActionType)
	} else if _, err := decode(req.Config, notifyType); err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Invalid configuration", err.Error()))
	}
	return resp, nil
}

func (p *provider) PlanAction(_ context.Context, req *tfprotov6.PlanActionRequest) (*tfprotov6.PlanActionResponse, error) {
	resp := &tfprotov6.PlanActionResponse{}
	if req.ActionType != notifyTypeName {
		resp.Diagnostics = unknownAction(req.ActionType)
		return resp, nil
	}
	allowed := req.ClientCapabilities != nil && req.ClientCapabilities.DeferralAllowed
	if p.mode == "action_defer_reason" && allowed {
		resp.Deferred = &tfprotov6.Deferred{Reason: tfprotov6.DeferredReasonResourceConfigUnknown}
	}
	return resp, nil
}

func (p *provider) InvokeAction(_ context.Context, req *tfprotov6.InvokeActionRequest) (*tfprotov6.InvokeActionServerStream, error) {
	events := []tfprotov6.InvokeActionEvent{}
	completed := tfprotov6.InvokeActionEvent{Type: tfprotov6.CompletedInvokeActionEventType{}}
	config, err := decode(req.Config, notifyType)
	switch {
	case req.ActionType != notifyTypeName:
		completed.Type = tfprotov6.CompletedInvokeActionEventType{Diagnostics: unknownAction(req.ActionType)}
	case err != nil:
		completed.Type = tfprotov6.CompletedInvokeActionEventType{Diagnostics: []*tfprotov6.Diagnostic{errorDiag("Invalid configuration", err.Error())}}
	default:
		message, _ := stringOf(attrsOf(config)["message"])
		events = append(events, tfprotov6.InvokeActionEvent{Type: tfprotov6.ProgressInvokeActionEventType{Message: "notifying " + message}})
		if p.mode == "action_event_empty" {
			events = append(events, tfprotov6.InvokeActionEvent{Type: tfprotov6.ProgressInvokeActionEventType{Message: emptyEventMarker}})
		}
	}
	if p.mode != "action_no_completed" {
		events = append(events, completed)
	}
	return &tfprotov6.InvokeActionServerStream{Events: func(push func(tfprotov6.InvokeActionEvent) bool) {
		for _, e := range events {
			if !push(e) {
				return
			}
		}
	}}, nil
}

// action_event_empty: terraform-plugin-go cannot send an event with neither progress nor
// completed (it panics on one), so the action sends a progress event with this message and
// emptyEventCodec sends it as an event with no member set.
const emptyEventMarker = "TFCFAULT-EMPTY-EVENT"

type emptyEventCodec struct{}

func (emptyEventCodec) Marshal(v any) (mem.BufferSlice, error) {
	if m, ok := v.(protobuf.Message); ok && m.ProtoReflect().Descriptor().FullName() == "tfplugin6.InvokeAction.Event" {
		r := m.ProtoReflect()
		if progress := r.Descriptor().Fields().ByName("progress"); progress != nil && r.Has(progress) {
			text := r.Get(progress).Message()
			if field := text.Descriptor().Fields().ByName("message"); field != nil && text.Get(field).String() == emptyEventMarker {
				v = r.New().Interface()
			}
		}
	}
	return protoCodec().Marshal(v)
}

func (emptyEventCodec) Unmarshal(data mem.BufferSlice, v any) error { return protoCodec().Unmarshal(data, v) }

func (emptyEventCodec) Name() string { return proto.Name }
