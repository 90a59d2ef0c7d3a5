#!/usr/bin/env python3
"""Detection matrix: does tfconform find every fault of the faulty test provider, and only it?

For every row of tests/providers/faulty/faults.tsv (mode, rule, needs, description), and for the
honest mode, runs `tfconform run --apply` against terraform-provider-tfcfault with
TFCFAULT_MODE=<mode> twice: once as a modern provider and once with TFCFAULT_LEGACY=1 (the
provider then sets the legacy type system flag, and rules Core only logs for the legacy SDK are
reported as warnings). Each run gets a fresh state directory and a fixed seed. The results go
into a Markdown table (docs/detection-matrix.md by default).

Exit status: 0 when every expected rule was found (as an error in the normal run; in the legacy
run as a warning exactly when Core tolerates the rule for the legacy SDK, else as an error), no
run reported an error rule other than the expected one, and the honest mode reported no error;
1 otherwise; 2 when the tools are missing.

Python 3 standard library only.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEED = "20240601"
CASES = 30
TIMEOUT = 3
SHRINK_TIME = 20


def rel(path):
    r = os.path.relpath(os.path.abspath(path), ROOT)
    return path if r.startswith("..") else r


def read_faults(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        if header[:2] != ["mode", "rule"]:
            raise SystemExit(f"{path}: unexpected header {header}")
        for line in f:
            line = line.rstrip("\n")
            if not line.strip():
                continue
            cols = line.split("\t")
            cols += [""] * (4 - len(cols))
            rows.append({"mode": cols[0], "rule": cols[1], "needs": cols[2], "description": cols[3]})
    return rows


def legacy_tolerated(tfconform):
    out = subprocess.run([tfconform, "rules", "--json"], check=True, capture_output=True, text=True).stdout
    return {r["id"] for r in json.loads(out) if r.get("legacy_sdk_tolerated")}


def snapshot(path, into, attempts=60):
    """Copies a binary into `into` so that a rebuild during the matrix cannot change or remove it;
    waits while the file is being written (modified in the last 3 s, or changed during the copy)."""
    dest = os.path.join(into, os.path.basename(path))
    for _ in range(attempts):
        try:
            before = os.stat(path)
            if time.time() - before.st_mtime >= 3:
                shutil.copy2(path, dest)
                after = os.stat(path)
                if (after.st_mtime, after.st_size) == (before.st_mtime, before.st_size) == \
                        (os.stat(dest).st_mtime, os.stat(dest).st_size):
                    return dest
        except OSError:
            pass
        time.sleep(2)
    raise SystemExit(f"detection_matrix: {path} kept changing; cannot take a copy")


def run_on_snapshots(args, tool, body):
    """Checks that args.tfconform and args.provider are executables, runs body(args, shown) on
    copies of both taken into a temporary directory (a rebuild during a long run cannot change
    them; `shown` keeps the original paths for the report), and removes the copies. Returns
    body's exit status, or 2 when a binary is missing."""
    for what, path in (("tfconform", args.tfconform), ("provider", args.provider)):
        if not os.access(path, os.X_OK):
            print(f"{tool}: {what} {path} not found (make build providers)", file=sys.stderr)
            return 2
    shown = {"tfconform": rel(args.tfconform), "provider": rel(args.provider)}
    bin_dir = tempfile.mkdtemp(prefix=f"tfc-{tool}-bin-")
    try:
        args.tfconform = snapshot(args.tfconform, bin_dir)
        args.provider = snapshot(args.provider, bin_dir)
        return body(args, shown)
    finally:
        shutil.rmtree(bin_dir, ignore_errors=True)


