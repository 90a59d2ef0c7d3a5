#!/usr/bin/env python3
"""Writes the seed corpus of the fuzz targets (tests/fuzz/corpus/<target>/) from the encodings
documented in docs/protocol.md §3 and the public tfplugin6.proto. Run from the repository root:
`python3 tests/fuzz/make_corpus.py` (needs protoc for the protobuf seeds). The files are
committed; this script only documents and regenerates them."""
import json
import os
import shutil
import struct
import subprocess

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")


# --- a minimal msgpack writer (what go-cty emits: smallest int/str/array/map forms) ---------
def mp(v):
    if v is None:
        return b"\xc0"
    if v is True:
        return b"\xc3"
    if v is False:
        return b"\xc2"
    if isinstance(v, Raw):
        return v.data
    if isinstance(v, int):
        if 0 <= v < 128:
            return bytes([v])
        if -32 <= v < 0:
            return struct.pack("b", v)
        if 0 <= v < 2**16:
            return b"\xcd" + struct.pack(">H", v)
        if 0 <= v < 2**32:
            return b"\xce" + struct.pack(">I", v)
        if -(2**31) <= v < 0:
            return b"\xd2" + struct.pack(">i", v)
        return b"\xd3" + struct.pack(">q", v)
    if isinstance(v, float):
        return b"\xcb" + struct.pack(">d", v)
    if isinstance(v, str):
        b = v.encode()
        if len(b) < 32:
            return bytes([0xA0 | len(b)]) + b
        return b"\xd9" + bytes([len(b)]) + b
    if isinstance(v, bytes):
        return b"\xc4" + bytes([len(v)]) + v
    if isinstance(v, list):
        assert len(v) < 16
        return bytes([0x90 | len(v)]) + b"".join(mp(e) for e in v)
    if isinstance(v, dict):
        assert len(v) < 16
        return bytes([0x80 | len(v)]) + b"".join(mp(k) + mp(e) for k, e in v.items())
    raise TypeError(v)


class Raw:
    def __init__(self, data):
        self.data = data


UNKNOWN = Raw(b"\xd4\x00\x00")


def dyn(type_json, value):
    """A value at a dynamic position: [type JSON as bin, value]."""
    return [json.dumps(type_json, separators=(",", ":")).encode(), value]


# Type indices of tests/fuzz/fuzz_types.hpp.
STRING, NUMBER, LIST_STRING, SET_NUMBER, MAP_BOOL, NESTED, DYNAMIC, OBJ_DYN, TUPLE = range(9)

MSGPACK = {
    "string": (STRING, mp("hi")),
    "string_null": (STRING, mp(None)),
    "string_unknown_prefix": (STRING, bytes.fromhex("c7070c8201c202a26162")),
    "string_unknown_long_prefix": (STRING, b"\xc8\x01\x33\x0c\x82\x01\xc2\x02\xda\x01\x2c" + b"a" * 300),
    "string_unknown_fixext8": (STRING, bytes.fromhex("d70c8201c202a3616263")),
    "number_int": (NUMBER, mp(443)),
    "number_negative": (NUMBER, mp(-7)),
    "number_float": (NUMBER, mp(1.5)),
    "number_decimal_text": (NUMBER, mp("0.1")),
    "number_2p64": (NUMBER, mp("18446744073709551616")),
    "number_inf_text": (NUMBER, mp("-Inf")),
    "number_unknown_bounds": (NUMBER, bytes.fromhex("c7110c820392 00c3 0492cb4025000000000000c2".replace(" ", ""))),
    "list_string": (LIST_STRING, mp(["a", "b"])),
    "list_empty": (LIST_STRING, mp([])),
    "list_unknown_length": (LIST_STRING, bytes.fromhex("c7070c8301c2050106 03".replace(" ", ""))),
    "set_number": (SET_NUMBER, mp([1, 2, 2.5, "3"])),
    "map_bool": (MAP_BOOL, mp({"a": True, "b": False, "c": None})),
    "nested_object": (NESTED, mp({
        "id": "i-1",
        "keys": [{"k": "x", "v": [1, 2]}, {"k": "y", "v": []}],
        "meta": {"m": {"n": 5}},
        "opt": {"on": True},
        "rule": [{"port": 443, "tags": ["a", "b"]}, {"port": UNKNOWN, "tags": None}],
    })),
    "nested_object_nulls": (NESTED, mp({"id": UNKNOWN, "keys": None, "meta": None, "opt": None, "rule": []})),
    "dynamic_string": (DYNAMIC, mp(dyn("string", "x"))),
    "dynamic_list": (DYNAMIC, mp(dyn(["list", "number"], [1]))),
    "dynamic_object": (DYNAMIC, mp(dyn(["object", {"a": ["map", "string"], "b": "dynamic"}],
                                       {"a": {"k": "v"}, "b": dyn("bool", True)}))),
    "dynamic_unknown_string": (DYNAMIC, mp(dyn("string", UNKNOWN))),
    "dynamic_null": (DYNAMIC, mp(None)),
    "object_dynamic_attr": (OBJ_DYN, mp({"a": dyn("number", 1), "b": "x"})),
    "tuple": (TUPLE, mp(["s", [dyn("string", "x"), dyn(["tuple", ["bool"]], [True])], False])),
}

