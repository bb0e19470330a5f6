from league.tournaments.csv_import import parse_participants


def test_bom_semicolon_umlauts_and_header_in_any_order():
    data = "\ufeffVerein;Name;DDV-Nummer\nHerz-Dame Köln;Jürgen Fuß;12345\n;Bärbel Öz;\n"
    preview = parse_participants(data.encode("utf-8"))
    assert preview.issues == ()
    assert [(r.name, r.club, r.ddv_number) for r in preview.rows] == [
        ("Jürgen Fuß", "Herz-Dame Köln", "12345"),
        ("Bärbel Öz", "", ""),
    ]


def test_comma_without_header():
    preview = parse_participants(b"Anna,Club A,1\nBernd,Club B,2\n")
    assert [r.name for r in preview.rows] == ["Anna", "Bernd"]
    assert preview.rows[1].line == 2


def test_duplicates_and_bad_rows_reported_by_line():
    data = (
        "Name,Verein,DDV-Nummer\n"
        "Anna,A,100\n"
        ",A,101\n"
        "Bernd,B,100\n"
        "anna,a,\n"
        "Carla,C,12 34\n"
        "\n"
        "Dieter,D,\n"
    )
    preview = parse_participants(data.encode())
    assert [r.name for r in preview.rows] == ["Anna", "Dieter"]
    assert [(i.line, i.message[:20]) for i in preview.issues] == [
        (3, "Der Name fehlt."),
        (4, "DDV-Nummer 100 steht"),
        (5, "anna (a) steht schon"),
        (6, "„12 34“ ist keine gü"),
    ]
    assert preview.rows[1].line == 8


def test_not_utf8_and_empty():
    assert "nicht UTF-8" in parse_participants("Jürgen".encode("latin-1")).issues[0].message
    assert "leer" in parse_participants(b"\n\n").issues[0].message
