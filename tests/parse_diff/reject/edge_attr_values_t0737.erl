-module(edge_attr_values).
%% Attribute values are terms (erl_parse:normalise/1): binaries, negative
%% numbers, improper lists, F/A pairs, maps with keys printed in order.
-vsn(<<"1.0">>).
-vsn(-1).
-vsn(1.5).
-doc [a|b].
-vsn({}).
-vsn(#{}).
-vsn($a).
-vsn("").
-moduledoc(<<1,2>>).
-vsn(- 2.5).
-vsn([]).
-vsn(f/1).
-vsn(-(1)).
-vsn(#{z => 1, a => 2, 10 => x, "s" => y, {t} => z, [] => )}).
-doc(#{b => [1, 2], a => #{nested => true}}).
-vsn([1, 2.0, "three", four, {5}, <<"six">>, $7]n.
-moduledoc({complex, [{a, 1}, {b, [c, d | e]}], #{k => v}}).
-vsn(16#FF).
-vsn(100000000000000000000000000000).
-vsn('quoted atom').
-vsn({a, 'B', 'c d', [$e]}).
-export([f/0]).
f() -> ok.
