#!/usr/bin/env python3
"""Writes web/public/favicon.ico: the design of favicon.svg (a blue square, two paper tiles, two
gold coins) as a 32x32 PNG inside an ICO, for browsers and tools that ask for /favicon.ico without
reading index.html's <link rel="icon">. Standard library only; run from web/: python3 scripts/favicon-ico.py
"""
import struct
import zlib

N = 32
BLUE, PAPER, GOLD, CLEAR = (11, 92, 173, 255), (250, 247, 240, 255), (242, 169, 0, 255), (0, 0, 0, 0)


def colour(x, y):
    # favicon.svg's 64-unit grid, sampled at pixel centres.
    u, v = (x + 0.5) * 2, (y + 0.5) * 2
    if (u - 43) ** 2 + (v - 21) ** 2 <= 81 or (u - 21) ** 2 + (v - 43) ** 2 <= 81:
        return GOLD
    if 12 <= u <= 30 and 12 <= v <= 30 or 34 <= u <= 52 and 34 <= v <= 52:
        return PAPER
    return BLUE if 4 <= u <= 60 and 4 <= v <= 60 else CLEAR


def png():
    raw = b"".join(b"\0" + b"".join(bytes(colour(x, y)) for x in range(N)) for y in range(N))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", N, N, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


image = png()
header = struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", N, N, 0, 0, 1, 32, len(image), 22)
with open("public/favicon.ico", "wb") as f:
    f.write(header + image)
