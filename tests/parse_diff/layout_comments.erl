%% Leading comment lines before -module are allowed.
%%% Three percent signs.
-module(layout_comments). % trailing comment
%% comment between forms
-export([ % comment inside a list
          f/1 % after an element
        , g/0
        ]).

f(X) -> % comment after arrow
    %% comment on its own line
    Y = X % comment before operator
        + 1, % comment after comma
    Z = "string with % percent", % the % in the string is not a comment
    W = 'atom with % percent',
    C = $%, % char percent
    {Y % inside tuple
    , Z, W, C}. % after dot

g() ->
    [1, % one
     2  % two
    ].
%% comment at the very end
