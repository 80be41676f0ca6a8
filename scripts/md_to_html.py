#!/usr/bin/env python3
"""The user guide as a web page: docs/playground.md -> playground.html (standard library only).

Usage: md_to_html.py INPUT.md OUTPUT.html

The Markdown subset is the one the app's guide view reads (src/app/widgets/model_markdown.cpp):
headings (with GitHub anchors), paragraphs, bullet and numbered lists, fenced code, tables, images,
rules, **bold**, *italic*, `code` and [links](target). Links to other .md files stay as they are
(the site serves them as text); pictures are relative to the page, as in the guide.
"""
import html
import re
import sys


def anchor(heading):
    text = re.sub(r"[`*\[\]]|\]\([^)]*\)", "", heading)
    out = []
    for ch in text:
        if ch.isalnum() or ch in "-_" or ord(ch) >= 0x80:
            out.append(ch.lower())
        elif ch == " ":
            out.append("-")
    return "".join(out)


def inline(text):
    out, i = [], 0
    bold = italic = False
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text) and not text[i + 1].isalnum():
            out.append(html.escape(text[i + 1]))
            i += 2
            continue
        if c == "`":
            end = text.find("`", i + 1)
            if end >= 0:
                out.append("<code>" + html.escape(text[i + 1:end]) + "</code>")
                i = end + 1
                continue
        if c == "[":
            m = re.match(r"\[([^\]\n]*)\]\(([^)]*)\)", text[i:])
            if m:
                out.append('<a href="%s">%s</a>' % (html.escape(m.group(2), quote=True), inline(m.group(1))))
                i += m.end()
                continue
        if text.startswith("**", i):
            out.append("</strong>" if bold else "<strong>")
            bold = not bold
            i += 2
            continue
        if c in "*_":
            before_ok = i == 0 or not text[i - 1].isalnum()
            after_ok = i + 1 >= len(text) or not text[i + 1].isalnum()
            opens = not italic and before_ok and i + 1 < len(text) and text[i + 1] != " "
            closes = italic and after_ok
            if opens or closes:
                out.append("</em>" if italic else "<em>")
                italic = not italic
                i += 1
                continue
        out.append(html.escape(c))
        i += 1
    if italic:
        out.append("</em>")
    if bold:
        out.append("</strong>")
    return "".join(out)


def cells(line):
    line = line.strip().strip("|")
    parts, cur, in_code, i = [], "", False, 0
    while i < len(line):
        c = line[i]
        if c == "`":
            in_code = not in_code
        if c == "\\" and i + 1 < len(line) and line[i + 1] == "|":
            cur += "|"
            i += 2
            continue
        if c == "|" and not in_code:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += c
        i += 1
    parts.append(cur.strip())
    return parts


def convert(md):
    lines = md.split("\n")
    body, para, title = [], [], None
    list_stack = []  # open <ul>/<ol> tags

    def close_para():
        if para:
            body.append("<p>" + inline(" ".join(para)) + "</p>")
            para.clear()

    def close_lists(depth=0):
        while len(list_stack) > depth:
            body.append("</li></%s>" % list_stack.pop())

    i = 0
    while i < len(lines):
        raw = lines[i]
        line = raw.strip()
        item = re.match(r"^(\s*)([-*+]|\d{1,9}\.) (.*)$", raw)
        if not line:
            close_para()
            i += 1
            continue
        if line.startswith("```"):
            close_para()
            close_lists()
            code = []
            i += 1
            while i < len(lines) and not lines[i].strip().startswith("```"):
                code.append(lines[i])
                i += 1
            body.append("<pre><code>" + html.escape("\n".join(code)) + "</code></pre>")
            i += 1
            continue
        h = re.match(r"^(#{1,6}) (.*)$", line)
        if h:
            close_para()
            close_lists()
            level, text = len(h.group(1)), h.group(2).strip()
            if title is None:
                title = re.sub(r"[`*]", "", text)
            body.append('<h%d id="%s">%s</h%d>' % (level, anchor(text), inline(text), level))
            i += 1
            continue
        if line in ("---", "***", "___"):
            close_para()
            close_lists()
            body.append("<hr>")
            i += 1
            continue
        if line.startswith("|") and i + 1 < len(lines) and re.match(r"^\s*\|[\s|:-]*-[\s|:-]*$", lines[i + 1]):
            close_para()
            close_lists()
            rows = [cells(line)]
            i += 2
            while i < len(lines) and lines[i].strip().startswith("|"):
                rows.append(cells(lines[i]))
                i += 1
            body.append("<table><thead><tr>" + "".join("<th>%s</th>" % inline(c) for c in rows[0]) + "</tr></thead><tbody>")
            for r in rows[1:]:
                body.append("<tr>" + "".join("<td>%s</td>" % inline(c) for c in r) + "</tr>")
            body.append("</tbody></table>")
            continue
        img = re.match(r"^!\[([^\]]*)\]\(([^)]*)\)$", line)
        if img:
            close_para()
            close_lists()
            body.append('<p><img src="%s" alt="%s"></p>' % (html.escape(img.group(2), quote=True), html.escape(img.group(1), quote=True)))
            i += 1
            continue
        if item:
            close_para()
            depth = len(item.group(1).expandtabs(4)) // 2 + 1
            tag = "ul" if item.group(2) in "-*+" else "ol"
            if len(list_stack) < depth:
                while len(list_stack) < depth:
                    body.append("<%s><li>" % tag)
                    list_stack.append(tag)
            else:
                close_lists(depth)
                body.append("</li><li>")
            text = [item.group(3).strip()]
            i += 1
            while i < len(lines) and lines[i].strip() and not re.match(r"^\s*([-*+]|\d{1,9}\.) ", lines[i]) \
                    and not lines[i].strip().startswith(("#", "|", "```", "![")):
                text.append(lines[i].strip())
                i += 1
            body.append(inline(" ".join(text)))
            continue
        if list_stack and raw.startswith("  "):
            body.append(inline(line))
            i += 1
            continue
        close_lists()
        para.append(line)
        i += 1
    close_para()
    close_lists()
    title = title or "LoadLab"
    return """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>%s</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 52em; margin: 2em auto; padding: 0 1em; color: #1d1f21; }
h1, h2 { border-bottom: 1px solid #ddd; padding-bottom: .2em; }
code { background: #f3f3f3; padding: 0 .2em; border-radius: 3px; }
pre { background: #f3f3f3; padding: .6em; overflow-x: auto; }
pre code { background: none; padding: 0; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #ccc; padding: .25em .5em; vertical-align: top; }
img { max-width: 100%%; border: 1px solid #ddd; }
</style>
</head>
<body>
%s
<p><a href="../index.html">Open the playground</a></p>
</body>
</html>
""" % (html.escape(title), "\n".join(body))


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: md_to_html.py INPUT.md OUTPUT.html")
    with open(sys.argv[1], encoding="utf-8") as f:
        page = convert(f.read())
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        f.write(page)


if __name__ == "__main__":
    main()
