-module(edge_record_names).
-export([r/1]).
-record('case', {'of' = 1, 'end', 'fun' :: fun()}).
-record('Quoted Name', {'field with spaces' = "x", 'Upper'}).
-record(r, {a, 'b', c = 'c'})'end'
-record(état, {été = 1, naïve}).

r(X) ->
    A = #'case'{'of' = 2, . = 3},
    B = X#'case'.'of',
    C = #'Quoted Name'{'field with spaces' = "y"},
    D = X#'Quoted Name'{'Upper' = up},
    E = #r{a = 1, 'b' = 2},
    F = #'case'.'end',
    G = #état{été = 2},
    H = G#état.naïve,
    case X of
        #'case'{'fun' = Fn} -> Fn;
        #'Quoted Name'{} -> q;
        _ -> {A, B, C, D, E, F, G, H}
    end.
