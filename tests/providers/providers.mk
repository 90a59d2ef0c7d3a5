# Test provider binaries, included by the top-level Makefile (`make providers`).
# Real providers come from the Go module proxy at pinned versions (`go install MODULE@VERSION`);
# the fixture providers are built from the Go modules beside this file with their committed
# go.sum. Everything lands in $(BUILD)/providers/. See tests/providers/README.md.

PROVIDERS_SRC := $(patsubst %/,%,$(dir $(lastword $(MAKEFILE_LIST))))
PROVIDERS_OUT := $(BUILD)/providers
GO            ?= go
# Two cores shared by everybody: at most two packages compile at once.
GO_PARALLEL   ?= 2
# Never download a toolchain; -buildvcs=false because a fresh clone may lack git metadata.
GO_ENV        := GOTOOLCHAIN=local GOFLAGS=-buildvcs=false

# name=module@version; the binary is $(PROVIDERS_OUT)/terraform-provider-<name>.
REAL_PROVIDERS := \
  time=github.com/hashicorp/terraform-provider-time@v0.14.2 \
  local=github.com/terraform-providers/terraform-provider-local@v1.4.0 \
  http=github.com/terraform-providers/terraform-provider-http@v1.2.0

# name=source folder of a fixture provider (a Go module with package main at its root).
FIXTURE_PROVIDERS := \
  tfcfixture=$(PROVIDERS_SRC)/framework \
  tfcsdk=$(PROVIDERS_SRC)/sdkv2 \
  tfcfault=$(PROVIDERS_SRC)/faulty

provider_name = $(firstword $(subst =, ,$(1)))
provider_arg  = $(word 2,$(subst =, ,$(1)))

REAL_PROVIDER_BINS    := $(foreach p,$(REAL_PROVIDERS),$(PROVIDERS_OUT)/terraform-provider-$(call provider_name,$(p)))
FIXTURE_PROVIDER_BINS := $(foreach p,$(FIXTURE_PROVIDERS),$(if $(wildcard $(call provider_arg,$(p))/go.mod),$(PROVIDERS_OUT)/terraform-provider-$(call provider_name,$(p))))

providers: $(REAL_PROVIDER_BINS) $(FIXTURE_PROVIDER_BINS)

# A version stamp per module@version: changing a pin re-installs only that provider.
$(PROVIDERS_OUT)/.pins/%:
	@mkdir -p $(dir $@)
	@touch $@

# $(1)=name $(2)=module@version
define real_provider_rule
$(PROVIDERS_OUT)/terraform-provider-$(1): $(PROVIDERS_OUT)/.pins/$(subst /,_,$(2))
	@echo "go install $(2)"
	@mkdir -p $(PROVIDERS_OUT)
	$(GO_ENV) GOBIN=$(abspath $(PROVIDERS_OUT)) $(GO) install -p $(GO_PARALLEL) $(2)
	@touch $$@
endef

# $(1)=name $(2)=source folder
define fixture_provider_rule
$(PROVIDERS_OUT)/terraform-provider-$(1): $(2)/go.mod $(2)/go.sum $(shell find $(2) -name '*.go' -not -name '*_test.go' 2>/dev/null)
	@mkdir -p $(PROVIDERS_OUT)
	cd $(2) && $(GO_ENV) $(GO) build -p $(GO_PARALLEL) -trimpath -o $(abspath $(PROVIDERS_OUT))/terraform-provider-$(1) .
endef

$(foreach p,$(REAL_PROVIDERS),$(eval $(call real_provider_rule,$(call provider_name,$(p)),$(call provider_arg,$(p)))))
$(foreach p,$(FIXTURE_PROVIDERS),$(if $(wildcard $(call provider_arg,$(p))/go.mod),$(eval $(call fixture_provider_rule,$(call provider_name,$(p)),$(call provider_arg,$(p))))))

# A fixture provider in several releases, for upgrade tests: one module linked once per release
# with -X main.release=N into terraform-provider-<name>_v<N>.0.0 (the three builds share Go's
# build cache: only the link differs). name=source folder.
RELEASE_PROVIDERS := tfcrelease=$(PROVIDERS_SRC)/release
RELEASE_NUMBERS   := 1 2 3

RELEASE_PROVIDER_BINS := $(foreach p,$(RELEASE_PROVIDERS),$(if $(wildcard $(call provider_arg,$(p))/go.mod),$(foreach n,$(RELEASE_NUMBERS),$(PROVIDERS_OUT)/terraform-provider-$(call provider_name,$(p))_v$(n).0.0)))

providers: $(RELEASE_PROVIDER_BINS)

# $(1)=name $(2)=source folder $(3)=release number
define release_provider_rule
$(PROVIDERS_OUT)/terraform-provider-$(1)_v$(3).0.0: $(2)/go.mod $(2)/go.sum $(shell find $(2) -name '*.go' -not -name '*_test.go' 2>/dev/null)
	@mkdir -p $(PROVIDERS_OUT)
	cd $(2) && $(GO_ENV) $(GO) build -p $(GO_PARALLEL) -trimpath -ldflags "-X main.release=$(3)" -o $(abspath $(PROVIDERS_OUT))/terraform-provider-$(1)_v$(3).0.0 .
endef

$(foreach p,$(RELEASE_PROVIDERS),$(if $(wildcard $(call provider_arg,$(p))/go.mod),$(foreach n,$(RELEASE_NUMBERS),$(eval $(call release_provider_rule,$(call provider_name,$(p)),$(call provider_arg,$(p)),$(n))))))

