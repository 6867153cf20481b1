"""The single file's entry point: the `journal` command, as the wheel's script runs it.

`freeze_support()` first: `journal book` prints chapters in spawned processes, which the
frozen executable starts as itself."""

import multiprocessing

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from journal.cli.main import main

    main()
