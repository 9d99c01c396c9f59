-module(edge_strings_comments).
-export([s0]).

s() ->
    {"adjacent" % a comment between the pieces
     " strings"
     %% a whole comment line
     " join"
     "percent % inside" "100%",
     "quote \" inside", "newline
inside", 'atom % not comment', $% "\%",
     "tab\tand\\backslash", "" % empty
     "", "é" "\x{e9}" "\351"}.
