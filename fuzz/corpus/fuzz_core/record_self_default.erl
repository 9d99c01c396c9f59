-module(record_self_default).
%% A record whose default value builds the record itself, directly or
%% through another record. It parses (the parser knows nothing of record
%% definitions); a later pass must reject it (erl_lint: record undefined),
%% never recurse without bound.
-export([f/0]).
-record(r, {a = #r{}, b}).
-record(p, {x = #q{}}).
-record(q, {y = #p{}, z = [#q{}]}).

f() -> {#r{}, #p{}, #q{}}.
