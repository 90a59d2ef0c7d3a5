#!/usr/bin/env python3
"""Reads a JUnit XML file the way two GitHub test-report actions read it, and prints what each
would show, as JSON (standard library only; no network, no code of theirs):

- "dorny": dorny/test-reporter's java-junit parser and annotations
  (src/parsers/java-junit/java-junit-parser.ts, src/report/get-annotations.ts);
- "mikepenz": mikepenz/action-junit-report's parser (src/testParser.ts), with its defaults
  (no include_passed, no check_title_template).

The facts each function follows, with the versions they were read at, are in docs/reports.md
("What the consumers read"). The file system lookups both actions make (tracked files, a glob
in the workspace) are not modelled: the output says which name they would look up.

    junit_consumers.py REPORT.xml
"""

import json
import math
import re
import sys
import xml.etree.ElementTree as ET

# dorny: a Java stack frame, `at pkg.Class.method(File.java:12)`
# (src/parsers/java-junit/java-stack-trace-element-parser.ts).
JAVA_STACK_FRAME = re.compile(r"^\s*at (\S+\/\S*\/)?(.*)\((.*):(\d+)\)$")


def parse_float(text):
    """JavaScript's parseFloat: the longest leading decimal number, NaN when there is none."""
    match = re.match(r"\s*([+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)", text or "")
    return float(match.group(1)) if match else math.nan


def parse_int(text):
    """JavaScript's parseInt (base 10), None for NaN."""
    match = re.match(r"\s*([+-]?\d+)", text or "")
    return int(match.group(1)) if match else None


def js_number(value):
    """NaN as JSON null, so the caller sees an unparsable time."""
    return None if math.isnan(value) else value


def element_text(element):
    """The character data of an element without children, as both XML libraries give it."""
    return "".join(element.itertext())


def dorny(root, report_path):
    if root.tag == "testsuites":
        suites = root.findall("testsuite")  # direct children only: nested suites are not read
    elif root.tag == "testsuite":
        suites = [root]
    else:
        raise ValueError("dorny: the root is neither <testsuites> nor <testsuite>")
    view = {"tests": 0, "passed": 0, "failed": 0, "skipped": 0, "time_ms": 0.0, "suites": [], "annotations": []}
    for suite in suites:
        suite_name = suite.attrib["name"].strip()
        view["suites"].append(suite_name)
        view["time_ms"] += parse_float(suite.get("time")) * 1000
        for case in suite.findall("testcase"):
            # classname equal to the suite's name: no group, the test shows under its own name.
            group = "" if case.get("classname") == suite.get("name") else case.get("classname")
            name = case.attrib["name"].strip()
            failures = case.findall("failure") or case.findall("error")
            view["tests"] += 1
            if failures:
                view["failed"] += 1
            elif case.find("skipped") is not None:
                view["skipped"] += 1
                continue
            else:
                view["passed"] += 1
                continue
            issue = failures[0]
            details = element_text(issue)
            message = None
            if issue.attrib:  # an element with attributes: `type: message` (type only when set)
                message = issue.get("message")
                if issue.get("type"):
                    message = issue.get("type") + ": " + (message if message is not None else "undefined")
            first_line = next((line for line in re.split(r"\r?\n", details) if line.strip()), None)
            shown = message if message is not None else (first_line if first_line is not None else "Test failed")
            test_name = f"{group} ► {name}" if group else name
            view["annotations"].append(
                {
                    "title": f"{suite_name} ► {test_name}",
                    "message": shown,
                    "raw_details": details,
                    # No stack frame resolves to a tracked file: the annotation sits on the
                    # report file itself, line 0.
                    "path": report_path,
                    "line": 0,
                    "stack_frames": [line for line in re.split(r"\r?\n", details) if JAVA_STACK_FRAME.match(line)],
                }
            )
    # The run's time: the root's own when it has one, else the suites' sum.
    run_seconds = parse_float(root.get("time")) if root.tag == "testsuites" else math.nan
    view["time_ms"] = js_number(view["time_ms"] if math.isnan(run_seconds) else run_seconds * 1000)
    return view


def mikepenz_position(file, line, class_name, output):
    """resolveFileAndLine: the file and line given, else the class name's last part and a line
    found in the failure's text after that name, else line 1."""
    file_name = file if file else class_name.split(".")[-1]
    line_number = parse_int(line)
    if file_name and line_number:
        return file_name, line_number
    escaped = re.escape(file_name).replace("::", "/", 1)
    matches = re.findall(r" [^ ]*" + escaped + r".*?:\d+", output)
    if not matches:
        return file_name, line_number or 1
    tokens = matches[-1].split(":")
    found = tokens.pop() or "0"
    prefix = tokens.pop() if tokens else ""
    if prefix.endswith(".rs"):
        file_name = prefix.split(" ")[-1]
    return file_name, parse_int(found) or -1


def mikepenz_suite(suite, view):
    suite_file, suite_line = suite.get("file"), suite.get("line")
    for case in suite.findall("testcase"):
        view["tests"] += 1
        time = 0.0 if case.get("time") is None else parse_float(case.get("time"))
        view["time_s"] += time
        issues = case.findall("failure") + case.findall("error")
        skip = case.find("skipped") is not None or case.get("status") in ("disabled", "ignored")
        if skip:
            view["skipped"] += 1
        if not issues or skip:
            continue  # a passed or skipped case gets no annotation by default
        view["failed"] += 1
        name = case.attrib["name"]
        for index, issue in enumerate(issues):
            stack_trace = element_text(issue).strip()
            message = (issue.get("message") or "\n".join(stack_trace.split("\n")[:2]) or name).strip()
            file_name, line = mikepenz_position(
                case.get("file") or issue.get("file") or suite_file,
                case.get("line") or issue.get("line") or suite_line,
                case.get("classname") or name,
                stack_trace,
            )
            title = f"{file_name}.{name}" if file_name != name else name
            if len(issues) > 1:
                title += f" (failure {index + 1}/{len(issues)})"
            view["annotations"].append(
                # file_to_resolve: looked up as is, then in the workspace as `**/NAME.*`.
                {"title": title, "message": message, "raw_details": stack_trace, "file_to_resolve": file_name, "line": line}
            )
    children = suite.findall("testsuite") or suite.findall("testsuites")
    for child in children:  # nested suites are read, at any depth
        view["suites"].append(child.get("name", ""))
        mikepenz_suite(child, view)


def mikepenz(root):
    if root.tag not in ("testsuites", "testsuite"):
        raise ValueError("mikepenz: no root test suite")
    view = {"tests": 0, "passed": 0, "failed": 0, "skipped": 0, "time_s": 0.0, "suites": [], "annotations": []}
    if root.tag == "testsuite":
        view["suites"].append(root.get("name", ""))
    mikepenz_suite(root, view)
    view["passed"] = view["tests"] - view["failed"] - view["skipped"]
    view["time_s"] = js_number(view["time_s"])
    return view


def main(argv):
    if len(argv) != 2:
        print("usage: junit_consumers.py REPORT.xml", file=sys.stderr)
        return 2
    root = ET.parse(argv[1]).getroot()
    json.dump({"dorny": dorny(root, argv[1]), "mikepenz": mikepenz(root)}, sys.stdout, indent=1, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