JSON = {
    "string": (STRING, '"hi"'),
    "string_from_number": (STRING, "12.50"),
    "string_escapes": (STRING, '"a\\u003cb\\ud83d\\ude00\\n"'),
    "number": (NUMBER, "18446744073709551616"),
    "number_fraction": (NUMBER, "-0.1e-3"),
    "number_from_string": (NUMBER, '"1.5"'),
    "number_inf": (NUMBER, '"Inf"'),
    "list_string": (LIST_STRING, '["a","b",null]'),
    "set_number": (SET_NUMBER, "[1,2,2,3.25]"),
    "map_bool": (MAP_BOOL, '{"a":true,"b":"false","c":null}'),
    "nested_object": (NESTED, json.dumps({
        "id": "i-1",
        "keys": [{"k": "x", "v": [1, 2]}],
        "meta": {"m": {"n": 5}},
        "opt": {"on": True},
        "rule": [{"port": 443, "tags": ["a"]}, {"port": None}],
    })),
    "nested_object_missing": (NESTED, '{"id":"x"}'),
    "dynamic": (DYNAMIC, '{"value":{"a":[1,2]},"type":["object",{"a":["list","number"]}]}'),
    "dynamic_type_first": (DYNAMIC, '{"type":"string","value":"x"}'),
    "dynamic_null": (DYNAMIC, "null"),
    "object_dynamic_attr": (OBJ_DYN, '{"a":{"value":true,"type":"bool"},"b":"x"}'),
    "tuple": (TUPLE, '["s",[{"value":"x","type":"string"}],true]'),
}

HANDSHAKE = {
    "unix": "1|6|unix|/tmp/plugin123|grpc|\n",
    "tcp_v5": "1|5|tcp|127.0.0.1:10001|grpc",
    "with_cert": "1|6|unix|/tmp/plugin2718281828|grpc|"
                 "MIIBkTCB+6ADAgECAhEA0Wc3g8b5K7Ea8t9n0xYbbzANBgkqhkiG9w0BAQsFADASMRAwDgYDVQQKEwdIYXNoaUNvcnAwHhcN\r\n",
    "mux": "  1|6|unix|/tmp/p|grpc||true\r\n",
    "netrpc": "1|5|tcp|localhost:1234|netrpc|",
    "bad_port": "1|6|tcp|[::1]:70000|grpc|",
}

SCHEMA_BLOCK = {
    "attributes": {
        "id": {"type": "string", "computed": True, "description_kind": "plain"},
        "tags": {"type": ["map", "string"], "optional": True},
        "nested": {"nested_type": {"nesting_mode": "list", "attributes": {
            "port": {"type": "number", "required": True}}}, "optional": True},
    },
    "block_types": {
        "rule": {"nesting_mode": "list", "min_items": 1, "block": {
            "attributes": {"port": {"type": "number", "required": True}},
            "block_types": {"inner": {"nesting_mode": "set", "block": {
                "attributes": {"v": {"type": "dynamic", "optional": True}}}}}}},
        "opt": {"nesting_mode": "single", "block": {"attributes": {"on": {"type": "bool", "optional": True}}}},
    },
    "description": "a resource",
    "description_kind": "markdown",
}

