"""tests/cli/inproc_check_level.py: runs the level checker
(tools/check-level, a script) inside this Python
process, which is far faster than a python per level. Used by
check_level_batch.py and forced_sweep.py; not thread-safe (it swaps sys.argv
and stdout): call it from one thread."""
import contextlib
import io
import runpy
import sys


def run(tool, args):
    """check-level's exit code and what it printed, for the arguments args
    (the level's path first, then NAME=ROW/ROW... maps)."""
    out = io.StringIO()
    saved = sys.argv
    sys.argv = [tool] + list(args)
    try:
        with contextlib.redirect_stdout(out):
            runpy.run_path(tool, run_name='__main__')
        code = 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    finally:
        sys.argv = saved
    return code, out.getvalue()
