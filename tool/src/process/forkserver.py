# The forkserver of `forkserver.rs`, which runs it with `python3 -c`, the script's path its one
# argument: it compiles the script, says it is ready, then forks a process for each run, with the
# run's arguments. Its own names are local to `_serve`, as a forked run clears `__main__`'s, which
# are the server's.
def _serve(path):
    import builtins, gc, os, socket, sys, time
    with open(path, "rb") as file:
        code = compile(file.read(), path, "exec")
    sys.path[0] = os.path.dirname(os.path.abspath(path))
    try:
        import ctypes
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except Exception:
        prctl = None
    control = socket.socket(fileno=os.dup(0))
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    # What the server holds is never collected in a run: the collector leaves it unwritten, and
    # unshared by copy-on-write.
    gc.freeze()

    def receive(sock):
        # A request: b"r", the length of its arguments and a newline, then the arguments, each
        # ended by a NUL, with the run's stdin, stdout and stderr attached to its first byte.
        # The request and the descriptors, and the arguments; None once the sender has gone.
        message, fds, _, _ = socket.recv_fds(sock, 1 << 16, 3)
        while message and b"\n" not in message:
            more = sock.recv(1 << 16)
            message = message + more if more else b""
        if not message:
            return None
        head, _, arguments = message.partition(b"\n")
        length = int(head[1:])
        while len(arguments) < length:
            more = sock.recv(length - len(arguments))
            if not more:
                return None
            arguments += more
            message += more
        return message, fds, [os.fsdecode(word) for word in arguments.split(b"\0")[:-1]]

    def spare():
        # A process forked ahead of its run, which waits for the run's stdio: the fork is not on
        # the run's way. In the server it returns the process and the socket it waits on; in the
        # process, once the run comes, the run's stdio.
        ours, theirs = socket.socketpair()
        pid = os.fork()
        if pid == 0:
            ours.close()
            control.close()
            os.setpgid(0, 0)
            if prctl is not None:
                prctl(1, 9)  # PR_SET_PDEATHSIG, SIGKILL: it ends if the server does
            request = receive(theirs)
            if request is None:
                os._exit(0)  # the server has ended
            theirs.close()
            return None, request
        theirs.close()
        try:
            os.setpgid(pid, pid)  # as the process does: its group exists once it is named
        except OSError:
            pass
        return (pid, ours), None

    # What a run started anew would pay before its first line: the interpreter's start, its
    # imports and the script's compilation, in microseconds of CPU time.
    start_up = round(time.process_time() * 1e6)
    waiting, request = spare()
    if waiting is not None:
        control.sendall(b"ready %d\n" % start_up)
    while waiting is not None:
        request = receive(control)
        if request is None:
            return
        message, fds, _ = request
        pid, channel = waiting
        socket.send_fds(channel, [message], fds)
        channel.close()
        for fd in fds:
            os.close(fd)
        control.sendall(b"%d\n" % pid)
        # The next run's process is forked while this one runs.
        waiting, request = spare()
        if waiting is None:
            break
        os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)
        control.sendall(b"ended\n")
        control.recv(1)
        _, status, usage = os.wait4(pid, 0)
        times = (round(usage.ru_utime * 1e6), round(usage.ru_stime * 1e6))
        control.sendall(b"%d %d %d %d\n" % (status, *times, usage.ru_maxrss))
    _, fds, arguments = request
    for target, fd in enumerate(fds):
        os.dup2(fd, target)
    for fd in fds:
        os.close(fd)
    sys.argv[:] = [path, *arguments]
    main = sys.modules["__main__"].__dict__
    main.clear()
    main.update(__name__="__main__", __file__=path, __builtins__=builtins, __doc__=None,
                __loader__=None, __spec__=None, __package__=None, __cached__=None)
    status = 0
    try:
        exec(code, main)
    except SystemExit as end:
        status = end.code
    except BaseException as error:
        # Its traceback, from the script on, as the interpreter prints it.
        error.__traceback__ = error.__traceback__.tb_next
        sys.excepthook(type(error), error, error.__traceback__)
        status = 1
    threading = sys.modules.get("threading")
    if threading is not None:
        threading._shutdown()
    import atexit
    atexit._run_exitfuncs()
    main.clear()
    gc.collect()
    if status is None:
        status = 0
    elif not isinstance(status, int):
        print(status, file=sys.stderr)
        status = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:
            status = 120
    os._exit(status & 255)

import sys
_serve(sys.argv[1])
