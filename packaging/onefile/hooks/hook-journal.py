"""PyInstaller's hook for the journal: what an import graph cannot see.

- every module of the package: the rulesets are found through entry points and imported
  by name, Alembic's environment and revisions are run from their files;
- its data (templates, migrations, campaigns, static files, the verifier, the confusables
  list) with the migrations' Python files, which Alembic reads by path;
- its distribution's metadata: the `journal.rulesets` entry points name the rulesets.
"""

from PyInstaller.utils.hooks import collect_data_files, collect_submodules, copy_metadata

hiddenimports = collect_submodules("journal")
datas = collect_data_files("journal", include_py_files=True, excludes=["**/__pycache__"])
datas += copy_metadata("horror-journal")
