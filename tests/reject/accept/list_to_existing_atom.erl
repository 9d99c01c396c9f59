-module(list_to_existing_atom).
-export([f/1]).
%% Allowed: it resolves only atoms of the program's own pool (docs/terms.md),
%% so it cannot probe other tenants' atoms (tests/conformance/std_erl_*).
f(L) -> list_to_existing_atom(L).
