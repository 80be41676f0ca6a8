#!/usr/bin/env python3
"""Writes the loadlab(1) man page and the bash completion from the CLI's own --help.

Usage: gen_cli_docs.py LOADLAB VERSION MAN_OUT COMPLETION_OUT

Generated at build time so both always list exactly the subcommands and options the built tool
has: a subcommand added to src/cli appears in the man page and in completion without editing here.
"""
import re
import subprocess
import sys

COL = re.compile(r"^  (\S.*?)(?:\s{2,}(\S.*))?$")


def help_text(exe, *args):
    out = subprocess.run([exe, *args, "--help"], check=True, capture_output=True, text=True).stdout
    return out.replace(exe, "loadlab")


def parse(text):
    """CLI11 help -> (description, usage, {section: [(name, description)]})."""
    lines = text.splitlines()
    desc, usage, sections, current = [], "", {}, None
    for line in lines:
        if line.startswith("Usage: "):
            usage = line[len("Usage: "):]
        elif re.match(r"^[A-Z][A-Za-z ]*:$", line):
            current = line[:-1]
            sections[current] = []
        elif current is None:
            if line.strip():
                desc.append(line.strip())
        elif line.startswith(" " * 10) and sections[current]:
            name, d = sections[current][-1]
            sections[current][-1] = (name, (d + " " + line.strip()).strip())
        elif line.startswith("  "):
            m = COL.match(line)
            sections[current].append((m.group(1).strip(), (m.group(2) or "").strip()))
    return " ".join(desc), usage, sections


def roff(s):
    s = s.replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + s if s[:1] in (".", "'") else s


def man_page(exe, version):
    top_desc, top_usage, top = parse(help_text(exe))
    subs = [name for name, _ in top.get("Subcommands", [])]
    out = [
        '.TH LOADLAB 1 "" "loadlab %s" "User Commands"' % version,
        ".SH NAME",
        "loadlab \\- " + roff(top_desc.split(": ", 1)[-1]),
        ".SH SYNOPSIS",
        ".B loadlab",
        "[\\fIOPTIONS\\fR] \\fISUBCOMMAND\\fR [\\fIARGS\\fR]",
        ".SH DESCRIPTION",
        roff(top_desc) + ".",
        "Scenarios are JSON documents (files named",
        ".I *.loadlab.json",
        "open in",
        ".BR loadlab\\-app (1));",
        "every result is checked by a verifier before it is printed.",
        "Each subcommand prints its own help with",
        ".BR \\-\\-help .",
        ".SH OPTIONS",
    ]
    for name, d in top.get("Options", []):
        out += [".TP", ".B " + roff(name), roff(d)]
    out.append(".SH COMMANDS")
    for sub in subs:
        desc, usage, sections = parse(help_text(exe, sub))
        out += [".SS " + roff(usage), roff(desc)]
        for section in ("Positionals", "Options"):
            for name, d in sections.get(section, []):
                if name.startswith("-h,--help"):
                    continue
                out += [".TP", ".B " + roff(name), roff(d)]
    out += [
        ".SH EXIT STATUS",
        "0 on success; 2 on bad input (the message on standard error names the field);",
        "1 on an internal failure such as a result that fails its verifier;",
        ".B run",
        "returns 3 when an algorithm failed at run time (its entry carries \"error\").",
        ".SH EXAMPLES",
        ".nf",
        "loadlab preset",
        "loadlab run /usr/share/doc/loadlab/examples/dag_lu_p4.json",
        "loadlab link my.loadlab.json",
        ".fi",
        ".SH SEE ALSO",
        ".BR loadlab\\-app (1)",
        "and the guides in",
        ".IR /usr/share/doc/loadlab .",
    ]
    return "\n".join(out) + "\n", subs


def completion(exe, subs):
    cases = []
    for sub in subs:
        _, _, sections = parse(help_text(exe, sub))
        opts, choices = [], []
        for name, _ in sections.get("Options", []):
            flags = name.split(" ")[0]
            opts += flags.split(",")
            m = re.search(r":\{([^}]*)\}", name)
            if m:
                choices.append((flags.replace(",", "|"), m.group(1).replace(",", " ")))
        positional = ""
        for name, _ in sections.get("Positionals", []):
            m = re.search(r":\{([^}]*)\}", name)
            if m:
                positional = m.group(1).replace(",", " ")
        body = []
        for flags, words in choices:
            body.append('      case "$prev" in %s) COMPREPLY=($(compgen -W "%s" -- "$cur")); return ;; esac'
                        % (flags, words))
        body.append('      if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "%s" -- "$cur")); return; fi'
                    % " ".join(opts))
        if positional:
            body.append('      COMPREPLY=($(compgen -W "%s" -- "$cur")); return' % positional)
        elif sub == "preset":
            body.append('      COMPREPLY=($(compgen -W "$(loadlab preset 2>/dev/null | cut -f1)" -- "$cur")); return')
        cases.append("    %s)\n%s\n      ;;" % (sub, "\n".join(body)))
    return """# bash completion for loadlab (generated from `loadlab --help` at build time)
_loadlab() {
  local cur prev words cword
  _init_completion || return
  local sub="" i
  for ((i = 1; i < cword; i++)); do
    case "${words[i]}" in -*) ;; *) sub=${words[i]}; break ;; esac
  done
  if [[ -z "$sub" ]]; then
    COMPREPLY=($(compgen -W "%s --help --version" -- "$cur"))
    return
  fi
  case "$sub" in
%s
  esac
  _filedir
}
complete -F _loadlab loadlab
""" % (" ".join(subs), "\n".join(cases))


def main():
    exe, version, man_out, comp_out = sys.argv[1:5]
    page, subs = man_page(exe, version)
    if not subs:
        sys.exit("gen_cli_docs: no subcommands found in `%s --help`" % exe)
    with open(man_out, "w", encoding="utf-8") as f:
        f.write(page)
    with open(comp_out, "w", encoding="utf-8") as f:
        f.write(completion(exe, subs))


if __name__ == "__main__":
    main()