def run_one(args, mode, legacy, confirm_with=()):
    """One tfconform run; returns a dict with the findings, wall seconds and exit status. With
    confirm_with (CLI paths), every contract finding is also played by those CLIs."""
    state = tempfile.mkdtemp(prefix="tfc-matrix-state-")
    out_dir = tempfile.mkdtemp(prefix="tfc-matrix-report-")
    report = os.path.join(out_dir, "report.json")
    cmd = [
        args.tfconform, "run",
        "--provider", args.provider,
        "--apply",
        "--cases", str(args.cases),
        "--seed", args.seed,
        "--hints", args.hints,
        "--timeout", str(args.timeout),
        "--shrink-time", str(args.shrink_time),
        "--quiet",
        "--json", report,
        "--env", f"TFCFAULT_MODE={mode}",
        "--env", f"TFCFAULT_STATE_DIR={state}",
    ]
    if legacy:
        cmd += ["--env", "TFCFAULT_LEGACY=1"]
    for cli in confirm_with:
        cmd += ["--confirm-with", cli]
    env = {k: v for k, v in os.environ.items() if not k.startswith("TFCFAULT_")}
    start = time.monotonic()
    try:
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=args.run_timeout)
        status, stderr = proc.returncode, proc.stderr
    except subprocess.TimeoutExpired:
        status, stderr = None, f"tfconform did not finish within {args.run_timeout} s"
    seconds = time.monotonic() - start
    result = {"status": status, "seconds": seconds, "findings": [], "harness": None}
    try:
        if status not in (0, 1):
            result["harness"] = (stderr or "").strip().splitlines()[-1:] or [f"exit status {status}"]
            result["harness"] = result["harness"][0]
        if os.path.exists(report):
            with open(report, encoding="utf-8") as f:
                data = json.load(f)
            for suite in data.get("suites", []):
                for scenario in suite.get("scenarios", []):
                    for finding in scenario.get("findings", []):
                        result["findings"].append({
                            "rule": finding.get("rule"),
                            "severity": finding.get("severity"),
                            "suite": suite.get("name"),
                            "scenario": scenario.get("name"),
                            "step": finding.get("step"),
                            "path": finding.get("path"),
                            "found_at_case": finding.get("found_at_case"),
                            "shrink_attempts": finding.get("shrink_attempts"),
                            "attribute_count": (finding.get("counterexample") or {}).get("attribute_count"),
                            "class": finding.get("class"),
                            "confirmations": finding.get("confirmations") or [],
                            "not_expressible": (finding.get("reproduction") or {}).get("not_expressible") or "",
                        })
        elif result["harness"] is None:
            result["harness"] = "no JSON report written"
    finally:
        shutil.rmtree(state, ignore_errors=True)
        shutil.rmtree(out_dir, ignore_errors=True)
    return result


def first_of(findings, rule, severities):
    hits = [f for f in findings if f["rule"] == rule and f["severity"] in severities]
    hits.sort(key=lambda f: (f["found_at_case"] is None, f["found_at_case"] or 0))
    return hits[0] if hits else None


# In a legacy run the tolerated fault is only a warning, so the case goes on as Core would and
# the fault's own effect can break a later rule: a perpetual diff after an apply that changed
# a value the plan cannot keep (null config, block counts), or a final plan that no longer
# matches the initial one. These follow-on errors are listed, not counted as problems, unless
# the fault claims "no perpetual diff" (then a non-empty plan after apply is a real anomaly).
FOLLOW_ON = {"lifecycle.plan_not_empty_after_apply", "lifecycle.plan_not_empty_after_refresh",
             "plan_final.known_value_changed", "plan_final.action_changed"}
NO_DIFF_CLAIM = "no perpetual diff"


def follow_on_allowed(row, rule):
    if rule not in FOLLOW_ON:
        return False
    return not (rule.startswith("lifecycle.") and NO_DIFF_CLAIM in row["description"])


def other_errors(findings, expected):
    return sorted({f["rule"] for f in findings if f["severity"] == "error" and f["rule"] != expected})