PROVIDER_SCHEMA = {
    "provider": {"version": 0, "block": {"attributes": {"region": {"type": "string", "optional": True}}}},
    "resource_schemas": {"tfc_thing": {"version": 2, "block": SCHEMA_BLOCK}},
    "data_source_schemas": {"tfc_data": {"version": 0, "block": {"attributes": {
        "id": {"type": "string", "computed": True}}}}},
    "resource_identity_schemas": {"tfc_thing": {"version": 0, "attributes": {
        "id": {"type": "string", "required_for_import": True}}}},
    "functions": {"echo": {"parameters": [{"name": "v", "type": "string"}], "return_type": "string"}},
}

SCHEMA_JSON = {
    "block": (0, SCHEMA_BLOCK),
    "schema": (1, {"version": 1, "block": SCHEMA_BLOCK}),
    "provider_schema": (2, PROVIDER_SCHEMA),
    "document": (3, {"format_version": "1.0", "provider_schemas": {
        "registry.terraform.io/hashicorp/tfc": PROVIDER_SCHEMA}}),
}

# Text-format GetProviderSchema.Response, encoded with protoc (v6: tag 4, v5: tag 5).
PROTO_TEXT = r'''
provider { version: 0 block { attributes { name: "region" type: "\"string\"" optional: true } } }
resource_schemas {
  key: "tfc_thing"
  value {
    version: 1
    block {
      attributes { name: "id" type: "\"string\"" computed: true }
      attributes { name: "tags" type: "[\"map\",\"string\"]" optional: true }
      %(nested_attr)s
      block_types {
        type_name: "rule" nesting: LIST min_items: 1
        block { attributes { name: "port" type: "\"number\"" required: true } }
      }
      block_types {
        type_name: "opt" nesting: SINGLE
        block { attributes { name: "v" type: "\"dynamic\"" optional: true } }
      }
    }
  }
}
data_source_schemas {
  key: "tfc_data"
  value { block { attributes { name: "id" type: "\"string\"" computed: true } } }
}
functions {
  key: "echo"
  value {
    parameters { name: "v" type: "\"string\"" }
    return { type: "\"string\"" }
  }
}
server_capabilities { plan_destroy: true }
'''
NESTED_ATTR_V6 = ('attributes { name: "nested" optional: true nested_type { nesting: SET '
                  'attributes { name: "port" type: "\\"number\\"" required: true } } }')


def protoc_encode(version, text):
    proto = "tfplugin%d.proto" % version
    wire = os.path.join(os.path.dirname(ROOT), "..", "..", "proto", "wire")
    return subprocess.run(["protoc", "--encode=tfplugin%d.GetProviderSchema.Response" % version,
                           "-I", wire, proto], input=text.encode(), capture_output=True, check=True).stdout


def write(target, name, data):
    d = os.path.join(ROOT, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def main():
    shutil.rmtree(ROOT, ignore_errors=True)
    for name, (t, data) in MSGPACK.items():
        write("fuzz_msgpack_decode", name, bytes([t]) + data)
    for name, (t, text) in JSON.items():
        write("fuzz_json_decode", name, bytes([t]) + text.encode())
    for name, line in HANDSHAKE.items():
        write("fuzz_handshake", name, line.encode())
    for name, (reader, doc) in SCHEMA_JSON.items():
        write("fuzz_schema", "json_" + name, bytes([reader]) + json.dumps(doc, indent=1).encode())
    write("fuzz_schema", "proto_v6_response", b"\x04" + protoc_encode(6, PROTO_TEXT % {"nested_attr": NESTED_ATTR_V6}))
    write("fuzz_schema", "proto_v5_response", b"\x05" + protoc_encode(5, PROTO_TEXT % {"nested_attr": ""}))


if __name__ == "__main__":
    main()
