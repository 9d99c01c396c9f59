-module(layout_mixed_eol).
-export([f/0]).

f() ->
  ,

  ->b.