def judge(row, normal, legacy, tolerated):
    """Adds the verdicts to row; returns the list of problems (empty = as expected)."""
    problems = []
    expected = row["rule"]
    for name, res in (("normal", normal), ("legacy", legacy)):
        if res["harness"]:
            problems.append(f"{row['mode']} ({name}): harness error: {res['harness']}")
    # Normal run: the expected rule as an error, no other error rule.
    row["found"] = first_of(normal["findings"], expected, {"error"}) if expected else None
    row["others"] = other_errors(normal["findings"], expected)
    if expected and row["found"] is None:
        problems.append(f"{row['mode']}: MISS — {expected} not reported as an error")
    if row["others"]:
        problems.append(f"{row['mode']}: unexpected error rule(s) {', '.join(row['others'])}")
    # Legacy run: warning where Core only logs the rule for the legacy SDK, else error.
    want = "warning" if expected in tolerated else "error"
    row["legacy_want"] = want
    row["legacy_found"] = first_of(legacy["findings"], expected, {"error", "warning"}) if expected else None
    legacy_others = other_errors(legacy["findings"], expected)
    tolerated_fault = row["legacy_found"] is not None and row["legacy_found"]["severity"] == "warning"
    row["legacy_follow_on"] = [r for r in legacy_others if tolerated_fault and follow_on_allowed(row, r)]
    row["legacy_others"] = [r for r in legacy_others if r not in row["legacy_follow_on"]]
    if expected:
        if row["legacy_found"] is None:
            problems.append(f"{row['mode']} (legacy): MISS — {expected} not reported")
        elif first_of(legacy["findings"], expected, {want}) is None:
            problems.append(f"{row['mode']} (legacy): {expected} reported as {row['legacy_found']['severity']}, "
                            f"expected {want}")
    if row["legacy_others"]:
        problems.append(f"{row['mode']} (legacy): unexpected error rule(s) {', '.join(row['legacy_others'])}")
    return problems


def cell_rule(f):
    return f"`{f['rule']}` ({f['severity']})" if f else "**MISS**"


def cell_confirmed(f, clis):
    """Which CLIs confirmed the finding, or why none could."""
    if not clis:
        return "—"
    if not f:
        return "—"
    if f.get("class") not in ("contract", "robustness"):
        return f"not confirmed: a {f.get('class')} finding"
    verdicts = {c["cli"]: c for c in f.get("confirmations", [])}
    # With the version: two Terraform releases may confirm (or not) one finding.
    confirmed = [cli for cli, c in verdicts.items() if c["verdict"] == "confirmed"]
    if confirmed:
        return ", ".join(confirmed)
    for c in verdicts.values():
        if c["verdict"] == "not expressible":
            return "not expressible: " + c["quote"].replace("|", "/")
    first = next(iter(verdicts.values()), None)
    if first is None:
        return "no verdict"
    return f"**{first['verdict']}**: " + first["quote"].splitlines()[0].replace("|", "/")[:120]


def fmt_others(rules):
    return "**" + ", ".join(f"`{r}`" for r in rules) + "**" if rules else "none"


