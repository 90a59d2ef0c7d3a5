"""Validates SARIF logs against the SARIF 2.1.0 JSON schema (draft-04) with the jsonschema package.

    validate_sarif.py SCHEMA LOG...

Prints every violation (its JSON path and what is wrong) and exits 1 when a log has any.
"""
import json
import sys

import jsonschema


def main(argv):
    if len(argv) < 3:
        print("usage: validate_sarif.py SCHEMA LOG...", file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft4Validator.check_schema(schema)
    validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER)
    failed = False
    for path in argv[2:]:
        with open(path, encoding="utf-8") as f:
            log = json.load(f)
        for error in sorted(validator.iter_errors(log), key=lambda e: list(e.absolute_path)):
            failed = True
            where = "".join("[%r]" % p for p in error.absolute_path) or "(root)"
            print("%s: %s: %s" % (path, where, error.message))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
