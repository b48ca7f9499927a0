"""Ctrl-C during a long call: each call below runs for minutes or forever, and SIGINT must stop
it with KeyboardInterrupt within a second, leaving nothing running behind it.

Each case runs in a subprocess of its own (SIGINT goes to that process): the subprocess says
when the call starts, the test waits half a second (the call is then deep in the Rust loop),
sends SIGINT and times the KeyboardInterrupt."""

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

pytestmark = pytest.mark.skipif(os.name != "posix", reason="sends SIGINT")

# Runs CALL; on KeyboardInterrupt prints when it arrived and the CPU time used in the next half
# second (the work must have ended: no worker still running), then exits.
SCRIPT = """
import sys, time
import feltkit
print("calling", flush=True)
try:
    result = {call}
except KeyboardInterrupt:
    caught = time.monotonic()
    cpu = time.process_time()
    time.sleep(0.5)
    print("interrupted", caught, time.process_time() - cpu, flush=True)
    sys.exit(0)
print("returned", result, flush=True)
sys.exit(1)
"""

# The seconds SIGINT may take to raise KeyboardInterrupt.
LIMIT = 1.0


def interrupt(call, wait=0.5):
    """Starts `call` in a subprocess, sends SIGINT after `wait` seconds, and answers the
    seconds until KeyboardInterrupt was caught and the CPU seconds used after it."""
    proc = subprocess.Popen(
        [sys.executable, "-c", SCRIPT.format(call=call)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # Python leaves SIGINT ignored when it starts with it ignored (as under `nohup` or a
        # background job of a shell without job control): the child starts with the default,
        # so that it raises KeyboardInterrupt wherever the tests are run from.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        assert proc.stdout.readline().strip() == "calling", proc.stderr.read()
        time.sleep(wait)
        assert proc.poll() is None, f"{call} ended before SIGINT: {proc.stdout.read()}"
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, f"{call}: exit {proc.returncode}\n{out[:500]}\n{err[-2000:]}"
    word, caught, cpu = out.split()
    assert word == "interrupted", out
    return float(caught) - sent, float(cpu)


def check(call):
    seconds, cpu = interrupt(call)
    assert seconds < LIMIT, f"{call}: KeyboardInterrupt {seconds:.2f} s after SIGINT"
    # Left running, the work would use the cores for the half second after.
    assert cpu < 0.2, f"{call}: {cpu:.2f} s of CPU after KeyboardInterrupt: the work goes on"


def test_ctrl_c_stops_equity_with_a_time_limit():
    check('feltkit.equity(["AhKh", "QsQd"], time=20)')


def test_ctrl_c_stops_equity_of_a_trillion_iterations():
    check('feltkit.equity(["AhKh", "QQ+,AK"], iterations=10**12)')


def test_ctrl_c_stops_a_long_exhaustive_enumeration():
    # Six seconds on two cores of a release build, where the engine reports its progress.
    check('feltkit.equity(["QQ+,AK,AQ", "JJ-77,AJ", "66-22,KQ,KJ", "43s,54s"], '
          'method="exhaustive")')


def test_ctrl_c_stops_a_long_batch():
    check('feltkit.batch_csv("p1,p2,method,iterations\\n" '
          '+ "AhKh,QsQd,monte_carlo,1000000000000\\n" * 4)')


def test_ctrl_c_stops_a_batch_of_many_rows():
    check('feltkit.batch_csv("p1,p2,p3,stderr\\n" + "AhKh,QQ+,random,0.0001\\n" * 1000, '
          'threads=2)')


def test_ctrl_c_stops_replay_of_an_endless_file():
    check('feltkit.replay("/dev/zero")')


def test_ctrl_c_stops_replay_of_an_endless_file_read_as_site_text():
    check('feltkit.replay("/dev/zero", format="acpc")')


def test_a_call_without_ctrl_c_still_returns():
    # The watching of signals changes nothing else: the answer of a Monte Carlo call.
    out = subprocess.run(
        [sys.executable, "-c", textwrap.dedent("""
            import feltkit
            r = feltkit.equity(["AhKh", "QsQd"], iterations=100000, seed=1)
            print(r.method, r.deals)
        """)],
        capture_output=True, text=True, timeout=60,
    )
    assert out.stdout.split() == ["monte_carlo", "100000"], out.stderr