def markdown(rows, args, shown, tolerated, total_seconds, problems):
    lines = []
    lines.append("# Detection matrix")
    lines.append("")
    lines.append("Generated by `scripts/detection_matrix.py` (`make matrix`): every fault mode of the deliberately faulty "
                 "test provider `terraform-provider-tfcfault` (`tests/providers/faulty/faults.tsv`), and its honest mode, "
                 "played by `tfconform run` once as a modern provider and once with `TFCFAULT_LEGACY=1`.")
    lines.append("")
    lines.append(f"Each run: a fresh state directory, `{shown['tfconform']} run --provider {shown['provider']} --apply --cases "
                 f"{args.cases} --seed {args.seed} --hints {rel(args.hints)} --timeout {args.timeout} "
                 f"--shrink-time {args.shrink_time} --quiet --json …` with `--env TFCFAULT_MODE=<mode>` "
                 "(data sources included). Runs are sequential on one machine; the seconds depend on it.")
    lines.append("")
    follow = any(r.get("legacy_follow_on") for r in rows)
    verdict = ("every expected rule found, no other error rule" + (" (legacy follow-ons aside)" if follow else "")
               + ", honest mode clean") if not problems else \
        f"{len(problems)} problem(s), listed below the table"
    lines.append(f"Result: **{verdict}**; {len(rows)} modes × 2 runs in {total_seconds:.0f} s.")
    lines.append("")
    lines.append("| fault | expected rule | rule found (severity) | other error rules | cases until found | seconds "
                 "| shrunk size | legacy run (`TFCFAULT_LEGACY=1`) | confirmed by |")
    lines.append("|---|---|---|---|---:|---:|---:|---|---|")
    for row in rows:
        f = row["found"]
        if row["rule"]:
            found = cell_rule(f)
            expected = f"`{row['rule']}`"
        else:
            found = "none (no error)" if not row["others"] else "—"
            expected = "none"
        case = str(f["found_at_case"]) if f and f["found_at_case"] is not None else "—"
        size = str(f["attribute_count"]) if f and f["attribute_count"] is not None else "—"
        lf = row["legacy_found"]
        if row["rule"]:
            legacy = cell_rule(lf)
            if lf and lf["severity"] != row["legacy_want"]:
                legacy += f" — expected {row['legacy_want']}"
        else:
            legacy = "none (no error)" if not row["legacy_others"] else ""
        if row["legacy_follow_on"]:
            legacy += ", then follow-on " + ", ".join(f"`{r}` (error)" for r in row["legacy_follow_on"])
        if row["legacy_others"]:
            legacy += (" " if legacy else "") + "+ other errors: " + fmt_others(row["legacy_others"])
        if row["normal"]["harness"]:
            found += f" (harness error: {row['normal']['harness']})"
        if row["legacy"]["harness"]:
            legacy += f" (harness error: {row['legacy']['harness']})"
        lines.append(f"| `{row['mode']}` | {expected} | {found} | {fmt_others(row['others'])} | {case} | "
                     f"{row['normal']['seconds']:.1f} | {size} | {legacy} | {cell_confirmed(f, args.confirm_with)} |")
    lines.append("")
    if problems:
        lines.append("## Problems")
        lines.append("")
        for p in problems:
            lines.append(f"- {p}")
        lines.append("")
    lines.append("## Legend")
    lines.append("")
    lines.append("- **fault**: the `TFCFAULT_MODE` value; what the provider does wrong is the description column of "
                 "`tests/providers/faulty/faults.tsv`. `honest` breaks no rule.")
    lines.append("- **expected rule**: the rule the fault breaks (faults.tsv).")
    lines.append("- **rule found (severity)**: the expected rule as the normal run reported it; **MISS** when it "
                 "was not reported as an error.")
    lines.append("- **other error rules**: error findings of any other rule in the normal run; must be none "
                 "(warnings are allowed and not listed).")
    lines.append("- **cases until found**: `found_at_case`, the 1-based generated case that first showed the rule "
                 f"(of {args.cases}).")
    lines.append("- **seconds**: wall time of the whole normal run (provider start, all cases, shrinking, report); "
                 "`hang_in_plan` waits for the RPC timeout each time the plan hangs.")
    lines.append("- **shrunk size**: `counterexample.attribute_count` of the shrunk counterexample — the attributes "
                 "set across the configurations of the minimal case.")
    lines.append("- **legacy run**: the same run with `TFCFAULT_LEGACY=1`, where the provider sets the legacy type "
                 "system flag (as providers built on the legacy SDK do). Core only logs some apply and plan rules "
                 "for such providers, so tfconform reports those as warnings \"tolerated for the legacy SDK\" (`--strict` makes "
                 "them errors); every other rule stays an error. Expected here: "
                 + ", ".join(f"`{r}`" for r in sorted(tolerated)) + " as warning, the rest as error.")
    lines.append("- **follow-on** (legacy run only): a tolerated fault does not stop the case, so, as under Core, its "
                 "effect can break a later rule — a plan after apply that is not empty because the applied value "
                 "cannot be kept by the plan (a null config value, a block count), or a final plan that contradicts "
                 "the initial one. Those errors (" + ", ".join(f"`{r}`" for r in sorted(FOLLOW_ON)) + ") are "
                 "listed but are not problems, except a non-empty plan for a fault that claims no perpetual diff. "
                 "Any other error rule in a legacy run is listed as \"other errors\" and is a problem.")
    lines.append("- **confirmed by**: the CLIs (" + (", ".join(f"`{rel(c)}`" for c in args.confirm_with) or "none given")
                 + ") that played the finding's reproduction (`tfconform run --confirm-with`: one Terraform "
                 "configuration per step of the shrunk case) and rejected the provider with Core's own error; "
                 "\"not expressible\" says why no configuration can replay it; **not reproduced** (Core accepted the checked "
                 "step) and **could not run** (a step failed for another reason) quote the CLI. "
                 "Seconds include the confirmation.")
    lines.append("")
    return "\n".join(lines)


