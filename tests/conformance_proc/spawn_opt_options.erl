%% spawn_opt/2,4: link, monitor, {monitor, [{tag, T}]}, priorities, the
%% collector-tuning options, max_heap_size killing a child, bad options.
-module(spawn_opt_options).
-export([main/0, child/1, hog/0]).

child(Parent) -> Parent ! {child, self(), process_info(self(), priority)}, receive stop -> ok end.

hog() -> length(lists:seq(1, 200000)).

main() ->
    Self = self(),
    process_flag(trap_exit, true),
    P1 = spawn_opt(fun() -> receive stop -> bye end end, [link]),
    io:format("~p~n", [process_info(Self, links) =:= {links, [P1]}]),
    P1 ! stop,
    receive {'EXIT', P1, R1} -> io:format("exit ~p~n", [R1]) end,
    {P2, M2} = spawn_opt(fun() -> exit(done) end, [monitor]),
    receive {'DOWN', M2, process, P2, R2} -> io:format("down ~p~n", [R2]) end,
    {P3, M3} = spawn_opt(fun() -> ok end, [link, monitor]),
    receive {'DOWN', M3, process, P3, R3} -> io:format("down ~p~n", [R3]) end,
    receive {'EXIT', P3, R3b} -> io:format("exit ~p~n", [R3b]) end,
    {P4, M4} = spawn_opt(fun() -> exit(tagged) end, [{monitor, [{tag, my_down}]}]),
    receive {my_down, M4, process, P4, R4} -> io:format("my_down ~p~n", [R4]) end,
    {P5, M5} = spawn_opt(?MODULE, child, [Self], [monitor, {priority, low}]),
    receive {child, P5, Pr5} -> io:format("~p~n", [Pr5]) end,
    P5 ! stop,
    receive {'DOWN', M5, process, P5, R5} -> io:format("down ~p~n", [R5]) end,
    Tuning = [{min_heap_size, 1000}, {min_bin_vheap_size, 1000}, {fullsweep_after, 0},
              {message_queue_data, off_heap}, {message_queue_data, on_heap}, {priority, high}],
    P6 = spawn_opt(?MODULE, child, [Self], Tuning),
    receive {child, P6, Pr6} -> io:format("~p~n", [Pr6]) end,
    P6 ! stop,
    {P7, M7} = spawn_opt(?MODULE, hog, [], [monitor, {max_heap_size, 2000}]),
    receive {'DOWN', M7, process, P7, R7} -> io:format("hog ~p~n", [R7]) end,
    {P8, M8} = spawn_opt(?MODULE, hog, [], [monitor, {max_heap_size, #{size => 2000, kill => true, error_logger => false}}]),
    receive {'DOWN', M8, process, P8, R8} -> io:format("hog ~p~n", [R8]) end,
    {P9, M9} = spawn_opt(?MODULE, hog, [], [monitor, {max_heap_size, 0}]),
    receive {'DOWN', M9, process, P9, R9} -> io:format("hog ~p~n", [R9]) end,
    {P10, M10} = spawn_opt(?MODULE, no_such_function, [], [monitor]),
    receive {'DOWN', M10, process, P10, R10} -> io:format("~p~n", [R10]) end,
    {P11, M11} = spawn_opt(fun(_) -> ok end, [monitor]),
    receive {'DOWN', M11, process, P11, {{badarity, {_, []}}, Stack11}} ->
        io:format("badarity ~p~n", [is_list(Stack11)]) end,
    io:format("~p~n", [element(1, element(2, catch spawn_opt(notafun, [])))]),
    Bad = [[bogus], bogus, [{priority, bogus}], [{min_heap_size, -1}], [{fullsweep_after, x}],
           [{message_queue_data, x}], [link | monitor], [{monitor, [bogus]}], [{max_heap_size, x}],
           [{max_heap_size, #{bogus => 1}}]],
    io:format("~p~n", [[element(1, element(2, catch spawn_opt(fun() -> ok end, B))) || B <- Bad]]),
    io:format("~p~n", [element(1, element(2, catch spawn_opt(?MODULE, child, [Self], [bogus])))]),
    io:format("~p~n", [{process_flag(priority, high), process_flag(priority, low),
                        process_info(Self, priority), process_flag(priority, normal)}]),
    io:format("~p~n", [element(1, element(2, catch process_flag(priority, bogus)))]),
    ok.
