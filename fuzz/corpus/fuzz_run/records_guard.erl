-module(records_guard).
-export([main/0]).
-record(r, {a, b}).
main() -> [f(#r{a = 1, b = 2}), f({r, 5, 6}), f(x)].
f(R) when R#r.a > 3 -> big;
f(R) when is_record(R, r) -> rec;
f(_) -> other.
