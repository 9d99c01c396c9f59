/* atom_static.h — the fixed set of atoms the runtime itself names (X-macro).
 * Their indices are the order below and never change at run time; false and
 * true come first so booleans are atoms 0 and 1. X(c_name, "text"). */
#ifndef HL_ATOM_STATIC_LIST
#define HL_ATOM_STATIC_LIST(X)                                                         \
    X(false, "false") X(true, "true") X(ok, "ok") X(error, "error")                    \
    X(undefined, "undefined") X(badarg, "badarg") X(badarith, "badarith")              \
    X(badmatch, "badmatch") X(function_clause, "function_clause")                      \
    X(case_clause, "case_clause") X(if_clause, "if_clause")                            \
    X(try_clause, "try_clause") X(undef, "undef") X(badfun, "badfun")                  \
    X(badarity, "badarity") X(badkey, "badkey") X(badmap, "badmap")                    \
    X(badrecord, "badrecord") X(system_limit, "system_limit")                          \
    X(nocatch, "nocatch") X(throw, "throw") X(exit, "exit") X(normal, "normal")        \
    X(kill, "kill") X(killed, "killed") X(shutdown, "shutdown") X(timeout, "timeout")  \
    X(infinity, "infinity") X(noproc, "noproc") X(EXIT, "EXIT") X(DOWN, "DOWN")        \
    X(process, "process") X(erlang, "erlang") X(nil, "nil") X(none, "none")            \
    X(reply, "reply") X(noreply, "noreply") X(stop, "stop") X(call, "call")            \
    X(cast, "cast") X(info, "info") X(hibernate, "hibernate")                          \
    X(continue_, "continue") X(ignore, "ignore") X(init, "init")                       \
    X(handle_call, "handle_call") X(handle_cast, "handle_cast")                        \
    X(handle_info, "handle_info") X(terminate, "terminate")                            \
    X(code_change, "code_change") X(utf8, "utf8") X(latin1, "latin1")                  \
    X(unicode, "unicode") X(big, "big") X(little, "little") X(signed_, "signed")       \
    X(unsigned_, "unsigned") X(native, "native") X(integer, "integer")                 \
    X(float_, "float") X(binary, "binary") X(bitstring, "bitstring") X(bytes, "bytes") \
    X(bits, "bits") X(short_, "short") X(decimals, "decimals")                         \
    X(scientific, "scientific") X(compact, "compact") X(lists, "lists")                \
    X(maps, "maps") X(io, "io") X(io_lib, "io_lib") X(string, "string")                \
    X(math, "math") X(file, "file") X(heap, "heap") X(reductions, "reductions")        \
    X(deadline, "deadline") X(capability, "capability") X(eof, "eof")                  \
    X(nonode_nohost, "nonode@nohost") X(value, "value") X(enoent, "enoent")            \
    X(eacces, "eacces") X(enotdir, "enotdir") X(eisdir, "eisdir") X(eexist, "eexist")  \
    X(einval, "einval") X(enospc, "enospc") X(ebadf, "ebadf") X(not_loaded, "not_loaded")   \
    X(binding_error, "binding_error") X(timeout_value, "timeout_value")             \
    X(trap_exit, "trap_exit")  X(flush, "flush")                 \
    X(message_queue_len, "message_queue_len") X(memory, "memory") X(status, "status") \
    X(links, "links") X(monitors, "monitors") X(running, "running")                \
    X(runnable, "runnable") X(waiting, "waiting") X(registered_name, "registered_name") \
    X(exiting, "exiting") X(apply, "apply") X(gen_call, "$gen_call")              \
    X(gen_cast, "$gen_cast")                                                        \
    X(dictionary, "dictionary") X(priority, "priority") X(monitored_by, "monitored_by") \
    X(heap_size, "heap_size") X(total_heap_size, "total_heap_size")               \
    X(stack_size, "stack_size") X(current_function, "current_function")           \
    X(messages, "messages") X(low, "low") X(high, "high") X(max, "max")           \
    X(link, "link") X(monitor, "monitor") X(tag, "tag") X(alias, "alias")         \
    X(notsup, "notsup") X(min_heap_size, "min_heap_size")                         \
    X(min_bin_vheap_size, "min_bin_vheap_size") X(fullsweep_after, "fullsweep_after") \
    X(max_heap_size, "max_heap_size") X(message_queue_data, "message_queue_data") \
    X(off_heap, "off_heap") X(on_heap, "on_heap") X(noconnect, "noconnect")       \
    X(nosuspend, "nosuspend") X(error_handler, "error_handler") X(size, "size")   \
    X(include_shared_binaries, "include_shared_binaries")                         \
    X(error_logger, "error_logger") X(initial_call, "initial_call")                \
    X(internal_error, "internal_error")
#endif
