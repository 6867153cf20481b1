from journal.cli.main import main

main()
