package main

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"sync"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// store keeps every tfcfault_thing as a JSON file, <dir>/thing/<key>.json, holding the state
// exactly as applied (Terraform's JSON state form). The provider process is restarted often,
// so nothing lives in memory.
type store struct {
	mu  sync.Mutex
	dir string
}

// safeID: ids usable as file names as they are (every id this provider generates is one).
var safeID = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$`)

// fileKey maps any id (also a null one, or one a harness made up) to a file name that stays
// inside the store.
func fileKey(id tftypes.Value) string {
	s, ok := stringOf(id)
	if !ok {
		return "_null"
	}
	if safeID.MatchString(s) {
		return s
	}
	sum := sha256.Sum256([]byte(s))
	return "_" + hex.EncodeToString(sum[:16])
}

func (s *store) thingDir() string { return filepath.Join(s.dir, "thing") }

func (s *store) path(id tftypes.Value) string {
	return filepath.Join(s.thingDir(), fileKey(id)+".json")
}

// put stores a wholly known thing under its id (write to a temporary file, then rename).
func (s *store) put(state tftypes.Value) error {
	data, err := toJSON(state)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := os.MkdirAll(s.thingDir(), 0o755); err != nil {
		return err
	}
	target := s.path(attrsOf(state)["id"])
	tmp, err := os.CreateTemp(s.thingDir(), ".put-*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(append(data, '\n')); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), target)
}

// get reads the thing stored under id; found is false when there is none.
func (s *store) get(id tftypes.Value) (state tftypes.Value, found bool, err error) {
	s.mu.Lock()
	data, err := os.ReadFile(s.path(id))
	s.mu.Unlock()
	if errors.Is(err, fs.ErrNotExist) {
		return nullOf(thingType), false, nil
	}
	if err != nil {
		return nullOf(thingType), false, err
	}
	v, err := valueFromJSON(data, thingType, false)
	if err != nil {
		return nullOf(thingType), false, fmt.Errorf("%s: %w", s.path(id), err)
	}
	return v, true, nil
}

// remove deletes the thing stored under id (nothing to do when it is gone already).
func (s *store) remove(id tftypes.Value) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	err := os.Remove(s.path(id))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// idsNamed lists the ids of the stored things called name, sorted.
func (s *store) idsNamed(name string) ([]string, error) {
	s.mu.Lock()
	entries, err := os.ReadDir(s.thingDir())
	s.mu.Unlock()
	if errors.Is(err, fs.ErrNotExist) {
		return []string{}, nil
	}
	if err != nil {
		return nil, err
	}
	ids := []string{}
	for _, e := range entries {
		if e.IsDir() || filepath.Ext(e.Name()) != ".json" || e.Name()[0] == '.' {
			continue
		}
		data, err := os.ReadFile(filepath.Join(s.thingDir(), e.Name()))
		if err != nil {
			continue // removed meanwhile
		}
		v, err := valueFromJSON(data, thingType, false)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", e.Name(), err)
		}
		attrs := attrsOf(v)
		if n, ok := stringOf(attrs["name"]); ok && n == name {
			if id, ok := stringOf(attrs["id"]); ok {
				ids = append(ids, id)
			}
		}
	}
	sort.Strings(ids)
	return ids, nil
}

// newID is 16 random hex digits.
func newID() string {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b[:])
}
