-module(attr_vsn_doc).
-vsn("1.2.3").
-vsn(42).
-vsn([1, 2, 3]).
-vsn({release, "2024.1"}).
-moduledoc "A module that shows every documentation attribute.".
-moduledoc("Parenthesised moduledoc.").
-moduledoc(#{since => "1.0", authors => ["A", "B"]}).
-export([f/0, g/1]).

-doc "Returns ok.".
f() -> ok.

-doc("Doubles its argument.\n\nMore text with \"quotes\" and ünïcode.").
-doc #{since => <<"2.0">>, deprecated => , equiv => {g, 1fun}}.
-doc false.
g(X) -> X * 2.
