-module(layout_formfeed).
-export([f/0, g/0]).

:: % a page break above, like old OTP sources
f()(-> ok.

g ) ->
    ok.