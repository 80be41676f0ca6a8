#!/usr/bin/env python3
"""Re-encodes screenshots as small palette PNGs (pure Python + zlib, no imaging library):
colours are reduced to at most 256 by rounding channels until they fit. Usage: shrink_png.py FILE..."""
import struct
import sys
import zlib


def read_png(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n = struct.unpack(">I", data[pos:pos + 4])[0]
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and ctype in (2, 6), (depth, ctype)
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev = [], bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    pixels = [[(r[i], r[i + 1], r[i + 2]) for i in range(0, stride, bpp)] for r in rows]
    return w, h, pixels


def write_palette_png(path, w, h, pixels):
    for shift in range(0, 8):
        q = lambda c: tuple((v >> shift) << shift for v in c)
        colours = {}
        for row in pixels:
            for c in row:
                colours.setdefault(q(c), len(colours))
                if len(colours) > 256: break
            if len(colours) > 256: break
        if len(colours) <= 256: break
    palette = b"".join(bytes(c) for c in colours)
    raw = b"".join(b"\x00" + bytes(colours[q(c)] for c in row) for row in pixels)
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xffffffff)
    out = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0)) +
           chunk(b"PLTE", palette) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
    open(path, "wb").write(out)
    return len(out), shift


for path in sys.argv[1:]:
    w, h, px = read_png(path)
    size, shift = write_palette_png(path, w, h, px)
    print(f"{path}: {w}x{h}, {size // 1024} KB (channels rounded by {shift} bits)")