def run_arguments(doc, out, seed, cases, timeout, shrink_time):
    """The options every tfcfault table script shares: the two binaries, where the Markdown
    goes, faults.tsv, and what each tfconform run is given."""
    p = argparse.ArgumentParser(description=doc.split("\n")[0])
    p.add_argument("--tfconform", default=os.path.join(ROOT, "build", "conformance", "tfconform"))
    p.add_argument("--provider", default=os.path.join(ROOT, "build", "providers", "terraform-provider-tfcfault"))
    p.add_argument("--out", default=os.path.join(ROOT, "docs", out))
    p.add_argument("--faults", default=os.path.join(ROOT, "tests", "providers", "faulty", "faults.tsv"))
    p.add_argument("--seed", default=seed)
    p.add_argument("--cases", type=int, default=cases)
    p.add_argument("--timeout", type=float, default=timeout, help="tfconform --timeout (seconds per RPC)")
    p.add_argument("--shrink-time", type=int, default=shrink_time)
    return p


def parse_run_arguments(p):
    args = p.parse_args()
    args.timeout = int(args.timeout) if float(args.timeout).is_integer() else args.timeout
    return args


def main():
    p = run_arguments(__doc__, "detection-matrix.md", SEED, CASES, TIMEOUT, SHRINK_TIME)
    p.add_argument("--hints", default=os.path.join(ROOT, "tests", "conformance", "hints", "tfcfault.json"))
    p.add_argument("--run-timeout", type=float, default=600, help="give up on one tfconform run after this long")
    p.add_argument("--modes", default="", help="comma-separated subset of modes (default: all, plus honest)")
    p.add_argument("--confirm-with", action="append", default=[],
                   help="Terraform or OpenTofu binary that confirms each finding (repeatable)")
    args = parse_run_arguments(p)

    return run_on_snapshots(args, "detection_matrix", matrix)


def matrix(args, shown):
    tolerated = legacy_tolerated(args.tfconform)
    rows = [{"mode": "honest", "rule": "", "needs": "", "description": "no fault"}] + read_faults(args.faults)
    if args.modes:
        wanted = set(args.modes.split(","))
        rows = [r for r in rows if r["mode"] in wanted]

    problems = []
    start = time.monotonic()
    for row in rows:
        row["normal"] = run_one(args, row["mode"], legacy=False, confirm_with=args.confirm_with)
        row["legacy"] = run_one(args, row["mode"], legacy=True)
        found = judge(row, row["normal"], row["legacy"], tolerated)
        problems += found
        f, lf = row["found"], row["legacy_found"]
        print(f"{row['mode']:26} {row['rule'] or 'none':38} "
              f"{(f['severity'] if f else ('MISS' if row['rule'] else '-')):8} "
              f"case {str(f['found_at_case'] if f else '-'):>3} {row['normal']['seconds']:6.1f}s | legacy "
              f"{(lf['severity'] if lf else ('MISS' if row['rule'] else '-')):8} {row['legacy']['seconds']:6.1f}s"
              + (f" | {cell_confirmed(f, args.confirm_with)}" if args.confirm_with else "")
              + ("  " + "; ".join(found) if found else ""), flush=True)
    total = time.monotonic() - start

    text = markdown(rows, args, shown, tolerated, total, problems)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {rel(args.out)} ({total:.0f} s)")
    if problems:
        print(f"{len(problems)} problem(s):", file=sys.stderr)
        for p_ in problems:
            print(f"  {p_}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
