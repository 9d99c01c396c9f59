% a comment
a % trailing
%% double %%% triple
b %€ unicode ü 日本 😀
% "not a string" 'nor atom' $c
c
