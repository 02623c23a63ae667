"""The native double-dummy solver is entered by one thread at a time.

DDS keeps per-thread state and ctypes releases the GIL: two threads inside it at once (the
card-play robot's batched solver and the after-hand analysis, say) corrupt its memory and
end the whole process. The check runs in a child process so that a crash is a failed test,
not a lost test worker.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

SCRIPT = textwrap.dedent(
    """
    import random, threading
    from contractbridge.analysis.dd import dd_table
    from contractbridge.core import Deal
    from contractbridge.core.card import Strain
    from contractbridge.robots.cardplay.solver import Position, solve_positions

    def robot(seed):
        rng = random.Random(seed)
        for _ in range(12):
            deal = Deal.random(rng)
            solve_positions([Position(tuple(h.mask for h in deal.hands), 0)] * 8, Strain.NT)

    def analysis(seed):
        rng = random.Random(seed)
        for _ in range(5):
            dd_table(Deal.random(rng))

    threads = [threading.Thread(target=robot, args=(1,)), threading.Thread(target=robot, args=(2,)),
               threading.Thread(target=analysis, args=(3,))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print("survived")
    """
)


@pytest.mark.slow
def test_robot_solver_and_analysis_in_three_threads_at_once_do_not_crash() -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, f"exit {done.returncode}: {done.stderr[-2000:]}"
    assert done.stdout.strip() == "survived"
