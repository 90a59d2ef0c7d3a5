#!/usr/bin/env python3
"""Hostile providers: does tfconform survive a provider that attacks the harness, and clean up after it?

For every row of tests/providers/faulty/hostile.tsv (mode, expected, description), plus the fault
modes crash_in_apply and hang_in_plan of faults.tsv (a crash and a hang are hostile too), runs
`tfconform run --apply` against terraform-provider-tfcfault with TFCFAULT_MODE=<mode>, a fresh
state directory, a TMPDIR of its own (the plugin's sockets and temporary files land there) and a
unique marker variable TFC_HOSTILE_MARKER in the provider's environment. Per run it measures the
wall time, tfconform's exit status and peak RSS (wait4 of the tfconform process: the largest of
tfconform and the children it reaped; and tfconform's own VmHWM, sampled), reads the error and
warning rules out of the JSON report, then looks at what the run left behind: processes whose
environment holds the marker (given ~2 s to go away, then killed), files in the run's TMPDIR,
and whether the JSON, HTML and JUnit reports were written. The results go into a Markdown table
(docs/hostile-providers.md by default).

The stop rows send tfconform itself a signal while a plan hangs; `stop_sigkill_confirming` runs
fork_and_exit with `--confirm-with <CLI>` (Terraform from PATH, or --cli) and kills tfconform
with SIGKILL while the CLI plays the crash's reproduction, once the children the provider left
are in the CLI's process group: the CLI, its provider's children (they carry the marker: the
reproduction's environment is the run's `--env`) and tfconform's group guards must all be gone,
and the next run must remove the killed run's scratch directories.

The expected column is read loosely: its rule ids (`rpc.handshake`, `value.invalid_utf8`, ...),
`none` (no error rule) and the phrases "transport failure" (any `rpc.*` rule) and "schema
finding" (any `schema.*` rule) are the accepted alternatives. A row is OK when the error rules
reported are all among them (and there is at least one unless `none` is accepted).

Exit status: 0 when every row is OK, left no process and no temporary file behind, wrote its
reports and tfconform exited with 0 or 1; 1 otherwise; 2 when the tools are missing.

Python 3 standard library only.
"""

import datetime
import json
import os
import platform
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

sys.dont_write_bytecode = True  # no scripts/__pycache__ from the import below
from detection_matrix import (  # noqa: E402  (shared helpers)
    ROOT, parse_run_arguments, read_faults, rel, run_arguments, run_on_snapshots)

SEED = "20261123"
CASES = 8
TIMEOUT = 5
SHRINK_TIME = 10
MARKER = "TFC_HOSTILE_MARKER"
FAULT_MODES = ("crash_in_apply", "hang_in_plan")
# Modes that test the harness's own defaults (its RPC deadline, its memory limit): run without
# --timeout, so the table shows what a user meets at default settings.
DEFAULT_SETTINGS_RULES = ("rpc.timeout", "rpc.out_of_memory")
# tfconform itself stopped during a hanging plan: (row name, signal, expected exit status).
STOPS = (("stop_sigint", "SIGINT", 130), ("stop_sigterm", "SIGTERM", 143), ("stop_sigkill", "SIGKILL", None))
# tfconform killed while a CLI confirms a finding: (row name, a hostile mode whose finding the CLI
# plays). fork_and_exit's provider leaves `sleep 600` children in the CLI's process group at
# apply: the kill comes once they are there, so whatever the kill leaves would still be running.
CONFIRM_STOP = ("stop_sigkill_confirming", "fork_and_exit")
# The environment variable of runner/lifeline_spawn.cpp's group guards: "<group> <tfconform pid>".
GUARD_VARIABLE = b"TFC_LIFELINE_GUARD="
SIGNAL_AFTER = 2.0
STRAGGLER_GRACE = 2.0
MESSAGE_CHARS = 220

RULE_ID = re.compile(r"\b[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*\b")
# Phrases of the expected column that stand for a family of rules.
PHRASES = {"transport failure": "rpc.", "schema finding": "schema."}


