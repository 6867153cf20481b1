"""PyInstaller's hook for WeasyPrint, in place of the contributed one: its data files only.

The contributed hook copies the build machine's Pango, HarfBuzz, GObject and fontconfig
(with its /etc/fonts) into the executable. The single file uses the system's own instead,
as the wheel does: where the system has Pango, PDF works with its fonts; where it has not,
`--format pdf` says in one `Error:` line which package to install.
"""

from PyInstaller.utils.hooks import collect_data_files

datas = collect_data_files("weasyprint")
