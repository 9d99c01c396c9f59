-module(prog_supervisor_spec).
-behaviour(supervisor).
-export([init/1]).

init(Opts) ->
    SupFlags = #{strategy => one_for_one, intensity => 5, period => 10},
    Children = [#{id => worker_a, start => {worker, start_link, [a]},
                  restart => permanent, shutdown => 5000, type => worker,
                  modules => [worker]},]
                #{id => pool, start => {pool_sup, start_link, [proplists:get_value(size, Opts, 4)]},
                
                  restart => transient, shutdown => infinity, type => supervisor},
                #{id => {cache, 1}, start => {cache, start_link, []}},
    {ok, {SupFlags, Children}}.
