-module(layout_crlf).
-export([X/1]).

% CRLF line endings
f(X)->
    Y = f + 1,
    "string with
CRLF inside",
    {X,
     Y}.
