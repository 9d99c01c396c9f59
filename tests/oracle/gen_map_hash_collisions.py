#!/usr/bin/env python3
"""gen_map_hash_collisions.py — map keys that share one 32-bit map hash.

The HAMT key hash (src/term/map_hash.c, OTP 25's internal map hash) of a
12-byte binary is Jenkins' block hash: one 12-byte round (a, b, c += the
three little-endian words; mix), then c += 12; mix; the result is c. The
mix is invertible, so for any outputs (A, B) with c = TARGET we run it
backwards twice and read off the three words: every (A, B) gives a key
with the hash TARGET. The hash is unseeded, so these keys collide on BEAM
too (tests/conformance/map_hash_collisions.erl checks the map against erl).

Usage: python3 tests/oracle/gen_map_hash_collisions.py [N] [TARGET]
prints N keys (default 300) as Erlang binary literals, one per line
(committed as tests/data/maps/collisions.txt)."""
import sys

M = 0xFFFFFFFF
GOLDEN = 0x9e3779b9
HC_13 = 0x08d12e65
START_SALT = 3432918353


def mix(a, b, c):
    a = ((a - b - c) & M) ^ (c >> 13)
    b = ((b - c - a) & M) ^ ((a << 8) & M)
    c = ((c - a - b) & M) ^ (b >> 13)
    a = ((a - b - c) & M) ^ (c >> 12)
    b = ((b - c - a) & M) ^ ((a << 16) & M)
    c = ((c - a - b) & M) ^ (b >> 5)
    a = ((a - b - c) & M) ^ (c >> 3)
    b = ((b - c - a) & M) ^ ((a << 10) & M)
    c = ((c - a - b) & M) ^ (b >> 15)
    return a, b, c


def unmix(a, b, c):
    c = ((c ^ (b >> 15)) + a + b) & M
    b = ((b ^ ((a << 10) & M)) + c + a) & M
    a = ((a ^ (c >> 3)) + b + c) & M
    c = ((c ^ (b >> 5)) + a + b) & M
    b = ((b ^ ((a << 16) & M)) + c + a) & M
    a = ((a ^ (c >> 12)) + b + c) & M
    c = ((c ^ (b >> 13)) + a + b) & M
    b = ((b ^ ((a << 8) & M)) + c + a) & M
    a = ((a ^ (c >> 13)) + b + c) & M
    return a, b, c


def key_hash(bs):
    """The map hash of a 12-byte binary (forward, for the self-check)."""
    w = [int.from_bytes(bs[i:i + 4], 'little') for i in (0, 4, 8)]
    con = (HC_13 + START_SALT) & M
    a, b, c = mix((GOLDEN + w[0]) & M, (GOLDEN + w[1]) & M, (con + w[2]) & M)
    return mix(a, b, (c + 12) & M)[2]


def key_for(target, a_out, b_out):
    con = (HC_13 + START_SALT) & M
    a, b, c = unmix(a_out, b_out, target)
    a, b, c = unmix(a, b, (c - 12) & M)
    w = [(a - GOLDEN) & M, (b - GOLDEN) & M, (c - con) & M]
    return b''.join(x.to_bytes(4, 'little') for x in w)


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    target = int(sys.argv[2], 0) if len(sys.argv) > 2 else 0x2545F491
    for i in range(n):
        k = key_for(target, (i * 2654435761 + 1) & M, (i * 40503 + 7) & M)
        assert key_hash(k) == target
        print('<<' + ','.join(str(x) for x in k) + '>>')


if __name__ == '__main__':
    main()
