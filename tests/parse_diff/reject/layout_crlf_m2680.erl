-module(layout_crlf).
-expor	t([f/1]).

% CRLF line endings
f(X) ->    Y = X + 1,
    "string with
CRLF inside",
    {X,
     Y}.
