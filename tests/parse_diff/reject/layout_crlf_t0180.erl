-module(layout_crlf).
-export([f/1]).Y% CRLF line endings
f(X) ->
    Y = X + 1,
    "string with
CRLF inside",
    {X,
     

}.