def read_hostile(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        if header[:3] != ["mode", "expected", "description"]:
            raise SystemExit(f"{path}: unexpected header {header}")
        for line in f:
            line = line.rstrip("\n")
            if not line.strip():
                continue
            cols = line.split("\t")
            cols += [""] * (3 - len(cols))
            rows.append({"mode": cols[0], "expected": cols[1], "description": cols[2], "source": "hostile.tsv"})
    return rows


def accepted(expected):
    """The alternatives of an expected text: (rule ids, rule prefixes, whether no error is accepted)."""
    text = expected.lower()
    rules = set(RULE_ID.findall(text))
    prefixes = {p for phrase, p in PHRASES.items() if phrase in text}
    none = re.search(r"(^|[^a-z_.])none($|[^a-z_.])", text) is not None
    return rules, prefixes, none


def consistent(expected, errors):
    rules, prefixes, none = accepted(expected)
    if not rules and not prefixes and not none:
        return False, "the expected text names no rule and not none"
    if not errors:
        return (True, "") if none else (False, "no error rule reported")
    others = sorted(r for r in errors if r not in rules and not any(r.startswith(p) for p in prefixes))
    if others:
        return False, "error rule(s) not expected: " + ", ".join(others)
    return True, ""


# ---------------------------------------------------------------------------------------------
# What a run leaves behind


def marked_processes(token):
    """(pid, description) of every process whose environment holds MARKER=token."""
    entry = f"{MARKER}={token}".encode()
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            with open(f"/proc/{name}/environ", "rb") as f:
                if entry not in f.read().split(b"\0"):
                    continue
            with open(f"/proc/{name}/cmdline", "rb") as f:
                cmdline = f.read().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:
            continue  # gone, or a zombie
        found.append((int(name), cmdline or "?"))
    return found


def guards_of(tfconform_pid):
    """(pid, description) of every group guard tfconform `tfconform_pid` started that still runs."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/environ", "rb") as f:
                entries = f.read().split(b"\0")
        except OSError:
            continue
        for e in entries:
            if e.startswith(GUARD_VARIABLE) and e.split(b" ")[-1] == str(tfconform_pid).encode():
                found.append((int(name), "group guard " + e.decode(errors="replace")))
    return found


def process_group(pid):
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as f:
            return int(f.read().rsplit(")", 1)[1].split()[2])
    except (OSError, ValueError, IndexError):
        return None


def cli_group_holds_sleep(token):
    """True once a marked `sleep` (a child fork_and_exit's provider left) is in the process group
    of a marked CLI (terraform or tofu) that runs: the CLI plays a reproduction and its provider
    already started what a kill of tfconform must take along."""
    marked = marked_processes(token)
    clis = {pid for pid, cmd in marked if os.path.basename(cmd.split(" ")[0]) in ("terraform", "tofu")}
    groups = {process_group(pid) for pid in clis} - {None}
    return any(cmd.startswith("sleep ") and process_group(pid) in groups for pid, cmd in marked)


def reap_stragglers(token, grace, tfconform_pid=None):
    """Waits up to `grace` seconds for the marked processes (and tfconform's group guards) to go;
    kills and lists the rest."""
    def alive():
        return marked_processes(token) + (guards_of(tfconform_pid) if tfconform_pid else [])
    deadline = time.monotonic() + grace
    left = alive()
    while left and time.monotonic() < deadline:
        time.sleep(0.1)
        left = alive()
    for pid, _ in left:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    return left


def leftover_files(root):
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        for n in sorted(dirnames + filenames):
            out.append(os.path.relpath(os.path.join(dirpath, n), root))
    return sorted(out)


def reports_written(paths):
    """Names of the reports that exist and parse (json, html, junit)."""
    ok = []
    for kind, path in paths.items():
        try:
            if os.path.getsize(path) == 0:
                continue
            if kind == "json":
                with open(path, encoding="utf-8") as f:
                    json.load(f)
            elif kind == "junit":
                ET.parse(path)
            elif kind == "html":
                with open(path, encoding="utf-8", errors="replace") as f:
                    if "</html>" not in f.read().lower():
                        continue
            ok.append(kind)
        except (OSError, ValueError, ET.ParseError):
            pass
    return ok


def vm_hwm_kib(pid):
    """The process's own peak RSS so far (VmHWM), or None once it is gone or a zombie."""
    try:
        with open(f"/proc/{pid}/status", encoding="utf-8") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return None


def mem_available_kib():
    """The machine's MemAvailable now (what could still be allocated without swapping)."""
    try:
        with open("/proc/meminfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return None


def tail(path, chars=4000):
    try:
        with open(path, "rb") as f:
            f.seek(0, os.SEEK_END)
            size = f.tell()
            f.seek(max(0, size - chars))
            return f.read().decode(errors="replace"), size
    except OSError:
        return "", 0


# ---------------------------------------------------------------------------------------------
# One run


def run_one(args, row, index):
    base = tempfile.mkdtemp(prefix=f"tfc-hostile-{row['mode']}-")
    tmp, state, out = (os.path.join(base, d) for d in ("tmp", "state", "out"))
    for d in (tmp, state, out):
        os.mkdir(d)
    token = f"tfc-hostile-{os.getpid()}-{index}-{secrets.token_hex(6)}"
    paths = {"json": os.path.join(out, "report.json"), "html": os.path.join(out, "report.html"),
             "junit": os.path.join(out, "report.xml")}
    cmd = [
        args.tfconform, "run",
        "--provider", args.provider,
        "--apply",
        "--cases", str(args.cases),
        "--seed", args.seed,
    ]
    if not row.get("default_settings"):
        cmd += ["--timeout", str(args.timeout)]
    if row.get("confirm_with"):
        cmd += ["--confirm-with", row["confirm_with"]]
    cmd += [
        "--shrink-time", str(args.shrink_time),
        "--quiet",
        "--json", paths["json"],
        "--html", paths["html"],
        "--junit", paths["junit"],
        "--env", f"TFCFAULT_MODE={row['mode']}",
        "--env", f"TFCFAULT_STATE_DIR={state}",
        "--env", f"{MARKER}={token}",
    ]
    env = {k: v for k, v in os.environ.items() if not k.startswith("TFCFAULT_") and k != MARKER}
    env["TMPDIR"] = tmp
    stdout_path, stderr_path = os.path.join(base, "stdout"), os.path.join(base, "stderr")
    res = {"token": token, "status": None, "signal": None, "killed_after": None, "rss_kib": None, "own_kib": 0,
           "min_available_kib": mem_available_kib()}
    start = time.monotonic()
    with open(stdout_path, "wb") as so, open(stderr_path, "wb") as se:
        # cwd: the run's own directory, so that a core file of a crash does not land in the checkout.
        proc = subprocess.Popen(cmd, env=env, cwd=base, stdin=subprocess.DEVNULL, stdout=so, stderr=se,
                                start_new_session=True)
    deadline = start + args.run_timeout
    signalled = None
    while True:
        pid, wstatus, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        res["own_kib"] = max(res["own_kib"], vm_hwm_kib(proc.pid) or 0)
        available = mem_available_kib()
        if available is not None and res["min_available_kib"] is not None:
            res["min_available_kib"] = min(res["min_available_kib"], available)
        ready = cli_group_holds_sleep(token) if row.get("confirm_with") else \
            time.monotonic() - start > SIGNAL_AFTER and \
            any("terraform-provider" in cmd for _, cmd in marked_processes(token))
        if row.get("signal") and signalled is None and ready:
            os.kill(proc.pid, getattr(signal, row["signal"]))
            signalled = time.monotonic()
        if time.monotonic() > deadline and res["killed_after"] is None:
            res["killed_after"] = args.run_timeout
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except OSError:
                pass
        time.sleep(0.02)
    res["seconds"] = time.monotonic() - start
    res["expected"] = row["expected"]
    # For a stopped run: how long it took to end after the signal.
    res["after_signal"] = time.monotonic() - signalled if signalled else None
    code = os.waitstatus_to_exitcode(wstatus)
    proc.returncode = code  # reaped here; keep Popen from waiting again
    if code < 0:
        res["signal"] = signal.Signals(-code).name if -code in signal.Signals._value2member_map_ else str(-code)
    else:
        res["status"] = code
    res["rss_kib"] = usage.ru_maxrss

    res["left_running"] = reap_stragglers(token, args.grace, proc.pid)
    res["temp_left"] = leftover_files(tmp)
    res["reports"] = reports_written(paths)  # before a follow-up run could write them
    if row.get("signal") == "SIGKILL":
        # Nothing ran a cleanup: the next run must find the dead run's scratch directory and remove it.
        res["left_by_kill"] = res["temp_left"]
        follow = [("TFCFAULT_MODE=honest" if c.startswith("TFCFAULT_MODE=") else c) for c in cmd]
        follow[follow.index("--cases") + 1] = "1"
        subprocess.run(follow, env=env, cwd=base, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=args.run_timeout)
        res["temp_left"] = leftover_files(tmp)
    res["stderr_tail"], res["stderr_bytes"] = tail(stderr_path)
    res["errors"], res["warnings"], res["first_message"] = [], [], ""
    try:
        with open(paths["json"], encoding="utf-8") as f:
            data = json.load(f)
        reasons = []
        for suite in data.get("suites", []):
            for scenario in suite.get("scenarios", []):
                if scenario.get("status") == "errored" and scenario.get("reason"):
                    reasons.append(scenario["reason"])
                for finding in scenario.get("findings", []):
                    rule = finding.get("rule")
                    if finding.get("severity") == "error":
                        if rule not in res["errors"]:
                            res["errors"].append(rule)
                        if not res["first_message"]:
                            res["first_message"] = finding.get("message") or ""
                    elif rule not in res["warnings"]:
                        res["warnings"].append(rule)
        if not res["first_message"] and reasons:
            res["first_message"] = reasons[0]
        # The binaries run from a snapshot directory and the run has its own TMPDIR: paths that only
        # make the message longer and differ from run to run.
        res["first_message"] = res["first_message"].replace(os.path.dirname(args.provider) + os.sep, "") \
            .replace(tmp + os.sep, "$TMPDIR/")
    except (OSError, ValueError):
        pass
    finally:
        # Nothing of the run stays; stragglers were killed above, so the tree can go.
        shutil.rmtree(base, ignore_errors=True)
    return res


def judge(row, res):
    """Sets row['verdicts'] (empty = OK) and row['note']."""
    verdicts, notes = [], []
    ok, why = consistent(row["expected"], res["errors"])
    if not ok:
        verdicts.append("MISMATCH")
        notes.append(why)
        if "is not a mode of" in res["first_message"]:
            notes.append("the provider binary does not know this mode yet (rebuild: make providers)")
    if row.get("signal"):
        want = row["exit"]
        got = res["status"] if res["signal"] is None else res["signal"]
        if (want is None and res["signal"] != "SIGKILL") or (want is not None and res["status"] != want):
            verdicts.append("WRONG EXIT")
            notes.append(f"exit {got}, expected {want if want is not None else 'killed'}")
        if res["after_signal"] is None:
            verdicts.append("NOT SIGNALLED")
            notes.append("the provider never started, so no signal was sent")
        if res["left_running"]:
            verdicts.append("LEFT RUNNING")
            notes.append(f"{len(res['left_running'])} process(es) still running after {STRAGGLER_GRACE:.0f} s")
        if res["temp_left"]:
            verdicts.append("TEMP FILES LEFT")
            notes.append(f"{len(res['temp_left'])} entr(y/ies) left in TMPDIR")
        if want is not None and "json" not in res["reports"]:
            verdicts.append("NO REPORT")
            notes.append("no JSON report")
        row["verdicts"], row["note"] = verdicts, "; ".join(notes)
        return
    if res["signal"] or res["status"] not in (0, 1) or res["killed_after"]:
        verdicts.append("TFCONFORM CRASHED")
        if res["killed_after"]:
            notes.append(f"tfconform killed after {res['killed_after']:.0f} s")
        else:
            last = (res["stderr_tail"].strip().splitlines() or [""])[-1]
            notes.append(f"tfconform {'signal ' + res['signal'] if res['signal'] else 'exit ' + str(res['status'])}"
                         + (f": {one_line(last)}" if last else ""))
    if res["left_running"]:
        verdicts.append("LEFT RUNNING")
        notes.append(f"{len(res['left_running'])} process(es) still running after {STRAGGLER_GRACE:.0f} s, killed")
    if res["temp_left"]:
        verdicts.append("TEMP FILES LEFT")
        notes.append(f"{len(res['temp_left'])} entr(y/ies) left in TMPDIR")
    if "json" not in res["reports"]:
        verdicts.append("NO REPORT")
        notes.append("no JSON report")
    row["verdicts"], row["note"] = verdicts, "; ".join(notes)


# ---------------------------------------------------------------------------------------------
# Output


def one_line(text, limit=MESSAGE_CHARS):
    text = " ".join(str(text).split())
    text = "".join(c if c.isprintable() else f"\\x{ord(c):02x}" for c in text)  # e.g. an ANSI escape
    return text if len(text) <= limit else text[:limit - 1] + "…"


def md(text):
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("&", "&amp;").replace("<", "&lt;") \
        .replace(">", "&gt;")


def md_code(text):
    """Text for inside a code span of a table cell: only | needs escaping there."""
    return text.replace("`", "'").replace("|", "\\|")


def code_list(items):
    return ", ".join(f"`{md_code(i)}`" for i in items)


def machine_line(args):
    cpu = "?"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            cpu = next((l.split(":", 1)[1].strip() for l in f if l.startswith("model name")), "?")
    except OSError:
        pass
    mem = ""
    try:
        with open("/proc/meminfo", encoding="utf-8") as f:
            kib = next(int(l.split()[1]) for l in f if l.startswith("MemTotal"))
            mem = f", {kib / 1048576:.0f} GiB"
    except (OSError, StopIteration, ValueError):
        pass
    try:
        version = subprocess.run([args.tfconform, "--version"], capture_output=True, text=True,
                                 timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        version = "tfconform ?"
    now = datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")
    return (f"Generated {now} on `{socket.gethostname()}` ({platform.system()} {platform.release()} "
            f"{platform.machine()}, {cpu}, {os.cpu_count()} CPUs{mem}), {version}.")


def reported_cell(res):
    parts = []
    parts.append(("errors " + code_list(res["errors"])) if res["errors"] else "no error")
    if res["warnings"]:
        parts.append("warnings " + code_list(res["warnings"]))
    text = "; ".join(parts)
    if res["first_message"]:
        text += ": " + md(one_line(res["first_message"]))
    return text


def exit_cell(res):
    if res.get("after_signal") is not None and res["status"] is not None:
        return f"{res['status']}"
    if res["killed_after"]:
        return f"killed after {res['killed_after']:.0f} s"
    return f"signal {res['signal']}" if res["signal"] else str(res["status"])


def rss_cell(res):
    text = f"{res['rss_kib'] / 1024:.0f} (tfconform {res['own_kib'] / 1024:.0f})"
    if res.get("min_available_kib") and "out_of_memory" in res.get("expected", ""):
        text += f"; machine's MemAvailable never below {res['min_available_kib'] / 1048576:.1f} GiB"
    return text


def running_cell(res):
    if not res["left_running"]:
        return "none"
    return "**" + "; ".join(f"pid {pid} `{md_code(one_line(cmd, 60))}`" for pid, cmd in res["left_running"]) + \
        "** (killed)"


def temp_cell(res):
    if not res["temp_left"]:
        return "none"
    shown = res["temp_left"][:5]
    more = f" … {len(res['temp_left']) - 5} more" if len(res["temp_left"]) > 5 else ""
    return "**" + code_list(shown) + more + "**"


def markdown(rows, args, shown, total_seconds):
    bad = [r for r in rows if r["verdicts"]]
    lines = ["# Hostile providers", ""]
    lines.append("Generated by `scripts/hostile_table.py` (`make hostile`; run it again to regenerate). The deliberately "
                 "faulty test provider `terraform-provider-tfcfault` also has hostile modes "
                 "(`tests/providers/faulty/hostile.tsv`): instead of breaking a contract rule they attack the harness "
                 "itself — junk on stdout before the handshake, an endless stderr flood, a handshake to a socket that "
                 "does not exist, children that outlive the plugin, oversized and invalid UTF-8 values and diagnostics, "
                 "TLS certificates that do not match, deeply nested values and schemas, markup everywhere, a hang in "
                 "each RPC, unbounded allocation. "
                 "`crash_in_apply` and `hang_in_plan` of `faults.tsv` are added: a crash and a hang are hostile too. "
                 "The hangs and the allocation run at tfconform's default settings (no `--timeout`; the default "
                 "memory limit per provider process), so their time and peak RSS are what a user meets. The "
                 "`stop_*` rows send tfconform itself SIGINT, SIGTERM or SIGKILL "
                 f"{SIGNAL_AFTER:.0f} s into a run whose plan hangs; their time is from the signal to tfconform's "
                 "exit, and after SIGKILL a second run with the same `TMPDIR` must remove what the killed one left. "
                 "`stop_sigkill_confirming` kills tfconform with SIGKILL while Terraform (`--confirm-with`) plays "
                 "`fork_and_exit`'s crash, once the children its provider left are in Terraform's process group: "
                 "nothing of it may be left running. "
                 "Each mode should end in the expected rule (or none), with tfconform exiting 0 or 1, its reports "
                 "written, and no process or temporary file left behind.")
    lines.append("")
    lines.append(machine_line(args))
    lines.append("")
    lines.append(f"Each run: `{shown['tfconform']} run --provider {shown['provider']} --apply --cases {args.cases} "
                 f"--seed {args.seed} --timeout {args.timeout} --shrink-time {args.shrink_time} --quiet --json … "
                 f"--html … --junit …` with `--env TFCFAULT_MODE=<mode>`, a fresh `TFCFAULT_STATE_DIR`, a unique "
                 f"`{MARKER}` and a fresh `TMPDIR` of its own; runs are sequential. **peak RSS** is `ru_maxrss` of "
                 "wait4 on tfconform (the largest of tfconform and the children it reaped, i.e. the provider); in "
                 "parentheses tfconform's own (`VmHWM`, sampled every 20 ms). **left running**: "
                 f"processes whose environment holds the run's marker (the provider; in the confirmation row also "
                 "the CLI and the provider it started), and tfconform's process-group guards, "
                 f"{STRAGGLER_GRACE:.0f} s after tfconform exited (then killed). **temp files left**: what is left in the run's `TMPDIR`. **reports "
                 "written**: which of the JSON, HTML and JUnit reports exist and parse. The expected column is read "
                 "loosely: its rule ids, `none`, \"transport failure\" (any `rpc.*` rule) and \"schema finding\" "
                 "(any `schema.*` rule) are the alternatives, "
                 "and every error rule reported must be one of them; what it says beyond rules (markup shown as text "
                 "in the HTML, children killed) is checked by the hostile-provider tests of `tests/conformance`, or, "
                 "for processes and files, by the columns here.")
    lines.append("")
    verdict = "every mode as expected, nothing left behind" if not bad else \
        f"{len(bad)} of {len(rows)} modes not OK, noted below the table"
    lines.append(f"Result: **{verdict}**; {len(rows)} runs in {total_seconds:.0f} s.")
    lines.append("")
    lines.append("| mode | what the provider does | expected | tfconform reported (rules + first message) | exit "
                 "| time (s) | peak RSS (MiB) | left running | temp files left | reports written | verdict |")
    lines.append("|---|---|---|---|---:|---:|---:|---|---|---|---|")
    for row in rows:
        res = row["result"]
        mode = f"`{row.get('name', row['mode'])}`" + (" (faults.tsv)" if row["source"] == "faults.tsv" else "") + \
            (" (default settings)" if row.get("default_settings") and not row.get("signal") else "")
        verdict = "OK" if not row["verdicts"] else "**" + ", ".join(row["verdicts"]) + "**"
        seconds = f"{res['seconds']:.1f}" if res.get("after_signal") is None else \
            f"{res['after_signal']:.2f} after the signal"
        temp = temp_cell(res) + (f" (the kill left {len(res['left_by_kill'])}; the next run removed them)"
                                 if res.get("left_by_kill") and not res["temp_left"] else "")
        lines.append(f"| {mode} | {md(row['description'])} | {md(row['expected'])} | {reported_cell(res)} | "
                     f"{exit_cell(res)} | {seconds} | {rss_cell(res)} | {running_cell(res)} | "
                     f"{temp} | {', '.join(res['reports']) or '**none**'} | {verdict} |")
    lines.append("")
    if bad:
        for row in bad:
            lines.append(f"- `{row['mode']}`: {md(row['note'])}.")
        lines.append("")
    return "\n".join(lines)


def main():
    p = run_arguments(__doc__, "hostile-providers.md", SEED, CASES, TIMEOUT, SHRINK_TIME)
    p.add_argument("--hostile", default=os.path.join(ROOT, "tests", "providers", "faulty", "hostile.tsv"))
    p.add_argument("--grace", type=float, default=STRAGGLER_GRACE,
                   help="seconds left to the provider's processes to exit after tfconform did")
    p.add_argument("--run-timeout", type=float, default=300, help="kill one tfconform run after this long")
    p.add_argument("--modes", default="", help="comma-separated subset of modes (default: all)")
    p.add_argument("--cli", default="", help="the CLI of the confirmation row (default: terraform on PATH)")
    args = parse_run_arguments(p)

    return run_on_snapshots(args, "hostile_table", table)


def table(args, shown):
    rows = read_hostile(args.hostile)
    faults = {r["mode"]: r for r in read_faults(args.faults)}
    for mode in FAULT_MODES:
        if mode in faults:
            rows.append({"mode": mode, "expected": faults[mode]["rule"],
                         "description": faults[mode]["description"], "source": "faults.tsv"})
    for row in rows:
        row["default_settings"] = any(rule in row["expected"] for rule in DEFAULT_SETTINGS_RULES)
    for name, sig, code in STOPS:
        rows.append({"mode": "hang_in_plan", "name": name, "signal": sig, "exit": code, "default_settings": True,
                     "expected": "none (the cancelled call is not the provider's fault)",
                     "description": f"tfconform gets {sig} {SIGNAL_AFTER:.0f} s into a run whose plan hangs"
                                    + (" (then a second run with the same TMPDIR)" if sig == "SIGKILL" else ""),
                     "source": "stop"})
    name, mode = CONFIRM_STOP
    cli = args.cli or shutil.which("terraform")
    if cli:
        rows.append({"mode": mode, "name": name, "signal": "SIGKILL", "exit": None, "confirm_with": cli,
                     "expected": "none (killed before it reports)",
                     "description": f"`--confirm-with {os.path.basename(cli)}`: tfconform gets SIGKILL while the "
                                    "CLI plays the finding's reproduction and the `sleep 600` children its provider "
                                    "left are in the CLI's process group (then a second run with the same TMPDIR)",
                     "source": "stop"})
    else:
        print(f"{name}: no Terraform on PATH and no --cli: the row is left out", file=sys.stderr)
    if args.modes:
        wanted = set(args.modes.split(","))
        rows = [r for r in rows if r.get("name", r["mode"]) in wanted]

    start = time.monotonic()
    for i, row in enumerate(rows):
        row["result"] = res = run_one(args, row, i)
        judge(row, res)
        print(f"{row.get('name', row['mode']):26} exit {exit_cell(res):>4} {res['seconds']:6.1f}s {res['rss_kib'] / 1024:6.0f} MiB "
              f"(tfconform {res['own_kib'] / 1024:4.0f})  "
              f"errors {','.join(res['errors']) or '-':30} running {len(res['left_running'])} "
              f"temp {len(res['temp_left'])} reports {','.join(res['reports']) or '-':16} "
              f"{', '.join(row['verdicts']) or 'OK'}" + (f"  ({row['note']})" if row["note"] else ""), flush=True)
    total = time.monotonic() - start

    text = markdown(rows, args, shown, total)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {rel(args.out)} ({total:.0f} s)")
    bad = [r for r in rows if r["verdicts"]]
    if bad:
        print(f"{len(bad)} mode(s) not OK: {', '.join(r['mode'] for r in bad)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
