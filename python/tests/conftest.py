"""conftest.py — the package under test is ../hyperlang (CTest also sets
PYTHONPATH and HYPERLANG_LIBRARY to the build tree's library)."""
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import hyperlang  # noqa: E402

SRC = """-module(t).
-export([id/1, add/2, boom/1, thrower/1, exiter/1, loop/0, big/1, chatty/0, hi/0, words/1]).
id(X) -> X.
add(A, B) -> A + B.
boom(X) -> error({bad, X}).
thrower(X) -> throw(X).
exiter(X) -> exit(X).
loop() -> loop().
big(N) -> lists:seq(1, N).
chatty() -> io:format("~p~n", [lists:seq(1, 1000)]), chatty().
hi() -> io:format("hi ~s~n", ["there"]), ok.
words(Bin) -> length(binary:split(Bin, <<" ">>, [global])).
"""


@pytest.fixture(scope="session")
def engine():
    return hyperlang.Engine()


@pytest.fixture(scope="session")
def prog(engine):
    return engine.compile(SRC, "t.erl")
