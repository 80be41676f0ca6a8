#!/usr/bin/env python3
"""Drops files onto an X11 window the way a file manager does: a minimal XDND *source*.

    xdnd_drop.py [--window ID | --name TITLE] [--timeout S] FILE...

tests/desktop/desktop_drop.sh uses it to drop scenario files onto loadlab_app under Xvfb, so
GLFW's own XDND code (not a shortcut into the app) delivers the drop. The protocol, as GLFW 3.3's
X11 backend takes it (https://freedesktop.org/wiki/Specifications/XDND/):

    XdndEnter (text/uri-list) -> XdndPosition -> wait XdndStatus (accepted?) -> XdndDrop
    -> answer the target's SelectionRequest for XdndSelection with the uri-list
    -> wait XdndFinished

Exit 0 when the target finished the drop and accepted it, 1 when it refused it or timed out,
2 on bad arguments or no such window. Needs python3-xlib (scripts/setup.sh installs it).
"""
import argparse
import os
import select
import sys
import time
import urllib.parse

from Xlib import X, Xatom, display
from Xlib.protocol import event

XDND_VERSION = 5  # what this source speaks; GLFW 3.3 speaks 5 too


def find_window(d, title):
    """The first window named `title` (WM_NAME or _NET_WM_NAME) that accepts XDND drops."""
    aware = d.intern_atom("XdndAware")
    net_name = d.intern_atom("_NET_WM_NAME")
    utf8 = d.intern_atom("UTF8_STRING")
    stack = [d.screen().root]
    while stack:
        w = stack.pop()
        try:
            name = w.get_wm_name()
            prop = w.get_full_property(net_name, utf8)
            if prop is not None:
                name = prop.value.decode("utf-8", "replace") if isinstance(prop.value, bytes) else name
            if name == title and w.get_full_property(aware, Xatom.ATOM) is not None:
                return w
            stack.extend(w.query_tree().children)
        except Exception:  # a window that vanished while we looked
            continue
    return None


def uri_list(paths):
    # RFC 2483: one URI a line, CRLF; GLFW strips "file://" and decodes %XX.
    return "".join("file://" + urllib.parse.quote(os.path.abspath(p)) + "\r\n" for p in paths).encode()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--window", help="target window id (decimal or 0x hex, e.g. from xdotool)")
    ap.add_argument("--name", default="LoadLab", help="target window title when --window is not given")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds to wait for each answer")
    ap.add_argument("--verbose", action="store_true", help="print the protocol's messages")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()

    d = display.Display()
    root = d.screen().root
    a = {n: d.intern_atom(n) for n in ["XdndAware", "XdndEnter", "XdndPosition", "XdndStatus",
                                        "XdndLeave", "XdndDrop", "XdndFinished", "XdndSelection",
                                        "XdndActionCopy", "TARGETS", "text/uri-list"]}
    uri = a["text/uri-list"]
    target = d.create_resource_object("window", int(args.window, 0)) if args.window else find_window(d, args.name)
    if target is None:
        print(f"xdnd_drop: no window named {args.name!r} accepts drops", file=sys.stderr)
        return 2
    aware = target.get_full_property(a["XdndAware"], Xatom.ATOM)
    if aware is None or not aware.value:
        print(f"xdnd_drop: window {target.id:#x} is not XdndAware", file=sys.stderr)
        return 2
    version = min(XDND_VERSION, int(aware.value[0]))
    payload = uri_list(args.files)

    # The source window: never mapped; it owns XdndSelection and receives the target's answers.
    source = root.create_window(0, 0, 1, 1, 0, X.CopyFromParent)
    source.set_selection_owner(a["XdndSelection"], X.CurrentTime)

    def send(message, l1=0, l2=0, l3=0, l4=0):
        ev = event.ClientMessage(window=target, client_type=a[message],
                                 data=(32, [source.id, l1, l2, l3, l4]))
        target.send_event(ev, event_mask=X.NoEventMask)
        d.flush()
        log("sent", message, [source.id, l1, l2, l3, l4])

    def log(*what):
        if args.verbose:
            print("xdnd_drop:", *what, file=sys.stderr)

    def answer_selection_request(e):
        # The target asks for the dropped data (or for the list of formats we offer).
        log("SelectionRequest", d.get_atom_name(e.selection), d.get_atom_name(e.target),
            e.property and d.get_atom_name(e.property))
        prop = e.property if e.property != X.NONE else e.target
        if e.selection != a["XdndSelection"]:
            prop = X.NONE
        elif e.target == uri:
            e.requestor.change_property(prop, uri, 8, payload)
        elif e.target == a["TARGETS"]:
            e.requestor.change_property(prop, Xatom.ATOM, 32, [a["TARGETS"], uri])
        else:
            prop = X.NONE
        reply = event.SelectionNotify(time=e.time, requestor=e.requestor, selection=e.selection,
                                      target=e.target, property=prop)
        e.requestor.send_event(reply, event_mask=X.NoEventMask)
        d.flush()

    def wait_for(message):
        """The next ClientMessage `message` from the target (serving selection requests meanwhile)."""
        end = time.monotonic() + args.timeout
        while time.monotonic() < end:
            while d.pending_events():
                e = d.next_event()
                log("event", e.__class__.__name__, getattr(e, "data", ""))
                if e.type == X.SelectionRequest:
                    answer_selection_request(e)
                elif e.type == X.ClientMessage and e.client_type == a[message]:
                    return e
            select.select([d], [], [], 0.05)
        return None

    # The pointer "enters" the window's centre, in root coordinates.
    g = target.get_geometry()
    centre = root.translate_coords(target, g.width // 2, g.height // 2)
    x, y = centre.x, centre.y

    send("XdndEnter", version << 24, uri)  # bit 0 clear: at most three types, listed here
    send("XdndPosition", 0, (x << 16) | y, X.CurrentTime, a["XdndActionCopy"])
    status = wait_for("XdndStatus")
    if status is None:
        print("xdnd_drop: no XdndStatus from the target", file=sys.stderr)
        send("XdndLeave")
        return 1
    if not status.data[1][1] & 1:
        print("xdnd_drop: the target refused text/uri-list", file=sys.stderr)
        send("XdndLeave")
        return 1
    send("XdndDrop", 0, X.CurrentTime)
    finished = wait_for("XdndFinished")
    source.destroy()
    d.flush()
    if finished is None:
        print("xdnd_drop: no XdndFinished from the target", file=sys.stderr)
        return 1
    # XDND 5 says bit 0 of l[1] means accepted; GLFW 3.3 puts the number of bytes it read there
    # (0 when it read nothing), so any non-zero value counts.
    accepted = version < 5 or finished.data[1][1] != 0
    print(f"xdnd_drop: dropped {len(args.files)} file(s) on {target.id:#x}: "
          f"{'accepted' if accepted else 'refused'}")
    return 0 if accepted else 1


if __name__ == "__main__":
    sys.exit(main())
