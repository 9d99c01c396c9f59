-module(send).
-export([f/1]).
f(P) -> P ! hello.