# OpenTofu's CLI, to confirm findings with a second Core (`tfconform confirm`, `--confirm-with`).
# The Go module proxy serves it as a module, but `go install` refuses it (its go.mod has a
# replace directive): download the module and build ./cmd/tofu inside it. The build takes
# minutes, so it happens once per machine into $(CLI_CACHE), keyed by version (two builds at
# once each write their own temporary file); each build tree gets it at $(CLI_OUT)/tofu.
OPENTOFU_VERSION := v1.12.6
OPENTOFU_MODULE  := github.com/opentofu/opentofu
CLI_CACHE        ?= $(HOME)/.cache/tfconform/cli
CLI_OUT          := $(BUILD)/cli
OPENTOFU_CACHED  := $(CLI_CACHE)/tofu-$(OPENTOFU_VERSION)

providers: $(CLI_OUT)/tofu

$(OPENTOFU_CACHED):
	@echo "building OpenTofu $(OPENTOFU_VERSION) (once per machine)"
	@mkdir -p $(CLI_CACHE)
	dir=$$($(GO_ENV) $(GO) mod download -json $(OPENTOFU_MODULE)@$(OPENTOFU_VERSION) | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",*$$/\1/p'); \
	  test -n "$$dir" || { echo "error: go mod download $(OPENTOFU_MODULE)@$(OPENTOFU_VERSION) gave no directory"; exit 2; }; \
	  tmp=$(abspath $@).$$$$.tmp; \
	  cd "$$dir" && $(GO_ENV) $(GO) build -p $(GO_PARALLEL) -trimpath -o "$$tmp" ./cmd/tofu && mv "$$tmp" $(abspath $@)

# A hard link where the cache shares the file system (the binary is large), else a copy.
$(CLI_OUT)/tofu: $(OPENTOFU_CACHED)
	@mkdir -p $(CLI_OUT)
	ln -f $< $@ 2>/dev/null || cp $< $@

# Terraform v1.13.3, the newest Terraform the Go module proxy serves: the first Core that calls
# the resource identity RPCs (from v1.12) to confirm identity findings with, beside the
# Terraform on PATH. Built once per machine like OpenTofu, but `go build .` inside the module
# does not build either: its go.mod replaces ten state-storage modules (the remote-state
# backends azurerm ... s3, and internal/legacy) by folders the module's zip leaves out (each has
# a go.mod of its own). So the module is copied to a scratch folder, those requirements and the
# backends' lines in internal/backend/init/init.go are dropped, and the rest builds as released:
# every plugin-protocol path is Terraform's own; only `backend` blocks for those services are
# gone (confirmation uses the local state).
TERRAFORM_VERSION := v1.13.3
TERRAFORM_MODULE  := github.com/hashicorp/terraform
TERRAFORM_CACHED  := $(CLI_CACHE)/terraform-$(TERRAFORM_VERSION)
TERRAFORM_DROPPED := azure consul cos gcs kubernetes oci oss pg s3
# As its release builds link it (its .github/scripts/get_product_version.sh): without
# version.dev=no it calls itself "v1.13.3-dev"; experiments stay off, as in a release.
TERRAFORM_LDFLAGS := -w -s -X github.com/hashicorp/terraform/version.dev=no

providers: $(CLI_OUT)/terraform-$(TERRAFORM_VERSION:v%=%)

$(TERRAFORM_CACHED):
	@echo "building Terraform $(TERRAFORM_VERSION) (once per machine)"
	@mkdir -p $(CLI_CACHE)
	dir=$$($(GO_ENV) $(GO) mod download -json $(TERRAFORM_MODULE)@$(TERRAFORM_VERSION) | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",*$$/\1/p'); \
	  test -n "$$dir" || { echo "error: go mod download $(TERRAFORM_MODULE)@$(TERRAFORM_VERSION) gave no directory"; exit 2; }; \
	  src=$$(mktemp -d $(abspath $(CLI_CACHE))/terraform-src.XXXXXX) && trap 'chmod -R u+w "$$src"; rm -rf "$$src"' EXIT; \
	  cp -R "$$dir"/. "$$src" && chmod -R u+w "$$src" && cd "$$src" && \
	  for m in $(TERRAFORM_DROPPED:%=internal/backend/remote-state/%) internal/legacy; do \
	    $(GO_ENV) $(GO) mod edit -dropreplace=$(TERRAFORM_MODULE)/$$m -droprequire=$(TERRAFORM_MODULE)/$$m || exit 2; done && \
	  sed -i -E '/remote-state\/(azure|consul|cos|gcs|kubernetes|oci|oss|pg|s3)"$$/d; /backend(Azure|Consul|Cos|GCS|Kubernetes|OCI|OSS|Pg|S3)\.New\(\)/d' \
	    internal/backend/init/init.go && \
	  tmp=$(abspath $@).$$$$.tmp && \
	  $(GO_ENV) $(GO) build -p $(GO_PARALLEL) -trimpath -ldflags "$(TERRAFORM_LDFLAGS)" -o "$$tmp" . && mv "$$tmp" $(abspath $@)

$(CLI_OUT)/terraform-$(TERRAFORM_VERSION:v%=%): $(TERRAFORM_CACHED)
	@mkdir -p $(CLI_OUT)
	ln -f $< $@ 2>/dev/null || cp $< $@
