-module(probe_persistent_term).
-export([f/1]).
f(V) -> persistent_term:put(k, V).
