#!/usr/bin/env python3
"""Writes the man page tfconform(1) from the command's own help, so the page cannot drift from it.

    help_to_man.py --binary build/conformance/tfconform --readme README.md --out build/man/tfconform.1

Runs `tfconform --help` and `tfconform SUB --help` for every subcommand the help lists (hidden
ones, like `rpcs`, stay hidden), reads CLI11's layout (docs/install.md says which), and writes
roff: NAME, SYNOPSIS, DESCRIPTION, OPTIONS, one section per subcommand, EXIT STATUS (the README's
"Exit status:" paragraph), FILES and SEE ALSO. Also writes OUT.gz, compressed without a time
stamp so two builds give the same bytes (Debian installs man pages gzipped).
"""
import argparse
import gzip
import re
import subprocess
import sys

# CLI11 pads an entry's name to this column and starts its description there (CLI::Formatter's
# column_width, 30 by default); a name of 30 or more puts the description on the next line.
COLUMN = 30


def run_help(binary, *args):
    out = subprocess.run([binary, *args, "--help"], check=True, capture_output=True, text=True).stdout
    # CLI11 prints the program as it was invoked (a build path): the page names the command.
    return out.replace(binary, "tfconform")


def sections(help_text):
    """Splits CLI11 help into its description, usage line and named sections ("Options" ...)."""
    lines = help_text.rstrip("\n").split("\n")
    description, usage, named, current = [], "", {}, None
    for line in lines:
        if line.startswith("Usage: "):
            usage = line[len("Usage: "):]
        elif re.fullmatch(r"[A-Z][A-Za-z ]*:", line):
            current = line[:-1]
            named[current] = []
        elif current is not None:
            if line.strip():
                named[current].append(line)
        elif line.strip():
            description.append(line.strip())
    return " ".join(description), usage, named


def entries(lines):
    """(name, description) per entry of a section, joining the description's wrapped lines."""
    result = []
    for i, line in enumerate(lines):
        if line.startswith(" " * COLUMN) and result:
            name, desc = result[-1]
            result[-1] = (name, (desc + " " + line.strip()).strip())
            continue
        next_is_continuation = i + 1 < len(lines) and lines[i + 1].startswith(" " * COLUMN)
        padded = len(line) > COLUMN and line[COLUMN - 1] == " " and line[COLUMN] != " "
        # A name of 30 characters or more has its description on the next line; a shorter one is
        # padded with at least one space and its description follows on the same line.
        if padded and not (next_is_continuation and line[COLUMN - 2] != " "):
            result.append((line[:COLUMN].strip(), line[COLUMN:].strip()))
        else:
            result.append((line.strip(), ""))
    return result


def roff_text(text):
    """Escapes text for roff: backslashes, hyphens (so options copy as ASCII), leading dots."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return re.sub(r"^([.'])", r"\\&\1", text)


def markdown_to_roff(text):
    """`code` in bold; the rest as text."""
    parts = re.split(r"`([^`]*)`", text)
    return "".join(roff_text(p) if i % 2 == 0 else "\\fB" + roff_text(p) + "\\fR" for i, p in enumerate(parts))


def entry_term(name):
    """Option names in bold, value types (TEXT, UINT ...) in italics, as man-pages(7) asks."""
    words = []
    for word in name.split(" "):
        if re.match(r"--?[A-Za-z]", word):
            words.append(",".join("\\fB" + roff_text(n) + "\\fR" for n in word.split(",")))
        elif re.fullmatch(r"[A-Z][A-Z:_]*(\[.*)?|\.\.\.", word) or word.startswith(("TEXT:", "UINT:", "INT:", "FLOAT:")):
            words.append("\\fI" + roff_text(word) + "\\fR")
        else:
            words.append(roff_text(word))
    return " ".join(words)


def entry_list(lines):
    out = []
    for name, desc in entries(lines):
        out += [".TP", entry_term(name)]
        if desc:
            out.append(roff_text(desc))
    return out


def synopsis(usage):
    words = usage.split(" ")
    return ".B " + words[0] + ("\n" + roff_text(" ".join(words[1:])) if len(words) > 1 else "")


def exit_status(readme):
    """The README's paragraph that starts with "Exit status:" (the run command's), as roff."""
    with open(readme, encoding="utf-8") as f:
        paragraphs = f.read().split("\n\n")
    found = [p for p in paragraphs if p.startswith("Exit status:")]
    if not found:
        sys.exit(f"help_to_man.py: {readme} has no paragraph starting with 'Exit status:' (the page's EXIT STATUS)")
    text = " ".join(found[0][len("Exit status:"):].split())
    return [
        "For \\fBrun\\fR: " + markdown_to_roff(text),
        ".PP",
        "\\fBmerge\\fR and \\fBconfirm\\fR exit as \\fBrun\\fR (0 no new error finding, 1 some), and 2 when a "
        "report cannot be read or written; \\fBmerge\\fR also exits 2 when a shard is missing. \\fBschema\\fR, "
        "\\fBoracle\\fR and \\fBrules\\fR exit 0 when they did their work and 2 on a usage or input error.",
    ]


def page(binary, readme, version):
    top_desc, top_usage, top = sections(run_help(binary))
    summary = top_desc.split(": ", 1)[-1]
    subcommands = entries(top.get("Subcommands", []))
    out = [
        '.TH TFCONFORM 1 "" "tfconform ' + version + '" "User Commands"',
        ".SH NAME",
        "tfconform \\- " + roff_text(summary),
        ".SH SYNOPSIS",
        synopsis(top_usage),
    ]
    subs = []
    for name, desc in subcommands:
        sub_desc, sub_usage, sub = sections(run_help(binary, name))
        subs.append((name, sub_desc or desc, sub_usage, sub))
        out += [".br", synopsis(sub_usage)]
    out += [".SH DESCRIPTION", roff_text(summary[:1].upper() + summary[1:]) + ".", ".PP",
            "Each subcommand has its own options (\\fBtfconform\\fR \\fISUBCOMMAND\\fR \\fB\\-\\-help\\fR):"]
    out += entry_list(top.get("Subcommands", []))
    out += [".SH OPTIONS"] + entry_list(top.get("Options", []))
    for name, desc, usage, sub in subs:
        out += [".SH " + ("TFCONFORM " + name).upper(), roff_text(desc), ".PP", synopsis(usage)]
        for section in ("Positionals", "Options"):
            if section in sub:
                out += [".SS " + ("Arguments" if section == "Positionals" else section)] + entry_list(sub[section])
    out += [".SH EXIT STATUS"] + exit_status(readme)
    out += [
        ".SH FILES",
        ".TP",
        ".I PREFIX/share/doc/tfconform/README.md",
        "The overview, the quick start and every option of \\fBrun\\fR; the documents it links are in",
        ".I docs/",
        "beside it.",
        ".I PREFIX",
        "is",
        ".I /usr",
        "for the Debian package and",
        ".I /usr/local",
        "for \\fBmake install\\fR unless \\fBPREFIX\\fR says otherwise.",
        ".SH SEE ALSO",
        "The rule catalogue: \\fBtfconform rules\\fR;",
        "the Terraform and OpenTofu CLIs (\\fBterraform\\fR, \\fBtofu\\fR), which \\fBconfirm\\fR and",
        "\\fBrun \\-\\-confirm\\-with\\fR play the reproductions with.",
    ]
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--readme", required=True)
    parser.add_argument("--version", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    text = page(args.binary, args.readme, args.version)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(text)
    with open(args.out + ".gz", "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as gz:
        gz.write(text.encode("utf-8"))


if __name__ == "__main__":
    main()
