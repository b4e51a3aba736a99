"""Playing games never imports the report's drawing library: `sim matchup` (and the workers)
start without matplotlib."""

import subprocess
import sys


def test_a_matchup_does_not_import_matplotlib(tmp_path):
    code = ("import sys; from unmatched_sim.cli import main;"
            "sys.argv = ['sim', 'matchup', 'houdini', 'genie', '-n', '2', '-j', '1', '--no-progress',"
            f" '--out', {str(tmp_path / 'r')!r}];"
            "\ntry:\n    main()\nexcept SystemExit:\n    pass\n"
            "print('matplotlib' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "False"
